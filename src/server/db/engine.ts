import { AsyncLocalStorage } from 'node:async_hooks'
import { Worker } from 'node:worker_threads'
import v8 from 'node:v8'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { mkdtemp, rm, mkdir, access } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import * as schema from './schema'
import { acquireDataDirLock, type DataDirLock } from './lock'

export type Db = NodePgDatabase<typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Anything that can run queries: the database or a transaction. */
export type Queryable = Db | Tx

export interface Database {
  kind: 'pglite' | 'postgres'
  db: Db
  pool: pg.Pool
  /** PGlite only: a gzipped copy of the data directory (test snapshots). */
  dump(): Promise<Buffer>
  close(): Promise<void>
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string
  /** PGlite data directory; null keeps the database in memory. */
  dataDir?: string | null
  /** PGlite: start from a dump made by `dump()`. */
  snapshot?: string
  /** PGlite: `worker` runs it in its own thread (default), `inline` in this one. */
  pgliteMode?: 'worker' | 'inline'
  poolSize?: number
  /** How long a query may wait for a connection before failing (0 waits for ever). */
  connectionWaitMs?: number
}

// Both engines answer through `pg`, so both get exactly these parsers: numeric stays a string
// (money is never a float) and int8 becomes a JS number (ids and counts). An int8 a number cannot
// hold exactly stays an exact string, which no contract accepts as a number: it fails loudly
// instead of being silently rounded. (A parser must not throw: that breaks the connection.)
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => {
  const parsed = Number(value)
  return Number.isSafeInteger(parsed) ? parsed : value
})

/** The transaction a piece of work runs in, and what is to run once it has committed. */
interface TransactionScope {
  committed: (() => void)[]
}
const insideTransaction = new AsyncLocalStorage<TransactionScope>()

/** Run `fn` outside any transaction's async context: for timers and work that outlive the transaction. */
export function detachFromTransaction<T>(fn: () => T): T {
  return insideTransaction.exit(fn)
}

/**
 * Runs `fn` once the transaction this code runs in has committed (never, if it rolls back), or now
 * outside one: for what must see the transaction's rows, such as the job runner's look for a job just
 * queued in it (which, looking before the commit, found nothing and waited for its next poll).
 */
export function afterCommit(fn: () => void): void {
  const scope = insideTransaction.getStore()
  if (scope) scope.committed.push(fn)
  else fn()
}

/**
 * Using the outer handle inside a transaction deadlocks PGlite (one connection) and breaks
 * atomicity on PostgreSQL, so it fails loudly on both.
 */
function guardPool(pool: pg.Pool) {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
  const refuse = () => new Error('The outer database handle was used inside a transaction; use the transaction handle (tx) instead')
  ;(pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => {
    if (insideTransaction.getStore()) throw refuse()
    return connect(...args)
  }
  ;(pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    if (insideTransaction.getStore()) throw refuse()
    return query(...args)
  }
}

/**
 * pg-pool drops a client whose query failed and connects a new one. PGlite has one connection: the
 * new one is refused until the old has closed (the next query failed with EPIPE), and it would join
 * the same session anyway. A statement's own error (a DatabaseError) leaves the connection sound, so
 * the client is kept; only a broken connection is dropped.
 */
function keepClientOnStatementErrors(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown
  ;(pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args)
    return (async () => {
      const client = await pool.connect()
      try {
        const result = await (client.query as (...queryArgs: unknown[]) => Promise<unknown>)(...args)
        client.release()
        return result
      } catch (error) {
        client.release(error instanceof pg.DatabaseError ? undefined : (error as Error))
        throw error
      }
    })()
  }
}

function wrapDrizzle(pool: pg.Pool): Db {
  const db = drizzle(pool, { schema })
  const transaction = db.transaction.bind(db)
  db.transaction = (async (fn, config) => {
    const scope: TransactionScope = { committed: [] }
    const result = await transaction((tx) => insideTransaction.run(scope, () => fn(tx)), config)
    for (const run of scope.committed) run()
    return result
  }) as Db['transaction']
  return db
}

