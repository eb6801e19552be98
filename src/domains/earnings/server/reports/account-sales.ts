import { sql } from 'drizzle-orm'
import { bigintArray } from '@server/db/arrays'
import type { accountSalesEndpoints, ReportSort } from '@contract/account-sales'
import { CHANNEL_OVERVIEW_SERIES } from '@contract/account-sales'
import { MAX_EARNINGS_MONTHS } from '@contract/earnings'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import type { Handlers, IdsOf } from '@server/handlers'
import { pageMeta } from '@server/db/paging'
import { addMonths, monthOf, monthsBetween } from '@core/months'
import { channelLabel } from '@core/channels'
import { countryName } from '@core/countries'
import { moneyText, moneyUnits } from '@core/decimal'
import { findAccount } from '@server/accounts'
import { catalogueStats as catalogue } from '@domains/catalogue/server/public'
import { balanceLines } from '../ledger/service'
import { foldPendingTracks } from '../ledger/track-fold'
import * as q from './queries'

// An account's sales reports (the account tab's Reports section; contract: src/contract/account-sales.ts).
// Two bases, never mixed in one answer:
// - ledger: the account's own `account` book entries of the categories earnings and sales, grouped
//   per (release, track) — what its balance is made of, splits and rollbacks included;
// - statement: the rollups of the statement lines of the releases the account owns (their whole net
//   before the operator's share and splits) — the only figures with territories and channels.
// Every list is small (an account's releases and tracks), so it is grouped in SQL once, then named,
// sorted and paged here; totals are over every row.

export const LEDGER_NOTE = 'What the ledger credited this account (its earnings and sales balance lines), splits included.'
export const STATEMENT_NOTE = "Statement figures of the account's own releases: their whole net before the operator's share and splits."

type Period = q.OpenRange
interface ListInput {
  from?: string
  to?: string
  page: number
  per_page: number
  sort: ReportSort
  dir: 'asc' | 'desc'
}

const units = moneyUnits
const text = moneyText

// ---------------------------------------------------------------------------------------------
// Queries

interface CreditRow {
  releaseId: number | null
  trackId: number | null
  earnings: bigint
  sales: bigint
}

/** The account's statement credit over the period per (release, track), its two lines apart; rows left at zero are dropped. */
export async function accountCredits(db: Queryable, tenantId: number, accountId: number, period: Period): Promise<CreditRow[]> {
  const result = await db.execute<{
    release_id: number | null
    track_id: number | null
    earnings: string | null
    sales: string | null
  }>(sql`
    select release_id, track_id,
      sum(amount) filter (where category = 'earnings')::text as earnings,
      sum(amount) filter (where category = 'sales')::text as sales
    from ledger_entries
    where tenant_id = ${tenantId} and book = 'account' and account_id = ${accountId}
      and category in ('earnings', 'sales') and ${q.withinOpen(sql`period`, period)}
    group by release_id, track_id`)
  return result.rows
    .map((row) => ({
      releaseId: row.release_id === null ? null : Number(row.release_id),
      trackId: row.track_id === null ? null : Number(row.track_id),
      earnings: units(row.earnings),
      sales: units(row.sales),
    }))
    .filter((row) => row.earnings !== 0n || row.sales !== 0n)
}

/** Statement quantity and net per release (of the given ids) over the period, from earnings_track_monthly. */
export async function releaseGross(db: Queryable, tenantId: number, releaseIds: readonly number[], period: Period) {
  if (releaseIds.length === 0) return []
  await foldPendingTracks(db, tenantId)
  const result = await db.execute<{ release_id: number; quantity: string; net: string }>(sql`
    select release_id, sum(quantity)::text as quantity, sum(net)::text as net
    from earnings_track_monthly
    where tenant_id = ${tenantId} and release_id = any(${bigintArray(releaseIds)}) and ${q.withinOpen(sql`period`, period)}
    group by release_id
    having sum(net) <> 0 or sum(quantity) <> 0`)
  return result.rows.map((row) => ({ releaseId: Number(row.release_id), quantity: Number(row.quantity), net: units(row.net) }))
}

