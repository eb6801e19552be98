import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createAccount, twoWorkspaces } from '../helpers/fixtures'
import { createRelease, upc } from './releases-fixtures'
import { accountBalance, createImport, createSplit } from './ledger-fixtures'
import { auditLog, releases, splits, tracks } from '../../src/server/db/schema'
import { postImport } from '../../src/domains/earnings/server/ledger/posting'

let t: TestApp
let ws: Awaited<ReturnType<typeof twoWorkspaces>>['ws']
let other: Awaited<ReturnType<typeof twoWorkspaces>>['other']
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ;({ ws, other, admin, artist, otherAdmin } = await twoWorkspaces(t, 'acme', 'globex'))
})
afterAll(() => t.close())

const ownerOf = async (releaseId: number) =>
  (await t.services.db.select({ accountId: releases.accountId }).from(releases).where(eq(releases.id, releaseId)))[0].accountId
const post = (importId: number) => t.services.db.transaction((tx) => postImport(tx, ws.tenant.id, importId, ws.admin.id))

describe('transfers', () => {
  it('previews, then moves a release with its tracks, open splits and future earnings; past ledger entries stay', async () => {
    const { release, tracks } = await createRelease(
      t.services,
      { tenantId: ws.tenant.id, accountId: ws.artist.id, status: 1, upc: upc(31) },
      [{ isrc: 'QZAAA2600031' }, { isrc: 'QZAAA2600032' }],
    )
    const split = await createSplit(t.services, {
      tenantId: ws.tenant.id,
      trackId: tracks[0].id,
      ownerAccountId: ws.artist.id,
      payees: [{ accountId: ws.artist.id, share: '1' }],
    })
    // An ended split is history, like the ledger: it stays with the old owner.
    const [ended] = await t.services.db
      .insert(splits)
      .values({
        tenantId: ws.tenant.id,
        trackId: tracks[1].id,
        ownerAccountId: ws.artist.id,
        status: 'ended',
        startsOn: '2023-01-01',
        endedOn: '2024-01-01',
      })
      .returning()
    // Earned before the move: paid to the artist.
    await post((await createImport(t.services, { tenantId: ws.tenant.id, lines: [{ net: '20', releaseId: release.id, upc: upc(31) }] })).id)
    expect(await accountBalance(t.services, ws.artist.id)).toBe('20.000000')

    const preview = await admin.ok('transfers.single', { body: { releaseId: release.id, accountId: ws.label.id, dryRun: true } })
    expect(preview).toMatchObject({
      dryRun: true,
      moved: 0,
      refused: 0,
      to: { id: ws.label.id, type: 'label' },
      releases: [{ releaseId: release.id, from: { id: ws.artist.id }, tracks: 2, splits: 1, refused: null }],
    })
    // The preview changed nothing.
    expect(await ownerOf(release.id)).toBe(ws.artist.id)

    const done = await admin.ok('transfers.single', { body: { releaseId: release.id, accountId: ws.label.id } })
    expect(done).toMatchObject({ dryRun: false, moved: 1, refused: 0, releases: [{ tracks: 2, splits: 1, refused: null }] })
    expect(await ownerOf(release.id)).toBe(ws.label.id)
    const owners = await t.services.db
      .select({ id: splits.id, owner: splits.ownerAccountId })
      .from(splits)
      .where(eq(splits.tenantId, ws.tenant.id))
    expect(owners).toEqual(
      expect.arrayContaining([
        { id: split.id, owner: ws.label.id },
        { id: ended.id, owner: ws.artist.id },
      ]),
    )

    // Earned after the move: the new owner's; the artist keeps what was posted before.
    await post((await createImport(t.services, { tenantId: ws.tenant.id, lines: [{ net: '5', releaseId: release.id, upc: upc(31) }] })).id)
    expect(await accountBalance(t.services, ws.artist.id)).toBe('20.000000')
    expect(await accountBalance(t.services, ws.label.id)).toBe('5.000000')

    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'release.transferred'), eq(auditLog.entityId, String(release.id))))
    expect(audit).toMatchObject({ before: { accountId: ws.artist.id }, after: { accountId: ws.label.id, tracks: 2, splitsMoved: 1 } })
  })

  it('refuses with a reason: banned, staff or foreign accounts, a release under review, the same owner', async () => {
    const { release } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, status: 1 }, [{}])
    const banned = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'banned@acme.test', banned: true })
    const refusal = async (body: { releaseId: number; accountId: number }) => {
      const response = await admin.call('transfers.single', { body })
      return { status: response.status, message: response.error.message }
    }
    expect(await refusal({ releaseId: release.id, accountId: banned.id })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/banned/),
    })
    expect(await refusal({ releaseId: release.id, accountId: ws.admin.id })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/artist or a label/),
    })
    expect(await refusal({ releaseId: release.id, accountId: other.label.id })).toMatchObject({
      status: 400,
      message: expect.stringMatching(/no such account/),
    })
    expect(await refusal({ releaseId: release.id, accountId: ws.artist.id })).toMatchObject({
      status: 409,
      message: expect.stringMatching(/already/),
    })

    const { release: inReview } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, status: 2 }, [{}])
    expect(await refusal({ releaseId: inReview.id, accountId: ws.label.id })).toMatchObject({
      status: 409,
      message: expect.stringMatching(/under review/),
    })
    expect(await ownerOf(inReview.id)).toBe(ws.artist.id)
    // Another workspace's admin cannot see it; an artist cannot call it at all.
    expect((await otherAdmin.call('transfers.single', { body: { releaseId: release.id, accountId: other.label.id } })).status).toBe(404)
    expect((await artist.call('transfers.single', { body: { releaseId: release.id, accountId: ws.label.id } })).status).toBe(403)
  })

  it('moves a selection: each release that can move does, each that cannot is listed with its reason', async () => {
    const label2 = await createAccount(t.services, { tenantId: ws.tenant.id, email: 'label2@acme.test', type: 'label' })
    const a = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, status: 0 }, [{}])
    const b = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.label.id, status: 4 }, [{}, {}])
    const c = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, status: 6 }, [{}])
    const foreign = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, status: 1 }, [{}])
    const ids = [a.release.id, b.release.id, c.release.id, foreign.release.id]

    const preview = await admin.ok('transfers.bulk', { body: { ids, accountId: label2.id, dryRun: true } })
    expect(preview).toMatchObject({ moved: 0, refused: 2 })
    expect(preview.releases.map((row) => row.refused === null)).toEqual([true, true, false, false])

    const done = await admin.ok('transfers.bulk', { body: { ids, accountId: label2.id } })
    expect(done).toMatchObject({ moved: 2, refused: 2 })
    expect(done.releases[2].refused).toMatch(/edit of it is pending/)
    expect(done.releases[3].refused).toMatch(/no such release/)
    expect(await ownerOf(a.release.id)).toBe(label2.id)
    expect(await ownerOf(b.release.id)).toBe(label2.id)
    expect(await ownerOf(c.release.id)).toBe(ws.artist.id)
    expect(await ownerOf(foreign.release.id)).toBe(other.artist.id)
    expect((await admin.call('transfers.bulk', { body: { ids: [], accountId: label2.id } })).status).toBe(400)
  })
})

