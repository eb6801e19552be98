import {
  Suspense,
  createElement,
  lazy,
  useCallback,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type KeyboardEvent,
  type RefObject,
} from 'react'
import { loadInBackground } from '../../routing/background-loads'

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
  for (const preload of preloads) loadInBackground(preload)
}

/**
 * A deferred chunk: fetched once (on `preload()`, or at warm-up), remembered once here (`loaded()`),
 * and announced to whoever subscribed. Both kinds of deferred component below are built on it.
 */
function deferredChunk<C>(load: () => Promise<C>) {
  let loading: Promise<{ default: C }> | undefined
  let loaded: C | undefined
  const listeners = new Set<() => void>()
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component
      for (const listener of listeners) listener()
      return { default: component }
    }))
  preloads.add(preload)
  if (warmed) loadInBackground(preload)
  return {
    preload,
    loaded: () => loaded,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/**
 * A component that stays out of the first paint: `isOpen(props)` says whether it is wanted; until it
 * first is, nothing renders. Once open it stays mounted, so its closing animation and the focus it
 * hands back behave as before. When the chunk has already arrived it renders at once (a lazy()
 * component would suspend for a tick first, and React would then hold it back for its 300 ms throttle).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const chunk = deferredChunk(load)
  const Lazy = lazy(chunk.preload) as unknown as ComponentType<P>
  function Suspended(props: P) {
    return <Suspense fallback={null}>{createElement(Lazy, props)}</Suspense>
  }
  function Deferred(props: P) {
    // Chosen once, when first opened: switching from the suspending wrapper to the component itself
    // later would remount it and lose what was typed in it.
    const [chosen, setChosen] = useState<ComponentType<P> | null>(null)
    if (isOpen(props) && !chosen) setChosen(() => chunk.loaded() ?? Suspended)
    return chosen ? createElement(chosen, props) : null
  }
  return Deferred
}

/** What a deferred popup receives beside its own props. */
export interface PopupProps {
  /** The placeholder was pressed before the chunk arrived: open at once. */
  defaultOpen?: boolean
  /** The placeholder had the focus when the chunk arrived: the real trigger takes it. */
  autoFocus?: boolean
}

/** What the placeholder trigger receives beside the popup's props. */
export interface PlaceholderProps {
  /** Call on press (click, Enter, Space, ArrowDown): the popup opens once its chunk is here. */
  onOpen(): void
  /** On the placeholder's button, so the real trigger can take the focus over. */
  buttonRef: RefObject<HTMLButtonElement | null>
}

/**
 * A menu or popover whose trigger is on screen from the first paint, while the menu itself (Radix's
 * menu, popper, focus and scroll-lock code) is not needed until someone opens it. `Placeholder` draws
 * the same trigger as a plain button until the chunk is here (fetched on its first press, or when the
 * browser is idle after the first list); then the real component replaces it, open if the placeholder
 * was pressed, and focused if the placeholder had the focus.
 */
export function deferredPopup<P extends object>(
  load: () => Promise<ComponentType<P & PopupProps>>,
  Placeholder: ComponentType<P & PlaceholderProps>,
): ComponentType<P> {
  const chunk = deferredChunk(load)
  function DeferredPopup(props: P) {
    const [asked, setAsked] = useState(false)
    const buttonRef = useRef<HTMLButtonElement | null>(null)
    const hadFocus = useRef(false)
    const subscribe = useCallback((changed: () => void) => {
      const listener = () => {
        hadFocus.current = buttonRef.current !== null && document.activeElement === buttonRef.current
        changed()
      }
      return chunk.subscribe(listener)
    }, [])
    const Loaded = useSyncExternalStore(subscribe, chunk.loaded)
    const onOpen = useCallback(() => {
      setAsked(true)
      void chunk.preload().catch(() => undefined)
    }, [])
    if (Loaded) return createElement(Loaded, { ...props, defaultOpen: asked, autoFocus: hadFocus.current })
    return createElement(Placeholder, { ...props, onOpen, buttonRef })
  }
  return DeferredPopup
}

/**
 * What a placeholder's button spreads: its ref (for the focus hand-over), the menu button's ARIA, and
 * the presses that open: a click, or ArrowDown as on a menu button.
 */
export function placeholderButton(
  { onOpen, buttonRef }: PlaceholderProps,
  popup: 'menu' | 'dialog' = 'menu',
): {
  ref: RefObject<HTMLButtonElement | null>
  'aria-haspopup': 'menu' | 'dialog'
  'aria-expanded': false
  onClick(): void
  onKeyDown(event: KeyboardEvent): void
} {
  return {
    ref: buttonRef,
    'aria-haspopup': popup,
    'aria-expanded': false,
    onClick: onOpen,
    onKeyDown: (event) => {
      if (event.key !== 'ArrowDown') return
      event.preventDefault()
      onOpen()
    },
  }
}
