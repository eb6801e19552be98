import { afterEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { queryCache } from '../../src/client/state/query-cache'

// Radix measures elements; happy-dom has no layout, so give it the observers it expects.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver

afterEach(() => {
  cleanup()
  // Each test starts as a fresh session: nothing another test loaded shows from the query cache.
  queryCache.clear()
})

// Screens load their chunks lazily (the calendar, the grid): on a busy 2-core CI machine the first
// import of a chunk can take over the default 1 s that findBy/waitFor wait.
configure({ asyncUtilTimeout: 4000 })
