import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { createRelease } from './releases-fixtures'
import { dryRun, expectStatus, lineCount, statementFile } from './imports-helpers'
import { parseImport } from '../../src/domains/earnings/server/imports/parse'
import type { ImportLine } from '../../src/contract/earnings-imports'

// The dry run stages every line (COPY on PostgreSQL, inserts on PGlite) into a table of the import's
// own and matches and stores them in one SQL statement (line-store.ts, stage-sink.ts). What it keeps
// must be what the reading in JavaScript kept: each line's match (ISRC → the lowest track id, else UPC,
// else a remembered manual match of the ISRC, then of the UPC), the unmatched lines as rows, the
// matched ones located in blocks of the stored file (read back by byte range: multi-byte text and
// quoted line breaks included), the groups' sums, bad lines with their messages; on both reading
// paths (the main thread and the reading thread); and no stage left behind, even after a crash.

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
const previousMin = process.env.STATEMENT_READ_THREAD_MIN_BYTES
/** ISRC → the track (lowest id) and its release. */
const tracksByIsrc = new Map<string, { track: number; release: number }>()
let upcRelease = 0
let manualIsrc = { track: 0, release: 0 }
let manualUpcRelease = 0

const UPC = '123456789012'
const MANUAL_UPC = '999999999999'
const MANUAL_ISRC = 'QZMAN3900001'
const isrcOf = (n: number) => `USWL139${String(n).padStart(5, '0')}`

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  const first = await createRelease(
    t.services,
    { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive' },
    Array.from({ length: 30 }, (_, index) => ({ isrc: isrcOf(index + 1) })),
  )
  // A second release with a UPC, whose track repeats an ISRC of the first: the lower id decides.
  const second = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Second', upc: UPC }, [
    { isrc: isrcOf(1) },
  ])
  const third = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Third' }, [{}])
  upcRelease = second.release.id
  manualUpcRelease = third.release.id
  const { rows } = await t.services.db.execute<{ id: number; release_id: number; isrc: string }>(
    sql`select id, release_id, isrc from tracks where tenant_id = ${ws.tenant.id} and isrc is not null order by id`,
  )
  for (const row of rows)
    if (!tracksByIsrc.has(row.isrc)) tracksByIsrc.set(row.isrc, { track: Number(row.id), release: Number(row.release_id) })
  expect(first.release.id).toBe(tracksByIsrc.get(isrcOf(1))!.release)
  manualIsrc = tracksByIsrc.get(isrcOf(7))!
  await t.services.db.execute(sql`
    insert into statement_manual_matches (tenant_id, key_kind, key, track_id, release_id) values
      (${ws.tenant.id}, 'isrc', ${MANUAL_ISRC}, ${manualIsrc.track}, ${manualIsrc.release}),
      (${ws.tenant.id}, 'upc', ${MANUAL_UPC}, null, ${manualUpcRelease})`)
})
afterEach(() => {
  delete process.env.STATEMENT_FINISH_PART_MIN_LINES
  if (previousMin === undefined) delete process.env.STATEMENT_READ_THREAD_MIN_BYTES
  else process.env.STATEMENT_READ_THREAD_MIN_BYTES = previousMin
})
afterAll(() => t.close())

const HEADER = 'Sale Month,Store,Country,UPC,ISRC,Track Title,Artist,Quantity,Gross,Net'
const STORES = ['Spotify', 'Deezer', 'Apple Music', 'Tidal']

interface Expected {
  lineNo: number
  isrc: string | null
  upc: string | null
  title: string
  channel: string
  quantity: number
  micros: bigint
  matchedBy: 'isrc' | 'upc' | 'manual' | null
  track: number | null
  release: number | null
}

const money = (micros: bigint) => `${micros / 1_000_000n}.${String(micros % 1_000_000n).padStart(6, '0')}`

/**
 * 2,600 records (three blocks of matched lines): ISRCs of the catalogue, unknown ISRCs, UPC-only
 * lines, keys matched by hand before, exact duplicate lines, multi-byte and quoted multi-line
 * titles, blank lines, and bad lines; with what each line should become.
 */
