import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Worker } from 'node:worker_threads'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../src/server/db/engine'

export interface StallResult {
  mode: 'worker' | 'inline'
  slowQueryMs: number
  /** Requests that need no database, sent every 20 ms by another thread while the slow query runs. */
  plainRequests: number
  plainRequestP50Ms: number
  plainRequestMaxMs: number
}

// The probe runs in its own thread so a blocked server thread cannot hold back its clock.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads')
const latencies = []
let running = true
parentPort.on('message', () => { running = false })
;(async () => {
  while (running) {
    const at = performance.now()
    await fetch(workerData.url).then((r) => r.text())
    latencies.push(performance.now() - at)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  parentPort.postMessage(latencies)
})()
`

/**
 * What a slow query costs everything else in the process: PGlite in the main thread blocks the
 * event loop for the query's whole duration; in a worker it does not.
 */
export async function measureStall(mode: 'worker' | 'inline'): Promise<StallResult> {
  const database = await openDatabase({ dataDir: null, pgliteMode: mode })
  const server = http.createServer((_req, res) => res.end('ok'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const probe = new Worker(PROBE, { eval: true, workerData: { url } })
  const collected = new Promise<number[]>((resolve) => probe.once('message', resolve))
  await new Promise((resolve) => setTimeout(resolve, 300))
  const started = performance.now()
  await database.db.execute(sql`select count(*) from generate_series(1, 15000000)`)
  const slowQueryMs = performance.now() - started
  probe.postMessage('stop')
  const latencies = (await collected).sort((a, b) => a - b)
  await probe.terminate()
  server.close()
  await database.close()
  const round = (value: number) => Math.round(value * 10) / 10
  return {
    mode,
    slowQueryMs: round(slowQueryMs),
    plainRequests: latencies.length,
    plainRequestP50Ms: round(latencies[Math.floor(latencies.length / 2)] ?? 0),
    plainRequestMaxMs: round(latencies[latencies.length - 1] ?? 0),
  }
}
