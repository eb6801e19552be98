// The delivery queue's words (docs/catalogue-ops.md "Delivery queue"), zod-free so the palette's
// commands can name every target without loading the schemas.

export const DELIVERY_TARGETS = ['sftp', 'audiosalad'] as const
export type DeliveryTargetType = (typeof DELIVERY_TARGETS)[number]
export const DELIVERY_TARGET_LABELS: Record<DeliveryTargetType, string> = { sftp: 'SFTP', audiosalad: 'AudioSalad' }
