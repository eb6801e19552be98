import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, createWorkspace, signedIn } from '../helpers/fixtures'
import { auditLog, jobs, splitPayees } from '../../src/server/db/schema'
import { payeesForTracks } from '../../src/domains/splits/server/allocation'
import { createRelease } from './releases-fixtures'

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let other: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let friend: TestClient
let stranger: TestClient
let friendAccount: { id: number; email: string }
let serial = 0

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'acme')
  other = await createWorkspace(t.services, 'globex')
  friendAccount = await createAccount(t.services, {
    tenantId: ws.tenant.id,
    email: 'friend@acme.test',
    firstName: 'Fran',
    lastName: 'Friend',
  })
  await createAccount(t.services, { tenantId: ws.tenant.id, email: 'stranger@acme.test' })
  admin = await signedIn(t.app, 'admin@acme.test')
  artist = await signedIn(t.app, 'artist@acme.test')
  friend = await signedIn(t.app, 'friend@acme.test')
  stranger = await signedIn(t.app, 'stranger@acme.test')
})
afterAll(() => t.close())

async function track(accountId = ws.artist.id, tenantId = ws.tenant.id) {
  serial += 1
  const { release, tracks } = await createRelease(t.services, { tenantId, accountId, title: `Song ${serial}` }, [
    { isrc: `USAAA25${String(serial).padStart(5, '0')}` },
  ])
  return { release, track: tracks[0] }
}

const submit = (client: TestClient, trackId: number, payees: { email: string; share: string }[], startsOn = '2025-01') =>
  client.call('splits.submit', { body: { trackId, startsOn, payees } })

