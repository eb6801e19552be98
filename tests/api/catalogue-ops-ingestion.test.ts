import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces } from '../helpers/fixtures'
import { createRelease, upc } from './releases-fixtures'
import { auditLog, ingestionRows, ingestions, releases, tracks } from '../../src/server/db/schema'
import { runCommit } from '../../src/domains/catalogue-ops/server/ingestion.service'
import { silentWav } from '@server/wav'

let t: TestApp
let ws: Awaited<ReturnType<typeof twoWorkspaces>>['ws']
let admin: TestClient
let artist: TestClient
let audio: http.Server
let audioUrl: string

const wav = silentWav

const HEADER =
  'User Email,Release Title,Release Type,UPC,Label,Genre,Release Date,Original Release Date,C Line,C Year,P Line,P Year,Track Title,ISRC,Participants,Writers,Explicit,Audio URL,Status'
const row = (cells: Partial<Record<string, string>>) =>
  [
    cells.email ?? 'artist@acme.test',
    cells.release ?? 'Harbour Lights',
    cells.type ?? 'Single',
    cells.upc ?? '',
    cells.label ?? 'Acme Records',
    cells.genre ?? 'Pop',
    cells.date ?? '2027-01-15',
    cells.original ?? '',
    'Acme Records',
    '2027',
    'Acme Records',
    '2027',
    cells.track ?? 'Track',
    cells.isrc ?? '',
    cells.participants ?? 'Nina Vale:Primary Artist;Kofi:Featuring',
    'Ada Lovelace:Composer',
    cells.explicit ?? 'no',
    cells.audio ?? '',
    cells.status ?? 'draft',
  ].join(',')
const csvFile = (lines: string[], filename = 'catalogue.csv') => ({
  file: { filename, data: Buffer.from([HEADER, ...lines].join('\n')), contentType: 'text/csv' },
})