/** Net per channel and month of the releases over from…to (earnings_release_detail). */
async function channelMonths(db: Queryable, tenantId: number, releaseIds: readonly number[], range: q.Range) {
  if (releaseIds.length === 0) return []
  const result = await db.execute<{ channel: string; month: string; net: string }>(sql`
    select channel, to_char(period, 'YYYY-MM') as month, sum(net)::text as net
    from earnings_release_detail
    where tenant_id = ${tenantId} and release_id = any(${bigintArray(releaseIds)}) and ${q.withinOpen(sql`period`, range)}
    group by channel, period`)
  return result.rows.map((row) => ({ channel: row.channel, month: row.month, net: units(row.net) }))
}

/** The first and last months with statement lines of the releases, or null. */
async function releaseMonths(db: Queryable, tenantId: number, releaseIds: readonly number[]): Promise<q.Range | null> {
  if (releaseIds.length === 0) return null
  const result = await db.execute<{ first: string | null; last: string | null }>(sql`
    select to_char(min(period), 'YYYY-MM') as first, to_char(max(period), 'YYYY-MM') as last
    from earnings_release_detail
    where tenant_id = ${tenantId} and release_id = any(${bigintArray(releaseIds)})`)
  const row = result.rows[0]
  return row?.first && row.last ? { from: row.first, to: row.last } : null
}

/** The first and last months whose statements credited the account (earnings_account_monthly), or null. */
async function creditMonths(db: Queryable, tenantId: number, accountId: number): Promise<q.Range | null> {
  const result = await db.execute<{ first: string | null; last: string | null }>(sql`
    select to_char(min(period), 'YYYY-MM') as first, to_char(max(period), 'YYYY-MM') as last
    from earnings_account_monthly
    where tenant_id = ${tenantId} and account_id = ${accountId} and amount <> 0`)
  const row = result.rows[0]
  return row?.first && row.last ? { from: row.first, to: row.last } : null
}

// ---------------------------------------------------------------------------------------------
// Naming, sorting, paging

type ReleaseCard = { id: number; title: string; artist: string; artwork: string | null }

function releaseRef(cards: Map<number, ReleaseCard>, id: number | null): ReleaseCard {
  if (id === null) return { id: 0, title: 'Without a release', artist: '', artwork: null }
  const card = cards.get(id)
  // A release deleted since its statements keeps its money under its id.
  return card
    ? { id: card.id, title: card.title, artist: card.artist, artwork: card.artwork }
    : { id, title: `Release #${id}`, artist: '', artwork: null }
}

interface Sortable {
  name: string
  amount: bigint
  quantity: number
  key: number | string
}

const compareKeys = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0)

/** Rows in the asked order (ties by the other figures, then by key, so pages never overlap), and the asked page. */
function sortAndPage<Row>(rows: Row[], of: (row: Row) => Sortable, input: ListInput) {
  const sign = input.dir === 'asc' ? 1 : -1
  const byName = (a: Sortable, b: Sortable) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true })
  const byAmount = (a: Sortable, b: Sortable) => (a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0)
  const byQuantity = (a: Sortable, b: Sortable) => a.quantity - b.quantity
  const order = input.sort === 'name' ? [byName, byAmount] : input.sort === 'quantity' ? [byQuantity, byAmount, byName] : [byAmount, byName]
  const sorted = rows
    .map((row) => ({ row, key: of(row) }))
    .sort((a, b) => {
      for (const compare of order) {
        const result = compare(a.key, b.key)
        if (result !== 0) return sign * result
      }
      return compareKeys(a.key.key, b.key.key)
    })
    .map((entry) => entry.row)
  const start = (input.page - 1) * input.per_page
  return { data: sorted.slice(start, start + input.per_page), meta: pageMeta(rows.length, false, input.page, input.per_page) }
}

const periodOf = (input: Period) => ({ from: input.from ?? null, to: input.to ?? null })

interface Credit {
  earnings: bigint
  sales: bigint
}
const creditOut = (credit: Credit) => ({
  earnings: text(credit.earnings),
  sales: text(credit.sales),
  amount: text(credit.earnings + credit.sales),
})
function addCredit<K>(map: Map<K, Credit>, key: K, row: Credit) {
  const found = map.get(key)
  if (found) {
    found.earnings += row.earnings
    found.sales += row.sales
  } else map.set(key, { earnings: row.earnings, sales: row.sales })
}
const sumCredit = (rows: readonly Credit[]) =>
  rows.reduce((sum, row) => ({ earnings: sum.earnings + row.earnings, sales: sum.sales + row.sales }), { earnings: 0n, sales: 0n })

