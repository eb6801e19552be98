import { afterEach } from 'vitest'
import { cleanup } from '@testing-library/react'

// Radix measures elements; happy-dom has no layout, so give it the observers it expects.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver

afterEach(() => cleanup())
