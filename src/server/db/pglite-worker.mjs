// Runs PGlite in its own thread and serves it on a private unix socket, so the
// main thread's event loop never blocks on WASM query execution and the server
// talks to PGlite through the same `pg` driver it uses for PostgreSQL.
// Plain JS on purpose: worker threads do not inherit the TypeScript loader everywhere (vitest).
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { readFile } from 'node:fs/promises'

/** The defaults and the engine's own settings (engine.ts, PGLITE_SETTINGS). */
const startParams = (settings) => [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])]

// Run as a process of its own (engine.ts, initDataDir): makes a new data directory and exits, so initdb's
// memory leaves with the process.
if (!parentPort) {
  const [dataDir, settings] = process.argv.slice(2)
  const made = await PGlite.create(dataDir, { startParams: startParams(JSON.parse(settings)) })
  await made.close()
  process.exit(0)
}

const { dataDir, socketPath, loadDataDir, settings } = workerData

let db
let server

async function start() {
  const options = { extensions: { pg_trgm }, startParams: startParams(settings) }
  if (loadDataDir) options.loadDataDir = new Blob([await readFile(loadDataDir)])
  db = await PGlite.create(dataDir ?? undefined, options)
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 1 })
  await server.start()
  parentPort.postMessage({ type: 'ready' })
}

parentPort?.on('message', async (message) => {
  if (message?.type === 'dump') {
    try {
      const blob = await db.dumpDataDir('gzip')
      const buffer = Buffer.from(await blob.arrayBuffer())
      parentPort.postMessage({ type: 'dumped', id: message.id, buffer }, [buffer.buffer])
    } catch (error) {
      parentPort.postMessage({ type: 'dumped', id: message.id, error: String(error?.stack ?? error) })
    }
  }
  if (message?.type === 'stop') {
    try {
      await server?.stop()
      await db?.close()
    } finally {
      parentPort.postMessage({ type: 'stopped' })
    }
  }
})

if (parentPort) start().catch((error) => parentPort.postMessage({ type: 'error', error: String(error?.stack ?? error) }))
