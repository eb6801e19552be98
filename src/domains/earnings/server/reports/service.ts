import type { AuthedContext } from '@server/context'
import { notFound } from '@server/errors'
import { pageMeta } from '@server/db/paging'
import { monthRange } from '@core/months'
import { channelLabel } from '@core/channels'
import { countryName } from '@core/countries'
import { displayName } from '@core/names'
import { sumMoney } from '@core/decimal'
import { TOP_LIST_SIZE } from '@contract/earnings'
import { findAccount, requireStaff } from '@server/accounts'
import { catalogueStats as catalogue } from '@domains/catalogue/server/public'
import * as q from './queries'
import { RangeCache } from './range-cache'

/** The overview's default range: this month and the eleven before it. */
export const DEFAULT_MONTHS = 12
/** The account's and release's sales: this month and the 23 before it. */
export const SALES_MONTHS = 24

export const NO_RELEASE_SALES = 'There is no such release in this workspace, or it does not belong to this account.'

/** from…to with the defaults: `months` months ending this month, or starting at `from`. */

const imageUrl = (fileId: number | null) => (fileId ? `/api/files/${fileId}` : null)

function releaseRef(card: { id: number; title: string; artist: string; artwork: string | null } | undefined, id: number) {
  // A release deleted since its statements keeps its sales under its id.
  return card
    ? { id: card.id, title: card.title, artist: card.artist, artwork: card.artwork }
    : { id, title: `Release #${id}`, artist: '', artwork: null }
}

const rangeTops = new RangeCache<Awaited<ReturnType<typeof q.topOfRange>>>()
/** A range's account ranking (every credited account, ~50 bytes each): fewer kept than top lists. */
const rangeAccounts = new RangeCache<Awaited<ReturnType<typeof q.rangeAccountRanking>>>(8)

/**
 * Top accounts, a page: all time from the rank index; for a range, cut from the range's ranking,
 * summed once over its account-months and kept until the ledger moves (range-cache.ts).
 */
async function topAccounts(ctx: AuthedContext, range: q.Range | null, stamp: () => Promise<string>, limit: number, offset: number) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  if (!range) return q.topAccounts(db, tenantId, limit, offset)
  const ranking = await rangeAccounts.get(`${tenantId}|${range.from}|${range.to}`, await stamp(), () =>
    q.rangeAccountRanking(db, tenantId, range),
  )
  return { rows: ranking.slice(offset, offset + limit), total: ranking.length, estimate: false }
}

/**
 * Top releases and tracks: all time from the rank indexes; for a range that covers every month with
 * statements, the same (the totals are those months' sums); otherwise summed over the range's months
 * and kept until the ledger moves (range-cache.ts).
 */
async function topLists(ctx: AuthedContext, range: q.Range | null, stamp: () => Promise<string>) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const months = range ? await q.dataMonths(db, tenantId) : null
  if (!range || !months || (range.from <= months.from && range.to >= months.to)) {
    if (range && !months) return { releases: [], tracks: [] }
    const [releases, tracks] = await Promise.all([q.topReleases(db, tenantId, TOP_LIST_SIZE), q.topTracks(db, tenantId, TOP_LIST_SIZE)])
    return { releases, tracks }
  }
  return rangeTops.get(`${tenantId}|${range.from}|${range.to}`, await stamp(), () => q.topOfRange(db, tenantId, range, TOP_LIST_SIZE))
}

/** The earnings overview: every figure from the rollup tables (docs/royalties.md). */
export async function earningsOverview(
  ctx: AuthedContext,
  page: number,
  input: { from?: string; to?: string; per_page: number },
  now: Date = new Date(),
) {
  // A signed-in call in the spec (endpoints.tsv: auth): staff only is checked here.
  requireStaff(ctx)
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const range = monthRange(input, DEFAULT_MONTHS, now)
  // No range asked: the top lists are all time (the *_totals tables and their rank indexes).
  const scoped = input.from || input.to ? range : null
  const perPage = input.per_page
  const offset = (page - 1) * perPage

  // The independent reads at once, then the cards they name (PGlite runs them one after another
  // anyway; on PostgreSQL each takes a pool connection for a few ms): the page waits for the slowest
  // read, not for the sum of twelve.
  // The ledger's stamp, read once for both range caches, and only when one is asked.
  let stamped: Promise<string> | null = null
  const stamp = () => (stamped ??= q.ledgerStamp(db, tenantId))
  const [monthly, totals, accounts, { releases, tracks }, channels] = await Promise.all([
    q.monthlyTotals(db, tenantId, range),
    q.rangeTotals(db, tenantId, range),
    topAccounts(ctx, scoped, stamp, perPage, offset),
    topLists(ctx, scoped, stamp),
    q.channelTotals(db, tenantId, scoped),
  ])
  const ranked = accounts.rows

  const [people, trackCards, releaseCards] = await Promise.all([
    q.accountCards(
      db,
      tenantId,
      ranked.map((row) => row.accountId),
    ),
    catalogue.trackCards(
      db,
      tenantId,
      tracks.map((row) => row.trackId),
    ),
    catalogue.releaseCards(db, tenantId, [
      ...new Set([...releases.map((row) => row.releaseId), ...tracks.map((row) => row.releaseId)]),
    ]),
  ])

  return {
    from: range.from,
    to: range.to,
    scope: scoped ? ('range' as const) : ('all' as const),
    monthly: monthly.map((row) => ({
      month: row.month,
      total: row.net,
      adminFee: row.fee,
      quantity: row.quantity,
      discoveryMode: row.discovery,
    })),
    totals,
    users: {
      data: ranked.map((row, index) => {
        const person = people.get(row.accountId)
        return {
          rank: offset + index + 1,
          id: row.accountId,
          user: person
            ? displayName({
                artistName: person.artist_name,
                labelName: person.label_name,
                firstName: person.first_name,
                lastName: person.last_name,
                email: person.email,
              })
            : `Account #${row.accountId}`,
          email: person?.email ?? '',
          image: imageUrl(person?.image_file_id ?? null),
          total: row.total,
        }
      }),
      meta: pageMeta(accounts.total, accounts.estimate, page, perPage),
    },
    releases: releases.map((row, index) => ({
      rank: index + 1,
      ...releaseRef(releaseCards.get(row.releaseId), row.releaseId),
      quantity: row.quantity,
      total: row.net,
    })),
    tracks: tracks.map((row, index) => {
      const card = trackCards.get(row.trackId)
      return {
        rank: index + 1,
        id: row.trackId,
        title: card?.title ?? `Track #${row.trackId}`,
        isrc: card?.isrc ?? null,
        release: releaseRef(releaseCards.get(row.releaseId), row.releaseId),
        quantity: row.quantity,
        total: row.net,
      }
    }),
    channels: channels.map((row) => ({ raw: row.channel, label: channelLabel(row.channel), quantity: row.quantity, total: row.net })),
  }
}

