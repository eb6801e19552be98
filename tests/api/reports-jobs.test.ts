import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readdirSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import { createTestApp, type TestApp } from '../helpers/app'
import { signedIn, twoWorkspaces } from '../helpers/fixtures'
import type { TestClient } from '../helpers/client'
import { createRelease } from './releases-fixtures'
import { dryRun, expectStatus, ledgerTotal, statementFile } from './imports-helpers'
import { fromScaled, toScaled } from '../../src/core/decimal'
import { REPORT_SOURCES, type ReportSource } from '../../src/domains/reports/server/sources'
import type { ReportRow } from '../../src/contract/reports'

let t: TestApp
let setup: Awaited<ReturnType<typeof twoWorkspaces>>
let admin: TestClient
let artist: TestClient
let releaseId: number

const sum = (values: string[]) =>
  fromScaled(
    values.reduce((total, value) => total + toScaled(value || '0', 6), 0n),
    6,
  )

/** Runs the queued report jobs and answers the report once final. */
async function finished(client: TestClient, id: number): Promise<ReportRow> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await t.services.jobs.drain()
    const report = await client.ok('reports.get', { params: { id } })
    if (report.status === 'ready' || report.status === 'failed') return report
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`report ${id} never finished`)
}

async function csvOf(client: TestClient, id: number): Promise<string[][]> {
  const result = await client.call('reports.download', { params: { id } })
  expect(result.status).toBe(200)
  expect(result.response.headers['content-disposition']).toContain('attachment')
  return parse(result.response.body) as string[][]
}

