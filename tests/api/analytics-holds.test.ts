import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { createRelease } from './releases-fixtures'
import { dryRun, statementFile } from './imports-helpers'
import { auditsOf, key } from './payouts-fixtures'
import { bookSum } from './ledger-fixtures'

// Issue 24 item 5: a flagged track's earnings are held out of its payees' balances and payouts,
// as they stand and as they arrive, until a person releases them (docs/analytics.md "Held earnings").

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient
let artist: TestClient
let held: number
let clean: number

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'holds')
  admin = await signedIn(t.app, 'admin@holds.test')
  artist = await signedIn(t.app, 'artist@holds.test')
  const { tracks } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive' }, [
    { isrc: 'USWL12688001' },
    { isrc: 'USWL12688002' },
  ])
  held = Number(tracks[0].id)
  clean = Number(tracks[1].id)
  await admin.ok('users.editPayoutMethods', {
    body: { userId: ws.artist.id, paypalEmail: 'artist@holds.test', paypalConfirmed: true },
  })
})
afterAll(() => t.close())

const balanceOf = async () => (await admin.ok('users.single', { params: { id: ws.artist.id } })).balance

async function committedImport(month: string, lines: [string, string][]) {
  const body = lines.map(([isrc, net]) => `${month},Spotify,${isrc},1,${net}`).join('\n')
  const file = statementFile(`Sale Month,Store,ISRC,Quantity,Net\n${body}\n`, `holds-${month}.csv`)
  const { id } = await admin.ok('earnings.importAudiosalad', { multipart: { fields: { period: month }, files: file } })
  await dryRun(t, admin, id)
  await admin.ok('earnings.importCommit', { params: { id } })
  return id
}

describe('holding a flagged track’s earnings', () => {
  it('keeps them out of the balance and payouts, holds new ones as they arrive, and releases them back', async () => {
    await committedImport('2026-03', [
      ['USWL12688001', '300.00'],
      ['USWL12688002', '100.00'],
    ])
    expect(await balanceOf()).toMatchObject({ available: '400.00', held: '0.00' })

    const hold = await admin.ok('analytics.holdTrack', { params: { id: held }, body: { reason: 'Spike from BR playlists' } })
    expect(hold).toMatchObject({
      trackId: held,
      title: expect.any(String),
      releaseTitle: 'Night Drive',
      reason: 'Spike from BR playlists',
      releasedAt: null,
      amount: '300.00',
      accounts: [{ id: ws.artist.id, amount: '300.00' }],
    })
    expect(await balanceOf()).toMatchObject({ sales: '400.00', held: '300.00', available: '100.00' })
    expect(await bookSum(t.services, ws.tenant.id, 'held')).toBe('300.000000')
    const audits = await auditsOf(t.services, ws.tenant.id, 'analytics.earnings_held')
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ entityType: 'track', entityId: String(held), actorAccountId: ws.admin.id })

    // Payouts see only what is not held.
    const over = await admin.call('payouts.request', { body: { amount: '150.00', provider: 'paypal', userId: ws.artist.id }, headers: key() })
    expect(over.status).toBe(409)
    // A second hold on the same track is refused.
    expect((await admin.call('analytics.holdTrack', { params: { id: held }, body: { reason: 'Again' } })).status).toBe(409)

    // New earnings of the held track are held as they are posted; the other track's are not.
    const later = await committedImport('2026-04', [
      ['USWL12688001', '50.00'],
      ['USWL12688002', '20.00'],
    ])
    expect(await balanceOf()).toMatchObject({ held: '350.00', available: '120.00' })
    // Rolling that import back takes its part from the held money, not from the balance.
    await admin.ok('earnings.importRollback', { params: { id: later }, body: {} })
    expect(await balanceOf()).toMatchObject({ held: '300.00', available: '100.00' })

    // Visible where staff look: the list of holds (by track, by account) and the spike's track.
    const byAccount = await admin.ok('analytics.holds', { query: { account_id: ws.artist.id } })
    expect(byAccount.data.map((row) => [row.trackId, row.amount])).toEqual([[held, '300.00']])
    const byTrack = await admin.ok('analytics.holds', { query: { track_id: clean } })
    expect(byTrack.data).toEqual([])

    const released = await admin.ok('analytics.releaseHold', { params: { id: held }, body: { reason: 'Store confirmed the streams' } })
    expect(released).toMatchObject({ releaseReason: 'Store confirmed the streams', amount: '0.00', accounts: [] })
    expect(released.releasedAt).not.toBeNull()
    expect(await balanceOf()).toMatchObject({ held: '0.00', available: '400.00' })
    expect(await bookSum(t.services, ws.tenant.id, 'held')).toBe('0.000000')
    expect(await auditsOf(t.services, ws.tenant.id, 'analytics.earnings_released')).toHaveLength(1)
    // Released: nothing to release again, and its later earnings reach the balance.
    expect((await admin.call('analytics.releaseHold', { params: { id: held }, body: { reason: 'Again' } })).status).toBe(404)
    await committedImport('2026-05', [['USWL12688001', '10.00']])
    expect(await balanceOf()).toMatchObject({ held: '0.00', available: '410.00' })
    const history = await admin.ok('analytics.holds', { query: { track_id: held } })
    expect(history.data).toHaveLength(1)
    expect((await admin.ok('analytics.holds', { query: { track_id: held, standing: 'true' } })).data).toEqual([])
  })

  it('is for admins, needs a reason and a track of the workspace', async () => {
    expect((await artist.call('analytics.holdTrack', { params: { id: clean }, body: { reason: 'Mine' } })).status).toBe(403)
    expect((await artist.call('analytics.holds', { query: {} })).status).toBe(403)
    expect((await admin.call('analytics.holdTrack', { params: { id: clean }, body: { reason: '  ' } })).status).toBe(400)
    expect((await admin.call('analytics.holdTrack', { params: { id: 987654 }, body: { reason: 'Ghost' } })).status).toBe(404)
    const other = await createWorkspace(t.services, 'holds-other')
    const { tracks } = await createRelease(t.services, { tenantId: other.tenant.id, accountId: other.artist.id, title: 'Elsewhere' }, [
      { isrc: 'USWL12688009' },
    ])
    expect((await admin.call('analytics.holdTrack', { params: { id: Number(tracks[0].id) }, body: { reason: 'Not ours' } })).status).toBe(404)
  })
})
