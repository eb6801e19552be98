import { afterEach, beforeAll } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { queryCache } from '../../src/client/state/query-cache'
import { loadCommands } from '../../src/client/shell/commands'

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

// The shell fetches the areas' commands and record actions once the first list is painted
// (src/client/shell/commands.ts): screens are tested as they are from then on. What happens before
// they arrive is tested in tests/components/shell/commands-loading.test.tsx.
beforeAll(async () => {
  await loadCommands()
})
