import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import v8 from 'node:v8'
import { Worker } from 'node:worker_threads'
import { StatementFormatError } from './formats'
import { ImportFailure } from './line-values'
import type { LinesRead, ReadTarget, readLines } from './read-lines'

// A large statement is read (readLines: CSV, convert, stage, then match and store) in a worker thread with a young
// generation of its own, given back when the read ends (docs/decisions.md, "Session 37 (item 1)").
// The server runs with 2 MB semi-spaces (scripts/build-server.mjs) for its idle, fan-blast and
// export memory; with them a million-line dry run spent ~39 % of its CPU collecting garbage. The
// server's main thread keeps the file and the database (PGlite has one connection; the pool is the
// only path): it streams the file's chunks to the worker as the worker asks for them, and runs the
// worker's statements on the pool and its staged chunks into the COPY, posting their rows (or their
// error) back. Its event loop stays
// free for other requests while the lines are parsed.

/** Semi-space of the reading thread's young generation, MB (V8 sizes the generation 3 × the semi-space). */
export const READ_SEMI_SPACE_MB = 16
export const READ_YOUNG_MB = 3 * READ_SEMI_SPACE_MB
/** Old generation of the reading thread: its live heap is the matcher's memory and the chunks in flight (160: peak RSS 266–281 MB at load ~6; 112: 254–262 MB, the same CPU). */
export const READ_OLD_MB = 112
/**
 * Files from this size are read in the thread; smaller ones on the main thread, where a thread's
 * start (~30 ms built, ~1 s under tsx) would cost more than it saves. STATEMENT_READ_THREAD_MIN_BYTES
 * overrides it (0: every file in the thread; the tests use it to read through the thread).
 */
export const READ_THREAD_MIN_BYTES = 4 * 1024 * 1024

export function readThreadMinBytes(env = process.env): number {
  const value = Number(env.STATEMENT_READ_THREAD_MIN_BYTES)
  return env.STATEMENT_READ_THREAD_MIN_BYTES !== undefined &&
    env.STATEMENT_READ_THREAD_MIN_BYTES !== '' &&
    Number.isFinite(value) &&
    value >= 0
    ? value
    : READ_THREAD_MIN_BYTES
}

/** An error as it crosses between the threads: the kind says which class to make again. */
export interface ErrorShape {
  kind: 'import' | 'format' | 'other'
  message: string
  code?: string
  stack?: string
}

export type ToReader =
  | { type: 'chunk'; data: Uint8Array | string }
  | { type: 'end' }
  | { type: 'streamFailed'; error: ErrorShape }
  | { type: 'rows'; id: number; rows: unknown[] }
  | { type: 'runFailed'; id: number; error: ErrorShape }
  | { type: 'stop' }

export type FromReader =
  | { type: 'more' }
  | { type: 'run'; id: number; text: string; values: unknown[]; name?: string }
  | { type: 'copy'; id: number; text: string }
  | { type: 'copyEnd'; id: number }
  | { type: 'finish'; id: number; tenantId: number; lastLine: number }
  | { type: 'read'; read: LinesRead }
  | { type: 'failed'; error: ErrorShape }

export interface ReaderData {
  target: ReadTarget
  rate: string
  stopped: boolean
  /** The main thread's sink takes COPY text (PostgreSQL): the thread stages by `copy`, else by inserts. */
  copy: boolean
}

export function errorShape(error: unknown): ErrorShape {
  const kind = error instanceof ImportFailure ? 'import' : error instanceof StatementFormatError ? 'format' : 'other'
  if (!(error instanceof Error)) return { kind, message: String(error) }
  const code = (error as { code?: unknown }).code
  return { kind, message: error.message, stack: error.stack, ...(typeof code === 'string' ? { code } : {}) }
}

/** The error again, of its class: ImportFailure and StatementFormatError keep their message for users. */
export function errorFrom(shape: ErrorShape): Error {
  const error =
    shape.kind === 'import'
      ? new ImportFailure(shape.message)
      : shape.kind === 'format'
        ? new StatementFormatError(shape.message)
        : new Error(shape.message)
  if (shape.code !== undefined) Object.assign(error, { code: shape.code })
  if (shape.stack) error.stack = shape.stack
  return error
}

/** The worker's entry: the bundle beside the built server, or the TypeScript source loaded through tsx. */
function readerEntry(): { source: string | URL; eval: boolean } {
  const here = import.meta.url
  if (!here.endsWith('.ts')) return { source: new URL('./statement-reader.mjs', here), eval: false }
  // tsx's hooks registered inside the thread before the entry loads (`execArgv: ['--import', 'tsx']`
  // registers them too late for the entry itself on Node 20); they resolve the path aliases too.
  const api = pathToFileURL(createRequire(here).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs')
  const entry = new URL('./read-worker.ts', here).href
  return { source: `import(${JSON.stringify(api)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}) })`, eval: true }
}

/** The server's --max-semi-space-size (scripts/build-server.mjs), null when it runs without one. */
const serverSemiSpace = ((): string | null => {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)]
  let found: string | null = null
  for (const flag of flags) {
    const match = /^--max[-_]semi[-_]space[-_]size=(\d+)$/.exec(flag)
    if (match) found = match[1]
  }
  return found
})()