function statement(seed: string) {
  const records = [HEADER]
  const expected: Expected[] = []
  const errors: { line: number; message: string }[] = []
  let lineNo = 1
  let previous: string | null = null
  for (let index = 0; index < 2_600; index += 1) {
    lineNo += 1
    if (index % 400 === 3) {
      records.push(',,,,,,,,,')
      continue
    }
    if (index % 50 === 10 && previous !== null) {
      // The line before, again, byte for byte.
      records.push(previous)
      const copy = { ...expected[expected.length - 1], lineNo }
      expected.push(copy)
      continue
    }
    let isrc: string | null = isrcOf((index % 30) + 1)
    let upc: string | null = null
    if (index % 10 === 3) isrc = `QZNOT${seed}${String(index).padStart(5, '0')}`
    else if (index % 10 === 5) isrc = null
    if (index % 10 === 5) upc = UPC
    if (index % 10 === 7 && index % 3 === 0) isrc = MANUAL_ISRC
    if (index % 97 === 0) {
      isrc = `QZUPC${seed}${String(index).padStart(5, '0')}`
      upc = MANUAL_UPC
    }
    const title = index % 11 === 0 ? `Café № ${index} — ünïcødé` : index % 120 === 1 ? `Night, "Drive"\nPart ${index}` : `Track ${index}`
    const cellTitle = title.includes('"') || title.includes(',') || title.includes('\n') ? `"${title.replace(/"/g, '""')}"` : title
    const micros = BigInt(1 + ((index * 7919) % 9_000_000))
    const channel = STORES[index % STORES.length]
    const quantity = (index % 9) + 1
    let net = money(micros)
    if (index % 250 === 1) net = 'abc'
    if (index % 300 === 2) net = ''
    const record = `2026-04,${channel},US,${upc ?? ''},${isrc ?? ''},${cellTitle},Artist,${quantity},${net},${net}`
    records.push(record)
    previous = record
    if (net === 'abc' || net === '') {
      errors.push({ line: lineNo, message: net === '' ? 'Net is empty' : 'Gross "abc" is not a number' })
      previous = null
      continue
    }
    const byIsrc = isrc === null ? undefined : tracksByIsrc.get(isrc)
    let match: Pick<Expected, 'matchedBy' | 'track' | 'release'> = { matchedBy: null, track: null, release: null }
    if (byIsrc) match = { matchedBy: 'isrc', track: byIsrc.track, release: byIsrc.release }
    else if (upc === UPC) match = { matchedBy: 'upc', track: null, release: upcRelease }
    else if (isrc === MANUAL_ISRC) match = { matchedBy: 'manual', track: manualIsrc.track, release: manualIsrc.release }
    else if (upc === MANUAL_UPC) match = { matchedBy: 'manual', track: null, release: manualUpcRelease }
    expected.push({ lineNo, isrc, upc, title, channel, quantity, micros, ...match })
  }
  return { text: records.join('\n') + '\n', expected, errors }
}

async function allLines(admin: Awaited<ReturnType<typeof signedIn>>, id: number): Promise<ImportLine[]> {
  const lines: ImportLine[] = []
  for (let page = 1; ; page += 1) {
    const answer = await admin.ok('earnings.importLines', { params: { id }, query: { per_page: 100, page } })
    lines.push(...answer.data)
    if (answer.data.length < 100) return lines
  }
}