/** The account of this workspace (404 otherwise) and the ids of the releases it owns. */
async function ownedReleases(ctx: AuthedContext, accountId: number) {
  const { db } = ctx.services
  await findAccount(db, ctx.tenant.id, accountId)
  return catalogue.accountReleaseIds(db, ctx.tenant.id, accountId)
}

// ---------------------------------------------------------------------------------------------
// Ledger reports: releases, tracks, artists

async function creditsByRelease(ctx: AuthedContext, accountId: number, period: Period) {
  const { db } = ctx.services
  await findAccount(db, ctx.tenant.id, accountId)
  const credits = await accountCredits(db, ctx.tenant.id, accountId, period)
  const byRelease = new Map<number | null, Credit>()
  for (const row of credits) addCredit(byRelease, row.releaseId, row)
  const ids = credits.flatMap((row) => (row.releaseId === null ? [] : [row.releaseId]))
  const cards = await catalogue.releaseCards(db, ctx.tenant.id, [...new Set(ids)])
  const releases = [...byRelease].map(([id, credit]) => ({ release: releaseRef(cards, id), ...credit }))
  return { credits, releases }
}

export async function releasesReport(ctx: AuthedContext, accountId: number, input: ListInput) {
  const { releases } = await creditsByRelease(ctx, accountId, input)
  const page = sortAndPage(
    releases,
    (row) => ({ name: row.release.title, amount: row.earnings + row.sales, quantity: 0, key: row.release.id }),
    input,
  )
  return {
    ...periodOf(input),
    basis: 'ledger' as const,
    note: LEDGER_NOTE,
    totals: creditOut(sumCredit(releases)),
    data: page.data.map((row) => ({ release: row.release, ...creditOut(row) })),
    meta: page.meta,
  }
}

export async function artistsReport(ctx: AuthedContext, accountId: number, input: ListInput) {
  const { releases } = await creditsByRelease(ctx, accountId, input)
  const byArtist = new Map<string, Credit & { releases: number }>()
  for (const row of releases) {
    const name = row.release.artist.trim() || 'Unknown artist'
    const found = byArtist.get(name)
    if (found) {
      found.earnings += row.earnings
      found.sales += row.sales
      found.releases += 1
    } else byArtist.set(name, { earnings: row.earnings, sales: row.sales, releases: 1 })
  }
  const artists = [...byArtist].map(([artist, credit]) => ({ artist, ...credit }))
  const page = sortAndPage(artists, (row) => ({ name: row.artist, amount: row.earnings + row.sales, quantity: 0, key: row.artist }), input)
  return {
    ...periodOf(input),
    basis: 'ledger' as const,
    note: `${LEDGER_NOTE} Artists as named on the credited releases.`,
    totals: creditOut(sumCredit(artists)),
    data: page.data.map((row) => ({ artist: row.artist, releases: row.releases, ...creditOut(row) })),
    meta: page.meta,
  }
}

export async function tracksReport(ctx: AuthedContext, accountId: number, input: ListInput) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  await findAccount(db, tenantId, accountId)
  const credits = await accountCredits(db, tenantId, accountId, input)
  const tracks = credits.filter((row): row is CreditRow & { trackId: number } => row.trackId !== null)
  const releaseOnly = sumCredit(credits.filter((row) => row.trackId === null))
  const trackCards = await catalogue.trackCards(
    db,
    tenantId,
    tracks.map((row) => row.trackId),
  )
  const releaseCards = await catalogue.releaseCards(db, tenantId, [
    ...new Set(tracks.flatMap((row) => (row.releaseId === null ? [] : [row.releaseId]))),
  ])
  const named = tracks.map((row) => {
    const card = trackCards.get(row.trackId)
    return {
      track: { id: row.trackId, title: card?.title ?? `Track #${row.trackId}`, isrc: card?.isrc ?? null },
      release: releaseRef(releaseCards, row.releaseId ?? card?.releaseId ?? null),
      earnings: row.earnings,
      sales: row.sales,
    }
  })
  const page = sortAndPage(
    named,
    (row) => ({ name: row.track.title, amount: row.earnings + row.sales, quantity: 0, key: row.track.id }),
    input,
  )
  const all = sumCredit(credits)
  return {
    ...periodOf(input),
    basis: 'ledger' as const,
    note: `${LEDGER_NOTE} Lines matched to a release only (by UPC) belong to no track: their credit is shown apart.`,
    totals: { ...creditOut(all), releaseOnly: text(releaseOnly.earnings + releaseOnly.sales) },
    data: page.data.map((row) => ({ track: row.track, release: row.release, ...creditOut(row) })),
    meta: page.meta,
  }
}

