import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ScreenProps } from './types'

export type PreloadableScreen = LazyExoticComponent<ComponentType<ScreenProps>> & {
  /** Starts fetching the screen's chunk (once); navigation and start-up call it before rendering. */
  preload(): Promise<unknown>
}

/** `lazy()` whose chunk can be fetched ahead of the render that needs it. */
export function lazyScreen(load: () => Promise<{ default: ComponentType<ScreenProps> }>): PreloadableScreen {
  let loading: Promise<{ default: ComponentType<ScreenProps> }> | undefined
  const preload = () => (loading ??= load())
  return Object.assign(lazy(preload), { preload })
}