const stagesLeft = async () => {
  const { rows } = await t.services.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_class where relname like 'statement_stage_%' and relkind = 'r'`,
  )
  return Number(rows[0].n)
}

describe.each([
  ['the main thread', '999999999999', ''],
  ['the reading thread', '0', ''],
  // On PostgreSQL a large stage is finished in two parts at once: this file is split as one would be.
  ['the reading thread, finished in parts', '0', '0'],
])('a statement read on %s', (_path, min, partMin) => {
  it('keeps every line with the match, sums, blocks and errors the rules give', async () => {
    process.env.STATEMENT_READ_THREAD_MIN_BYTES = min
    process.env.STATEMENT_FINISH_PART_MIN_LINES = partMin
    const admin = await signedIn(t.app, 'admin@acme.test')
    const { text, expected, errors } = statement(partMin ? 'P' : min === '0' ? 'T' : 'M')
    const upload = await admin.ok('earnings.importAudiosalad', {
      multipart: { fields: { period: '2026-04' }, files: statementFile(text, `stage-${min}.csv`) },
    })
    const detail = await dryRun(t, admin, upload.id)
    expectStatus(detail, 'review')
    const report = detail.report!
    const count = (by: Expected['matchedBy']) => expected.filter((line) => line.matchedBy === by).length
    expect(report.rows).toBe(expected.length)
    expect(report.matched).toEqual({ isrc: count('isrc'), upc: count('upc'), manual: count('manual') })
    expect(count('isrc') && count('upc') && count('manual') && count(null)).toBeGreaterThan(0)
    const unmatched = expected.filter((line) => line.matchedBy === null)
    expect(report.unmatched.rows).toBe(unmatched.length)
    expect(report.unmatched.net).toBe(money(unmatched.reduce((sum, line) => sum + line.micros, 0n)))
    expect(report.netBase).toBe(money(expected.reduce((sum, line) => sum + line.micros, 0n)))
    expect(report.errors.count).toBe(errors.length)
    expect(report.errors.samples.map((error) => error.line)).toEqual(errors.map((error) => error.line))
    expect(report.errors.samples).toEqual(errors)
    for (const channel of STORES) {
      const of = expected.filter((line) => line.channel === channel)
      expect(report.channels.find((row) => row.channel === channel)).toMatchObject({
        channel,
        rows: of.length,
        net: money(of.reduce((sum, line) => sum + line.micros, 0n)),
      })
    }

    // Every line, in file order, as the rules matched it (matched lines read back from the file's bytes).
    const lines = await allLines(admin, upload.id)
    expect(lines.map((line) => line.lineNo)).toEqual(expected.map((line) => line.lineNo))
    for (const [index, line] of lines.entries()) {
      const want = expected[index]
      expect(
        {
          isrc: line.isrc,
          upc: line.upc,
          title: line.title,
          quantity: line.quantity,
          net: line.netBase,
          matchedBy: line.matchedBy,
          track: line.track?.id ?? null,
          release: line.release?.id ?? null,
          kept: line.id === null ? 'block' : 'row',
        },
        `line ${want.lineNo}`,
      ).toEqual({
        isrc: want.isrc,
        upc: want.upc,
        title: want.title,
        quantity: want.quantity,
        net: money(want.micros),
        matchedBy: want.matchedBy,
        track: want.track,
        release: want.release,
        kept: want.matchedBy === null ? 'row' : 'block',
      })
    }
    expect(await lineCount(t, upload.id)).toBe(expected.length)

    // The groups: per (period, channel, territory, release, track), summing its lines exactly (one row
    // per key, or one per key and part when finished in parts: readers group).
    const sums = new Map<string, { lines: number; quantity: number; micros: bigint }>()
    for (const line of expected.filter((row) => row.matchedBy !== null)) {
      const key = `${line.channel}|${line.release}|${line.track ?? ''}`
      const sum = sums.get(key) ?? { lines: 0, quantity: 0, micros: 0n }
      sum.lines += 1
      sum.quantity += line.quantity
      sum.micros += line.micros
      sums.set(key, sum)
    }
    const { rows } = await t.services.db.execute<{ key: string; lines: number; quantity: number; net: string }>(sql`
      select channel || '|' || release_id || '|' || coalesce(track_id::text, '') as key, sum(lines)::int as lines,
        sum(quantity)::int as quantity, sum(net_base)::text as net
      from statement_line_groups where import_id = ${upload.id} and period = '2026-04-01' and territory = 'US'
      group by 1`)
    const keys = await t.services.db.execute<{ n: number; rows: number }>(sql`
      select count(distinct (channel, release_id, track_id))::int as n, count(*)::int as rows
      from statement_line_groups where import_id = ${upload.id}`)
    if (!partMin || t.services.database.kind !== 'postgres') expect(Number(keys.rows[0].rows)).toBe(Number(keys.rows[0].n))
    expect(new Map(rows.map((row) => [row.key, { lines: row.lines, quantity: row.quantity, net: money(BigInt(row.net.replace('.', ''))) }]))).toEqual(
      new Map([...sums].map(([key, sum]) => [key, { lines: sum.lines, quantity: sum.quantity, net: money(sum.micros) }])),
    )
    // Blocks of 1,000 matched lines in line order (a part's last block fewer), ordered as the lines.
    const blocks = await t.services.db.execute<{ lines: number; first_line: number; last_line: number }>(
      sql`select lines, first_line, last_line from statement_line_blocks where import_id = ${upload.id} order by block_no`,
    )
    const matched = expected.length - unmatched.length
    const sizes = blocks.rows.map((row) => Number(row.lines))
    if (partMin && t.services.database.kind === 'postgres') {
      const half = Math.ceil(expected[expected.length - 1].lineNo / 2)
      const first = expected.filter((line) => line.matchedBy !== null && line.lineNo <= half).length
      expect(sizes).toEqual([1000, first - 1000, 1000, matched - first - 1000])
    } else expect(sizes).toEqual([1000, 1000, matched - 2000])
    for (let index = 1; index < blocks.rows.length; index += 1)
      expect(Number(blocks.rows[index].first_line)).toBeGreaterThan(Number(blocks.rows[index - 1].last_line))
    expect(await stagesLeft()).toBe(0)
  })
})

describe('the stage', () => {
  it('a read that died with its stage left behind starts again from no lines and drops it', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    const { text, expected } = statement('C')
    const upload = await admin.ok('earnings.importAudiosalad', {
      multipart: { fields: { period: '2026-04' }, files: statementFile(text, 'stage-crash.csv') },
    })
    const detail = await dryRun(t, admin, upload.id)
    expectStatus(detail, 'review')
    // As if the server died mid-read: status parsing, and the stage as the read left it, half full.
    await t.services.db.execute(sql`update statement_imports set status = 'parsing' where id = ${upload.id}`)
    await t.services.db.execute(
      sql.raw(`create unlogged table statement_stage_${upload.id} (line_no integer, period date, isrc text, upc text, title text,
        artist text, channel text, territory text, quantity bigint, gross numeric, net numeric, net_base numeric, byte_start bigint, byte_end bigint)`),
    )
    await t.services.db.execute(
      sql.raw(`insert into statement_stage_${upload.id} values (2, '2026-04-01', '${isrcOf(1)}', null, 'x', 'x', 'Spotify', 'US', 1, 5, 5, 5, 0, 10)`),
    )
    expect(await stagesLeft()).toBe(1)
    const job = await t.services.db.execute<{ job_id: number }>(sql`select job_id from statement_imports where id = ${upload.id}`)
    expect(await parseImport(t.services, ws.tenant.id, upload.id, { jobId: Number(job.rows[0].job_id) })).toBe(true)
    const again = await admin.ok('earnings.import', { params: { id: upload.id } })
    expectStatus(again, 'review')
    expect(again.report).toEqual(detail.report)
    expect(await lineCount(t, upload.id)).toBe(expected.length)
    expect(await stagesLeft()).toBe(0)
  })

  it('a read that fails keeps no lines and no stage', async () => {
    const admin = await signedIn(t.app, 'admin@acme.test')
    // A record the CSV reader cannot read (an unclosed quote) after lines already staged.
    const { text } = statement('F')
    const upload = await admin.ok('earnings.importAudiosalad', {
      multipart: { fields: { period: '2026-04' }, files: statementFile(`${text}2026-04,Spotify,US,,${isrcOf(2)},"never closed,A,1,1,1\n`, 'stage-fail.csv') },
    })
    const detail = await dryRun(t, admin, upload.id)
    expectStatus(detail, 'failed')
    expect(detail.error).toMatch(/The CSV could not be read at line/)
    expect(await lineCount(t, upload.id)).toBe(0)
    expect(await stagesLeft()).toBe(0)
  })
})
