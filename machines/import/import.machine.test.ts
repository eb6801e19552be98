import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { GENERIC_ERROR, POLL_MS, importMachine, type ImportSnapshot } from './import.machine'

type Status = ImportSnapshot['status']

function start(options: {
  upload?: () => Promise<ImportSnapshot>
  statuses?: (Status | Error)[]
  commit?: () => Promise<ImportSnapshot>
  cancel?: () => Promise<ImportSnapshot>
  error?: string
}) {
  const statuses = [...(options.statuses ?? ['review'])]
  const calls = { upload: 0, fetch: 0, commit: 0, cancel: 0 }
  const machine = importMachine.provide({
    actors: {
      upload: fromPromise(async () => {
        calls.upload += 1
        return options.upload ? options.upload() : { id: 7, status: 'uploaded' as const }
      }),
      fetchImport: fromPromise(async ({ input }) => {
        calls.fetch += 1
        const next = statuses.length > 1 ? statuses.shift()! : statuses[0]
        if (next instanceof Error) throw next
        return { id: input.id, status: next, error: next === 'failed' ? (options.error ?? null) : null }
      }),
      commit: fromPromise(async ({ input }) => {
        calls.commit += 1
        return options.commit ? options.commit() : { id: input.id, status: 'committed' as const }
      }),
      cancel: fromPromise(async ({ input }) => {
        calls.cancel += 1
        return options.cancel ? options.cancel() : { id: input.id, status: 'cancelled' as const }
      }),
    },
  })
  return { actor: createActor(machine).start(), calls }
}

afterEach(() => vi.useRealTimers())

describe('import machine', () => {
  it('idle → uploading → parsing (polls until the dry run is ready) → review → committing → committed', async () => {
    vi.useFakeTimers()
    const { actor, calls } = start({ statuses: ['uploaded', 'parsing', 'review'] })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'UPLOAD', upload: { source: 'cms' } })
    expect(actor.getSnapshot().value).toBe('uploading')
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches('parsing')).toBe(true)
    expect(actor.getSnapshot().context.importId).toBe(7)
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(actor.getSnapshot().matches('parsing')).toBe(true)
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(actor.getSnapshot().value).toBe('review')
    expect(calls.fetch).toBe(3)
    actor.send({ type: 'COMMIT' })
    expect(actor.getSnapshot().value).toBe('committing')
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('committed')
    expect(actor.getSnapshot().context.detail?.status).toBe('committed')
  })

  it('review → cancelling → cancelled, and committed → rolledBack when the rollback dialog has rolled it back', async () => {
    const cancelled = start({})
    cancelled.actor.send({ type: 'UPLOAD', upload: {} })
    await waitFor(cancelled.actor, (s) => s.matches('review'))
    cancelled.actor.send({ type: 'CANCEL' })
    await waitFor(cancelled.actor, (s) => s.matches('cancelled'))
    expect(cancelled.calls).toMatchObject({ cancel: 1, commit: 0 })

    const rolled = start({})
    rolled.actor.send({ type: 'OPEN', id: 9 })
    await waitFor(rolled.actor, (s) => s.matches('review'))
    // Only a committed import can be rolled back: the event means nothing in review.
    rolled.actor.send({ type: 'ROLLED_BACK' })
    expect(rolled.actor.getSnapshot().value).toBe('review')
    rolled.actor.send({ type: 'COMMIT' })
    await waitFor(rolled.actor, (s) => s.matches('committed'))
    rolled.actor.send({ type: 'ROLLED_BACK' })
    expect(rolled.actor.getSnapshot().value).toBe('rolledBack')
    expect(rolled.actor.getSnapshot().context.importId).toBe(9)
  })

  it('a failed dry run goes to error with the server message; RETRY uploads again', async () => {
    const { actor, calls } = start({
      statuses: ['failed', 'review'],
      error: 'No exchange rate for EUR in 2026-05: add one under Exchange rates',
    })
    actor.send({ type: 'UPLOAD', upload: { currency: 'EUR' } })
    await waitFor(actor, (s) => s.matches('error'))
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'No exchange rate for EUR in 2026-05: add one under Exchange rates',
      failedStep: 'parse',
    })
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('review'))
    expect(calls.upload).toBe(2)
  })

  it('a refused upload keeps its message; a commit that fails can be retried and then succeeds', async () => {
    const refused = start({
      upload: () => Promise.reject(Object.assign(new Error('This file was already imported (import #3).'), { status: 409 })),
    })
    refused.actor.send({ type: 'UPLOAD', upload: {} })
    await waitFor(refused.actor, (s) => s.matches('error'))
    expect(refused.actor.getSnapshot().context.error).toBe('This file was already imported (import #3).')

    let attempts = 0
    const { actor, calls } = start({
      commit: () => (attempts++ === 0 ? Promise.reject({}) : Promise.resolve({ id: 7, status: 'committed' as const })),
    })
    actor.send({ type: 'UPLOAD', upload: {} })
    await waitFor(actor, (s) => s.matches('review'))
    actor.send({ type: 'COMMIT' })
    await waitFor(actor, (s) => s.matches('error'))
    expect(actor.getSnapshot().context).toMatchObject({ error: GENERIC_ERROR, failedStep: 'commit' })
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('committed'))
    expect(calls.commit).toBe(2)
    expect(calls.upload).toBe(1)
  })

  it('a poll that fails retries the poll, not the upload; RESET goes back to idle', async () => {
    const { actor, calls } = start({ statuses: [new Error('Network down'), 'review'] })
    actor.send({ type: 'UPLOAD', upload: {} })
    await waitFor(actor, (s) => s.matches('error'))
    expect(actor.getSnapshot().context.failedStep).toBe('parse')
    actor.send({ type: 'RETRY' })
    await waitFor(actor, (s) => s.matches('review'))
    expect(calls.upload).toBe(1)
    actor.send({ type: 'RESET' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.importId).toBeNull()
  })
})
