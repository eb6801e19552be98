import { createElement, useEffect, useState, type ComponentType } from 'react'
import { MainSkeleton } from '../pages/MainSkeleton'
import type { ScreenProps } from './types'

/** A component whose chunk can be fetched ahead of the render that needs it (`preload`, once). */
export type Preloadable<P extends object> = ComponentType<P> & {
  /** Starts fetching the chunk (once; again after a failure); navigation and start-up call it before rendering. */
  preload(): Promise<unknown>
}

/**
 * A component whose chunk can be fetched ahead of the render that needs it, and that renders at once when
 * it has arrived. It does not suspend: React 19 holds content that resolves within 300 ms of a Suspense
 * fallback until those 300 ms are over, so a record opened from a list while its chunk was still on its
 * way (fetched on j, Enter right after) showed the tab's skeleton and then waited out the throttle:
 * ~500 ms after Enter instead of ~200 (docs/decisions.md, twelfth round), and a cold first list waited
 * ~200 ms idle with the workspace's chunk on hand (issue 18, "Session 39 (item 4)"). Until the chunk is
 * here it draws `fallback` itself, as a plain render, and the component replaces it by a state change. A
 * chunk that fails to load throws in render, for the error boundary; it is asked again on the next mount.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ComponentType,
): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  let loaded: ComponentType<P> | undefined
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  function Lazy(props: P) {
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() => ({ component: loaded }))
    useEffect(() => {
      if (state.component) return
      let live = true
      preload().then(
        (module) => live && setState({ component: module.default }),
        (error: unknown) => live && setState({ error }),
      )
      return () => {
        live = false
      }
    }, [state.component])
    if (state.error) throw state.error
    return state.component ? createElement(state.component, props) : createElement(fallback)
  }
  return Object.assign(Lazy, { preload })
}

export type PreloadableScreen = Preloadable<ScreenProps>

/** A route's screen (`lazyComponent`), drawing the tab's skeleton until its chunk is here. */
export const lazyScreen = (load: () => Promise<{ default: ComponentType<ScreenProps> }>): PreloadableScreen =>
  lazyComponent(load, MainSkeleton)