async function openPostgres(options: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectionWaitMs ?? 0,
    idleTimeoutMillis: 30_000,
  })
  pool.on('error', (error) => console.error('PostgreSQL pool error', error))
  guardPool(pool)
  // Fail fast with a clear message rather than at the first request.
  const client = await pool.connect().catch((error: Error) => {
    throw new Error(`Cannot connect to PostgreSQL at DATABASE_URL: ${error.message}`)
  })
  client.release()
  return {
    kind: 'postgres',
    db: wrapDrizzle(pool),
    pool,
    dump: () => Promise.reject(new Error('dump() is for PGlite')),
    close: () => pool.end(),
  }
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'error'; error: string }
  | { type: 'stopped' }
  | { type: 'dumped'; id: number; buffer?: Buffer; error?: string }

interface PgliteHost {
  dump(): Promise<Buffer>
  stop(): Promise<void>
}

const workerUrl = new URL('./pglite-worker.mjs', import.meta.url)

/**
 * PGlite's server settings (`-c`). Its WASM heap is memory the process never gets back, and PostgreSQL's
 * shared buffers live in it, allocated and touched at start: the default 128 MB made a 190 MB heap and a
 * 300 MB process before the first query. The data directory is real files, so pages beyond the buffers come
 * from the operating system's cache, which is not the process's memory. Measured with the fan blast bench
 * (docs/fanblast.md, "Bench"): a process of PGlite alone 304 MB with 128 MB, 199 MB with 32 MB; the server
 * idle 252 → 231 MB with 16 MB, and the 100,000-recipient fan blast still sends at > 600 msg/s (its log's
 * pages are read from the operating system's cache).
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB']

type HostData = { dataDir: string | null; socketPath: string; loadDataDir?: string; settings: string[] }

/**
 * A new data directory is made (initdb, then the first start) by a short-lived process: made in place it
 * left about 450 MB in the server for good (a second WASM instance and the directory's copy in memory), and
 * a thread that ends still left 85 MB of its allocations; a start on a directory that exists costs the
 * settled heap alone. Done once, at a server's first start.
 */
async function initDataDir(workerData: HostData): Promise<void> {
  if (!workerData.dataDir || workerData.loadDataDir) return
  const exists = await access(path.join(workerData.dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  )
  if (exists) return
  await promisify(execFile)(process.execPath, [fileURLToPath(workerUrl), workerData.dataDir, JSON.stringify(workerData.settings)], {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: Error & { stderr?: string }) => {
    throw new Error(`PGlite could not make its data directory: ${error.stderr || error.message}`)
  })
}

function waitReady(worker: Worker): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'ready') resolve()
      else if (message.type === 'error') reject(new Error(`PGlite failed to start: ${message.error}`))
    }
    worker.on('message', onMessage)
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`PGlite worker exited with code ${code}`)))
  })
}

/**
 * PGlite's WebAssembly runs on V8's baseline compiler only. By default V8 also recompiles hot functions with
 * its optimising compiler in background threads, whose allocations stay in those threads' malloc arenas: about
 * 50 MB of a server's resident memory for good (measured idle on a built server, docs/fanblast.md "Bench").
 * The flag is process-wide but only WebAssembly reads it, and PGlite is the server's only WebAssembly; it must be
 * set before the module is compiled, so before the worker starts.
 */
const PGLITE_V8_FLAGS = ['--liftoff-only']

/**
 * The worker's own JS heap: its young generation is kept small (it only relays the socket's bytes and
 * PGlite's results, short-lived), so the thread does not hold a 16 MB × 3 nursery for its whole life.
 */
const PGLITE_WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 }