const reportCount = async () =>
  Number(
    (await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from reports where tenant_id = ${setup.ws.tenant.id}`))
      .rows[0].n,
  )

const notificationsOf = async (accountId: number) =>
  (
    await t.services.db.execute<{ title: string; message: string; link: string | null }>(
      sql`select title, message, link from notifications where account_id = ${accountId} order by id`,
    )
  ).rows

beforeAll(async () => {
  // Report ids start at 1 in every test file's database and files run side by side: a private temporary
  // folder (os.tmpdir() reads TMPDIR) keeps another file's wl-report-1-… out of the leftover check.
  process.env.TMPDIR = mkdtempSync(path.join(os.tmpdir(), 'wl-reports-jobs-'))
  t = await createTestApp()
  setup = await twoWorkspaces(t, 'acme', 'other')
  admin = setup.admin
  artist = setup.artist
  const { release } = await createRelease(
    t.services,
    { tenantId: setup.ws.tenant.id, accountId: setup.ws.artist.id, title: 'Night Drive' },
    [{ isrc: 'USWL12600001' }, { isrc: 'USWL12600002' }],
  )
  releaseId = release.id
  // Two committed statements (Jan and Feb 2026), one line matching nothing.
  for (const [month, amounts] of [
    ['2026-01', ['10.000001', '5.333333']],
    ['2026-02', ['0.666666', '2.500000', '1.25']],
  ] as const) {
    const file = statementFile(
      [
        'Sale Month,Store,ISRC,Quantity,Net',
        ...amounts.map((amount, index) => `${month},Spotify,USWL1260000${(index % 2) + 1},${index + 1},${amount}`),
        `${month},Tidal,QZZZZ2600009,1,0.50`,
      ].join('\n') + '\n',
      `sales-${month}.csv`,
    )
    const { id } = await admin.ok('earnings.importAudiosalad', { multipart: { fields: { period: month }, files: file } })
    expectStatus(await dryRun(t, admin, id), 'review')
    await admin.ok('earnings.importCommit', { params: { id } })
  }
})
afterAll(() => t.close())

describe('site reports', () => {
  it('an admin asks for monthly sales: queued, then a ready CSV whose totals equal the ledger, and a notification', async () => {
    const queued = await admin.ok('siteReports.monthly-sales', { body: {} })
    expect(queued).toMatchObject({
      scope: 'site',
      kind: 'monthly-sales',
      type: 'Monthly sales',
      status: 'queued',
      statusCode: 0,
      user: null,
    })
    expect(queued.admin?.id).toBe(setup.ws.admin.id)
    expect(queued.period).toBe('All time')
    const ready = await finished(admin, queued.id)
    expect(ready.status, ready.error ?? '').toBe('ready')
    expect(ready.statusCode).toBe(2)
    expect(ready.rows).toBe(2)
    expect(ready.file?.name).toMatch(/^monthly-sales-all-time-\d+\.csv$/)
    const [header, ...rows] = await csvOf(admin, queued.id)
    expect(header).toEqual(['month', 'lines', 'quantity', 'net_usd', 'admin_fee_usd', 'unmatched_usd'])
    expect(rows.map((row) => row[0])).toEqual(['2026-01', '2026-02'])
    // The statements' net is what the ledger credited (every book but clearing).
    const ledger = await ledgerTotal(t, setup.ws.tenant.id, sql`book <> 'clearing'`)
    expect(sum(rows.map((row) => row[3]))).toBe(ledger)
    expect(sum(rows.map((row) => row[5]))).toBe('1.000000')
    const notes = await notificationsOf(setup.ws.admin.id)
    expect(notes.at(-1)).toMatchObject({ title: 'Monthly sales report ready', link: `/reports/site/1?report=${queued.id}` })
    expect(notes.at(-1)?.message).toContain('2 rows')
  })

  it('raw data over a period: one row per statement line of that month, net in base currency summing to the import', async () => {
    const queued = await admin.ok('siteReports.raw-data', { body: { from: '2026-02', to: '2026-02' } })
    expect(queued.period).toBe('2026-02')
    const ready = await finished(admin, queued.id)
    expect(ready.status, ready.error ?? '').toBe('ready')
    const [header, ...rows] = await csvOf(admin, queued.id)
    expect(header).toContain('net_usd')
    expect(rows).toHaveLength(4)
    expect(ready.rows).toBe(4)
    const at = (name: string) => header.indexOf(name)
    expect(new Set(rows.map((row) => row[at('period')]))).toEqual(new Set(['2026-02']))
    expect(sum(rows.map((row) => row[at('net_usd')]))).toBe('4.916666')
    const matched = rows.filter((row) => row[at('isrc')] !== 'QZZZZ2600009')
    expect(matched.every((row) => row[at('release')] === 'Night Drive' && row[at('matched_account')] !== '')).toBe(true)
    expect(rows.find((row) => row[at('isrc')] === 'QZZZZ2600009')?.[at('matched_account')]).toBe('')
  })

  it('kinds whose data arrives later answer 409 with the reason and create nothing', async () => {
    const before = await reportCount()
    const result = await admin.call('siteReports.influencer', { body: {} })
    expect(result.status).toBe(409)
    expect(result.error.message).toBe('The influencer report is not available yet: its data arrives with Audience.')
    expect(await reportCount()).toBe(before)
  })

  it('refuses a malformed or reversed period with a clear message', async () => {
    const bad = await admin.call('siteReports.monthly-sales', { body: { from: '2026-13' } })
    expect(bad.status).toBe(400)
    expect(bad.error.errors?.from).toBe('Use a month like 2026-05')
    const reversed = await admin.call('siteReports.monthly-sales', { body: { from: '2026-05', to: '2026-02' } })
    expect(reversed.status).toBe(400)
    expect(reversed.error.errors?.to).toBe('The last month must not be before the first month')
    const admins = await admin.call('siteReports.monthly-sales', { body: { userId: setup.ws.operator.id } })
    expect(admins.status).toBe(400)
  })

  it('a failing source marks the report failed with the error, leaves no temporary file, tells the requester, and retry runs it again', async () => {
    const sources = REPORT_SOURCES as Record<string, ReportSource>
    const real = sources['monthly-sales']
    sources['monthly-sales'] = {
      header: real.header,
      async *rows() {
        yield ['2026-01', '1', '1', '1', '0', '0']
        throw new Error('The database went away')
      },
    }
    let id: number
    try {
      id = (await admin.ok('siteReports.monthly-sales', { body: { from: '2026-01' } })).id
      const failed = await finished(admin, id)
      expect(failed).toMatchObject({ status: 'failed', statusCode: 3, error: 'The database went away', file: null })
    } finally {
      sources['monthly-sales'] = real
    }
    expect(readdirSync(os.tmpdir()).filter((name) => name.startsWith(`wl-report-${id}-`))).toEqual([])
    expect((await notificationsOf(setup.ws.admin.id)).at(-1)).toMatchObject({ title: 'Monthly sales report failed' })
    expect((await admin.call('reports.download', { params: { id } })).status).toBe(409)
    const again = await admin.ok('reports.retry', { params: { id } })
    expect(again.status).toBe('queued')
    const ready = await finished(admin, id)
    expect(ready.status).toBe('ready')
    expect(ready.rows).toBe(2)
    const retryReady = await admin.call('reports.retry', { params: { id } })
    expect(retryReady.status).toBe(409)
  })
})

describe('scopes and access', () => {
  it('an artist asks for its own report (scope user), sees only its own, and never site reports', async () => {
    const queued = await artist.ok('siteReports.monthly-sales', { body: { from: '2026-01', to: '2026-02' } })
    expect(queued).toMatchObject({ scope: 'user', user: { id: setup.ws.artist.id } })
    const ready = await finished(artist, queued.id)
    expect(ready.status, ready.error ?? '').toBe('ready')
    const [, ...rows] = await csvOf(artist, queued.id)
    const balance = await ledgerTotal(t, setup.ws.tenant.id, sql`book = 'account' and account_id = ${setup.ws.artist.id}`)
    expect(sum(rows.map((row) => row[3]))).toBe(balance)

    const mine = await artist.ok('reports.list', { query: { page: 1 } })
    expect(mine.data.map((row) => row.id)).toEqual([queued.id])
    expect((await artist.call('reports.siteReports', { query: { page: 1 } })).status).toBe(403)
    expect((await artist.call('reports.adminReports', { query: { page: 1 } })).status).toBe(403)
    expect((await artist.call('siteReports.monthly-sales', { body: { userId: setup.ws.label.id } })).status).toBe(403)

    const site = await admin.ok('reports.siteReports', { query: { page: 1 } })
    expect(site.data.length).toBeGreaterThan(0)
    expect(site.data.every((row) => row.scope === 'site')).toBe(true)
    const siteId = site.data[0].id
    expect((await artist.call('reports.get', { params: { id: siteId } })).status).toBe(404)
    expect((await artist.call('reports.download', { params: { id: siteId } })).status).toBe(404)
    expect((await setup.otherAdmin.call('reports.download', { params: { id: queued.id } })).status).toBe(404)
    expect((await setup.otherAdmin.ok('reports.list', { query: { page: 1 } })).data).toEqual([])
  })

  it("an admin naming an account gets that account's report in the user list; another artist cannot read it", async () => {
    const queued = await admin.ok('siteReports.monthly-sales', { body: { userId: setup.ws.artist.id } })
    expect(queued).toMatchObject({ scope: 'user', user: { id: setup.ws.artist.id }, admin: { id: setup.ws.admin.id } })
    const users = await admin.ok('reports.list', { query: { page: 1, userId: setup.ws.artist.id } })
    expect(users.data[0].id).toBe(queued.id)
    const label = await signedIn(t.app, 'label@acme.test')
    expect((await label.call('reports.get', { params: { id: queued.id } })).status).toBe(404)
    const missing = await admin.call('siteReports.monthly-sales', { body: { userId: 999_999 } })
    expect(missing.status).toBe(400)
    expect(missing.error.errors?.userId).toBe('There is no such account in this workspace.')
  })

  it('lists filter by status and kind, newest first, paged', async () => {
    const ready = await admin.ok('reports.siteReports', { query: { page: 1, status: 'ready', kind: 'monthly-sales' } })
    expect(ready.data.every((row) => row.status === 'ready' && row.kind === 'monthly-sales')).toBe(true)
    const ids = ready.data.map((row) => row.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    const bad = await admin.call('reports.siteReports', { query: { page: 1, status: 'done' as never } })
    expect(bad.status).toBe(400)
  })
})

describe('release and artist earnings reports', () => {
  it('creates admin reports for a release and an account, listed per release and account; the job finishes either way', async () => {
    const release = await admin.ok('reports.requestReleaseEarning', { body: { releaseId, from: '2026-01' } })
    expect(release).toMatchObject({ scope: 'admin', kind: 'release-earning', type: 'Release earnings', user: { id: setup.ws.artist.id } })
    expect(release.params).toEqual({ releaseId })
    const account = await admin.ok('reports.requestArtistEarning', { body: { userId: setup.ws.artist.id } })
    expect(account).toMatchObject({ scope: 'admin', kind: 'artist-earning' })
    for (const report of [release, account]) {
      const done = await finished(admin, report.id)
      // Until its source is installed the job fails cleanly, saying so; with it, the file is ready.
      if (REPORT_SOURCES[report.kind]) expect(done.status, done.error ?? '').toBe('ready')
      else {
        expect(done.status).toBe('failed')
        expect(done.error).toBe(`The ${done.type.toLowerCase()} report cannot be produced: this server has no source for it.`)
      }
    }
    expect((await admin.ok('reports.releaseEarnings', { params: { id: releaseId } })).data.map((row) => row.id)).toEqual([release.id])
    expect((await admin.ok('reports.artistEarnings', { params: { id: setup.ws.artist.id } })).data.map((row) => row.id)).toEqual([
      account.id,
    ])
    const listed = await admin.ok('reports.adminReports', { query: { page: 1 } })
    expect(listed.data.map((row) => row.id)).toEqual([account.id, release.id])
    expect((await artist.call('reports.requestArtistEarning', { body: { userId: setup.ws.artist.id } })).status).toBe(403)
    const otherRelease = await setup.otherAdmin.call('reports.requestReleaseEarning', { body: { releaseId } })
    expect(otherRelease.status).toBe(400)
    expect(otherRelease.error.errors?.releaseId).toBe('There is no such release in this workspace.')
  })
})

describe('palette search', () => {
  it('finds reports by kind label and by id; an artist only its own', async () => {
    const hits = (await admin.ok('search.query', { query: { q: 'monthly sales', kinds: 'report' } })).hits
    expect(hits.length).toBeGreaterThan(0)
    expect(hits[0].title).toMatch(/^Monthly sales · /)
    const own = (await artist.ok('search.query', { query: { q: 'monthly', kinds: 'report' } })).hits
    expect(own.length).toBeGreaterThan(0)
    for (const hit of own) expect((await artist.call('reports.get', { params: { id: hit.id } })).status).toBe(200)
    const byId = (await admin.ok('search.query', { query: { q: `report:${own[0].id}`, kinds: 'report' } })).hits
    expect(byId.map((hit) => hit.id)).toEqual([own[0].id])
  })
})
