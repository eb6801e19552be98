import { parentPort, workerData } from 'node:worker_threads'
import type { Run, StageSink, StageTally } from './line-store'
import { readLines } from './read-lines'
import { errorFrom, errorShape, type FromReader, type ReaderData, type ToReader } from './read-thread'

// The statement reading thread (./read-thread.ts): readLines over the file's chunks the main thread
// sends when asked, its statements run by the main thread. Built as dist/server/statement-reader.mjs.

if (!parentPort) throw new Error('read-worker.ts runs as a worker thread (./read-thread.ts)')
const port = parentPort
const { target, rate, stopped, copy } = workerData as ReaderData
const post = (message: FromReader) => port.postMessage(message)

/** Chunks asked for ahead of the one being parsed: a read of the file overlaps the parse. */
const AHEAD = 2

const chunks: (Uint8Array | string)[] = []
let fileEnded = false
let fileError: Error | null = null
let wake: (() => void) | null = null
let asked = 0

const answers = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>()
let nextId = 0
const controller = new AbortController()
if (stopped) controller.abort()

port.on('message', (message: ToReader) => {
  switch (message.type) {
    case 'chunk':
      asked -= 1
      chunks.push(message.data)
      break
    case 'end':
      fileEnded = true
      break
    case 'streamFailed':
      fileError = errorFrom(message.error)
      break
    case 'rows':
      answers.get(message.id)?.resolve(message.rows)
      answers.delete(message.id)
      return
    case 'runFailed':
      answers.get(message.id)?.reject(errorFrom(message.error))
      answers.delete(message.id)
      return
    case 'stop':
      controller.abort()
      return
  }
  const woken = wake
  wake = null
  woken?.()
})

const askAhead = () => {
  while (!fileEnded && !fileError && chunks.length + asked < AHEAD) {
    asked += 1
    post({ type: 'more' })
  }
}

async function* fileBytes(): AsyncGenerator<Buffer | string> {
  for (;;) {
    askAhead()
    const chunk = chunks.shift()
    if (chunk !== undefined) {
      yield typeof chunk === 'string' ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      continue
    }
    if (fileError) throw fileError
    if (fileEnded) return
    await new Promise<void>((resolve) => (wake = resolve))
  }
}

/** Posts a message that the main thread answers with rows (or an error). */
const ask = <T>(message: (id: number) => FromReader) =>
  new Promise<T[]>((resolve, reject) => {
    const id = (nextId += 1)
    answers.set(id, { resolve: (rows) => resolve(rows as T[]), reject })
    post(message(id))
  })

const run: Run = async <T>(text: string, values: unknown[], name?: string) => ({
  rows: await ask<T>((id) => ({ type: 'run', id, text, values, name })),
})

// The staged chunks go to the main thread's COPY when it has one (PostgreSQL), else as inserts by run.
const finish = (tenantId: number, lastLine: number) => ask<StageTally>((id) => ({ type: 'finish', id, tenantId, lastLine }))
const sink: StageSink = copy
  ? {
      run,
      copy: async (text) => void (await ask((id) => ({ type: 'copy', id, text }))),
      end: async () => void (await ask((id) => ({ type: 'copyEnd', id }))),
      finish,
    }
  : { run, finish }

readLines(fileBytes(), target, rate, sink, controller.signal).then(
  (read) => post({ type: 'read', read }),
  (error: unknown) => post({ type: 'failed', error: errorShape(error) }),
)
