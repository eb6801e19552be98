import { createHash } from 'node:crypto'
import os from 'node:os'
import pg from 'pg'

export interface MachineSpeed {
  cpu: string
  cpus: number
  /** One core's speed now: SHA-256 over 64 MB, in MB/s (the shared machine's other work shows here). */
  sha256MBps: number
  /** PostgreSQL's speed now: a 2M-row generate_series summed, in ms (null on PGlite). */
  pgSeriesMs: number | null
  loadAverage: number[]
}

/** A few hundred milliseconds of fixed work, timed: figures measured while the machine is busy read against it. */
export async function measureMachine(databaseUrl?: string): Promise<MachineSpeed> {
  const block = Buffer.alloc(1 << 20, 7)
  const started = performance.now()
  const hash = createHash('sha256')
  for (let index = 0; index < 64; index++) hash.update(block)
  hash.digest()
  const sha256MBps = Math.round(64 / ((performance.now() - started) / 1000))
  let pgSeriesMs: number | null = null
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const at = performance.now()
      await client.query('select sum(g) from generate_series(1, 2000000) g')
      pgSeriesMs = Math.round(performance.now() - at)
    } finally {
      await client.end()
    }
  }
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cpus: os.cpus().length,
    sha256MBps,
    pgSeriesMs,
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
  }
}
