import { createElement, lazy, useState, type ComponentType } from 'react'
import type { ScreenProps } from './types'

export type PreloadableScreen = ComponentType<ScreenProps> & {
  /** Starts fetching the screen's chunk (once); navigation and start-up call it before rendering. */
  preload(): Promise<unknown>
}

/**
 * `lazy()` whose chunk can be fetched ahead of the render that needs it, and that renders the screen
 * at once when it has arrived. `lazy()` alone suspends on its first render even when the chunk is
 * already here (it learns so only from the promise, a microtask later), so the tab showed its
 * skeleton and React then held the screen back for its fallback throttle (300 ms) before showing it:
 * a record opened from a list, its chunk and data fetched ahead, painted ~300 ms after Enter.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType<ScreenProps> }>): PreloadableScreen {
  let loading: Promise<{ default: ComponentType<ScreenProps> }> | undefined
  let loaded: ComponentType<ScreenProps> | undefined
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default
      return module
    }))
  const Lazy = lazy(preload)
  function LazyScreen(props: ScreenProps) {
    // Decided once per mount: switching from the lazy wrapper to the screen itself would remount it.
    const [Screen] = useState<ComponentType<ScreenProps>>(() => loaded ?? Lazy)
    return createElement(Screen, props)
  }
  return Object.assign(LazyScreen, { preload })
}
