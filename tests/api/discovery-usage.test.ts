import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { parse } from 'csv-parse/sync'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces, type createWorkspace } from '../helpers/fixtures'
import { createRelease, upc } from './releases-fixtures'
import { auditsOf } from './payouts-fixtures'
import { startFakeUsageProvider } from '../fakes/usage-provider'
import { createHttpUsageProvider, parseProviderMatch, signBody, type ProviderMatch } from '../../src/domains/discovery/server/usage/provider'
import { refreshMatches, titleAssets } from '../../src/domains/discovery/server/usage/service'
import type { Services } from '../../src/server/context'

const KEY = 'usage-key'
const SECRET = 'usage-webhook-secret'
let fake: Awaited<ReturnType<typeof startFakeUsageProvider>>
let t: TestApp
let bare: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  fake = await startFakeUsageProvider({ key: KEY, webhookSecret: SECRET })
  t = await createTestApp({ env: { USAGE_DISCOVERY_URL: fake.url, USAGE_DISCOVERY_KEY: KEY, USAGE_DISCOVERY_WEBHOOK_SECRET: SECRET } })
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'usagews', 'usageother'))
})
afterAll(async () => {
  await t.close()
  await bare?.close()
  await fake.close()
})

let serial = 0
async function liveRelease(tracks = 2, status = 1) {
  serial += 1
  return createRelease(
    t.services,
    { tenantId: ws.tenant.id, accountId: ws.artist.id, title: `Echo ${serial}`, status, upc: upc(8000 + serial) },
    Array.from({ length: tracks }, (_, index) => ({ isrc: `USUD1${String(serial).padStart(2, '0')}0000${index}`, audioUrl: fake.audioUrl(`t${serial}-${index}.wav`) })),
  )
}

/** Submits tracks, runs the register job, answers the in-discovery rows of those tracks. */
async function inDiscovery(trackIds: number[]) {
  await admin.ok('pex.submitTracks', { body: { trackIds } })
  await t.services.jobs.drain()
  const list = await admin.ok('pex.uploadedTracks', { params: { page: 1 }, query: { per_page: 100 } })
  return trackIds.map((id) => list.data.find((row) => row.trackId === id)!)
}

async function refresh() {
  await admin.ok('pex.refresh')
  await t.services.jobs.drain()
}

describe('the provider adapter', () => {
  it('registers an asset with its audio, reads the match feed by cursor and checks webhook signatures', async () => {
    const provider = createHttpUsageProvider({ url: fake.url, key: KEY, webhookSecret: SECRET, name: 'Fake' })
    expect(provider.configured).toBe(true)
    const { assetId } = await provider.register({
      reference: 't999:1',
      title: 'Direct',
      isrc: 'USXX12600001',
      audio: { bytes: Buffer.from('RIFFxxxxWAVEfmt '), filename: 'a.wav', contentType: 'audio/wav' },
    })
    expect(fake.assets.get(assetId)).toMatchObject({ reference: 't999:1', title: 'Direct', isrc: 'USXX12600001', audioBytes: 16 })
    fake.addMatches(assetId, [{}, {}, {}])
    const first = await provider.matches('t999:', null, 2)
    expect(first.matches).toHaveLength(2)
    const second = await provider.matches('t999:', first.next, 2)
    expect(second.matches).toHaveLength(1)
    expect(await provider.matches('t998:', null, 2)).toEqual({ matches: [], next: null })
    const body = Buffer.from('{"matches":[]}')
    expect(provider.verify(body, signBody(SECRET, body))).toBe(true)
    expect(provider.verify(body, signBody('wrong', body))).toBe(false)
    expect(provider.verify(body, undefined)).toBe(false)
    const wrongKey = createHttpUsageProvider({ url: fake.url, key: 'nope', name: 'Fake' })
    await expect(wrongKey.matches('t', null, 1)).rejects.toThrow(/Fake answered 401: Invalid API key/)
    expect(parseProviderMatch({ id: 'x', asset_id: 'a', platform: 'myspace', copy_percentage: 250 })).toMatchObject({ platform: 'raw', copyPercentage: 100 })
    expect(parseProviderMatch({ asset_id: 'a' })).toBeNull()
  })

  it('without configuration the product says "not configured" and refuses to submit', async () => {
    bare = await createTestApp()
    const { admin: bareAdmin } = await twoWorkspaces(bare, 'bare', 'bareother')
    const list = await bareAdmin.ok('pex.matches', { params: { page: 1 }, query: { per_page: 25 } })
    expect(list.provider).toEqual({ name: 'Usage discovery', configured: false })
    const refused = await bareAdmin.call('pex.submitTracks', { body: { trackIds: [1] } })
    expect(refused.status).toBe(503)
    expect(refused.error.message).toBe('Usage discovery is not configured')
    expect((await bare.app.inject({ method: 'POST', url: '/api/pex/webhook', payload: { matches: [] } })).statusCode).toBe(503)
    // A second app of its own (migrated from scratch): slow on a loaded machine.
  }, 180_000)
})