/** The dashboard's balance card (admins): available over accounts not banned, over banned ones, payout fees. */
export async function dashboardBalance(ctx: AuthedContext) {
  // A signed-in call in the spec (endpoints.tsv: auth): staff only is checked here.
  requireStaff(ctx)
  return q.balanceSums(ctx.services.db, ctx.tenant.id)
}

/** An account's releases with sales, best first, paged. */
export async function accountSales(ctx: AuthedContext, accountId: number, page: number, perPage: number) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  await findAccount(db, tenantId, accountId)
  const ids = await catalogue.accountReleaseIds(db, tenantId, accountId)
  const { rows, total } = await q.releaseTotalsPage(db, tenantId, ids, perPage, (page - 1) * perPage)
  const cards = await catalogue.releaseCards(
    db,
    tenantId,
    rows.map((row) => row.releaseId),
  )
  return {
    data: rows.map((row) => ({
      release: releaseRef(cards.get(row.releaseId), row.releaseId),
      quantity: row.quantity,
      net: row.net,
      discoveryMode: row.discovery,
    })),
    meta: pageMeta(total, false, page, perPage),
  }
}

/** What the ledger credited an account per month over the last 24 months, and its totals. */
export async function accountSalesOverview(ctx: AuthedContext, accountId: number, now: Date = new Date()) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  await findAccount(db, tenantId, accountId)
  const range = monthRange({}, SALES_MONTHS, now)
  const monthly = await q.accountMonthly(db, tenantId, accountId, range)
  const totals = await q.accountTotals(db, tenantId, accountId)
  const rangeTotal = sumMoney(monthly.map((row) => row.amount))
  return { from: range.from, to: range.to, monthly, rangeTotal, ...totals }
}

/**
 * The months a release's sales section covers, once the release is known to be of the workspace and
 * owned by `user` (anything else is the same 404).
 */
async function releaseSalesRange(ctx: AuthedContext, releaseId: number, userId: number, input: { from?: string; to?: string }, now: Date) {
  const owner = await catalogue.releaseOwner(ctx.services.db, ctx.tenant.id, releaseId)
  if (owner === null || owner !== userId) throw notFound(NO_RELEASE_SALES)
  return monthRange(input, SALES_MONTHS, now)
}

export async function releaseSalesMonthly(
  ctx: AuthedContext,
  releaseId: number,
  userId: number,
  input: { from?: string; to?: string },
  now = new Date(),
) {
  const range = await releaseSalesRange(ctx, releaseId, userId, input, now)
  const monthly = await q.releaseMonthly(ctx.services.db, ctx.tenant.id, releaseId, range)
  return { ...range, monthly, total: sumMoney(monthly.map((row) => row.net)) }
}

export async function releaseSalesChannels(
  ctx: AuthedContext,
  releaseId: number,
  userId: number,
  input: { from?: string; to?: string },
  now = new Date(),
) {
  const range = await releaseSalesRange(ctx, releaseId, userId, input, now)
  const rows = await q.releaseBy(ctx.services.db, ctx.tenant.id, releaseId, 'channel', range)
  return { ...range, channels: rows.map((row) => ({ raw: row.key, label: channelLabel(row.key), quantity: row.quantity, net: row.net })) }
}

export async function releaseSalesTerritories(
  ctx: AuthedContext,
  releaseId: number,
  userId: number,
  input: { from?: string; to?: string },
  now = new Date(),
) {
  const range = await releaseSalesRange(ctx, releaseId, userId, input, now)
  const rows = await q.releaseBy(ctx.services.db, ctx.tenant.id, releaseId, 'territory', range)
  return {
    ...range,
    territories: rows.map((row) => ({
      code: row.key,
      name: row.key ? (countryName(row.key) ?? row.key) : 'Unknown territory',
      quantity: row.quantity,
      net: row.net,
    })),
  }
}
