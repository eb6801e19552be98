import { eq, sql } from 'drizzle-orm'
import type { TestApp } from '../helpers/app'
import { createAccount, createWorkspace } from '../helpers/fixtures'
import { accounts, exchangeRates, payouts } from '../../src/server/db/schema'
import { postImport } from '../../src/domains/earnings/server/ledger/posting'
import { reserve } from '../../src/domains/payouts/server/postings'
import { REPORT_SOURCES, type ReportScope } from '../../src/domains/reports/server/sources'
import { csvStream } from '../../src/server/csv-stream'
import { divideHalfEven, fromScaled, toScaled } from '../../src/core/decimal'
import { createRelease, upc } from './releases-fixtures'
import { createImport, createSplit, setImportStatus } from './ledger-fixtures'

/**
 * Demo-like royalties for report tests: an artist and a label with releases, a 60/40 split, a 20 %
 * operator share on the artist, two committed statements (one with a UPC-only and an unmatched
 * line), a payout reservation, a rate; and a second workspace with money of its own.
 */
export async function reportWorld(t: TestApp, slug: string, otherSlug: string) {
  const ws = await createWorkspace(t.services, slug)
  const other = await createWorkspace(t.services, otherSlug)
  const tenantId = ws.tenant.id
  const db = t.services.db
  const album = await createRelease(
    t.services,
    { tenantId, accountId: ws.artist.id, title: 'Night Album', artistText: 'Nova', upc: upc(501) },
    [
      { isrc: 'QZNOV2500001', title: 'Opening' },
      { isrc: 'QZNOV2500002', title: 'Closing' },
    ],
  )
  const single = await createRelease(
    t.services,
    { tenantId, accountId: ws.label.id, title: 'Label Single', artistText: 'Band', upc: upc(502) },
    [{ isrc: 'QZLAB2500001', title: 'Single Song' }],
  )
  await db.update(accounts).set({ tenantSplit: '20.0000' }).where(eq(accounts.id, ws.artist.id))
  const split = await createSplit(t.services, {
    tenantId,
    trackId: album.tracks[0].id,
    ownerAccountId: ws.artist.id,
    startsOn: '2025-01-01',
    payees: [
      { accountId: ws.artist.id, share: '0.6000000000' },
      { accountId: ws.label.id, share: '0.4000000000' },
    ],
  })
  const opening = album.tracks[0]
  const closing = album.tracks[1]
  const song = single.tracks[0]
  const march = await createImport(t.services, {
    tenantId,
    source: 'cms',
    period: '2025-03-01',
    lines: [
      { net: '100.000003', trackId: opening.id, releaseId: album.release.id, quantity: 10, channel: 'YouTube', territory: 'US' },
      { net: '10.5', trackId: closing.id, releaseId: album.release.id, quantity: 3, channel: 'Spotify', territory: 'FR' },
      { net: '33.333333', trackId: song.id, releaseId: single.release.id, quantity: 7, channel: 'Spotify', territory: 'US' },
      { net: '5', releaseId: album.release.id, quantity: 1, channel: 'iTunes', territory: 'DE', upc: upc(501) },
      { net: '2', quantity: 1, channel: 'Spotify', territory: 'US', isrc: 'QZUNK0000001' },
    ],
  })
  const april = await createImport(t.services, {
    tenantId,
    source: 'audiosalad',
    period: '2025-04-01',
    lines: [
      { net: '50', trackId: opening.id, releaseId: album.release.id, quantity: 20, channel: 'Spotify', territory: 'GB' },
      { net: '20.000001', trackId: song.id, releaseId: single.release.id, quantity: 4, channel: 'Deezer', territory: 'FR' },
    ],
  })
  for (const statement of [march, april]) {
    await db.transaction((tx) => postImport(tx, tenantId, statement.id, ws.admin.id))
    await setImportStatus(t.services, statement.id, 'committed')
  }
  // A payout of 10 reserved from the artist in May.
  const reservation = await db.transaction((tx) => reserve(tx, { tenantId, actorId: ws.admin.id }, ws.artist.id, 10_000_000n, 'Payout'))
  const [payout] = await db
    .insert(payouts)
    .values({
      tenantId,
      accountId: ws.artist.id,
      provider: 'paypal',
      providerAccountId: 'nova@example.test',
      orgAmount: '10',
      amount: '10',
      fee: '0.5',
      reserveTransactionId: reservation,
    })
    .returning()
  await db.execute(sql`update ledger_entries set created_at = '2025-05-10T12:00:00Z' where transaction_id = ${reservation}`)
  await db.execute(sql`update payouts set created_at = '2025-05-10T12:00:00Z' where id = ${payout.id}`)
  await db.insert(exchangeRates).values({ tenantId, currency: 'EUR', period: '2025-03-01', rate: '1.0825000000', createdBy: ws.admin.id })

  // The other workspace: its own release and money, which no report of ws may show.
  const theirs = await createRelease(
    t.services,
    { tenantId: other.tenant.id, accountId: other.artist.id, title: 'Foreign Hit', artistText: 'Stranger' },
    [{ isrc: 'QZFOR2500001' }],
  )
  const foreign = await createImport(t.services, {
    tenantId: other.tenant.id,
    period: '2025-03-01',
    lines: [{ net: '999', trackId: theirs.tracks[0].id, releaseId: theirs.release.id, quantity: 99 }],
  })
  await db.transaction((tx) => postImport(tx, other.tenant.id, foreign.id, other.admin.id))
  await setImportStatus(t.services, foreign.id, 'committed')
  const stranger = await createAccount(t.services, { tenantId, email: `nobody@${slug}.test` })
  return { ws, other, album, single, split, opening, closing, song, march, april, payout, stranger }
}

export const scope = (tenantId: number, accountId: number | null, extra: Partial<ReportScope> = {}): ReportScope => ({
  tenantId,
  accountId,
  from: null,
  to: null,
  params: {},
  ...extra,
})

/** The report as CSV text, through the same stream the downloads and report files use. */
export async function csvOf(t: TestApp, kind: string, reportScope: ReportScope): Promise<string> {
  const source = REPORT_SOURCES[kind]
  let text = ''
  for await (const chunk of csvStream(source.header, source.rows(t.services.db, reportScope))) text += String(chunk)
  return text
}

/** CSV text as records by header (the test data has no quoted cells). */
export function records(text: string): Record<string, string>[] {
  const [head, ...lines] = text.trimEnd().split('\r\n')
  const names = head.split(',')
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, index) => [names[index], cell])))
}

/** Exact sum of a 2-place column, as a 2-place string. */
export const columnSum = (rows: Record<string, string>[], column: string) =>
  fromScaled(
    rows.reduce((total, row) => total + toScaled(row[column] || '0', 2), 0n),
    2,
  )

/** A ledger sum (micro-units) rounded half to even once, the way the reports round totals. */
export async function ledgerCents(t: TestApp, where: ReturnType<typeof sql>) {
  const { rows } = await t.services.db.execute<{ total: string | null }>(
    sql`select sum(amount)::text as total from ledger_entries where ${where}`,
  )
  return fromScaled(divideHalfEven(toScaled(rows[0]?.total ?? '0', 6), 10_000n), 2)
}
