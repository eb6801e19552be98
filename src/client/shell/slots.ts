import type { ComponentType } from 'react'
import type { SessionAccount } from '@contract/auth'

interface Overlay {
  id: string
  Component: ComponentType
  /** Whom it is for; its code is not even fetched for anyone else. */
  when?(account: SessionAccount): boolean
}

/**
 * Mount points other areas fill: the first-run setup dialog (operator setup) and any other
 * shell-level overlay. Registered at module load by the domain that owns them.
 */
export const shellSlots: { overlays: Overlay[] } = { overlays: [] }

export function registerOverlay(id: string, Component: ComponentType, when?: Overlay['when']): void {
  if (!shellSlots.overlays.some((overlay) => overlay.id === id)) shellSlots.overlays.push({ id, Component, when })
}
