import type pg from 'pg'
import { copyFrom } from '@server/db/copy'
import type { Services } from '@server/context'
import { createStage, dropStage, STAGE_COLUMNS, stageFinish, stageTable, type Run, type StageSink, type StageTally } from './line-store'

// The main thread's side of staging an import's lines (./line-store.ts): the stage table made for
// the read and dropped after it, and on PostgreSQL one pooled connection holding a COPY into it
// for the whole read, fed a chunk at a time (the reading thread's chunks come through here too).

/** work_mem for the statement that matches and stores the staged lines (PostgreSQL). */
const FINISH_WORK_MEM = '64MB'

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
  if (database.kind !== 'postgres')
    return {
      sink: { run, finish: async (tenantId) => (await run<StageTally>(stageFinish(importId), [tenantId, importId])).rows },
      close: () => run(dropStage(importId), []).then(() => undefined),
    }
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
      // On the COPY's connection, in one transaction: the stage's statistics first (its size decides
      // between probing the catalogue's indexes and one hash join), and room for the statement's hash
      // tables and sorts of a million lines in memory instead of spilled to disk; no JIT (its
      // compilation cost seconds at this size and more than it saved).
      finish: async (tenantId) => {
        await client.query('begin')
        try {
          await client.query(`set local work_mem = '${FINISH_WORK_MEM}'`)
          await client.query('set local jit = off')
          await client.query(`analyze ${stageTable(importId)}`)
          const { rows } = await client.query<StageTally>(stageFinish(importId), [tenantId, importId])
          await client.query('commit')
          return rows
        } catch (error) {
          await client.query('rollback').catch(() => undefined)
          throw error
        }
      },
    },
    close: async () => {
      if (!ended) await channel.fail()
      client.release()
      await run(dropStage(importId), [])
    },
  }
}