beforeAll(async () => {
  // The audio server below listens on loopback, which the fetcher refuses unless the host is allowed.
  t = await createTestApp({ env: { AUDIO_FETCH_ALLOW_HOSTS: '127.0.0.1' } })
  ;({ ws, admin, artist } = await twoWorkspaces(t, 'acme', 'globex'))
  audio = http.createServer((req, res) => {
    if (req.url?.startsWith('/ok')) res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav())
    else if (req.url?.startsWith('/text')) res.writeHead(200, { 'content-type': 'audio/wav' }).end('this is not audio at all')
    else res.writeHead(404).end('missing')
  })
  await new Promise<void>((resolve) => audio.listen(0, '127.0.0.1', resolve))
  audioUrl = `http://127.0.0.1:${(audio.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => audio.close(() => resolve()))
  await t.close()
})

/** Updates of ingestion_rows so far, and how many of them were HOT (the statistics flushed first). */
async function rowUpdates() {
  await t.services.db.execute(sql`select pg_stat_force_next_flush()`)
  await t.services.db.execute(sql`select 1`)
  const { rows } = await t.services.db.execute<{ updates: number; hot: number }>(sql`
    select n_tup_upd::int as updates, n_tup_hot_upd::int as hot from pg_stat_user_tables where relname = 'ingestion_rows'`)
  return { updates: Number(rows[0].updates), hot: Number(rows[0].hot) }
}

async function upload(lines: string[], fields: Record<string, string> = {}) {
  const accepted = await admin.ok('ingestion.upload', { multipart: { fields, files: csvFile(lines) } })
  expect(accepted.status).toBe('uploaded')
  await t.services.jobs.drain()
  return admin.ok('ingestion.single', { params: { id: accepted.id } })
}

describe('catalogue ingestion', () => {
  it('checks every row in a dry run, then commits the good rows release by release; bad rows keep their reason', async () => {
    const existing = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, upc: upc(42) }, [
      { isrc: 'GBZZZ2600001' },
    ])
    const lines = [
      row({ release: 'Harbour Lights', upc: upc(1), track: 'Harbour Lights', isrc: 'GB-AAA-27-00001', audio: `${audioUrl}/ok/one.wav` }),
      row({
        release: 'Harbour Lights',
        upc: upc(1),
        track: 'Undertow',
        isrc: 'GBAAA2700002',
        explicit: 'yes',
        audio: `${audioUrl}/missing.wav`,
      }),
      row({ release: 'Harbour Lights', upc: upc(1), track: 'Coda', audio: `${audioUrl}/text/coda.wav` }),
      row({ release: 'Night Bus', genre: 'hip hop', track: 'Night Bus', status: 'submitted' }),
      row({ release: 'Bad Codes', track: 'Wrong', isrc: 'GBAAA270000' }),
      row({ release: 'Dup', track: 'Again', isrc: 'GBAAA2700001' }),
      row({ email: 'nobody@acme.test', release: 'Ghost', track: 'Ghost' }),
      row({ release: 'Taken', upc: upc(42), track: 'Taken' }),
      row({ release: 'Old', track: 'Old', isrc: 'GBZZZ2600001' }),
      row({ release: 'Polka', genre: 'Polka', track: 'Polka', date: '2027-02-30' }),
    ]
    const dry = await upload(lines, { fetchAudio: 'true' })
    expect(dry).toMatchObject({ status: 'review', rows: 10, good: 4, bad: 6, releases: 2, progress: 1 })
    const errors = await admin.ok('ingestion.errorLogs', { query: { id: dry.id } })
    expect(errors.data.map((line) => [line.csvRow, line.error])).toEqual([
      [6, 'ISRC must look like CC-XXX-YY-NNNNN'],
      [7, 'Same ISRC as line 2'],
      [8, 'No account with this email in the workspace'],
      [9, `The UPC is already on release #${existing.release.id}`],
      [10, `The ISRC is already on track #${existing.tracks[0].id}`],
      [11, 'The genre "Polka" is not one the stores know; The release date must be a date like 2026-05-01'],
    ])
    // Nothing is created by the dry run.
    expect(await t.services.db.select().from(releases).where(eq(releases.title, 'Harbour Lights'))).toHaveLength(0)

    const committing = await admin.ok('ingestion.commit', { body: { id: dry.id } })
    expect(committing.status).toBe('committing')
    await t.services.jobs.drain()
    const done = await admin.ok('ingestion.single', { params: { id: dry.id } })
    expect(done).toMatchObject({ status: 'committed', committed: 2, failed: 2, releases: 2 })

    const [harbour] = await t.services.db.select().from(releases).where(eq(releases.title, 'Harbour Lights'))
    expect(harbour).toMatchObject({
      upc: upc(1),
      status: 0,
      label: 'Acme Records',
      primaryGenre: 'Pop',
      accountId: ws.artist.id,
      artists: ['Nina Vale'],
    })
    const harbourTracks = await t.services.db.select().from(tracks).where(eq(tracks.releaseId, harbour.id))
    expect(harbourTracks.map((track) => [track.title, track.isrc])).toEqual([['Harbour Lights', 'GBAAA2700001']])
    expect(harbourTracks[0].audioUrl).toMatch(/^\/api\/files\/\d+$/)
    const [nightBus] = await t.services.db.select().from(releases).where(eq(releases.title, 'Night Bus'))
    expect(nightBus).toMatchObject({ status: 2, primaryGenre: 'Hip-Hop/Rap' })

    const all = await admin.ok('ingestion.errorLogs', { query: { id: dry.id, filter: 'all' } })
    expect(all.data.filter((line) => line.status === 'failed').map((line) => [line.csvRow, line.error])).toEqual([
      [3, 'The audio URL answered 404'],
      [4, 'The file at the audio URL is not WAV, FLAC or MP3 audio'],
    ])
    expect(all.data.find((line) => line.csvRow === 2)).toMatchObject({ status: 'committed', releaseId: harbour.id })
    const audited = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'release.ingested'))
    expect(audited.map((entry) => entry.entityId).sort()).toEqual([String(harbour.id), String(nightBus.id)].sort())

    // The logs as CSV, every row with its status and reason.
    const download = await admin.call('ingestion.logsDownload', { query: { id: dry.id } })
    expect(download.status).toBe(200)
    expect(download.response.headers['content-type']).toMatch(/text\/csv/)
    const csv = download.response.body.split('\r\n')
    expect(csv[0]).toBe('csv_row,user_email,release_title,track_title,track_url,isrc,status,error_message')
    expect(csv).toContain('7,artist@acme.test,Dup,Again,,GBAAA2700001,invalid,Same ISRC as line 2')

    const graph = await admin.ok('ingestion.graph', { query: { days: 7 } })
    expect(graph.data).toHaveLength(7)
    expect(graph.data.at(-1)).toMatchObject({ ingested: 2, failed: 8 })
  })

  it('a commit killed mid-way leaves no half release and runs again to the end', async () => {
    const lines = [1, 2, 3].flatMap((n) => [row({ release: `Rerun ${n}`, track: `A${n}` }), row({ release: `Rerun ${n}`, track: `B${n}` })])
    const dry = await upload(lines, { fetchAudio: 'false' })
    expect(dry).toMatchObject({ good: 6, releases: 3 })
    // Committing as the commit call leaves it, without a queued job racing the run under test.
    await t.services.db.update(ingestions).set({ status: 'committing' }).where(eq(ingestions.id, dry.id))
    // The process stops after the first batch: its signal reads aborted from the second check on.
    let checks = 0
    const stopping = {
      get aborted() {
        checks += 1
        return checks > 1
      },
    } as AbortSignal
    // Batches of one release, so the stop falls between two of them.
    await expect(runCommit(t.services, ws.tenant.id, dry.id, stopping, 1)).rejects.toThrow('stopped')
    const titles = ['Rerun 1', 'Rerun 2', 'Rerun 3']
    const halfway = await t.services.db.select().from(releases).where(inArray(releases.title, titles))
    expect(halfway.map((release) => [release.title, release.trackCount])).toEqual([['Rerun 1', 2]])
    expect(await t.services.db.select().from(tracks).where(eq(tracks.releaseId, halfway[0].id))).toHaveLength(2)
    // Run again (as the job runner does after a crash): it goes on with the releases left, never making one twice,
    // a batch after the other (each starts after the last release key of the one before).
    await runCommit(t.services, ws.tenant.id, dry.id, undefined, 1)
    const made = await t.services.db.select().from(releases).where(inArray(releases.title, titles))
    expect(made.map((release) => release.title).sort()).toEqual(titles)
    for (const release of made) expect(release.trackCount).toBe(2)
    const rows = await t.services.db.select().from(ingestionRows).where(eq(ingestionRows.ingestionId, dry.id))
    expect(rows.every((entry) => entry.status === 'committed')).toBe(true)
    // A second run finds nothing left to do.
    expect((await admin.call('ingestion.commit', { body: { id: dry.id } })).status).toBe(409)
  })

  it('commits batch after batch two at a time, each release once with its one audit row', async () => {
    const lines = [1, 2, 3, 4, 5].flatMap((n) => [row({ release: `Pair ${n}`, track: `A${n}` }), row({ release: `Pair ${n}`, track: `B${n}` })])
    const dry = await upload(lines, { fetchAudio: 'false' })
    expect(dry).toMatchObject({ good: 10, releases: 5 })
    await t.services.db.update(ingestions).set({ status: 'committing' }).where(eq(ingestions.id, dry.id))
    // Batches of one release: five transactions, two of them under way at any time.
    await runCommit(t.services, ws.tenant.id, dry.id, undefined, 1)
    const titles = [1, 2, 3, 4, 5].map((n) => `Pair ${n}`)
    const made = await t.services.db.select().from(releases).where(inArray(releases.title, titles))
    expect(made.map((release) => [release.title, release.trackCount]).sort()).toEqual(titles.map((title) => [title, 2]))
    const [ingestion] = await t.services.db.select().from(ingestions).where(eq(ingestions.id, dry.id))
    expect(ingestion).toMatchObject({ status: 'committed', committed: 10, releases: 5, progress: '1.0000' })
    // The batch's audit rows, written as one statement, are the rows one insert each would write.
    const audited = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'release.ingested'), inArray(auditLog.entityId, made.map((release) => String(release.id)))))
    expect(audited).toHaveLength(5)
    for (const entry of audited) {
      const release = made.find((candidate) => String(candidate.id) === entry.entityId)
      expect(entry).toMatchObject({
        tenantId: ws.tenant.id,
        actorAccountId: ingestion.createdBy,
        entityType: 'release',
        before: null,
        after: { ingestionId: dry.id, title: release?.title, tracks: 2, status: 0 },
        ip: null,
        requestId: null,
      })
    }
  })

  it('commits many releases in one batch, and a release that fails at commit fails only its own rows', async () => {
    const lines = [1, 2, 3, 4].flatMap((n) => [row({ release: `Batch ${n}`, track: `A${n}` }), row({ release: `Batch ${n}`, track: `B${n}` })])
    const dry = await upload(lines, { fetchAudio: 'false' })
    expect(dry).toMatchObject({ good: 8, releases: 4 })
    // Between the dry run and the commit the owner of "Batch 3" goes away (its account id no longer exists).
    await t.services.db.execute(sql`
      update ingestion_rows set data = jsonb_set(data::jsonb, '{accountId}', '999999999')::json
       where ingestion_id = ${dry.id} and release_title = 'Batch 3'`)
    // The commit's own updates are counted, not the one above: a release's later rows are now small
    // (no release fields), more of them share a page, and that extra update may not find room on it.
    // The dead versions the dry run and that update left are cleared first (autovacuum's work, which
    // may or may not have come by): what is checked is that, with room on the page, every update the
    // commit makes is HOT (CI on PostgreSQL once saw 7 of 8 with the page still full of them).
    await t.services.db.execute(sql`vacuum ingestion_rows`)
    const hotBefore = await rowUpdates()
    await admin.ok('ingestion.commit', { body: { id: dry.id } })
    await t.services.jobs.drain()
    expect(await admin.ok('ingestion.single', { params: { id: dry.id } })).toMatchObject({ status: 'committed', committed: 6, failed: 2, releases: 3 })
    const made = await t.services.db
      .select()
      .from(releases)
      .where(inArray(releases.title, ['Batch 1', 'Batch 2', 'Batch 3', 'Batch 4']))
    expect(made.map((release) => [release.title, release.trackCount]).sort()).toEqual([
      ['Batch 1', 2],
      ['Batch 2', 2],
      ['Batch 4', 2],
    ])
    // Each row points at its own release and track, in CSV order.
    const rows = await t.services.db.select().from(ingestionRows).where(eq(ingestionRows.ingestionId, dry.id)).orderBy(ingestionRows.csvRow)
    for (const release of made) {
      const own = rows.filter((entry) => entry.releaseTitle === release.title)
      const releaseTracks = await t.services.db.select().from(tracks).where(eq(tracks.releaseId, release.id)).orderBy(tracks.position)
      expect(own.map((entry) => [entry.releaseId, entry.trackId, entry.trackTitle])).toEqual(
        releaseTracks.map((track) => [release.id, track.id, track.title]),
      )
    }
    expect(rows.filter((entry) => entry.status === 'failed').map((entry) => entry.releaseTitle)).toEqual(['Batch 3', 'Batch 3'])
    expect(rows.find((entry) => entry.status === 'failed')?.error).toMatch(/^The release could not be created/)
    // Marking rows committed (or failed) touches no indexed column and finds room on the row's page:
    // every such update is HOT, with no index entry written (docs/catalogue-ops.md, Bench).
    const hotAfter = await rowUpdates()
    expect(hotAfter.updates - hotBefore.updates).toBeGreaterThanOrEqual(8)
    expect(hotAfter.hot - hotBefore.hot).toBe(hotAfter.updates - hotBefore.updates)
  })

  it('refuses a file without the required columns, and non-staff', async () => {
    const bad = await admin.ok('ingestion.upload', {
      multipart: { files: { file: { filename: 'x.csv', data: Buffer.from('email,title\na@b.c,x\n') } } },
    })
    await t.services.jobs.drain()
    const failed = await admin.ok('ingestion.single', { params: { id: bad.id } })
    expect(failed.status).toBe('failed')
    expect(failed.error).toBe('The CSV needs the columns: release_title, label, genre, release_date.')
    expect((await artist.call('ingestion.upload', { multipart: { files: csvFile([row({})]) } })).status).toBe(403)
    expect((await admin.call('ingestion.commit', { body: { id: bad.id } })).status).toBe(409)
  })

  it('removes one ingestion and clears the history; the releases stay', async () => {
    const history = await admin.ok('ingestion.history', { query: {} })
    // The five ingestions the tests above made.
    expect(history.meta.total).toBe(5)
    const rowsOf = (ids: number[]) => t.services.db.select().from(ingestionRows).where(inArray(ingestionRows.ingestionId, ids))
    const ids = history.data.map((ingestion) => ingestion.id)
    // The newest with rows (the newest of all was refused for its columns and has none).
    const target = history.data.find((ingestion) => ingestion.rows > 0)!
    expect((await rowsOf([target.id])).length).toBe(target.rows)
    const removed = await admin.ok('ingestion.remove', { body: { id: target.id } })
    expect(removed.id).toBe(target.id)
    // Its rows go with it (ingestion_rows has no foreign key to cascade them); the others' stay.
    expect(await rowsOf([target.id])).toHaveLength(0)
    expect((await rowsOf(ids)).length).toBeGreaterThan(0)
    expect((await admin.ok('ingestion.history', { query: {} })).meta.total).toBe(4)
    expect(await admin.ok('ingestion.clear')).toEqual({ removed: 4 })
    expect((await admin.ok('ingestion.history', { query: {} })).meta.total).toBe(0)
    expect(await rowsOf(ids)).toHaveLength(0)
    expect(await t.services.db.select().from(releases).where(eq(releases.title, 'Harbour Lights'))).toHaveLength(1)
  })
})