// ---------------------------------------------------------------------------------------------
// Statement reports: gross releases, countries, channels

const statementTotals = (rows: readonly { quantity: number; net: bigint }[]) => ({
  quantity: rows.reduce((sum, row) => sum + row.quantity, 0),
  net: text(rows.reduce((sum, row) => sum + row.net, 0n)),
})

export async function grossReleasesReport(ctx: AuthedContext, accountId: number, input: ListInput) {
  const { db } = ctx.services
  const ids = await ownedReleases(ctx, accountId)
  const rows = await releaseGross(db, ctx.tenant.id, ids, input)
  const cards = await catalogue.releaseCards(
    db,
    ctx.tenant.id,
    rows.map((row) => row.releaseId),
  )
  const named = rows.map((row) => ({ release: releaseRef(cards, row.releaseId), quantity: row.quantity, net: row.net }))
  const page = sortAndPage(
    named,
    (row) => ({ name: row.release.title, amount: row.net, quantity: row.quantity, key: row.release.id }),
    input,
  )
  return {
    ...periodOf(input),
    basis: 'statement' as const,
    note: STATEMENT_NOTE,
    totals: statementTotals(named),
    data: page.data.map((row) => ({ release: row.release, quantity: row.quantity, net: text(row.net) })),
    meta: page.meta,
  }
}

async function detailBy(ctx: AuthedContext, accountId: number, column: 'channel' | 'territory', period: Period) {
  const ids = await ownedReleases(ctx, accountId)
  const rows = await q.releaseBy(ctx.services.db, ctx.tenant.id, ids, column, period)
  return rows.map((row) => ({ key: row.key, quantity: row.quantity, net: units(row.net) }))
}

export async function countriesReport(ctx: AuthedContext, accountId: number, input: ListInput) {
  const rows = (await detailBy(ctx, accountId, 'territory', input)).map((row) => ({
    code: row.key,
    name: row.key ? (countryName(row.key) ?? row.key) : 'Unknown territory',
    quantity: row.quantity,
    net: row.net,
  }))
  const page = sortAndPage(rows, (row) => ({ name: row.name, amount: row.net, quantity: row.quantity, key: row.code }), input)
  return {
    ...periodOf(input),
    basis: 'statement' as const,
    note: STATEMENT_NOTE,
    totals: statementTotals(rows),
    data: page.data.map((row) => ({ ...row, net: text(row.net) })),
    meta: page.meta,
  }
}

export async function channelsReport(ctx: AuthedContext, accountId: number, input: ListInput) {
  const rows = (await detailBy(ctx, accountId, 'channel', input)).map((row) => ({
    raw: row.key,
    label: channelLabel(row.key),
    quantity: row.quantity,
    net: row.net,
  }))
  const page = sortAndPage(rows, (row) => ({ name: row.label, amount: row.net, quantity: row.quantity, key: row.raw }), input)
  return {
    ...periodOf(input),
    basis: 'statement' as const,
    note: STATEMENT_NOTE,
    totals: statementTotals(rows),
    data: page.data.map((row) => ({ ...row, net: text(row.net) })),
    meta: page.meta,
  }
}

/** Every month from…to, 'YYYY-MM'. */
const monthsOf = (range: q.Range) => Array.from({ length: monthsBetween(range.from, range.to) }, (_, index) => addMonths(range.from, index))

/**
 * The months the channel overview draws: as asked (an open end closes at the releases' first or
 * last statement month), by default the months with statements; never more than MAX_EARNINGS_MONTHS
 * (the latest of them), and the last 12 months when there is nothing at all.
 */
function overviewRange(asked: Period, data: q.Range | null, now: Date): q.Range {
  const fallbackTo = data?.to ?? monthOf(now)
  let to = asked.to ?? (asked.from && asked.from > fallbackTo ? asked.from : fallbackTo)
  let from = asked.from ?? (data && data.from <= to ? data.from : addMonths(to, -11))
  if (from > to) [from, to] = [to, from]
  if (monthsBetween(from, to) > MAX_EARNINGS_MONTHS) from = addMonths(to, -(MAX_EARNINGS_MONTHS - 1))
  return { from, to }
}