async function startWorkerHost(workerData: HostData): Promise<PgliteHost> {
  for (const flag of PGLITE_V8_FLAGS) v8.setFlagsFromString(flag)
  const worker = new Worker(workerUrl, { workerData, execArgv: [], resourceLimits: PGLITE_WORKER_LIMITS })
  await waitReady(worker)
  let nextDump = 1
  return {
    dump: () =>
      new Promise<Buffer>((resolve, reject) => {
        const id = nextDump++
        const onMessage = (message: WorkerMessage) => {
          if (message.type !== 'dumped' || message.id !== id) return
          worker.off('message', onMessage)
          if (message.error || !message.buffer) reject(new Error(message.error ?? 'dump failed'))
          else resolve(Buffer.from(message.buffer))
        }
        worker.on('message', onMessage)
        worker.postMessage({ type: 'dump', id })
      }),
    stop: async () => {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 10_000)
        worker.on('message', (message: WorkerMessage) => {
          if (message.type === 'stopped') {
            clearTimeout(timer)
            resolve()
          }
        })
        worker.postMessage({ type: 'stop' })
      })
      await worker.terminate()
    },
  }
}

/** Same server as the worker, in this thread: used to measure what the worker buys. */
async function startInlineHost(workerData: HostData): Promise<PgliteHost> {
  const [{ PGlite }, { pg_trgm }, { PGLiteSocketServer }, { readFile }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite-socket'),
    import('node:fs/promises'),
  ])
  const loadDataDir = workerData.loadDataDir ? new Blob([new Uint8Array(await readFile(workerData.loadDataDir))]) : undefined
  const db = await PGlite.create(workerData.dataDir ?? undefined, {
    extensions: { pg_trgm },
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, ...workerData.settings.flatMap((setting) => ['-c', setting])],
  })
  const server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: 1 })
  await server.start()
  return {
    dump: async () => Buffer.from(await ((await db.dumpDataDir('gzip')) as Blob).arrayBuffer()),
    stop: async () => {
      await server.stop()
      await db.close()
    },
  }
}

async function openPglite(options: OpenOptions): Promise<Database> {
  const dataDir = options.dataDir === undefined ? null : options.dataDir
  let lock: DataDirLock | undefined
  if (dataDir) {
    await mkdir(dataDir, { recursive: true })
    lock = await acquireDataDirLock(dataDir)
  }
  // A private directory: the socket has no password, so only this user may reach it.
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'wl-pglite-'))
  const socketPath = path.join(socketDir, '.s.PGSQL.5432')
  const workerData: HostData = {
    dataDir: dataDir ? path.join(dataDir, 'pglite') : null,
    socketPath,
    loadDataDir: options.snapshot,
    settings: PGLITE_SETTINGS,
  }
  let host: PgliteHost
  try {
    // Inline (tests, measurements) makes it in place: a process start costs seconds that its memory does not need.
    if (options.pgliteMode !== 'inline') await initDataDir(workerData)
    host = options.pgliteMode === 'inline' ? await startInlineHost(workerData) : await startWorkerHost(workerData)
  } catch (error) {
    await lock?.release()
    await rm(socketDir, { recursive: true, force: true })
    throw error
  }
  // PGlite has one connection: queries queue here, transactions hold it until they end.
  const pool = new pg.Pool({
    host: socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: options.connectionWaitMs ?? 0,
  })
  pool.on('error', (error) => console.error('PGlite connection error', error))
  // PGlite's one session outlives its connections: a new one starts, as on PostgreSQL, with no
  // statements prepared (a name its client prepares would otherwise already be taken).
  pool.on('connect', (client) => void client.query('deallocate all').catch(() => undefined))
  keepClientOnStatementErrors(pool)
  guardPool(pool)
  return {
    kind: 'pglite',
    db: wrapDrizzle(pool),
    pool,
    dump: () => host.dump(),
    close: async () => {
      await pool.end()
      await host.stop()
      await rm(socketDir, { recursive: true, force: true })
      await lock?.release()
    },
  }
}

export function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options) : openPglite(options)
}
