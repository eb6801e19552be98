import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, gt, sql } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../helpers/app'
import type { TestClient } from '../helpers/client'
import { createWorkspace, signedIn } from '../helpers/fixtures'
import { auditLog, notifications } from '../../src/server/db/schema/platform'
import { ENDPOINTS, type EndpointId } from '../../src/contract/index'
import { createRelease } from './releases-fixtures'
import { handlerReachesAudit } from '../unit/boundaries/audit-reach'

// "Every admin mutation writes an audit row" (docs/architecture.md): every endpoint of the contract
// with access 'admin' and a method other than GET is either called here with valid input and seen
// to write one, or (where a generic call needs more setup than a fixture: files, outside services,
// imports) checked statically to reach the audit from its handler (tests/unit/boundaries/audit-reach.ts).

const ADMIN_MUTATIONS = (Object.entries(ENDPOINTS) as [EndpointId, { access: string; method: string }][])
  .filter(([, endpoint]) => endpoint.access === 'admin' && endpoint.method !== 'GET')
  .map(([id]) => id)

/** POST calls that change nothing: they read with a body (report views and CSV downloads). */
const READS_OVER_POST: Partial<Record<EndpointId, string>> = {
  'users.reportChannelOverview': 'a report view: sums of the ledger for a period',
  'releases.lyricsExport': "a CSV download of the chosen releases' lyrics",
  'accountReports.channel': 'a CSV download streamed from the ledger',
  'accountReports.country': 'a CSV download streamed from the ledger',
  'accountReports.track': 'a CSV download streamed from the ledger',
  'accountReports.grossRelease': 'a CSV download streamed from the ledger',
  'accountReports.release': 'a CSV download streamed from the ledger',
  'accountReports.catalog': 'a CSV download streamed from the catalogue',
  'accountReports.royaltyShares': 'a CSV download streamed from the ledger',
  'accountReports.fullRoyaltyShares': 'a CSV download streamed from the ledger',
  'accountReports.payouts': 'a CSV download streamed from the payouts',
  'accountReports.statement': 'a CSV download streamed from the statement lines',
  'accountReports.transactions': 'a CSV download streamed from the ledger',
  'accountReports.influencer': 'answers 409: this report has no source yet',
  'accountReports.audience': 'answers 409: this report has no source yet',
  'accountReports.deliveryLog': 'answers 409: this report has no source yet',
  'users.support': "the account screen's support section: reads the account's tickets and help-center threads",
}

let t: TestApp
let ws: Awaited<ReturnType<typeof createWorkspace>>
let admin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  ws = await createWorkspace(t.services, 'audited')
  admin = await signedIn(t.app, 'admin@audited.test')
})
afterAll(async () => {
  await t.close()
})