describe('submitting for usage discovery', () => {
  it('registers tracks of live releases with their audio; reports ones already in discovery; refuses others', async () => {
    const { release, tracks } = await liveRelease(2)
    const { tracks: draftTracks } = await liveRelease(1, 0)
    const answer = await admin.ok('pex.submitTracks', { body: { trackIds: [tracks[0].id, draftTracks[0].id] } })
    expect(answer.submitted).toBe(1)
    expect(answer.refused).toEqual([{ trackId: draftTracks[0].id, reason: `Only tracks of live releases go to usage discovery; “${draftTracks[0].title}” is not live.` }])
    await t.services.jobs.drain()
    const whole = await admin.ok('pex.submitReleases', { body: { releaseIds: [release.id] } })
    expect(whole).toMatchObject({ submitted: 1, alreadyInDiscovery: [tracks[0].id] })
    await t.services.jobs.drain()
    const list = await admin.ok('pex.uploadedTracks', { params: { page: 1 }, query: { per_page: 100 } })
    const rows = list.data.filter((row) => row.release.id === release.id)
    expect(rows.map((row) => row.status)).toEqual(['registered', 'registered'])
    expect(rows[0]).toMatchObject({ adminId: ws.admin.id, user: { id: ws.artist.id }, release: { title: release.title } })
    const asset = fake.assets.get(rows[0].assetId!)!
    expect(asset.reference).toBe(`t${ws.tenant.id}:${rows[0].id}`)
    expect(asset.audioBytes).toBeGreaterThan(100)
    const releases = await admin.ok('pex.releases', { params: { page: 1 }, query: { per_page: 25 } })
    expect(releases.data.find((row) => row.id === release.id)).toMatchObject({ tracks: 2, inDiscovery: 2, cancelled: 0 })
    const trackList = await admin.ok('pex.tracks', { params: { page: 1 }, query: { per_page: 100, search: release.title } })
    expect(trackList.data.map((row) => row.status)).toEqual(['registered', 'registered'])
    expect(await auditsOf(t.services, ws.tenant.id, 'usage_discovery.submitted')).not.toHaveLength(0)
  })

  it('a track without audio fails with the reason; removing cancels (overriding every status) and tells the provider', async () => {
    const { tracks } = await liveRelease(2)
    await t.services.db.execute(sql`update tracks set audio_url = null where id = ${tracks[1].id}`)
    const [ok, failed] = await inDiscovery([tracks[0].id, tracks[1].id])
    expect(failed).toMatchObject({ status: 'failed', error: 'The track has no audio file.' })
    await admin.ok('pex.remove', { body: { ids: [ok.id, failed.id] } })
    await t.services.jobs.drain()
    const list = await admin.ok('pex.uploadedTracks', { params: { page: 1 }, query: { per_page: 100, status: 'cancelled' } })
    expect(list.data.filter((row) => [ok.id, failed.id].includes(row.id)).map((row) => row.status)).toEqual(['cancelled', 'cancelled'])
    expect(fake.assets.get(ok.assetId!)?.removed).toBe(true)
    expect((await admin.call('pex.remove', { body: { ids: [ok.id] } })).status).toBe(409)
    // A cancelled track can be submitted again.
    expect((await admin.ok('pex.submitTracks', { body: { trackIds: [tracks[0].id] } })).submitted).toBe(1)
  })
})

