import type pg from 'pg'

// COPY FROM STDIN (text format) through the `pg` client's own connection: the client takes any query
// object with `submit`, and routes the server's copy-in, error and ready messages to it.
// (pg-copy-streams does the same in a library; this is the part the trend import and the catalogue
// ingestion need.) A chunk is sent once the socket has drained, so memory stays one chunk.

/** COPY's text format: backslash, tab, line breaks escaped; `\N` is null. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N'
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
    : value
}

interface Connection {
  query(text: string): void
  sendCopyFromChunk(chunk: Buffer): void
  endCopyFrom(): void
  sendCopyFail(message: string): void
  stream: NodeJS.WritableStream & { writableNeedDrain?: boolean }
}

/**
 * Runs `copy … from stdin` on `client`, sending what `chunks` yields (each a whole number of rows).
 * Answers the rows copied. A failure of the statement (a bad row) rejects, and the client stays usable.
 */
export function copyFrom(client: pg.PoolClient, statement: string, chunks: AsyncIterable<string> | Iterable<string>): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let failed: Error | null = null
    let rows = 0
    let producing = false
    const query = {
      submit(connection: Connection) {
        connection.query(statement)
      },
      handleCopyInResponse(connection: Connection) {
        if (producing) return
        producing = true
        void (async () => {
          try {
            for await (const chunk of chunks) {
              if (failed) return
              connection.sendCopyFromChunk(Buffer.from(chunk, 'utf8'))
              if (connection.stream.writableNeedDrain) await new Promise((done) => connection.stream.once('drain', done))
            }
            if (!failed) connection.endCopyFrom()
          } catch (error) {
            failed = failed ?? (error as Error)
            connection.sendCopyFail(failed.message.slice(0, 200))
          }
        })()
      },
      handleCommandComplete(message: { text?: string; command?: string; rowCount?: number }) {
        rows = message.rowCount ?? Number(/(\d+)$/.exec(message.text ?? '')?.[1] ?? 0)
      },
      // An error ends the statement: the client forgets the query before the server's ready message,
      // so it is answered here (the client runs nothing else until that message has come).
      handleError(error: Error) {
        failed = failed ?? error
        reject(failed)
      },
      handleReadyForQuery() {
        if (failed) reject(failed)
        else resolve(rows)
      },
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyData() {},
    }
    void client.query(query as never)
  })
}
