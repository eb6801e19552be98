import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// Chunks fetched ahead of need go two at a time and wait while a read the user waits for is in
// flight: the warm-up after the first list had put ~150 files ahead of a g r's read (issue 18).
type Module = typeof import('../../../src/client/routing/background-loads')
let loads: Module

beforeEach(async () => {
  vi.useFakeTimers()
  vi.resetModules()
  loads = await import('../../../src/client/routing/background-loads')
})
afterEach(() => vi.useRealTimers())

/** A load that records when it started and finishes when told. */
function gate(name: string, started: string[]) {
  let finish = () => undefined as void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return {
    load: () => {
      started.push(name)
      return done
    },
    finish: () => finish(),
  }
}

const settle = async () => {
  await vi.advanceTimersByTimeAsync(1_100)
}

describe('background loads', () => {
  it('runs two at a time, in order, a `soon` one before the rest', async () => {
    const started: string[] = []
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gate(name, started))
    loads.loadInBackground(a.load)
    loads.loadInBackground(b.load)
    loads.loadInBackground(c.load)
    loads.loadInBackground(d.load, { soon: true })
    await settle()
    expect(started).toEqual(['d', 'a'])
    a.finish()
    await settle()
    expect(started).toEqual(['d', 'a', 'b'])
    d.finish()
    b.finish()
    await settle()
    expect(started).toEqual(['d', 'a', 'b', 'c'])
  })

  it('waits while a foreground read is in flight and goes on once it is answered', async () => {
    const started: string[] = []
    let answer = (_: string) => undefined as void
    const read = loads.foregroundRead(new Promise<string>((resolve) => (answer = resolve)))
    loads.loadInBackground(gate('grid', started).load)
    await settle()
    expect(started).toEqual([])
    answer('rows')
    expect(await read).toBe('rows')
    await settle()
    expect(started).toEqual(['grid'])
  })

  it('does not wait for good behind a read that hangs', async () => {
    const started: string[] = []
    void loads.foregroundRead(new Promise(() => undefined))
    loads.loadInBackground(gate('grid', started).load)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(started).toEqual([])
    await vi.advanceTimersByTimeAsync(2_000)
    expect(started).toEqual(['grid'])
  })
})

describe('loads in lanes (the go-shortcut screens after the first list)', () => {
  it('runs at most `atOnce` at a time, in order, each as a lane frees, past a failure', async () => {
    const started: string[] = []
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(name, started))
    const failing = () => {
      started.push('x')
      return Promise.reject(new Error('chunk failed'))
    }
    const all = loads.inLanes([gates[0].load, failing, gates[1].load, gates[2].load, gates[3].load], 2)
    await Promise.resolve()
    // a and the failing one; the failure frees its lane for b at once.
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual(['a', 'x', 'b'])
    gates[1].finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual(['a', 'x', 'b', 'c'])
    gates[0].finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual(['a', 'x', 'b', 'c', 'd'])
    gates[2].finish()
    gates[3].finish()
    await expect(all).resolves.toBeUndefined()
  })
})