describe('the create screen’s track search', () => {
  it('lists titles in natural order: "Nightfall 2" before "Nightfall 19"', async () => {
    await createRelease(
      t.services,
      { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Nightfall' },
      ['19', '2', '10', '1'].map((n, index) => ({ title: `Nightfall ${n}`, isrc: `USNAT25${String(index).padStart(5, '0')}` })),
    )
    const { tracks } = await admin.ok('splits.data', { body: { search: 'Nightfall' } })
    expect(tracks.map((found) => found.title)).toEqual(['Nightfall 1', 'Nightfall 2', 'Nightfall 10', 'Nightfall 19'])
  })
})

describe('creating a split', () => {
  it('lets the owner split a track in thirds exactly, invites the others by email, and lists it', async () => {
    const { track: song } = await track()
    const created = await submit(artist, song.id, [
      { email: 'artist@acme.test', share: '0.3333333334' },
      { email: 'Friend@acme.test', share: '0.3333333333' },
      { email: 'nobody@example.com', share: '0.3333333333' },
    ])
    expect(created.status).toBe(201)
    const split = created.data
    expect(split).toMatchObject({ status: 'pending', isLocked: false, startsOn: '2025-01', title: song.title })
    expect(split.payees.map((p) => [p.email, p.share, p.isUser, p.status, p.isOwner])).toEqual([
      ['artist@acme.test', '0.3333333334', true, 'confirmed', true],
      ['friend@acme.test', '0.3333333333', true, 'invited', false],
      ['nobody@example.com', '0.3333333333', false, 'invited', false],
    ])
    const mails = await t.services.db.select().from(jobs).where(eq(jobs.type, 'mail.send'))
    const sentTo = mails.map((job) => (job.payload as { to: string; subject: string }).to)
    expect(sentTo).toEqual(expect.arrayContaining(['friend@acme.test', 'nobody@example.com']))
    expect(sentTo).not.toContain('artist@acme.test')

    const list = await admin.ok('splits.list', { query: { search: song.title } })
    expect(list.data.map((row) => row.id)).toContain(split.id)
    const mine = await artist.ok('splits.list', { query: {} })
    expect(mine.data.map((row) => row.id)).toContain(split.id)
    const theirs = await stranger.ok('splits.list', { query: {} })
    expect(theirs.data.map((row) => row.id)).not.toContain(split.id)
    expect((await stranger.call('splits.single', { params: { id: split.id } })).status).toBe(404)
  })

  it('refuses shares that do not add up to exactly 100%, bad shares, duplicates and a missing owner', async () => {
    const { track: song } = await track()
    const short = await submit(artist, song.id, [
      { email: 'artist@acme.test', share: '0.3333333333' },
      { email: 'friend@acme.test', share: '0.3333333333' },
      { email: 'x@example.com', share: '0.3333333333' },
    ])
    expect(short.status).toBe(400)
    expect(short.error.message).toBe('Shares must add up to exactly 100%')
    const zero = await submit(artist, song.id, [
      { email: 'artist@acme.test', share: '1' },
      { email: 'friend@acme.test', share: '0' },
    ])
    expect(zero.status).toBe(400)
    expect(zero.error.errors?.['body.payees.1.share'] ?? zero.error.message).toMatch(/more than 0/)
    const precise = await submit(artist, song.id, [{ email: 'artist@acme.test', share: '0.99999999999' }])
    expect(precise.status).toBe(400)
    const twice = await submit(artist, song.id, [
      { email: 'artist@acme.test', share: '0.5' },
      { email: 'artist@acme.test', share: '0.5' },
    ])
    expect(twice.error.message).toMatch(/listed twice/)
    const noOwner = await submit(artist, song.id, [{ email: 'friend@acme.test', share: '1' }])
    expect(noOwner.error.message).toMatch(/owner \(artist@acme.test\) must be one of the payees/)
    const badEmail = await submit(artist, song.id, [{ email: 'not-an-email', share: '1' }])
    expect(badEmail.status).toBe(400)
  })

  it("refuses another account's track, and tracks of other workspaces", async () => {
    const { track: labelSong } = await track(ws.label.id)
    expect((await submit(artist, labelSong.id, [{ email: 'label@acme.test', share: '1' }])).status).toBe(404)
    const { track: foreign } = await track(other.artist.id, other.tenant.id)
    expect((await submit(admin, foreign.id, [{ email: 'artist@globex.test', share: '1' }])).status).toBe(404)
    expect((await admin.call('splits.data', { body: { trackId: foreign.id } })).status).toBe(404)
  })

  it('allows one open split per track: a pending one blocks, an active one ends at the new start', async () => {
    const { track: song } = await track()
    const first = await admin.ok('splits.submit', {
      body: { trackId: song.id, startsOn: '2024-01', payees: [{ email: 'artist@acme.test', share: '1' }] },
    })
    // The owner alone: nobody else has to confirm.
    expect(first.status).toBe('active')
    const second = await admin.ok('splits.submit', {
      body: {
        trackId: song.id,
        startsOn: '2024-06',
        payees: [
          { email: 'artist@acme.test', share: '0.5' },
          { email: 'friend@acme.test', share: '0.5' },
        ],
      },
    })
    expect(second.status).toBe('pending')
    const ended = await admin.ok('splits.single', { params: { id: first.id } })
    expect(ended).toMatchObject({ status: 'ended', endedOn: '2024-06' })
    const blocked = await submit(admin, song.id, [{ email: 'artist@acme.test', share: '1' }], '2025-01')
    expect(blocked.status).toBe(409)
    expect(blocked.error.message).toMatch(/waiting for confirmation/)
    const data = await artist.ok('splits.data', { body: { trackId: song.id } })
    expect(data.selected?.openSplit).toMatchObject({ id: second.id, status: 'pending' })
  })
})

describe('confirming and removing payees', () => {
  it('activates the split when the last registered payee confirms; a payee cannot confirm for someone else', async () => {
    const { track: song } = await track()
    const split = (
      await submit(artist, song.id, [
        { email: 'artist@acme.test', share: '0.6' },
        { email: 'friend@acme.test', share: '0.3' },
        { email: 'stranger@acme.test', share: '0.1' },
      ])
    ).data
    const friendRow = split.payees.find((p) => p.email === 'friend@acme.test')!
    const strangerRow = split.payees.find((p) => p.email === 'stranger@acme.test')!
    const forOther = await friend.call('splits.confirm', { body: { splitId: split.id, payeeId: strangerRow.id } })
    expect(forOther.status).toBe(403)
    expect(forOther.error.message).toBe('You can only confirm your own share.')

    const own = await friend.ok('splits.confirm', { body: { splitId: split.id } })
    expect(own.split.status).toBe('pending')
    expect(own.split.payees.find((p) => p.id === friendRow.id)?.status).toBe('confirmed')
    expect((await friend.call('splits.confirm', { body: { splitId: split.id } })).status).toBe(409)

    const last = await admin.ok('splits.confirm', { body: { splitId: split.id, payeeId: strangerRow.id } })
    expect(last.split.status).toBe('active')
    expect(last.message).toMatch(/active/)

    const applying = await payeesForTracks(t.services.db, ws.tenant.id, [song.id], '2025-03-01')
    expect(applying.get(song.id)?.map((p) => p.share)).toEqual(['0.6000000000', '0.3000000000', '0.1000000000'])
    expect((await payeesForTracks(t.services.db, ws.tenant.id, [song.id], '2024-12-01')).get(song.id)).toBeUndefined()
  })

  it('moves a removed payee’s share to the owner once the removal is confirmed, so the sum stays 1', async () => {
    const { track: song } = await track()
    const split = (
      await submit(artist, song.id, [
        { email: 'artist@acme.test', share: '0.3333333334' },
        { email: 'friend@acme.test', share: '0.3333333333' },
        { email: 'stranger@acme.test', share: '0.3333333333' },
      ])
    ).data
    const friendRow = split.payees.find((p) => p.email === 'friend@acme.test')!
    expect((await friend.call('splits.remove', { body: { splitId: split.id, payeeId: friendRow.id } })).status).toBe(404)
    const owner = split.payees.find((p) => p.isOwner)!
    expect((await artist.call('splits.remove', { body: { splitId: split.id, payeeId: owner.id } })).status).toBe(400)
    const asked = await artist.ok('splits.remove', { body: { splitId: split.id, payeeId: friendRow.id } })
    expect(asked.split.payees.find((p) => p.id === friendRow.id)?.status).toBe('removal_requested')
    // The owner cannot confirm their own request; the payee (or staff) does.
    expect((await artist.call('splits.confirmRemoval', { body: { splitId: split.id, payeeId: friendRow.id } })).status).toBe(403)
    const removed = await friend.ok('splits.confirmRemoval', { body: { splitId: split.id, payeeId: friendRow.id } })
    const byEmail = Object.fromEntries(removed.split.payees.map((p) => [p.email, [p.share, p.status]]))
    expect(byEmail).toEqual({
      'artist@acme.test': ['0.6666666667', 'confirmed'],
      'friend@acme.test': ['0.3333333333', 'removed'],
      'stranger@acme.test': ['0.3333333333', 'invited'],
    })
  })
})

describe('lock and status (admin)', () => {
  it('a locked split cannot be changed by its owner, only by an admin; lock and unlock are audited', async () => {
    const { track: song } = await track()
    const split = (
      await submit(artist, song.id, [
        { email: 'artist@acme.test', share: '0.5' },
        { email: 'friend@acme.test', share: '0.5' },
      ])
    ).data
    expect((await artist.call('splits.lock', { body: { id: split.id } })).status).toBe(403)
    const locked = await admin.ok('splits.lock', { body: { id: split.id } })
    expect(locked.split.isLocked).toBe(true)
    const friendRow = split.payees.find((p) => p.email === 'friend@acme.test')!
    const refused = await artist.call('splits.remove', { body: { splitId: split.id, payeeId: friendRow.id } })
    expect(refused.status).toBe(403)
    expect(refused.error.message).toBe('This split is locked')
    expect((await admin.call('splits.remove', { body: { splitId: split.id, payeeId: friendRow.id } })).status).toBe(200)
    expect((await admin.call('splits.lock', { body: { id: split.id } })).status).toBe(409)
    await admin.ok('splits.unlock', { body: { id: split.id } })
    const trail = await t.services.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'split'), eq(auditLog.entityId, String(split.id))))
    expect(trail.map((row) => row.action)).toEqual(
      expect.arrayContaining(['split.created', 'split.locked', 'split.payee.removal_requested', 'split.unlocked']),
    )
  })

  it('follows the transitions: active only when every payee has an account, decline pending, end active', async () => {
    const { track: song } = await track()
    const split = (
      await submit(admin, song.id, [
        { email: 'artist@acme.test', share: '0.5' },
        { email: 'ghost@example.com', share: '0.5' },
      ])
    ).data
    expect((await artist.call('splits.changeStatus', { body: { id: split.id, status: 'active' } })).status).toBe(403)
    const noAccount = await admin.call('splits.changeStatus', { body: { id: split.id, status: 'active' } })
    expect(noAccount.status).toBe(409)
    expect(noAccount.error.message).toMatch(/Every payee needs an account/)
    expect((await admin.call('splits.changeStatus', { body: { id: split.id, status: 'ended' } })).status).toBe(409)
    // Once the email has an account, an admin may activate: the invited share counts as confirmed.
    await createAccount(t.services, { tenantId: ws.tenant.id, email: 'ghost@example.com' })
    const active = await admin.ok('splits.changeStatus', { body: { id: split.id, status: 'active' } })
    expect(active.split.status).toBe('active')
    expect(active.split.payees.every((p) => p.status === 'confirmed' && p.isUser)).toBe(true)
    const ended = await admin.ok('splits.changeStatus', { body: { id: split.id, status: 'ended' } })
    expect(ended.split.status).toBe('ended')
    expect(ended.split.endedOn).toMatch(/^\d{4}-\d{2}$/)
    expect((await admin.call('splits.changeStatus', { body: { id: split.id, status: 'active' } })).error.message).toMatch(/cannot change/)
  })
})

