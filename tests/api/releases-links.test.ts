import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { auditLog, platformLinks, releases, smartlinkClicks } from '../../src/server/db/schema'
import { createRelease } from './releases-fixtures'

// Workspaces answer at <slug>.wl.test: the public smartlink page finds its workspace by host.
const ACME = 'acme.wl.test'
const GLOBEX = 'globex.wl.test'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp({ env: { BASE_DOMAIN: 'wl.test' } })
  ws = await createWorkspace(t.services, 'acme')
  other = await createWorkspace(t.services, 'globex')
  admin = await signedIn(t.app, 'admin@acme.test', { host: ACME })
  artist = await signedIn(t.app, 'artist@acme.test', { host: ACME })
  otherAdmin = await signedIn(t.app, 'admin@globex.test', { host: GLOBEX })
})
afterAll(() => t.close())

const base = () => ({ tenantId: ws.tenant.id, accountId: ws.artist.id })

/** A live release with links on a few platforms for itself and its first track, as delivery writes them. */
async function deliveredRelease(title = 'Night Drive', platforms = ['spotify', 'apple', 'youtube', 'amazon']) {
  const created = await createRelease(t.services, { ...base(), title, status: 1 }, [{ duration: 200 }, { duration: 210 }])
  const { release, tracks } = created
  await t.services.db.insert(platformLinks).values([
    ...platforms.map((platform) => ({
      tenantId: ws.tenant.id,
      releaseId: release.id,
      platform,
      url: `https://${platform}.example/album/${release.id}`,
      externalId: platform === 'amazon' ? 'B0ABCDEF12' : platform === 'spotify' ? `spotify:album:${release.id}` : null,
    })),
    {
      tenantId: ws.tenant.id,
      releaseId: release.id,
      trackId: tracks[0].id,
      platform: 'spotify',
      url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
      externalId: 'spotify:track:4uLU6hMCjMI75M1A2tKUQC',
    },
    {
      tenantId: ws.tenant.id,
      releaseId: release.id,
      trackId: tracks[0].id,
      platform: 'youtube',
      url: 'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
      externalId: 'dQw4w9WgXcQ',
    },
  ])
  return created
}

/** The public side, as a visitor with no session reaches it. */
const visit = (url: string, host = ACME) => t.app.inject({ method: 'GET', url, headers: { host } })

describe('platform links, track identifiers and the ASIN', () => {
  it('answers the release links in platform order, a track’s URIs and the ASIN', async () => {
    const { release, tracks } = await deliveredRelease()
    const links = await admin.ok('releases.platformLinks', { params: { id: release.id } })
    expect(links.data.map((link) => link.platform)).toEqual(['spotify', 'apple', 'youtube', 'amazon'])
    expect(links.data[0]).toMatchObject({ label: 'Spotify', externalId: `spotify:album:${release.id}` })

    const uris = await admin.ok('releases.trackUri', { params: { id: tracks[0].id } })
    expect(uris).toMatchObject({ trackId: tracks[0].id, releaseId: release.id })
    expect(uris.data.map((link) => [link.platform, link.externalId])).toEqual([
      ['spotify', 'spotify:track:4uLU6hMCjMI75M1A2tKUQC'],
      ['youtube', 'dQw4w9WgXcQ'],
    ])
    expect(await admin.ok('releases.amazonAsin', { params: { id: release.id } })).toEqual({
      releaseId: release.id,
      asin: 'B0ABCDEF12',
      url: `https://amazon.example/album/${release.id}`,
    })
  })

  it('answers an absent ASIN or URI as empty, not as an error', async () => {
    const { release, tracks } = await createRelease(t.services, { ...base(), title: 'Not Out Yet', status: 3 })
    expect(await admin.ok('releases.platformLinks', { params: { id: release.id } })).toEqual({ releaseId: release.id, data: [] })
    expect(await admin.ok('releases.amazonAsin', { params: { id: release.id } })).toEqual({ releaseId: release.id, asin: null, url: null })
    expect((await admin.ok('releases.trackUri', { params: { id: tracks[0].id } })).data).toEqual([])
  })

  it('is for staff of the workspace only', async () => {
    const { release, tracks } = await deliveredRelease('Staff Only')
    expect((await artist.call('releases.platformLinks', { params: { id: release.id } })).status).toBe(403)
    expect((await artist.call('releases.smartlink', { params: { id: release.id } })).status).toBe(403)
    expect((await artist.call('releases.linkCreate', { body: { releaseId: release.id } })).status).toBe(403)
    expect((await otherAdmin.call('releases.platformLinks', { params: { id: release.id } })).status).toBe(404)
    expect((await otherAdmin.call('releases.trackUri', { params: { id: tracks[0].id } })).status).toBe(404)
    expect((await otherAdmin.call('releases.amazonAsin', { params: { id: release.id } })).status).toBe(404)
    expect((await otherAdmin.call('releases.linkCreate', { body: { releaseId: release.id } })).status).toBe(404)
    expect((await otherAdmin.call('releases.analytics', { params: { id: release.id } })).status).toBe(404)
  })
})

