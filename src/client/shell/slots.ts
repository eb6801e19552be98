import type { ComponentType } from 'react'

/**
 * Mount points other areas fill: the first-run setup dialog (operator setup) and any other
 * shell-level overlay. Registered at module load by the domain that owns them.
 */
export const shellSlots: { overlays: { id: string; Component: ComponentType }[] } = { overlays: [] }

export function registerOverlay(id: string, Component: ComponentType): void {
  if (!shellSlots.overlays.some((overlay) => overlay.id === id)) shellSlots.overlays.push({ id, Component })
}