/** Reading threads started since the server started (the tests check which path read a file). */
let started = 0
export const readThreadsStarted = () => started

/** Threads asked for whose heap V8 has not made yet. */
let starting = 0

/**
 * Starts a thread with READ_SEMI_SPACE_MB semi-spaces. `resourceLimits.maxYoungGenerationSizeMb` alone
 * is not enough: V8's --max-semi-space-size, process-wide, overrides it. V8 reads that flag when it
 * makes an isolate's heap, so it is raised while the thread's heap is made and put back once the
 * thread runs; the main thread's heap, made at start, keeps its 2 MB (checked:
 * v8.getHeapSpaceStatistics() in both threads, new_space 32 MB in the thread against 4 MB).
 */
function startThread(source: string | URL, options: ConstructorParameters<typeof Worker>[1]): Worker {
  started += 1
  if (serverSemiSpace === null) return new Worker(source, options)
  if (starting === 0) v8.setFlagsFromString(`--max-semi-space-size=${READ_SEMI_SPACE_MB}`)
  starting += 1
  let made = false
  const madeHeap = () => {
    if (made) return
    made = true
    starting -= 1
    if (starting === 0) v8.setFlagsFromString(`--max-semi-space-size=${serverSemiSpace}`)
  }
  try {
    const worker = new Worker(source, options)
    worker.once('online', madeHeap)
    worker.once('exit', madeHeap)
    return worker
  } catch (error) {
    madeHeap()
    throw error
  }
}

/** A Buffer's bytes as an array whose buffer can be moved to the thread without copying. */
function transferable(chunk: Buffer): Uint8Array {
  if (chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength && chunk.buffer instanceof ArrayBuffer) return chunk
  return new Uint8Array(chunk)
}

/**
 * readLines (./read-lines.ts) in a worker thread, with the same arguments and the same results and
 * errors: `bytes` is read here, a chunk at a time as the thread asks, and the sink's `run`, `copy`
 * and `end` run here. The thread ends with the read (done, failed or stopped), so its heap is given
 * back.
 */
export const readLinesInThread: typeof readLines = (bytes, target, rate, sink, signal) => {
  const entry = readerEntry()
  const workerData: ReaderData = { target, rate, stopped: signal?.aborted ?? false, copy: Boolean(sink.copy) }
  const worker = startThread(entry.source, {
    eval: entry.eval,
    workerData,
    resourceLimits: { maxYoungGenerationSizeMb: READ_YOUNG_MB, maxOldGenerationSizeMb: READ_OLD_MB },
  })
  const iterator = bytes[Symbol.asyncIterator]()
  let ended = false
  const post = (message: ToReader, transfer?: ArrayBuffer[]) => {
    if (!ended) worker.postMessage(message, transfer)
  }
  // One read of the file at a time, in order, each answering one ask of the thread.
  let pumping: Promise<void> = Promise.resolve()
  let fileDone = false
  const pump = async () => {
    if (fileDone || ended) return
    try {
      const next = await iterator.next()
      if (next.done) {
        fileDone = true
        post({ type: 'end' })
      } else if (typeof next.value === 'string') {
        post({ type: 'chunk', data: next.value })
      } else {
        const data = transferable(next.value)
        post({ type: 'chunk', data }, [data.buffer as ArrayBuffer])
      }
    } catch (error) {
      fileDone = true
      post({ type: 'streamFailed', error: errorShape(error) })
    }
  }
  const stop = () => post({ type: 'stop' })
  return new Promise<LinesRead>((resolve, reject) => {
    const finish = (error: Error | null, read?: LinesRead) => {
      if (ended) return
      ended = true
      signal?.removeEventListener('abort', stop)
      void worker.terminate()
      if (error) reject(error)
      else resolve(read as LinesRead)
    }
    signal?.addEventListener('abort', stop)
    worker.on('message', (message: FromReader) => {
      switch (message.type) {
        case 'more':
          pumping = pumping.then(pump)
          break
        case 'run':
          sink.run(message.text, message.values, message.name).then(
            (result) => post({ type: 'rows', id: message.id, rows: result.rows }),
            (error: unknown) => post({ type: 'runFailed', id: message.id, error: errorShape(error) }),
          )
          break
        case 'finish':
          sink.finish(message.tenantId, message.lastLine).then(
            (rows) => post({ type: 'rows', id: message.id, rows }),
            (error: unknown) => post({ type: 'runFailed', id: message.id, error: errorShape(error) }),
          )
          break
        case 'copy':
        case 'copyEnd': {
          const done = message.type === 'copy' ? sink.copy?.(message.text) : sink.end?.()
          Promise.resolve(done).then(
            () => post({ type: 'rows', id: message.id, rows: [] }),
            (error: unknown) => post({ type: 'runFailed', id: message.id, error: errorShape(error) }),
          )
          break
        }
        case 'read':
          finish(null, message.read)
          break
        case 'failed':
          finish(errorFrom(message.error))
          break
      }
    })
    worker.on('error', (error) => finish(error))
    worker.on('exit', (code) => finish(new Error(`The statement reading thread stopped (exit code ${code}).`)))
  })
}
