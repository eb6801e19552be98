import type pg from 'pg'
import { copyFrom } from '@server/db/copy'
import type { Services } from '@server/context'
import { createStage, dropStage, STAGE_COLUMNS, stageTable, type Run, type StageSink } from './line-store'

// The main thread's side of staging an import's lines (./line-store.ts): the stage table made for
// the read and dropped after it, and on PostgreSQL one pooled connection holding a COPY into it
// for the whole read, fed a chunk at a time (the reading thread's chunks come through here too).

/** An open stage: `sink` for readLines, `close` once the read has ended (done or failed). */
export interface OpenStage {
  sink: StageSink
  close(): Promise<void>
}

/** COPY into `statement` fed by `write`, one chunk waiting at most; `end` finishes it, `fail` abandons it. */
function copyChannel(client: pg.PoolClient, statement: string) {
  let pending: { text: string; taken: () => void } | null = null
  /** undefined while open; null once ended; the error when abandoned. */
  let closing: Error | null | undefined
  let wake: (() => void) | null = null
  const poke = () => {
    const woken = wake
    wake = null
    woken?.()
  }
  async function* chunks(): AsyncGenerator<string> {
    for (;;) {
      if (pending) {
        const next = pending
        pending = null
        next.taken()
        yield next.text
        continue
      }
      if (closing === null) return
      if (closing) throw closing
      await new Promise<void>((resolve) => (wake = resolve))
    }
  }
  const done = copyFrom(client, statement, chunks())
  done.catch(() => undefined)
  return {
    write: (text: string) =>
      new Promise<void>((taken, reject) => {
        pending = { text, taken }
        done.catch(reject)
        poke()
      }),
    end: async () => {
      closing = null
      poke()
      await done
    },
    fail: async () => {
      if (closing !== undefined) return
      closing = new Error('The statement could not be read')
      poke()
      await done.catch(() => undefined)
    },
  }
}

/** Makes the import's stage table (a leftover of a crashed read is dropped first) and the sink that fills it. */
export async function openStage(services: Services, importId: number, run: Run): Promise<OpenStage> {
  const { database } = services
  await run(dropStage(importId), [])
  await run(createStage(importId), [])
  if (database.kind !== 'postgres') return { sink: { run }, close: () => run(dropStage(importId), []).then(() => undefined) }
  let client: pg.PoolClient
  try {
    client = await database.pool.connect()
  } catch (error) {
    await run(dropStage(importId), [])
    throw error
  }
  const channel = copyChannel(client, `copy ${stageTable(importId)} (${STAGE_COLUMNS}) from stdin`)
  let ended = false
  return {
    sink: {
      run,
      copy: channel.write,
      end: async () => {
        ended = true
        await channel.end()
      },
    },
    close: async () => {
      if (!ended) await channel.fail()
      client.release()
      await run(dropStage(importId), [])
    },
  }
}