describe('smartlinks', () => {
  it('are created from the platform links with a generated code on the workspace’s own host, once per release', async () => {
    const { release } = await deliveredRelease('Generated Code')
    expect(await admin.ok('releases.smartlink', { params: { id: release.id } })).toEqual({
      releaseId: release.id,
      base: `http://${ACME}/l/`,
      platformLinks: 4,
      smartlink: null,
    })
    const created = await admin.call('releases.linkCreate', { body: { releaseId: release.id } })
    expect(created.status).toBe(201)
    const link = created.data
    expect(link.code).toMatch(/^[a-z0-9]{7}$/)
    expect(link.url).toBe(`http://${ACME}/l/${link.code}`)
    expect(link.title).toBe('Generated Code — Test Artist')
    expect(link.entries.map((entry) => [entry.platform, entry.hidden, entry.clicks])).toEqual([
      ['spotify', false, 0],
      ['apple', false, 0],
      ['youtube', false, 0],
      ['amazon', false, 0],
    ])
    expect((await admin.ok('releases.smartlink', { params: { id: release.id } })).smartlink?.id).toBe(link.id)
    expect(await admin.ok('releases.smartlinkSingle', { params: { id: link.id } })).toMatchObject({
      code: link.code,
      release: { id: release.id, title: 'Generated Code' },
    })
    const again = await admin.call('releases.linkCreate', { body: { releaseId: release.id } })
    expect(again.status).toBe(409)
    expect(again.error.message).toMatch(/already has a smartlink/)
    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(release.id)), eq(auditLog.action, 'release.smartlink_created')))
    expect(row).toMatchObject({ actorAccountId: ws.admin.id, after: { code: link.code } })
  })

  it('refuses a release with no platform links yet', async () => {
    const { release } = await createRelease(t.services, { ...base(), title: 'Undelivered', status: 4 })
    const result = await admin.call('releases.linkCreate', { body: { releaseId: release.id } })
    expect(result.status).toBe(409)
    expect(result.error.message).toMatch(/no platform links/)
  })

  it('validate a custom code (3–40 of a-z, 0-9, -) and keep it unique in the workspace', async () => {
    const first = await deliveredRelease('Custom One')
    const second = await deliveredRelease('Custom Two')
    for (const code of ['ab', 'x'.repeat(41), 'has space', 'semi;colon', '-edge', 'ünïcode']) {
      const refused = await admin.call('releases.linkCreate', { body: { releaseId: first.release.id, code } })
      expect(refused.status, code).toBe(400)
      expect(refused.error.errors?.code, code).toBeTruthy()
    }
    const made = await admin.ok('releases.linkCreate', {
      body: { releaseId: first.release.id, code: '  Night-Drive-2025 ', title: 'Night Drive' },
    })
    expect(made.code).toBe('night-drive-2025')
    const taken = await admin.call('releases.linkCreate', { body: { releaseId: second.release.id, code: 'night-drive-2025' } })
    expect(taken.status).toBe(409)
    expect(taken.error.errors?.code).toMatch(/taken/)
    const otherMade = await admin.ok('releases.linkCreate', { body: { releaseId: second.release.id, code: 'second-one' } })
    const clash = await admin.call('releases.linkUpdate', { body: { releaseId: second.release.id, code: 'night-drive-2025' } })
    expect(clash.status).toBe(409)
    // The same code in another workspace is another host's link: allowed.
    const elsewhere = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, status: 1 })
    await t.services.db
      .insert(platformLinks)
      .values({ tenantId: other.tenant.id, releaseId: elsewhere.release.id, platform: 'spotify', url: 'https://open.spotify.com/album/x' })
    expect((await otherAdmin.ok('releases.linkCreate', { body: { releaseId: elsewhere.release.id, code: 'night-drive-2025' } })).code).toBe(
      'night-drive-2025',
    )
    expect(otherMade.code).toBe('second-one')
  })

  it('update the code, title, order and visibility; every platform must be named', async () => {
    const { release } = await deliveredRelease('Reordered')
    await admin.ok('releases.linkCreate', { body: { releaseId: release.id } })
    const missing = await admin.call('releases.linkUpdate', {
      body: { releaseId: release.id, entries: [{ platform: 'spotify', hidden: false }] },
    })
    expect(missing.status).toBe(400)
    expect(missing.error.errors?.entries).toMatch(/every platform/)
    const unknown = await admin.call('releases.linkUpdate', {
      body: {
        releaseId: release.id,
        entries: ['spotify', 'apple', 'youtube', 'amazon', 'tidal'].map((platform) => ({ platform: platform as 'spotify', hidden: false })),
      },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.error.message).toMatch(/does not list TIDAL/)
    const updated = await admin.ok('releases.linkUpdate', {
      body: {
        releaseId: release.id,
        code: 'reordered',
        title: 'Reordered (out now)',
        entries: [
          { platform: 'youtube', hidden: false },
          { platform: 'spotify', hidden: false },
          { platform: 'amazon', hidden: true },
          { platform: 'apple', hidden: false },
        ],
      },
    })
    expect(updated).toMatchObject({ code: 'reordered', title: 'Reordered (out now)', url: `http://${ACME}/l/reordered` })
    expect(updated.entries.map((entry) => `${entry.platform}${entry.hidden ? '*' : ''}`)).toEqual([
      'youtube',
      'spotify',
      'amazon*',
      'apple',
    ])
    expect((await admin.call('releases.linkUpdate', { body: { releaseId: release.id } })).status).toBe(400)
  })

  it('refresh adds new platforms, updates links, drops gone ones and keeps hidden flags and order', async () => {
    const { release } = await deliveredRelease('Refreshed', ['spotify', 'apple', 'amazon'])
    await admin.ok('releases.linkCreate', { body: { releaseId: release.id } })
    await admin.ok('releases.linkUpdate', {
      body: {
        releaseId: release.id,
        entries: [
          { platform: 'apple', hidden: true },
          { platform: 'spotify', hidden: false },
          { platform: 'amazon', hidden: false },
        ],
      },
    })
    const where = (platform: string) => and(eq(platformLinks.releaseId, release.id), eq(platformLinks.platform, platform))
    await t.services.db.update(platformLinks).set({ url: 'https://music.apple.com/new' }).where(where('apple'))
    await t.services.db.delete(platformLinks).where(where('amazon'))
    await t.services.db
      .insert(platformLinks)
      .values({ tenantId: ws.tenant.id, releaseId: release.id, platform: 'deezer', url: 'https://www.deezer.com/album/9' })
    const refreshed = await admin.ok('releases.linkRefresh', { body: { releaseId: release.id } })
    expect(refreshed).toMatchObject({ added: ['deezer'], updated: ['apple'], removed: ['amazon'] })
    expect(refreshed.smartlink.entries.map((entry) => [entry.platform, entry.hidden, entry.url])).toEqual([
      ['apple', true, 'https://music.apple.com/new'],
      ['spotify', false, `https://spotify.example/album/${release.id}`],
      ['deezer', false, 'https://www.deezer.com/album/9'],
    ])
    expect(refreshed.smartlink.refreshed).not.toBeNull()
    const unlinked = await createRelease(t.services, { ...base(), status: 1 })
    expect((await admin.call('releases.linkRefresh', { body: { releaseId: unlinked.release.id } })).status).toBe(404)
  })

  it('follow the short-link host setting: a host name or an https address, validated', async () => {
    const { release } = await deliveredRelease('Hosted')
    const made = await admin.ok('releases.linkCreate', { body: { releaseId: release.id, code: 'hosted' } })
    for (const bad of ['http://go.acme.test', 'not a host', 'javascript:alert(1)', 'https://user:pw@go.acme.test', 'go.acme.test/?q=1']) {
      const refused = await admin.call('site.saveSettings', { body: { shortLinkHost: bad } })
      expect(refused.status, bad).toBe(400)
      expect(refused.error.errors?.shortLinkHost, bad).toBeTruthy()
    }
    expect((await admin.ok('site.saveSettings', { body: { shortLinkHost: ' Go.Acme.TEST ' } })).shortLinkHost).toBe('go.acme.test')
    expect((await admin.ok('releases.smartlink', { params: { id: release.id } })).smartlink?.url).toBe('https://go.acme.test/l/hosted')
    expect((await admin.ok('site.saveSettings', { body: { shortLinkHost: 'https://acme.link/go' } })).shortLinkHost).toBe(
      'https://acme.link/go/',
    )
    expect((await admin.ok('releases.smartlink', { params: { id: release.id } })).base).toBe('https://acme.link/go/')
    // One host names one workspace.
    const shared = await otherAdmin.call('site.saveSettings', { body: { shortLinkHost: 'https://acme.link/go/' } })
    expect(shared.status).toBe(400)
    expect(shared.error.errors?.shortLinkHost).toMatch(/Another workspace/)
    expect((await artist.call('site.saveSettings', { body: { shortLinkHost: 'x.acme.test' } })).status).toBe(403)
    await admin.ok('site.saveSettings', { body: { shortLinkHost: '' } })
    expect((await admin.ok('releases.smartlink', { params: { id: release.id } })).smartlink?.url).toBe(`http://${ACME}/l/${made.code}`)
  })
})

