import type pg from 'pg'
import { copyFrom } from '@server/db/copy'
import type { Services } from '@server/context'
import { createStage, dropStage, PART_BLOCKS, STAGE_COLUMNS, stageFinish, stageTable, type Run, type StageSink, type StageTally } from './line-store'

// The main thread's side of staging an import's lines (./line-store.ts): the stage table made for
// the read and dropped after it, and on PostgreSQL one pooled connection holding a COPY into it
// for the whole read, fed a chunk at a time (the reading thread's chunks come through here too).

/** work_mem for the statement that matches and stores the staged lines (PostgreSQL). */
const FINISH_WORK_MEM = '64MB'
/** Parts a large stage is finished in at once (PostgreSQL: one per core of this machine's two). */
const FINISH_PARTS = 2
/** The lines from which a stage is split (STATEMENT_FINISH_PART_MIN_LINES overrides it; the tests split small files). */
export function finishPartMinLines(env = process.env): number {
  const value = Number(env.STATEMENT_FINISH_PART_MIN_LINES)
  return env.STATEMENT_FINISH_PART_MIN_LINES && Number.isFinite(value) && value >= 0 ? value : 100_000
}

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
      sink: { run, finish: async (tenantId, lastLine) => (await run<StageTally>(stageFinish(importId), [tenantId, importId, 0, lastLine, 0])).rows },
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
      // The stage's statistics first (its size decides between probing the catalogue's indexes and
      // one hash join); then a large stage in FINISH_PARTS parts by line number at once, each on a
      // connection of its own (the first on the COPY's), so the database uses more than one core:
      // each in a transaction with room for its hash tables and sorts in memory, without JIT (its
      // compilation cost seconds at this size and saved less). A part that fails leaves the others'
      // writes, which the failed read drops with the rest (parse.ts).
      finish: async (tenantId, lastLine) => {
        await client.query(`analyze ${stageTable(importId)}`)
        const parts = lastLine >= finishPartMinLines() ? FINISH_PARTS : 1
        const size = Math.ceil(lastLine / parts)
        const others: pg.PoolClient[] = []
        try {
          for (let index = 1; index < parts; index += 1) others.push(await database.pool.connect())
          const runPart = async (on: pg.PoolClient, index: number) => {
            await on.query('begin')
            try {
              await on.query(`set local work_mem = '${FINISH_WORK_MEM}'`)
              await on.query('set local jit = off')
              const { rows } = await on.query<StageTally>(stageFinish(importId), [
                tenantId,
                importId,
                index * size + 1,
                index === parts - 1 ? lastLine : (index + 1) * size,
                index * PART_BLOCKS,
              ])
              await on.query('commit')
              return rows
            } catch (error) {
              await on.query('rollback').catch(() => undefined)
              throw error
            }
          }
          const results = await Promise.allSettled([client, ...others].map((on, index) => runPart(on, index)))
          const failed = results.find((result) => result.status === 'rejected')
          if (failed) throw (failed as PromiseRejectedResult).reason
          return results.flatMap((result) => (result as PromiseFulfilledResult<StageTally[]>).value)
        } finally {
          for (const other of others) other.release()
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