type Call = () => Promise<unknown>
let rate: { id: number } | undefined
/** Valid calls, each from fixtures made here; the order matters where one undoes another. */
const CALLS: Partial<Record<EndpointId, Call>> = {
  'users.banSubmit': () => admin.ok('users.banSubmit', { body: { userId: ws.artist.id, reason: 'Fraud' } }),
  'users.banCancel': () => admin.ok('users.banCancel', { body: { userId: ws.artist.id } }),
  'users.blockWithdraw': () => admin.ok('users.blockWithdraw', { body: { userId: ws.artist.id } }),
  'users.unblockWithdraw': () => admin.ok('users.unblockWithdraw', { body: { userId: ws.artist.id } }),
  'users.dmcaSubmit': () => admin.ok('users.dmcaSubmit', { body: { userId: ws.artist.id } }),
  'users.dmcaCancel': () => admin.ok('users.dmcaCancel', { body: { userId: ws.artist.id } }),
  'users.restrictNewRelease': () => admin.ok('users.restrictNewRelease', { body: { userId: ws.artist.id, restrict: true } }),
  'users.banRelease': () => admin.ok('users.banRelease', { body: { userId: ws.artist.id, banned: true } }),
  'users.editVerify': () => admin.ok('users.editVerify', { body: { userId: ws.artist.id, verified: true } }),
  'users.editType': () => admin.ok('users.editType', { body: { userId: ws.label.id, type: 'artist' } }),
  'users.editTenantSplit': () => admin.ok('users.editTenantSplit', { body: { userId: ws.artist.id, tenantSplit: '12.5' } }),
  'users.createNote': () => admin.ok('users.createNote', { body: { userId: ws.artist.id, title: 'Call', content: 'Monthly payouts.' } }),
  'users.message': () => admin.ok('users.message', { body: { userId: ws.artist.id, subject: 'Statement', message: 'It is ready.' } }),
  'users.removeNotifications': async () => {
    const [row] = await t.services.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.accountId, ws.artist.id))
      .limit(1)
    return admin.ok('users.removeNotifications', { body: { userId: ws.artist.id, ids: [row.id] } })
  },
  'users.publishingManual': () =>
    admin.ok('users.publishingManual', { body: { userId: ws.artist.id, amount: '0.25', period: '2026-10-01' } }),
  'ledger.adjust': () => admin.ok('ledger.adjust', { params: { id: ws.artist.id }, body: { amount: '+100.05', reason: 'Bonus' } }),
  'ledger.rateCreate': async () => {
    rate = await admin.ok('ledger.rateCreate', { body: { currency: 'EUR', period: '2025-03', rate: '1.0825' } })
  },
  'ledger.rateDelete': () => admin.ok('ledger.rateDelete', { params: { id: rate!.id } }),
  'payouts.updateSettings': () =>
    admin.ok('payouts.updateSettings', {
      body: {
        minimumWithdrawal: '50',
        fees: { paypal: { percent: '2', fixed: '0.30', cap: '20' }, tipalti: { percent: '0', fixed: '3', cap: null } },
      },
    }),
  'reports.requestArtistEarning': () => admin.ok('reports.requestArtistEarning', { body: { userId: ws.artist.id } }),
  'releases.notesCreate': async () => {
    const { release } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Audited' })
    return admin.ok('releases.notesCreate', { body: { releaseId: release.id, content: 'Checked the artwork' } })
  },
  'releases.addToSpotifyDiscovery': async () => {
    const { release } = await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Live one', status: 1 })
    return admin.ok('releases.addToSpotifyDiscovery', { body: { releaseIds: [release.id] } })
  },
}

describe('every admin mutation writes an audit row', () => {
  it('lists every admin mutation as called here, checked statically, or a read over POST', () => {
    for (const id of Object.keys(READS_OVER_POST)) expect(ADMIN_MUTATIONS, `${id} is no admin POST`).toContain(id)
    for (const id of Object.keys(CALLS)) expect(ADMIN_MUTATIONS, `${id} is no admin mutation`).toContain(id)
    expect(ADMIN_MUTATIONS.length).toBeGreaterThan(90)
  })

  it.each(ADMIN_MUTATIONS.filter((id) => !READS_OVER_POST[id]))('%s: its handler reaches the audit', (id) => {
    const { domain, path } = handlerReachesAudit(id)
    expect(domain, `no domain handles ${id}`).not.toBeNull()
    expect(path, `${id} (${domain}) does not reach auditedMutation/audit`).not.toBeNull()
  })

  it.each(Object.keys(CALLS) as EndpointId[])('%s: called with valid input, writes an audit row by the admin', async (id) => {
    const { rows } = await t.services.db.execute<{ last: number }>(sql`select coalesce(max(id), 0) as last from audit_log`)
    await CALLS[id]!()
    const written = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, ws.tenant.id), gt(auditLog.id, Number(rows[0].last))))
    expect(
      written.filter((row) => row.actorAccountId === ws.admin.id),
      `${id} wrote no audit row by the admin`,
    ).not.toEqual([])
  })
})
