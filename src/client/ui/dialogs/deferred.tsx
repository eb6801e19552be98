import { Suspense, createElement, lazy, useState, type ComponentType } from 'react'

// Dialogs and sheets a screen keeps mounted with an `open` prop cost their chunk (and Radix's dialog,
// select, popover and date code with it) before the screen's first paint, though nobody has opened
// them yet. A deferred one renders nothing until it is first opened; its chunk is fetched then, or
// earlier, once the browser is idle after the first list (the shell calls `warmDeferred`).

type Preload = () => Promise<unknown>
const preloads = new Set<Preload>()
let warmed = false

/** Fetches every deferred chunk declared so far, and from now on each one as it is declared. */
export function warmDeferred() {
  warmed = true
  for (const preload of preloads) void preload().catch(() => undefined)
}

/**
 * A component that stays out of the first paint: `isOpen(props)` says whether it is wanted; until it
 * first is, nothing renders. Once open it stays mounted, so its closing animation and the focus it
 * hands back behave as before. When the chunk has already arrived it renders at once (a lazy()
 * component would suspend for a tick first, and React would then hold it back for its 300 ms throttle).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  let loaded: ComponentType<P> | undefined
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component
      return { default: component }
    }))
  preloads.add(preload)
  if (warmed) void preload().catch(() => undefined)
  const Lazy = lazy(preload) as unknown as ComponentType<P>
  function Suspended(props: P) {
    return <Suspense fallback={null}>{createElement(Lazy, props)}</Suspense>
  }
  function Deferred(props: P) {
    // Chosen once, when first opened: switching from the suspending wrapper to the component itself
    // later would remount it and lose what was typed in it.
    const [chosen, setChosen] = useState<ComponentType<P> | null>(null)
    if (isOpen(props) && !chosen) setChosen(() => loaded ?? Suspended)
    return chosen ? createElement(chosen, props) : null
  }
  return Deferred
}
