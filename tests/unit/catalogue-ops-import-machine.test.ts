import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { POLL_MS, importMachine, type ImportSnapshot } from '../../machines/import/import.machine'

type Status = ImportSnapshot['status']

function follow(statuses: Status[], error: string | null = null) {
  const seen = [...statuses]
  let fetches = 0
  const machine = importMachine.provide({
    actors: {
      fetchImport: fromPromise(async ({ input }) => {
        fetches += 1
        const next = seen.length > 1 ? seen.shift()! : seen[0]
        return { id: input.id, status: next, error: next === 'failed' ? error : null }
      }),
    },
  })
  const actor = createActor(machine).start()
  return { actor, fetches: () => fetches }
}

afterEach(() => vi.useRealTimers())

describe('import machine: following a commit run by a job', () => {
  it('polls while the job commits, then shows committed', async () => {
    vi.useFakeTimers()
    const { actor, fetches } = follow(['committing', 'committing', 'committed'])
    actor.send({ type: 'FOLLOW', id: 9 })
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().matches({ following: 'waiting' })).toBe(true)
    await vi.advanceTimersByTimeAsync(POLL_MS * 2)
    expect(actor.getSnapshot().value).toBe('committed')
    expect(fetches()).toBe(3)
    expect(actor.getSnapshot().context.importId).toBe(9)
  })

  it('a failed job ends in error with the server reason', async () => {
    vi.useFakeTimers()
    const { actor } = follow(['committing', 'failed'], 'The uploaded file is gone.')
    actor.send({ type: 'FOLLOW', id: 3 })
    await vi.advanceTimersByTimeAsync(POLL_MS + 10)
    expect(actor.getSnapshot().value).toBe('error')
    expect(actor.getSnapshot().context.error).toBe('The uploaded file is gone.')
  })
})
