import { afterEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// Radix measures elements; happy-dom has no layout, so give it the observers it expects.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver

afterEach(() => cleanup())

// Screens load their chunks lazily (the calendar, the grid): on a busy 2-core CI machine the first
// import of a chunk can take over the default 1 s that findBy/waitFor wait.
configure({ asyncUtilTimeout: 4000 })