describe('matches', () => {
  it('arrive by polling, are stored once per provider id and refreshed; the list and the detail show them', async () => {
    const { tracks } = await liveRelease(1)
    const [row] = await inDiscovery([tracks[0].id])
    const [made] = fake.addMatches(row.assetId!, [{ platform: 'twitch', views: 500, copyPercentage: 42.456 }])
    await refresh()
    let list = await admin.ok('pex.matches', { params: { page: 1 }, query: { per_page: 100, search: made.id } })
    expect(list.data).toHaveLength(1)
    expect(list.data[0]).toMatchObject({ matchId: made.id, platform: 'twitch', userName: made.user_name, copyTitle: made.copy_title, status: 'new' })
    // The same match seen again (by the webhook, with more views) updates it, never duplicates it.
    const again = { ...made, views: 900 }
    const body = JSON.stringify({ matches: [again] })
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/api/pex/webhook',
      headers: { 'content-type': 'application/json', 'x-usage-signature': signBody(SECRET, body) },
      payload: body,
    })
    expect(pushed.statusCode).toBe(200)
    expect(pushed.json()).toEqual({ received: 1, stored: 1 })
    list = await admin.ok('pex.matches', { params: { page: 1 }, query: { per_page: 100, search: made.id } })
    expect(list.data).toHaveLength(1)
    const detail = await admin.ok('pex.match', { params: { id: list.data[0].id } })
    expect(detail).toMatchObject({
      views: 900,
      shares: 12,
      duration: 3600,
      matchLength: 95.5,
      copyPercentage: '42.46',
      segments: [
        { original: [0, 30], copy: [600, 630] },
        { original: [45, 110.5], copy: [900, 965.5] },
      ],
      track: { id: tracks[0].id },
      release: { id: tracks[0].releaseId },
      mediaUrl: made.media_url,
      userUrl: made.user_url,
    })
    expect(detail.queue).toContain(detail.id)
    const daily = await t.services.db.execute<{ matches: number }>(sql`select sum(matches)::int as matches from usage_daily where tenant_id = ${ws.tenant.id} and track_id = ${tracks[0].id}`)
    expect(Number(daily.rows[0].matches)).toBe(1)
  })

  it('a refresh asks for the next page while it stores the last, stores two batches at once and saves the cursor past each after it', async () => {
    const { tracks } = await liveRelease(1)
    const [row] = await inDiscovery([tracks[0].id])
    const pages = [0, 1, 2].map((index) => [parseProviderMatch({ id: `pipe_${serial}_${index}`, asset_id: row.assetId, views: 10 + index })!])
    const events: string[] = []
    const dialect = new PgDialect()
    const usage = {
      name: 'Pages',
      configured: true,
      async matches(_prefix: string, cursor: string | null) {
        const at = cursor === null ? 0 : Number(cursor)
        events.push(`ask ${at}`)
        return { matches: pages[at] as ProviderMatch[], next: at + 1 < pages.length ? String(at + 1) : null }
      },
    }
    const real = t.services.db
    const db = new Proxy(real, {
      get(target, prop) {
        if (prop === 'execute')
          return async (query: Parameters<typeof real.execute>[0]) => {
            const text = dialect.sqlToQuery(query as SQL).sql
            const kind = text.includes('insert into usage_matches') ? 'store' : text.includes('insert into usage_cursors') ? 'cursor' : 'read'
            events.push(kind)
            const done = await target.execute(query)
            events.push(`${kind} done`)
            return done
          }
        const value = Reflect.get(target, prop) as unknown
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
      },
    })
    const kept = await real.execute<{ cursor: string | null }>(sql`select cursor from usage_cursors where tenant_id = ${ws.tenant.id}`)
    await real.execute(sql`delete from usage_cursors where tenant_id = ${ws.tenant.id}`)
    try {
      // Batches of two pages: read the cursor, ask for page 0, then page 1; page 2 is asked for before
      // pages 0 and 1 are stored; page 2 is being stored before they are; each batch's cursor is saved
      // after the batch (and the one before it) is stored.
      expect(await refreshMatches({ ...t.services, db, usage } as unknown as Services, ws.tenant.id, undefined, 2)).toEqual({ stored: 3, created: 3 })
      const started = events.filter((event) => !event.endsWith(' done'))
      expect(started).toEqual(['read', 'ask 0', 'ask 1', 'ask 2', 'store', 'store', 'cursor', 'cursor'])
      const stores = events.flatMap((event, index) => (event === 'store' ? [index] : []))
      expect(stores[1]).toBeLessThan(events.indexOf('store done'))
      expect(events.indexOf('cursor')).toBeGreaterThan(events.indexOf('store done'))
      expect(events.lastIndexOf('cursor')).toBeGreaterThan(events.lastIndexOf('store done'))
      const cursor = await real.execute<{ cursor: string }>(sql`select cursor from usage_cursors where tenant_id = ${ws.tenant.id}`)
      expect(cursor.rows[0].cursor).toBe('2')
      // Fewer matches than a batch (1,000 by default): the whole feed in one statement, seen again as known matches.
      events.length = 0
      await real.execute(sql`delete from usage_cursors where tenant_id = ${ws.tenant.id}`)
      expect(await refreshMatches({ ...t.services, db, usage } as unknown as Services, ws.tenant.id)).toEqual({ stored: 3, created: 0 })
      expect(events.filter((event) => !event.endsWith(' done'))).toEqual(['read', 'ask 0', 'ask 1', 'ask 2', 'store', 'cursor'])
    } finally {
      await real.execute(sql`update usage_cursors set cursor = ${kept.rows[0]?.cursor ?? null} where tenant_id = ${ws.tenant.id}`)
    }
  })

  it('are found from the palette by id or the provider\'s match id', async () => {
    const mine = await admin.ok('pex.matches', { params: { page: 1 }, query: { per_page: 25 } })
    const { id, matchId } = mine.data[0]
    expect((await admin.ok('search.query', { query: { q: `match:${id}`, kinds: 'usageMatch' } })).hits.map((hit) => hit.id)).toEqual([id])
    expect((await admin.ok('search.query', { query: { q: matchId, kinds: 'usageMatch' } })).hits.map((hit) => hit.id)).toContain(id)
    expect((await otherAdmin.ok('search.query', { query: { q: `match:${id}`, kinds: 'usageMatch' } })).hits).toEqual([])
  })

  it('refuses a webhook with a wrong or missing signature', async () => {
    const body = JSON.stringify({ matches: [] })
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/pex/webhook',
      headers: { 'content-type': 'application/json', 'x-usage-signature': signBody('not-the-secret', body) },
      payload: body,
    })
    expect(wrong.statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/pex/webhook', headers: { 'content-type': 'application/json' }, payload: body })).statusCode).toBe(401)
  })

  it('are kept to their workspace and to staff', async () => {
    const theirs = await otherAdmin.ok('pex.matches', { params: { page: 1 }, query: { per_page: 100 } })
    expect(theirs.data).toEqual([])
    const mine = await admin.ok('pex.matches', { params: { page: 1 }, query: { per_page: 100 } })
    expect((await otherAdmin.call('pex.match', { params: { id: mine.data[0].id } })).status).toBe(404)
    expect((await artist.call('pex.matches', { params: { page: 1 }, query: { per_page: 25 } })).status).toBe(403)
    expect((await artist.call('pex.matchAction', { body: { ids: [mine.data[0].id], action: 'claim' } })).status).toBe(403)
  })
})