describe('transfer-in', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    accountId: ws.artist.id,
    fromDistributor: 'OtherDist',
    title: 'Old Hits',
    artists: ['Test Artist'],
    upc: upc(41),
    label: 'Acme Records',
    primaryGenre: 'hip hop',
    originalReleaseDate: '2019-05-03',
    tracks: [
      { title: 'First', isrc: 'US-RC1-19-00001' },
      { title: 'Second', isrc: 'USRC11900002', explicit: true },
    ],
    ...over,
  })

  it('previews, then brings a release in keeping its UPC, ISRCs and original release date; the history lists it', async () => {
    const preview = await admin.ok('transfers.in', { body: { ...body(), dryRun: true } })
    expect(preview).toEqual({ dryRun: true, releaseId: null, upc: upc(41), isrcs: ['USRC11900001', 'USRC11900002'], problems: [] })
    expect((await admin.ok('transfers.inHistory', { query: {} })).meta.total).toBe(0)

    const done = await admin.ok('transfers.in', { body: body() })
    const [release] = await t.services.db.select().from(releases).where(eq(releases.id, done.releaseId!))
    expect(release).toMatchObject({
      accountId: ws.artist.id,
      upc: upc(41),
      originalReleaseDate: '2019-05-03',
      releaseDate: '2019-05-03',
      transferIn: true,
      status: 0,
      primaryGenre: 'Hip-Hop/Rap',
    })
    const trackRows = await t.services.db.select().from(tracks).where(eq(tracks.releaseId, release.id)).orderBy(tracks.position)
    expect(trackRows.map((row) => [row.isrc, row.explicit])).toEqual([
      ['USRC11900001', false],
      ['USRC11900002', true],
    ])
    const history = await admin.ok('transfers.inHistory', { query: {} })
    expect(history.data).toEqual([
      expect.objectContaining({
        releaseId: release.id,
        title: 'Old Hits',
        fromDistributor: 'OtherDist',
        upc: upc(41),
        isrcs: ['USRC11900001', 'USRC11900002'],
        originalReleaseDate: '2019-05-03',
        account: { id: ws.artist.id, email: ws.artist.email },
      }),
    ])
    const [audit] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'release.transferred_in'), eq(auditLog.entityId, String(release.id))))
    expect(audit.after).toMatchObject({ fromDistributor: 'OtherDist', upc: upc(41) })
    // Other workspaces do not see it.
    expect((await otherAdmin.ok('transfers.inHistory', { query: {} })).meta.total).toBe(0)
  })

  it('refuses with every reason: codes already here or invalid, a repeated ISRC, an unknown genre, a staff account', async () => {
    const again = await admin.ok('transfers.in', {
      body: { ...body({ accountId: ws.admin.id, primaryGenre: 'space polka' }), dryRun: true },
    })
    expect(again.problems.map((problem) => problem.field).sort()).toEqual([
      'accountId',
      'primaryGenre',
      'tracks.0.isrc',
      'tracks.1.isrc',
      'upc',
    ])
    expect(again.problems.find((problem) => problem.field === 'upc')!.message).toMatch(/on release #\d+ of the workspace already/)

    const response = await admin.call('transfers.in', {
      body: body({
        upc: '123456789013',
        tracks: [
          { title: 'A', isrc: 'QZAAA1900009' },
          { title: 'B', isrc: 'QZAAA1900009' },
        ],
      }),
    })
    expect(response.status).toBe(400)
    expect(response.error.errors).toMatchObject({ upc: expect.any(String), 'tracks.1.isrc': expect.stringMatching(/two tracks/) })
    expect((await admin.ok('transfers.inHistory', { query: {} })).meta.total).toBe(1)
    expect((await artist.call('transfers.in', { body: body({ upc: upc(42) }) })).status).toBe(403)
  })
})