export async function channelOverview(ctx: AuthedContext, input: { userId: number; from?: string; to?: string }, now = new Date()) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const ids = await ownedReleases(ctx, input.userId)
  const range = overviewRange(input, await releaseMonths(db, tenantId, ids), now)
  const months = monthsOf(range)
  const index = new Map(months.map((month, position) => [month, position]))
  // Channels by their label: "iTunes" and "Apple Music" are one line on the chart.
  const byLabel = new Map<string, { raws: Set<string>; monthly: bigint[]; total: bigint }>()
  for (const row of await channelMonths(db, tenantId, ids, range)) {
    const label = channelLabel(row.channel)
    let series = byLabel.get(label)
    if (!series) byLabel.set(label, (series = { raws: new Set(), monthly: months.map(() => 0n), total: 0n }))
    series.raws.add(row.channel)
    const position = index.get(row.month)
    if (position !== undefined) series.monthly[position] += row.net
    series.total += row.net
  }
  const ranked = [...byLabel]
    .filter(([, series]) => series.total !== 0n || series.monthly.some((value) => value !== 0n))
    .sort(([labelA, a], [labelB, b]) => (a.total === b.total ? labelA.localeCompare(labelB) : a.total > b.total ? -1 : 1))
  const shown: { raw: string | null; label: string; total: bigint; monthly: bigint[] }[] = ranked
    .slice(0, CHANNEL_OVERVIEW_SERIES)
    .map(([label, series]) => ({
      raw: [...series.raws].sort().join(' / '),
      label,
      total: series.total,
      monthly: series.monthly,
    }))
  const rest = ranked.slice(CHANNEL_OVERVIEW_SERIES)
  if (rest.length > 0)
    shown.push({
      raw: null,
      label: `Other channels (${rest.length})`,
      total: rest.reduce((sum, [, series]) => sum + series.total, 0n),
      monthly: months.map((_, position) => rest.reduce((sum, [, series]) => sum + series.monthly[position], 0n)),
    })
  const monthly = months.map((_, position) => shown.reduce((sum, series) => sum + series.monthly[position], 0n))
  return {
    ...range,
    basis: 'statement' as const,
    note: STATEMENT_NOTE,
    months,
    channels: shown.map((series) => ({
      raw: series.raw,
      label: series.label,
      total: text(series.total),
      monthly: series.monthly.map(text),
    })),
    monthly: monthly.map(text),
    total: text(monthly.reduce((sum, value) => sum + value, 0n)),
  }
}

// ---------------------------------------------------------------------------------------------
// The report's head

export async function reportDetails(ctx: AuthedContext, accountId: number, period: Period) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const ids = await ownedReleases(ctx, accountId)
  const { balance, lastEarnings } = await balanceLines(db, tenantId, accountId)
  const credits = await accountCredits(db, tenantId, accountId, period)
  const gross = await releaseGross(db, tenantId, ids, period)
  const months = await creditMonths(db, tenantId, accountId)
  const [top] = await q.releaseBy(db, tenantId, ids, 'channel', period)
  const releases = new Set(credits.flatMap((row) => (row.releaseId === null ? [] : [row.releaseId])))
  const tracks = new Set(credits.flatMap((row) => (row.trackId === null ? [] : [row.trackId])))
  return {
    ...periodOf(period),
    balance,
    lastEarnings,
    credited: creditOut(sumCredit(credits)),
    gross: statementTotals(gross),
    firstMonth: months?.from ?? null,
    lastMonth: months?.to ?? null,
    releases: releases.size,
    tracks: tracks.size,
    topChannel: top && units(top.net) !== 0n ? { raw: top.key, label: channelLabel(top.key), net: q.money(top.net) } : null,
  }
}

export const accountSalesHandlers: Handlers<IdsOf<typeof accountSalesEndpoints>> = {
  'users.reportArtists': ({ ctx, params, query }) => artistsReport(ctx, params.id, query),
  'users.reportReleases': ({ ctx, params, query }) => releasesReport(ctx, params.id, query),
  'users.reportTracks': ({ ctx, params, query }) => tracksReport(ctx, params.id, query),
  'users.reportGrossReleases': ({ ctx, params, query }) => grossReleasesReport(ctx, params.id, query),
  'users.reportCountries': ({ ctx, params, query }) => countriesReport(ctx, params.id, query),
  'users.reportChannels': ({ ctx, params, query }) => channelsReport(ctx, params.id, query),
  'users.reportChannelOverview': ({ ctx, body }) => channelOverview(ctx, body),
  'users.reportDetails': ({ ctx, params, query }) => reportDetails(ctx, params.id, query),
}