describe('the lists: filters and searches', () => {
  it('find a match by its id, #id or provider id exactly, else by track title; filter by platform and status; count what they show', async () => {
    const { release, tracks } = await liveRelease(2)
    const [first, second] = await inDiscovery([tracks[0].id, tracks[1].id])
    const mine = fake.addMatches(first.assetId!, [{ platform: 'twitch' }, { platform: 'apple' }])
    const [other] = fake.addMatches(second.assetId!, [{ platform: 'raw' }])
    await refresh()
    const list = (query: Record<string, string | number>) => admin.ok('pex.matches', { params: { page: 1 }, query: { per_page: 25, ...query } as never })
    const byProvider = await list({ search: mine[1].id })
    expect(byProvider.data.map((row) => row.matchId)).toEqual([mine[1].id])
    expect(byProvider.meta).toMatchObject({ total: 1, totalIsEstimate: false })
    const id = byProvider.data[0].id
    expect((await list({ search: `#${id}` })).data.map((row) => row.id)).toEqual([id])
    expect((await list({ search: `match:${id}` })).data.map((row) => row.id)).toEqual([id])
    // Text that names no match is a track title: that track's matches only.
    const byTitle = await list({ search: tracks[0].title })
    expect(byTitle.data.map((row) => row.matchId).sort()).toEqual([mine[0].id, mine[1].id].sort())
    expect(byTitle.meta.total).toBe(2)
    expect((await list({ search: tracks[1].title })).data.map((row) => row.matchId)).toEqual([other.id])
    expect((await list({ search: release.title, platform: 'raw' })).data.map((row) => row.matchId)).toEqual([other.id])
    expect((await list({ search: release.title, platform: 'apple', status: 'new' })).data.map((row) => row.matchId)).toEqual([mine[1].id])
    expect((await list({ search: release.title, status: 'claimed' })).data).toEqual([])
    // A text too short for a title search that names no match finds nothing.
    expect((await list({ search: 'zz' })).data).toEqual([])
    const apple = await list({ platform: 'apple' })
    expect(apple.data.every((row) => row.platform === 'apple')).toBe(true)
    expect(apple.data.map((row) => row.matchId)).toContain(mine[1].id)
    // Searching the in-discovery list: the asset id, the row's #id, or the track title.
    const assets = (query: Record<string, string | number>) => admin.ok('pex.uploadedTracks', { params: { page: 1 }, query: { per_page: 25, ...query } as never })
    expect((await assets({ search: second.assetId! })).data.map((row) => row.id)).toEqual([second.id])
    expect((await assets({ search: `#${first.id}` })).data.map((row) => row.id)).toEqual([first.id])
    const titled = await assets({ search: tracks[0].title })
    expect(titled.data.map((row) => row.id)).toEqual([first.id])
    expect(titled.data[0].matches).toBe(2)
    expect((await assets({ search: release.title, status: 'registered' })).meta).toMatchObject({ total: 2, totalIsEstimate: false })
    expect((await assets({ search: release.title, status: 'failed' })).data).toEqual([])
  })

  it("deletes a track's matches with its assets (no foreign key: a statement trigger)", async () => {
    const { tracks } = await liveRelease(2)
    const [gone, kept] = await inDiscovery([tracks[0].id, tracks[1].id])
    fake.addMatches(gone.assetId!, [{}, {}])
    fake.addMatches(kept.assetId!, [{}])
    await refresh()
    const count = async (assetRowId: number) =>
      Number((await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from usage_matches where asset_row_id = ${assetRowId}`)).rows[0].n)
    expect([await count(gone.id), await count(kept.id)]).toEqual([2, 1])
    await t.services.db.execute(sql`delete from tracks where tenant_id = ${ws.tenant.id} and id = ${tracks[0].id}`)
    expect([await count(gone.id), await count(kept.id)]).toEqual([0, 1])
  })
})

describe('the takedown guard', () => {
  async function matchOf(input: Parameters<typeof fake.addMatches>[1][number] = {}) {
    const made = await liveRelease(1)
    const [row] = await inDiscovery([made.tracks[0].id])
    const [match] = fake.addMatches(row.assetId!, [input])
    await refresh()
    const list = await admin.ok('pex.matches', { params: { page: 1 }, query: { per_page: 25, search: match.id } })
    return { ...made, id: list.data[0].id }
  }

  it('forgets who actioned a match when that account is deleted (no foreign key: a statement trigger on accounts)', async () => {
    const { id: cleared } = await matchOf()
    const { id: kept } = await matchOf()
    const db = t.services.db
    const made = await db.execute<{ id: number }>(sql`
      insert into accounts (tenant_id, email, type) values (${ws.tenant.id}, 'leaving@usagews.test', 'admin') returning id`)
    const leaving = Number(made.rows[0].id)
    await db.execute(sql`update usage_matches set actioned_by = ${leaving}, status = 'claimed' where tenant_id = ${ws.tenant.id} and id = ${cleared}`)
    await db.execute(sql`update usage_matches set actioned_by = ${ws.admin.id}, status = 'claimed' where tenant_id = ${ws.tenant.id} and id = ${kept}`)
    await db.execute(sql`delete from accounts where tenant_id = ${ws.tenant.id} and id = ${leaving}`)
    const rows = await db.execute<{ id: number; actioned_by: number | null; status: string }>(sql`
      select id, actioned_by, status from usage_matches where tenant_id = ${ws.tenant.id} and id in (${cleared}, ${kept}) order by id`)
    expect(rows.rows.map((row) => [Number(row.id), row.actioned_by === null ? null : Number(row.actioned_by), row.status])).toEqual([
      [cleared, null, 'claimed'],
      [kept, Number(ws.admin.id), 'claimed'],
    ])
  })

  it('claims, then monetises; refuses moves the status does not allow; audits each', async () => {
    const { id } = await matchOf()
    expect((await admin.ok('pex.matchAction', { body: { ids: [id], action: 'claim' } })).message).toBe(`Match #${id} is now claimed.`)
    expect((await admin.call('pex.matchAction', { body: { ids: [id], action: 'claim' } })).error.message).toBe('The match is already claimed.')
    expect((await admin.call('pex.matchAction', { body: { ids: [id], action: 'ignore' } })).error.message).toBe('A claimed match cannot be ignored.')
    await admin.ok('pex.matchAction', { body: { ids: [id], action: 'monetise' } })
    expect((await admin.ok('pex.match', { params: { id } })).status).toBe('monetised')
    expect(await auditsOf(t.services, ws.tenant.id, 'usage_match.claim')).not.toHaveLength(0)
  })

  it('refuses a greenlisted channel, saying why', async () => {
    const channel = 'https://www.youtube.com/channel/UCaBcDeFgHiJkLmNoPqRsTuV'
    const { id, release } = await matchOf({ platform: 'raw', userUrl: channel })
    await t.services.db.execute(sql`
      insert into feature_requests (tenant_id, kind, status, requester_account_id, release_id, title, fields)
      values (${ws.tenant.id}, 'greenlist', 'approved', ${ws.artist.id}, ${release.id}, 'Echo', ${JSON.stringify({ channels: { youtube: [channel] } })}::jsonb)`)
    const refused = await admin.call('pex.matchAction', { body: { ids: [id], action: 'takedown' } })
    expect(refused.status).toBe(409)
    expect(refused.error.message).toBe(`The channel ${channel} is on the greenlist for this recording: its uses are never actioned.`)
    expect((await admin.ok('pex.match', { params: { id } })).status).toBe('new')
  })

  it('refuses a recording the account no longer owns, and a track whose split is not active', async () => {
    const moved = await matchOf()
    await t.services.db.execute(sql`update releases set account_id = ${ws.label.id} where id = ${moved.release.id}`)
    const notOwned = await admin.call('pex.matchAction', { body: { ids: [moved.id], action: 'claim' } })
    expect(notOwned.error.message).toBe('The account does not own this recording any more: only its owner’s matches can be actioned.')

    const split = await matchOf()
    await t.services.db.execute(sql`
      insert into splits (tenant_id, track_id, owner_account_id, status, starts_on)
      values (${ws.tenant.id}, ${split.tracks[0].id}, ${ws.artist.id}, 'pending', '2026-01-01')`)
    const pending = await admin.call('pex.matchAction', { body: { ids: [split.id], action: 'monetise' } })
    expect(pending.error.message).toBe('The track’s royalty split is pending, not active: action its matches once every payee has confirmed.')
    await t.services.db.execute(sql`update splits set status = 'active' where track_id = ${split.tracks[0].id}`)
    await admin.ok('pex.matchAction', { body: { ids: [split.id], action: 'monetise' } })
  })
})

describe('analytics of usage discovery', () => {
  it('reads matches and views per day, top songs and matches per track from the rollup the refresh keeps', async () => {
    const { tracks } = await liveRelease(1)
    const [row] = await inDiscovery([tracks[0].id])
    fake.addMatches(row.assetId!, [{ views: 100 }, { views: 250 }, { views: 50 }])
    await refresh()
    const today = new Date().toISOString().slice(0, 10)
    const overview = await admin.ok('usageAnalytics.overview', { query: {} })
    expect(overview.days).toHaveLength(30)
    expect(overview.to).toBe(today)
    expect(overview.days[29].matches).toBeGreaterThanOrEqual(3)
    expect(overview.totals.matches).toBe(overview.days.reduce((sum, d) => sum + d.matches, 0))
    const top = await admin.ok('usageAnalytics.topSongs', { query: {} })
    expect(top.data.find((entry) => entry.trackId === tracks[0].id)).toMatchObject({ matches: 3, views: 400, title: tracks[0].title })
    const perTrack = await admin.ok('usageAnalytics.trackMatches', { query: { page: 1, per_page: 25 } })
    expect(perTrack.data.map((entry) => entry.trackId)).toContain(tracks[0].id)
    expect((await otherAdmin.ok('usageAnalytics.topSongs', { query: {} })).data).toEqual([])
    const backwards = await admin.call('usageAnalytics.overview', { query: { from: '2026-02-01', to: '2026-01-01' } })
    expect(backwards.status).toBe(400)
  })
})

describe('the usage-discovery site report', () => {
  async function reportCsv(client: TestClient, body: { userId?: number }) {
    const queued = await client.ok('siteReports.usage-discovery', { body })
    expect(queued).toMatchObject({ kind: 'usage-discovery', type: 'Usage discovery', status: 'queued' })
    for (let attempt = 0; attempt < 100; attempt += 1) {
      await t.services.jobs.drain()
      const report = await client.ok('reports.get', { params: { id: queued.id } })
      if (report.status === 'failed') throw new Error(report.error ?? 'failed')
      if (report.status === 'ready') break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const download = await client.call('reports.download', { params: { id: queued.id } })
    expect(download.status).toBe(200)
    return parse(download.response.body) as string[][]
  }

  it("is produced from the stored matches: the workspace's, or one account's, never another workspace's", async () => {
    const { release, tracks } = await liveRelease(1)
    const [row] = await inDiscovery([tracks[0].id])
    const [made] = fake.addMatches(row.assetId!, [{ platform: 'apple', views: 321, copyPercentage: 12.5, userName: 'Report Viewer' }])
    await refresh()
    const [header, ...rows] = await reportCsv(admin, {})
    expect(header.slice(0, 5)).toEqual(['match_id', 'provider_match_id', 'found', 'status', 'platform'])
    const at = (name: string) => header.indexOf(name)
    const line = rows.find((cells) => cells[at('provider_match_id')] === made.id)!
    expect(line).toBeDefined()
    expect([
      line[at('platform')],
      line[at('status')],
      line[at('track_id')],
      line[at('isrc')],
      line[at('release')],
      line[at('account_id')],
      line[at('user_name')],
      line[at('views')],
      line[at('copy_percentage')],
      line[at('match_length_s')],
      line[at('upload_date')],
    ]).toEqual(['apple', 'new', String(tracks[0].id), tracks[0].isrc, release.title, String(ws.artist.id), 'Report Viewer', '321', '12.50', '95.500', '2026-05-02'])
    // Ids in order: the file is read by keyset.
    const ids = rows.map((cells) => Number(cells[at('match_id')]))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))

    const artistOnly = await reportCsv(admin, { userId: ws.artist.id })
    expect(artistOnly.slice(1).some((cells) => cells[at('provider_match_id')] === made.id)).toBe(true)
    const labelOnly = await reportCsv(admin, { userId: ws.label.id })
    expect(labelOnly.slice(1)).toEqual([])
    const theirs = await reportCsv(otherAdmin, {})
    expect(theirs.slice(1).some((cells) => cells[at('provider_match_id')] === made.id)).toBe(false)
  })
})

describe('the lists at scale: their order, and a common title fragment', () => {
  it('list matches newest found first, unfiltered and by status, platform or both (a merge of the filter index\'s ranges), by page; the review queue too', async () => {
    const { tracks } = await liveRelease(1)
    const [row] = await inDiscovery([tracks[0].id])
    const platforms = ['twitch', 'apple', 'spotify', 'raw', 'apple'] as const
    const statuses = ['claimed', 'new', 'ignored', 'new', 'taken_down', 'monetised'] as const
    const made = fake.addMatches(row.assetId!, Array.from({ length: 27 }, (_, index) => ({ platform: platforms[index % platforms.length] })))
    await refresh()
    // Found in the far future (the workspace's newest), a minute apart, in an order that crosses statuses and platforms.
    for (const [index, match] of made.entries())
      await t.services.db.execute(sql`update usage_matches set found_at = '2100-01-01T00:00:00Z'::timestamptz - ${index} * interval '1 minute',
        status = ${statuses[index % statuses.length]} where tenant_id = ${ws.tenant.id} and provider_id = ${match.id}`)
    const list = (page: number, query: Record<string, string | number>) => admin.ok('pex.matches', { params: { page }, query: { per_page: 25, ...query } as never })
    const ids = made.map((match) => match.id)
    const where = (keep: (index: number) => boolean) => ids.filter((_, index) => keep(index))
    expect((await list(1, {})).data.map((match) => match.matchId)).toEqual(ids.slice(0, 25))
    expect((await list(2, {})).data.map((match) => match.matchId).slice(0, 2)).toEqual(ids.slice(25, 27))
    const apples = where((index) => platforms[index % 5] === 'apple')
    expect((await list(1, { platform: 'apple' })).data.map((match) => match.matchId).slice(0, apples.length)).toEqual(apples)
    const fresh = where((index) => statuses[index % 6] === 'new')
    expect((await list(1, { status: 'new' })).data.map((match) => match.matchId).slice(0, fresh.length)).toEqual(fresh)
    const rawNew = where((index) => statuses[index % 6] === 'new' && platforms[index % 5] === 'raw')
    expect((await list(1, { status: 'new', platform: 'raw' })).data.map((match) => match.matchId).slice(0, rawNew.length)).toEqual(rawNew)
    const newest = (await list(1, { status: 'new' })).data
    const detail = await admin.ok('pex.match', { params: { id: newest[0].id } })
    expect(detail.queue.slice(0, fresh.length)).toEqual(newest.slice(0, fresh.length).map((match) => match.id))
  })

  it('a title fragment common to more than a thousand tracks filters the lists in their order, counted, by page', async () => {
    const { release, tracks } = await liveRelease(1)
    const [row] = await inDiscovery([tracks[0].id])
    // 1,001 more tracks in discovery whose titles share "Common chorus" (made in bulk, as the bench does).
    await t.services.db.execute(sql`
      insert into tracks (tenant_id, release_id, position, title)
      select ${ws.tenant.id}, ${release.id}, 100 + g, 'Common chorus ' || g from generate_series(1, 1001) g`)
    await t.services.db.execute(sql`
      insert into usage_assets (tenant_id, track_id, release_id, account_id, track_title, status, created_at)
      select ${ws.tenant.id}, x.id, x.release_id, ${ws.artist.id}, x.title, 'registered', '2000-01-01'::timestamptz + x.position * interval '1 minute'
      from tracks x where x.tenant_id = ${ws.tenant.id} and x.release_id = ${release.id} and x.title like 'Common chorus %'`)
    const made = fake.addMatches(row.assetId!, [{ platform: 'twitch' }, { platform: 'apple' }, { platform: 'raw' }])
    await refresh()
    // Renamed after its matches were stored: the titles copied onto its asset and its matches follow it.
    await t.services.db.execute(sql`update tracks set title = 'Common chorus 0' where tenant_id = ${ws.tenant.id} and id = ${tracks[0].id}`)
    for (const [index, match] of made.entries())
      await t.services.db.execute(sql`update usage_matches set found_at = ${`2099-06-0${3 - index}T00:00:00Z`}
        where tenant_id = ${ws.tenant.id} and provider_id = ${match.id}`)
    const list = (query: Record<string, string | number>) =>
      admin.ok('pex.matches', { params: { page: 1 }, query: { per_page: 25, search: 'common chorus', ...query } as never })
    const found = await list({})
    expect(found.data.map((match) => match.matchId)).toEqual(made.map((match) => match.id))
    expect(found.meta).toMatchObject({ total: 3, totalIsEstimate: false })
    expect((await list({ platform: 'raw' })).data.map((match) => match.matchId)).toEqual([made[2].id])
    expect((await list({ status: 'claimed' })).data).toEqual([])
    // The old title finds none of them.
    expect((await admin.ok('pex.matches', { params: { page: 1 }, query: { per_page: 25, search: tracks[0].title } })).data).toEqual([])
    const assets = await admin.ok('pex.uploadedTracks', { params: { page: 1 }, query: { per_page: 25, search: 'common chorus' } })
    expect(assets.data.map((asset) => asset.title)).toEqual(['Common chorus 0', ...Array.from({ length: 24 }, (_, index) => `Common chorus ${1001 - index}`)])
    // More than 1,000 assets: the total is the planner's estimate, never below what the fragment is known to pass.
    expect(assets.meta.totalIsEstimate).toBe(true)
    expect(assets.meta.total).toBeGreaterThan(1000)
    expect((await admin.ok('pex.uploadedTracks', { params: { page: 1 }, query: { per_page: 25, search: 'chorus 0' } })).data.map((asset) => asset.id)).toEqual([row.id])
    // The palette finds the same matches by the common fragment (the list's walk) and by a rare one (its one asset).
    const palette = async (q: string) => (await admin.ok('search.query', { query: { q, kinds: 'usageMatch' } })).hits.map((hit) => hit.id).sort()
    const ids = found.data.map((match) => match.id).sort()
    expect(await palette('common chorus')).toEqual(ids)
    expect(await palette('chorus 0')).toEqual(ids)
  })

  it('a common fragment with a filter few of its matches pass, and the deep pages of a fragment, list exactly what the plain walk of the list lists', async () => {
    const { release } = await liveRelease(1)
    // 1,001 tracks whose titles share "Refrain alpha" among 20,000 others, in discovery, with three
    // matches each: the fragment's on twitch and spotify only but for the three oldest, on apple.
    await t.services.db.execute(sql`
      insert into tracks (tenant_id, release_id, position, title)
      select ${ws.tenant.id}, ${release.id}, 1000 + g, case when g % 21 = 0 and g <= 21021 then 'Refrain alpha ' || g else 'Filler ' || g end
      from generate_series(1, 21021) g`)
    await t.services.db.execute(sql`
      insert into usage_assets (tenant_id, track_id, release_id, account_id, track_title, asset_id, status, created_at, cancelled_at)
      select ${ws.tenant.id}, x.id, x.release_id, ${ws.artist.id}, x.title, 'refrain_' || x.id, case when x.position % 5 = 0 then 'failed' else 'registered' end,
        '2001-01-01'::timestamptz + (x.position % 700) * interval '1 hour', case when x.position % 13 = 0 then '2001-06-01'::timestamptz end
      from tracks x where x.tenant_id = ${ws.tenant.id} and x.release_id = ${release.id} and x.position > 1000`)
    await t.services.db.execute(sql`
      insert into usage_matches (tenant_id, provider_id, asset_row_id, track_id, release_id, title, track_title, platform, status, found_at,
        views, shares, duration, match_length, copy_percentage, segments)
      select ${ws.tenant.id}, 'refrain_m_' || a.id || '_' || k, a.id, a.track_id, a.release_id, 'Use ' || k, a.track_title,
        case when a.track_title like 'Refrain%' then (case when k = 3 and a.id in (select id from usage_assets where tenant_id = ${ws.tenant.id}
          and track_title like 'Refrain%' order by id limit 3) then 'apple' else (array['twitch', 'spotify'])[1 + (a.id + k) % 2] end)
          else (array['twitch', 'apple', 'spotify', 'raw'])[1 + (a.id + k) % 4] end,
        (array['new', 'new', 'claimed', 'ignored', 'monetised', 'taken_down'])[1 + (a.id * 3 + k) % 6],
        case when a.track_title like 'Refrain%' and k = 3 and a.id in (select id from usage_assets where tenant_id = ${ws.tenant.id}
          and track_title like 'Refrain%' order by id limit 3) then '2090-01-01'::timestamptz - a.id * interval '1 second'
          else '2098-01-01'::timestamptz + ((a.id * 7 + k) % 3000) * interval '1 minute' end,
        1, 0, 60, 10, 5, '[]'::jsonb
      from usage_assets a cross join generate_series(1, 3) k where a.tenant_id = ${ws.tenant.id} and a.release_id = ${release.id}`)
    await t.services.db.execute(sql`analyze usage_assets`)
    await t.services.db.execute(sql`analyze usage_matches`)
    const tenant = ws.tenant.id
    const order = sql`found_at desc nulls last, id desc nulls last`
    // The plain walk: the list in its order, every condition a filter.
    const walkedMatches = async (filter: SQL) =>
      (
        await t.services.db.execute<{ provider_id: string }>(sql`select provider_id from usage_matches
          where tenant_id = ${tenant} and track_title ilike '%refrain alpha%' and ${filter} order by ${order}`)
      ).rows.map((row) => row.provider_id)
    const listed = async (query: Record<string, string | number>, pages: number[]) => {
      const out: { page: number; ids: string[]; total: number; estimate: boolean }[] = []
      for (const page of pages) {
        const result = await admin.ok('pex.matches', { params: { page }, query: { per_page: 25, search: 'Refrain Alpha', ...query } as never })
        out.push({ page, ids: result.data.map((match) => match.matchId), total: result.meta.total, estimate: result.meta.totalIsEstimate })
      }
      return out
    }
    const pagesOf = (all: string[]) => Array.from({ length: Math.max(1, Math.ceil(all.length / 25)) }, (_, index) => index + 1)
    const expectPages = async (query: Record<string, string | number>, filter: SQL, pages?: number[]) => {
      const all = await walkedMatches(filter)
      for (const { page, ids } of await listed(query, pages ?? pagesOf(all))) expect(ids, `page ${page} of ${JSON.stringify(query)}`).toEqual(all.slice((page - 1) * 25, page * 25))
      return all
    }
    // More than 1,000 assets: a filter on the walk (not a list of its assets) for a shallow page.
    expect((await titleAssets(t.services.db, tenant, 'Refrain Alpha', 25)).ids).toBeNull()
    // A filter none but three of the fragment's 3,003 matches pass (the three oldest): the filter's ranges walked with the title.
    const apples = await expectPages({ platform: 'apple' }, sql`platform = 'apple'`)
    expect(apples).toHaveLength(3)
    expect((await listed({ platform: 'apple' }, [1]))[0].total).toBe(3)
    expect(await expectPages({ platform: 'raw' }, sql`platform = 'raw'`)).toEqual([])
    expect((await expectPages({ platform: 'apple', status: 'new' }, sql`platform = 'apple' and status = 'new'`)).every((id) => apples.includes(id))).toBe(true)
    const claimed = await expectPages({ status: 'claimed' }, sql`status = 'claimed'`, [1, 2, 19, 20, 21])
    expect(claimed.length).toBeGreaterThan(450)
    // About 250 of the fragment's matches pass, too few for the list's first 5,000 matches to hold
    // page 5: they are found through the title filter index (each trigram the pair's own), sorted
    // and counted exactly, instead of walking the filter's ranges.
    const takenDown = await expectPages({ status: 'taken_down', platform: 'spotify' }, sql`status = 'taken_down' and platform = 'spotify'`, [1, 5, 10, 11])
    expect(takenDown.length).toBeGreaterThan(125)
    expect(takenDown.length).toBeLessThan(1000)
    for (const { total, estimate } of await listed({ status: 'taken_down', platform: 'spotify' }, [5, 6])) expect({ total, estimate }).toEqual({ total: takenDown.length, estimate: false })
    // A status alone (four pairs): the same, exact.
    const spotifyFew = await expectPages({ platform: 'spotify', status: 'monetised' }, sql`platform = 'spotify' and status = 'monetised'`, [2, 6])
    const monetised = await expectPages({ status: 'monetised' }, sql`status = 'monetised'`, [3, 12, 13])
    expect(monetised.length).toBeLessThan(1000)
    expect((await listed({ status: 'monetised' }, [12]))[0]).toMatchObject({ total: monetised.length, estimate: false })
    expect(spotifyFew.every((id) => monetised.includes(id))).toBe(true)
    // Deep pages of the fragment (3,003 matches, 1,001 assets among 21,000): read from its assets, not walked to.
    const all = await walkedMatches(sql`true`)
    expect(all).toHaveLength(3003)
    const last = Math.ceil(all.length / 25)
    expect((await titleAssets(t.services.db, tenant, 'Refrain Alpha', last * 25)).ids).toHaveLength(1001)
    await expectPages({}, sql`true`, [1, 2, 80, last - 1, last])
    await expectPages({ status: 'new' }, sql`status = 'new'`, [1, 30, 40, 41])

    // In Discovery: the same fragment's assets, newest submitted first, by page.
    const walkedAssets = async (filter: SQL) =>
      (
        await t.services.db.execute<{ id: number }>(sql`select id from usage_assets
          where tenant_id = ${tenant} and track_title ilike '%refrain alpha%' and ${filter} order by created_at desc nulls last, id desc nulls last`)
      ).rows.map((row) => Number(row.id))
    const assetPages = async (query: Record<string, string | number>, filter: SQL, pages: number[]) => {
      const every = await walkedAssets(filter)
      for (const page of pages) {
        const result = await admin.ok('pex.uploadedTracks', { params: { page }, query: { per_page: 25, search: 'refrain alpha', ...query } as never })
        expect(result.data.map((asset) => asset.id), `in discovery page ${page} of ${JSON.stringify(query)}`).toEqual(every.slice((page - 1) * 25, page * 25))
        // A deep page reads the fragment's assets: its total is their number, exact.
        if (page >= 39 && !query.status) expect(result.meta).toMatchObject({ total: every.length, totalIsEstimate: false })
      }
      return every
    }
    expect((await titleAssets(t.services.db, tenant, 'refrain alpha', 39 * 25)).ids).toHaveLength(1001)
    const assets = await assetPages({}, sql`true`, [1, 2, 39, 40, 41])
    expect(assets).toHaveLength(1001)
    const failed = await assetPages({ status: 'failed' }, sql`status = 'failed' and cancelled_at is null`, [1, 2, 7, 8, 9])
    expect(failed.length).toBeGreaterThan(100)
    await assetPages({ status: 'cancelled' }, sql`cancelled_at is not null`, [1, 3, 4])
  }, 180_000)
})
