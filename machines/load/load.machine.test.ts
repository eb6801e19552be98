import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { CANCELED_MESSAGE, PENDING_RETRY_MS, STILL_PENDING_STATUS, loadMachine } from './load.machine'

type Input = { q: string }
type Data = { rows: string[] }

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function start(fetcher: (input: Input, signal: AbortSignal) => Promise<Data>) {
  const machine = loadMachine.provide({
    actors: { fetch: fromPromise<unknown, unknown>(({ input, signal }) => fetcher(input as Input, signal)) },
  })
  return createActor(machine).start()
}

afterEach(() => vi.useRealTimers())

describe('load machine', () => {
  it('idle -> loading -> success with the data', async () => {
    const actor = start(async (input) => ({ rows: [input.q] }))
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'FETCH', input: { q: 'nina' } })
    expect(actor.getSnapshot().matches('loading')).toBe(true)
    await waitFor(actor, (s) => s.matches('success'))
    expect(actor.getSnapshot().context.data).toEqual({ rows: ['nina'] })
  })

  it('shows a cached answer while it asks again, then the fresh one', async () => {
    const answer = deferred<Data>()
    const actor = start(() => answer.promise)
    actor.send({ type: 'FETCH', input: { q: 'nina' }, cached: { rows: ['kept'] } })
    expect(actor.getSnapshot().matches('loading')).toBe(true)
    expect(actor.getSnapshot().context.data).toEqual({ rows: ['kept'] })
    answer.resolve({ rows: ['fresh'] })
    await waitFor(actor, (s) => s.matches('success'))
    expect(actor.getSnapshot().context.data).toEqual({ rows: ['fresh'] })
  })

  it('keeps the last answer on a FETCH without a cached one', async () => {
    let calls = 0
    const actor = start(async (input) => ({ rows: [`${input.q}${++calls}`] }))
    actor.send({ type: 'FETCH', input: { q: 'a' } })
    await waitFor(actor, (s) => s.matches('success'))
    actor.send({ type: 'FETCH', input: { q: 'b' } })
    expect(actor.getSnapshot().context.data).toEqual({ rows: ['a1'] })
  })

  it('loading -> error keeps the message and status', async () => {
    const actor = start(async () =>
      Promise.reject(Object.assign(new Error('There was an error fetching the users. Please try again.'), { status: 500 })),
    )
    actor.send({ type: 'FETCH', input: { q: '' } })
    await waitFor(actor, (s) => s.matches('error'))
    expect(actor.getSnapshot().context.error).toEqual({ message: 'There was an error fetching the users. Please try again.', status: 500 })
  })

  it('a newer request cancels the older one, and only the newest answer is kept', async () => {
    const calls: { input: Input; signal: AbortSignal; answer: ReturnType<typeof deferred<Data>> }[] = []
    const actor = start((input, signal) => {
      const answer = deferred<Data>()
      signal.addEventListener('abort', () => answer.reject(new Error(CANCELED_MESSAGE)))
      calls.push({ input, signal, answer })
      return answer.promise
    })
    actor.send({ type: 'FETCH', input: { q: 'ni' } })
    actor.send({ type: 'FETCH', input: { q: 'nina' } })
    expect(calls).toHaveLength(2)
    expect(calls[0].signal.aborted).toBe(true)
    expect(calls[1].signal.aborted).toBe(false)
    calls[1].answer.resolve({ rows: ['nina'] })
    await waitFor(actor, (s) => s.matches('success'))
    expect(actor.getSnapshot().context).toMatchObject({ data: { rows: ['nina'] }, error: null, canceled: 1 })
  })

  it('status 777 keeps loading with no error, then asks again', async () => {
    vi.useFakeTimers()
    let call = 0
    const actor = start(async () => {
      call += 1
      if (call === 1) throw Object.assign(new Error('Duplicate Requests Analytics'), { status: STILL_PENDING_STATUS })
      return { rows: ['ready'] }
    })
    actor.send({ type: 'FETCH', input: { q: 'spotify' } })
    await vi.advanceTimersByTimeAsync(10)
    expect(actor.getSnapshot().matches('loading')).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
    await vi.advanceTimersByTimeAsync(PENDING_RETRY_MS + 10)
    expect(actor.getSnapshot().matches('success')).toBe(true)
    expect(call).toBe(2)
  })

  it('retry after an error loads again with the same input', async () => {
    let fail = true
    const seen: string[] = []
    const actor = start(async (input) => {
      seen.push(input.q)
      if (fail) throw new Error('boom')
      return { rows: ['ok'] }
    })
    actor.send({ type: 'FETCH', input: { q: 'x' } })
    await waitFor(actor, (s) => s.matches('error'))
    fail = false
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('success'))
    expect(seen).toEqual(['x', 'x'])
  })
})
