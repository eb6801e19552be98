// The delivery queue's words (docs/catalogue-ops.md "Delivery queue"), zod-free so the palette's
// commands can name every target without loading the schemas.

export const DELIVERY_TARGETS = ['sftp', 'audiosalad'] as const
export type DeliveryTargetType = (typeof DELIVERY_TARGETS)[number]
export const DELIVERY_TARGET_LABELS: Record<DeliveryTargetType, string> = { sftp: 'SFTP', audiosalad: 'AudioSalad' }

/** A delivery's timeline steps: its statuses, and `retried` when a failed one was queued again. */
export const DELIVERY_EVENT_LABELS: Record<string, string> = {
  queued: 'Queued',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
  retried: 'Retried',
}

/** What the operator sets on the server to configure each target (shown where it is not configured). */
export const DELIVERY_TARGET_SETUP: Record<DeliveryTargetType, string> = {
  sftp: 'DELIVERY_SFTP_HOST and DELIVERY_SFTP_USER (with DELIVERY_SFTP_PASSWORD, DELIVERY_SFTP_PORT, DELIVERY_SFTP_DIR)',
  audiosalad: 'AUDIOSALAD_URL and AUDIOSALAD_KEY (with AUDIOSALAD_ACCESS_ID)',
}