describe('the public smartlink page', () => {
  it('shows the escaped title and one button per visible platform, for the workspace of the host only', async () => {
    const { release } = await deliveredRelease('Page <script>alert("x")</script>')
    await t.services.db.update(releases).set({ coverUrl: '/api/files/999999' }).where(eq(releases.id, release.id))
    const made = await admin.ok('releases.linkCreate', {
      body: { releaseId: release.id, code: 'page-test', title: `<img src=x onerror="alert('t')"> & Friends` },
    })
    await admin.ok('releases.linkUpdate', {
      body: {
        releaseId: release.id,
        entries: made.entries.map((entry) => ({ platform: entry.platform, hidden: entry.platform === 'amazon' })),
      },
    })
    const response = await visit('/l/page-test')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/)
    expect(response.headers['content-security-policy']).not.toMatch(/script-src/)
    const html = response.body
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&#60;img src=x onerror=&#34;alert(&#39;t&#39;)&#34;&#62; &#38; Friends')
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain('href="/l/page-test/spotify"')
    expect(html).toContain('href="/l/page-test/youtube"')
    expect(html).not.toContain('/l/page-test/amazon')
    expect(html).toContain('src="/l/page-test/cover"')
    // Codes are matched without case; another workspace's host does not know the code.
    expect((await visit('/l/PAGE-TEST')).statusCode).toBe(200)
    expect((await visit('/l/page-test', GLOBEX)).statusCode).toBe(404)
    expect((await visit('/l/nope-nope')).statusCode).toBe(404)
    expect((await visit('/l/page-test/amazon')).statusCode).toBe(404)
    expect((await visit('/l/page-test/myspace')).statusCode).toBe(404)
    // The cover file does not exist: no image rather than an error.
    expect((await visit('/l/page-test/cover')).statusCode).toBe(404)
  })

  it('counts a click per platform and sends the visitor on; the analytics add them up', async () => {
    const { release } = await deliveredRelease('Clicked')
    const empty = await admin.ok('releases.analytics', { params: { id: release.id } })
    expect(empty).toMatchObject({ releaseId: release.id, smartlinkId: null, total: 0, platforms: [], days: [] })
    expect(empty.to).toBe(new Date().toISOString().slice(0, 10))
    const made = await admin.ok('releases.linkCreate', { body: { releaseId: release.id, code: 'clicked' } })
    expect((await admin.ok('releases.analytics', { params: { id: release.id } })).days).toEqual([])

    const first = await visit('/l/clicked/spotify')
    expect(first.statusCode).toBe(302)
    expect(first.headers.location).toBe(`https://spotify.example/album/${release.id}`)
    expect(first.headers['cache-control']).toBe('no-store')
    await visit('/l/clicked/spotify')
    await visit('/l/clicked/apple')
    // A HEAD (a link checker) is not a click.
    expect((await t.app.inject({ method: 'HEAD', url: '/l/clicked/spotify', headers: { host: ACME } })).statusCode).toBe(302)
    // Older clicks: one inside the 90 days, one outside.
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10)
    await t.services.db.insert(smartlinkClicks).values([
      { smartlinkId: made.id, tenantId: ws.tenant.id, day: day(10), platform: 'youtube', clicks: 4 },
      { smartlinkId: made.id, tenantId: ws.tenant.id, day: day(120), platform: 'youtube', clicks: 50 },
    ])

    const analytics = await admin.ok('releases.analytics', { params: { id: release.id } })
    expect(analytics.smartlinkId).toBe(made.id)
    expect(analytics.total).toBe(7)
    expect(analytics.platforms).toEqual([
      { platform: 'youtube', label: 'YouTube', clicks: 4 },
      { platform: 'spotify', label: 'Spotify', clicks: 2 },
      { platform: 'apple', label: 'Apple Music', clicks: 1 },
    ])
    expect(analytics.days).toEqual([
      { day: day(10), clicks: 4, byPlatform: { youtube: 4 } },
      { day: day(0), clicks: 3, byPlatform: { apple: 1, spotify: 2 } },
    ])
    const link = (await admin.ok('releases.smartlink', { params: { id: release.id } })).smartlink!
    expect(link.clicks).toBe(57)
    expect(link.entries.find((entry) => entry.platform === 'spotify')?.clicks).toBe(2)
  })
})

