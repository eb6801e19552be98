import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenUserPauses } from '../../../src/client/ui/list/DataTable'

// The plain table becomes the grid once the user pauses and the browser is idle. A key pressed while
// the idle callback was pending (g of g r) must start the wait over: the grid's creation holds the
// page for 100-190 ms, and the navigation the next key asks for waited behind it.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the grid after a pause', () => {
  it('does not run when a key came while the idle callback was pending, and runs after the next pause', async () => {
    const pending: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => pending.push(callback))
    vi.stubGlobal('cancelIdleCallback', () => undefined)
    const run = vi.fn()
    whenUserPauses(run, 40)
    await sleep(60)
    expect(pending).toHaveLength(1)
    // The user presses a key; then the browser finds itself idle.
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'g' }))
    pending.shift()!()
    expect(run).not.toHaveBeenCalled()
    await sleep(60)
    expect(pending).toHaveLength(1)
    pending.shift()!()
    expect(run).toHaveBeenCalledTimes(1)
  })
})