describe('lookups', () => {
  it('says whether an email is an account of this workspace only', async () => {
    expect(await admin.ok('splits.isValidUser', { body: { email: 'FRIEND@acme.test' } })).toEqual({ isUser: true, name: 'Fran Friend' })
    expect(await artist.ok('splits.isValidUser', { body: { email: 'artist@globex.test' } })).toEqual({ isUser: false })
    expect((await artist.call('splits.isValidUser', { body: { email: 'nope' } })).status).toBe(400)
  })

  it('tells an artist only whether an email can be a payee, never whose account it is', async () => {
    expect(await artist.ok('splits.isValidUser', { body: { email: 'FRIEND@acme.test' } })).toEqual({ isUser: true })
  })

  it("limits an artist's payee checks per account in a window, counted in the database; staff are not limited", async () => {
    const { PAYEE_CHECKS } = await import('../../src/domains/splits/server/service')
    const before = await t.services.db.select().from(auditLog).where(eq(auditLog.actorAccountId, friendAccount.id))
    const used = before.filter((row) => row.action === 'split.payee_checked').length
    for (let index = used; index < PAYEE_CHECKS.perAccount; index += 1)
      expect((await friend.call('splits.isValidUser', { body: { email: `someone${index}@acme.test` } })).status).toBe(200)
    const refused = await friend.call('splits.isValidUser', { body: { email: 'stranger@acme.test' } })
    expect(refused.status).toBe(429)
    // another account has its own counter, and the recorded checks do not keep the emails asked about
    expect((await stranger.call('splits.isValidUser', { body: { email: 'friend@acme.test' } })).status).toBe(200)
    const rows = await t.services.db.select().from(auditLog).where(eq(auditLog.actorAccountId, friendAccount.id))
    expect(JSON.stringify(rows)).not.toContain('someone')
    for (let index = 0; index < 3; index += 1)
      expect((await admin.call('splits.isValidUser', { body: { email: 'friend@acme.test' } })).status).toBe(200)
  })

  it("answers a release's split summaries to staff and its owner, and the account tab's splits", async () => {
    const { release, track: song } = await track()
    const split = (
      await submit(artist, song.id, [
        { email: 'artist@acme.test', share: '0.7' },
        { email: 'friend@acme.test', share: '0.3' },
      ])
    ).data
    const tab = await admin.ok('splits.releaseTab', { params: { id: release.id } })
    expect(tab.data).toEqual([expect.objectContaining({ id: split.id, status: 'pending', payeeCount: 2, trackTitle: song.title })])
    expect((await artist.ok('splits.ofRelease', { params: { id: release.id } })).data).toHaveLength(1)
    expect((await friend.call('splits.ofRelease', { params: { id: release.id } })).status).toBe(404)
    expect((await artist.call('splits.releaseTab', { params: { id: release.id } })).status).toBe(403)

    const owned = await admin.ok('users.splits', { params: { id: ws.artist.id }, query: {} })
    expect(owned.data.find((row) => row.id === split.id)).toMatchObject({ share: '0.7000000000', status: 'pending' })
    await friend.ok('splits.confirm', { body: { splitId: split.id } })
    const collabs = await admin.ok('users.collabs', { params: { id: friendAccount.id }, query: {} })
    expect(collabs.data.find((row) => row.id === split.id)).toMatchObject({ share: '0.3000000000' })
  })

  it('finds splits from the palette by track title, ISRC and owner, in this workspace only', async () => {
    const { track: song } = await track()
    const split = (await submit(admin, song.id, [{ email: 'artist@acme.test', share: '1' }])).data
    const byIsrc = await admin.ok('search.query', { query: { q: song.isrc!, kinds: 'split' } })
    expect(byIsrc.hits.map((hit) => hit.id)).toContain(split.id)
    const byId = await admin.ok('search.query', { query: { q: `split:${split.id}`, kinds: 'split' } })
    expect(byId.hits[0]).toMatchObject({ kind: 'split', id: split.id, title: `Split of ${song.title}` })
    const byOwner = await admin.ok('search.query', { query: { q: 'artist@acme', kinds: 'split' } })
    expect(byOwner.hits.map((hit) => hit.id)).toContain(split.id)
    const otherAdmin = await signedIn(t.app, 'admin@globex.test')
    expect((await otherAdmin.ok('search.query', { query: { q: `split:${split.id}`, kinds: 'split' } })).hits).toEqual([])
    expect((await otherAdmin.call('splits.single', { params: { id: split.id } })).status).toBe(404)
    expect((await otherAdmin.call('splits.lock', { body: { id: split.id } })).status).toBe(404)
  })
})

describe('list', () => {
  it('filters by status and refuses searches shorter than 3 characters', async () => {
    const active = await admin.ok('splits.list', { query: { status: 'active', per_page: 100 } })
    expect(active.data.length).toBeGreaterThan(0)
    expect(active.data.every((row) => row.status === 'active')).toBe(true)
    const short = await admin.call('splits.list', { query: { search: 'ab' } })
    expect(short.status).toBe(400)
    expect((await admin.call('splits.list', { query: { per_page: 7 } })).status).toBe(400)
    const rows = await t.services.db.select().from(splitPayees)
    expect(rows.every((row) => row.tenantId === ws.tenant.id)).toBe(true)
  })
})