describe('convert', () => {
  it('sets the type the tracks make it and answers before and after, audited', async () => {
    const four = await createRelease(t.services, { ...base(), title: 'Four Tracks', type: 'Single' }, [
      { duration: 180 },
      { duration: 200 },
      { duration: 190 },
      { duration: 210 },
    ])
    const converted = await admin.ok('releases.convert', { params: { id: four.release.id } })
    expect(converted).toMatchObject({ id: four.release.id, before: 'Single', after: 'EP', trackCount: 4, duration: 780 })
    expect((await admin.ok('releases.general', { params: { id: four.release.id } })).type).toBe('EP')
    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(four.release.id)), eq(auditLog.action, 'release.converted')))
    expect(row).toMatchObject({ before: { type: 'Single' }, after: { type: 'EP' } })

    const long = await createRelease(t.services, { ...base(), title: 'Long Single', type: 'Single' }, [{ duration: 660 }])
    expect((await admin.ok('releases.convert', { params: { id: long.release.id } })).after).toBe('EP')
    const album = await createRelease(t.services, { ...base(), title: 'Long Play', type: 'EP' }, [{ duration: 1000 }, { duration: 900 }])
    expect((await admin.ok('releases.convert', { params: { id: album.release.id } })).after).toBe('Album')
  })

  it('answers 409 with the reason when the type is already right, or cannot be worked out', async () => {
    const single = await createRelease(t.services, { ...base(), type: 'Single' }, [{ duration: 200 }, { duration: 220 }])
    const same = await admin.call('releases.convert', { params: { id: single.release.id } })
    expect(same.status).toBe(409)
    expect(same.error.message).toBe('It is already a Single: 2 tracks, each under 10 minutes.')
    const unknown = await createRelease(t.services, { ...base(), type: 'Single' }, [{ duration: 200 }, { duration: null }])
    expect((await admin.call('releases.convert', { params: { id: unknown.release.id } })).error.message).toMatch(/Track 2 has no duration/)
    const compilation = await createRelease(t.services, { ...base(), type: 'Compilation' }, [{ duration: 200 }])
    expect((await admin.call('releases.convert', { params: { id: compilation.release.id } })).status).toBe(409)
    expect((await artist.call('releases.convert', { params: { id: single.release.id } })).status).toBe(403)
    expect((await otherAdmin.call('releases.convert', { params: { id: single.release.id } })).status).toBe(404)
  })
})