// Last: it adds an ingestion to the history the tests above count.
describe('catalogue ingestion audio fetch', () => {
  it('fails the row whose audio URL names an internal host (SSRF), and only that row', async () => {
    const port = (audio.address() as AddressInfo).port
    const lines = [
      // Same server as the allowed 127.0.0.1, by a name that resolves to loopback: refused after DNS.
      row({ release: 'Inside Job', track: 'Loopback', audio: `http://localhost:${port}/ok/loop.wav` }),
      row({ release: 'Inside Job', track: 'Metadata', audio: 'http://169.254.169.254/latest/meta-data/' }),
      row({ release: 'Inside Job', track: 'Fine', audio: `${audioUrl}/ok/fine.wav` }),
    ]
    const dry = await upload(lines, { fetchAudio: 'true' })
    expect(dry).toMatchObject({ good: 3, releases: 1 })
    await admin.ok('ingestion.commit', { body: { id: dry.id } })
    await t.services.jobs.drain()
    const all = await admin.ok('ingestion.errorLogs', { query: { id: dry.id, filter: 'all' } })
    expect(all.data.map((line) => [line.trackTitle, line.status, line.error])).toEqual([
      ['Loopback', 'failed', 'The audio URL points to a private or internal address'],
      ['Metadata', 'failed', 'The audio URL points to a private or internal address'],
      ['Fine', 'committed', null],
    ])
  })

  it("stores a release's fields on its first good row only, and commits them when that row's audio failed in an earlier run", async () => {
    const lines = [
      row({ release: 'Tideline', track: 'Broken', isrc: 'bad' }),
      row({ release: 'Tideline', track: 'Gone', audio: `${audioUrl}/missing/gone.wav` }),
      row({ release: 'Tideline', track: 'Second', audio: `${audioUrl}/ok/second.wav` }),
      row({ release: 'Tideline', track: 'Third', label: 'Other Records', genre: 'Rock' }),
      row({ release: 'Tideline', track: 'Fourth' }),
    ]
    const dry = await upload(lines, { fetchAudio: 'true' })
    expect(dry).toMatchObject({ good: 4, bad: 1, releases: 1 })
    // The first good row (line 3) holds the release's fields; a later row holds its own only when they differ.
    const stored = await t.services.db.execute<{ csv_row: number; has_release: boolean }>(sql`
      select csv_row, (data::jsonb ? 'release') as has_release from ingestion_rows
       where ingestion_id = ${dry.id} and status = 'valid' order by csv_row`)
    expect(stored.rows.map((entry) => [Number(entry.csv_row), entry.has_release])).toEqual([
      [3, true],
      [4, false],
      [5, true],
      [6, false],
    ])
    // An earlier run failed line 3 (its audio) and died before committing the release; this run goes on.
    await t.services.db
      .update(ingestionRows)
      .set({ status: 'failed', error: 'The audio URL answered 404' })
      .where(and(eq(ingestionRows.ingestionId, dry.id), eq(ingestionRows.csvRow, 3)))
    await t.services.db.update(ingestions).set({ status: 'committing' }).where(eq(ingestions.id, dry.id))
    await runCommit(t.services, ws.tenant.id, dry.id)
    // The release takes the fields of its first row committed (line 4, the same as line 3's), as when every row held them.
    const [made] = await t.services.db.select().from(releases).where(eq(releases.title, 'Tideline'))
    expect(made).toMatchObject({ label: 'Acme Records', primaryGenre: 'Pop', artists: ['Nina Vale'], trackCount: 3 })
    const madeTracks = await t.services.db.select().from(tracks).where(eq(tracks.releaseId, made.id)).orderBy(tracks.position)
    expect(madeTracks.map((track) => [track.title, track.participants])).toEqual(
      ['Second', 'Third', 'Fourth'].map((title) => [title, [{ name: 'Nina Vale', roles: 'Primary Artist' }, { name: 'Kofi', roles: 'Featuring' }]]),
    )
    const all = await admin.ok('ingestion.errorLogs', { query: { id: dry.id, filter: 'all' } })
    expect(all.data.map((line) => [line.trackTitle, line.status])).toEqual([
      ['Broken', 'invalid'],
      ['Gone', 'failed'],
      ['Second', 'committed'],
      ['Third', 'committed'],
      ['Fourth', 'committed'],
    ])
  })

  it('counts a long error log up to the platform cap, then estimates it, like every other list', async () => {
    const dry = await upload([row({ release: 'Counted', track: 'One', isrc: 'bad' })], { fetchAudio: 'false' })
    await t.services.db.execute(sql`
      insert into ingestion_rows (tenant_id, ingestion_id, csv_row, release_key, status, error)
      select ${ws.tenant.id}, ${dry.id}, g, 'k' || g, 'invalid', 'Bad row' from generate_series(3, 10050) g`)
    const page = await admin.ok('ingestion.errorLogs', { query: { id: dry.id, page: 2, per_page: 25 } })
    expect(page.data[0].csvRow).toBe(27)
    expect(page.meta.totalIsEstimate).toBe(true)
    expect(page.meta.total).toBeGreaterThan(10_000)
    const history = await admin.ok('ingestion.history', { query: {} })
    expect(history.meta).toMatchObject({ totalIsEstimate: false })
  })
})
