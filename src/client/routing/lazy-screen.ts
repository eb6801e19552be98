import { createElement, useEffect, useState, type ComponentType } from 'react'
import { MainSkeleton } from '../pages/MainSkeleton'
import type { ScreenProps } from './types'

export type PreloadableScreen = ComponentType<ScreenProps> & {
  /** Starts fetching the screen's chunk (once); navigation and start-up call it before rendering. */
  preload(): Promise<unknown>
}

/**
 * A screen whose chunk can be fetched ahead of the render that needs it, and that renders at once when
 * it has arrived. It does not suspend: React 19 holds content that resolves within 300 ms of a Suspense
 * fallback until those 300 ms are over, so a record opened from a list while its chunk was still on its
 * way (fetched on j, Enter right after) showed the tab's skeleton and then waited out the throttle:
 * ~500 ms after Enter instead of ~200 (docs/decisions.md, twelfth round). Until the chunk is here it
 * draws the skeleton itself, as a plain render, and the screen replaces it by a state change. A chunk
 * that fails to load throws in render, for the tab's error boundary.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType<ScreenProps> }>): PreloadableScreen {
  let loading: Promise<{ default: ComponentType<ScreenProps> }> | undefined
  let loaded: ComponentType<ScreenProps> | undefined
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default
      return module
    }))
  function LazyScreen(props: ScreenProps) {
    const [state, setState] = useState<{ screen?: ComponentType<ScreenProps>; error?: unknown }>(() => ({ screen: loaded }))
    useEffect(() => {
      if (state.screen) return
      let live = true
      preload().then(
        (module) => live && setState({ screen: module.default }),
        (error: unknown) => {
          // Asked again on the next mount (a retry from the error boundary).
          loading = undefined
          if (live) setState({ error })
        },
      )
      return () => {
        live = false
      }
    }, [state.screen])
    if (state.error) throw state.error
    return state.screen ? createElement(state.screen, props) : createElement(MainSkeleton)
  }
  return Object.assign(LazyScreen, { preload })
}
