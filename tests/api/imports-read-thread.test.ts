import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { createRelease } from './releases-fixtures'
import { dryRun, expectStatus, lineCount, statementFile } from './imports-helpers'
import { readThreadsStarted } from '../../src/domains/earnings/server/imports/read-thread'

// A large statement is read in a worker thread (read-thread.ts); the reports, the stored lines and
// the failures must be those of the main thread's reading. STATEMENT_READ_THREAD_MIN_BYTES picks the
// path per read: 0 sends every file to the thread, a large value keeps every file on the main thread.

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
const previousMin = process.env.STATEMENT_READ_THREAD_MIN_BYTES

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  await createRelease(
    t.services,
    { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive' },
    Array.from({ length: 20 }, (_, index) => ({ isrc: `USWL126${String(index + 1).padStart(5, '0')}` })),
  )
})
afterEach(() => {
  if (previousMin === undefined) delete process.env.STATEMENT_READ_THREAD_MIN_BYTES
  else process.env.STATEMENT_READ_THREAD_MIN_BYTES = previousMin
})
afterAll(() => t.close())

const HEADER = 'Sale Month,Store,Country,UPC,ISRC,Track Title,Artist,Quantity,Gross,Net'
const STORES = ['Spotify', 'Deezer', 'Apple Music', 'Tidal']

/** 2,500 lines (several chunks of lines and of file): matched and unmatched, quoted cells, bad lines. */
function statement(): string {
  const lines = [HEADER]
  for (let index = 0; index < 2_500; index += 1) {
    const isrc = index % 7 === 6 ? `QZNOT${String(index).padStart(7, '0')}` : `USWL126${String((index % 20) + 1).padStart(5, '0')}`
    const title = index % 50 === 0 ? `"Night, ""Drive""\nPart ${index}"` : `Track ${index}`
    const net = index % 400 === 399 ? 'abc' : `${index % 13}.${String((index * 7919) % 1_000_000).padStart(6, '0')}`
    lines.push(`2026-04,${STORES[index % STORES.length]},US,,${isrc},${title},Artist,${(index % 9) + 1},${net},${net}`)
  }
  return lines.join('\n') + '\n'
}

async function readWith(min: string, text: string, filename: string) {
  process.env.STATEMENT_READ_THREAD_MIN_BYTES = min
  const admin = await signedIn(t.app, 'admin@acme.test')
  const before = readThreadsStarted()
  const upload = await admin.ok('earnings.importAudiosalad', {
    multipart: { fields: { period: '2026-04' }, files: statementFile(text, filename) },
  })
  const detail = await dryRun(t, admin, upload.id)
  const lines =
    detail.status === 'review'
      ? await admin.ok('earnings.importLines', { params: { id: upload.id }, query: { per_page: 100, page: 3 } })
      : null
  return { detail, threads: readThreadsStarted() - before, lines, stored: await lineCount(t, upload.id) }
}

describe('a statement read in the reading thread', () => {
  it('gives the report and the stored lines the main thread gives', async () => {
    const text = statement()
    const main = await readWith('1000000000000', text, 'main.csv')
    // The same lines (an empty line at the end is skipped), so the file is not refused as already imported.
    const thread = await readWith('0', text + '\n\n', 'thread.csv')
    expect(main.threads).toBe(0)
    expect(thread.threads).toBe(1)
    expectStatus(main.detail, 'review')
    expectStatus(thread.detail, 'review')
    expect(thread.detail.rows).toBe(2_494)
    expect(thread.detail.report!.errors.count).toBe(6)
    expect(thread.detail.report!.matched.isrc).toBe(main.detail.report!.matched.isrc)
    expect(thread.detail.report).toEqual(main.detail.report)
    expect({ net: thread.detail.net, netBase: thread.detail.netBase, gross: thread.detail.gross }).toEqual({
      net: main.detail.net,
      netBase: main.detail.netBase,
      gross: main.detail.gross,
    })
    expect(thread.stored).toBe(2_494)
    expect(main.stored).toBe(2_494)
    const shown = (page: typeof main.lines) => page!.data.map(({ id: _id, ...line }) => line)
    expect(shown(thread.lines)).toEqual(shown(main.lines))
    expect(thread.lines!.data.some((line) => line.title?.startsWith('Night, "Drive"\nPart'))).toBe(true)
  })

  it('fails with the messages the main thread gives, and keeps no lines', async () => {
    const broken = `${HEADER}\n2026-04,Spotify,US,,USWL12600001,Track,Artist,1,1.0,1.0\n2026-04,Spotify,US,,USWL12600002,"Never closed,Artist,1,1.0,1.0\n`
    const headerOnly = `${HEADER}\n`
    for (const [text, message] of [
      [broken, 'The CSV could not be read at line 3: a quote opened on line 3 is never closed'],
      [headerOnly, 'The file has a header row but no lines.'],
    ]) {
      const main = await readWith('1000000000000', text, 'main-failed.csv')
      const thread = await readWith('0', text + '\n', 'thread-failed.csv')
      expect(thread.threads).toBe(1)
      expectStatus(main.detail, 'failed')
      expectStatus(thread.detail, 'failed')
      expect(thread.detail.error).toBe(message)
      expect(main.detail.error).toBe(message)
      expect(thread.stored).toBe(0)
    }
  })
})
