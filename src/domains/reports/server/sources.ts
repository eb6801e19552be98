import { channelLabel } from '@core/channels'
import { countryName } from '@core/countries'
import { CENT_UNITS, divideHalfEven, fromScaled, moneyUnits, SHARE_SCALE, toScaled, unitsToCents } from '@core/decimal'
import { statusLabel } from '@core/release-status'
import { splitStatusLabel, payeeStatusLabel } from '@core/split-status'
import { payoutStatusLabel } from '@core/payout-status'
import {
  accountMonthlyRows,
  releaseDetailRows,
  releaseTrackMonthRows,
  workspaceArtistRows,
  workspaceChannelRows,
  workspaceMonthlyRows,
  workspaceReleaseRows,
  workspaceTerritoryRows,
  workspaceTrackRows,
} from '@domains/earnings/server/public'
import {
  accountEntryRows,
  apportionedRows,
  balanceBefore,
  exchangeRateRows,
  monthlyCreditRows,
  shareRows,
  type EntryRow,
  type ShareDimension,
  type ShareRow,
} from '@domains/earnings/server/public'
import { splitPayeeRows } from '@domains/splits/server/public'
import { catalogueTrackRows } from '@domains/catalogue/server/public'
import { payoutHistoryRows } from '@domains/payouts/server/public'
import { audienceRows, blastRows, topFanRows } from '@domains/fanblast/server/public'
import { rawData } from '@domains/earnings/server/public'
import { usageMatchRows } from '@domains/discovery/server/public'
import type { ReportScope, ReportSource } from '@server/report-source'

// Report sources: for each report kind, its CSV header and the rows, streamed from the database
// (docs/reports-sources.md defines every kind's columns, figures, period filter and order). A
// source reads through the owning domain's exported row functions, never another domain's tables;
// money leaves as NUMERIC text, never through floats.

export type { ReportScope, ReportSource } from '@server/report-source'

// ---------------------------------------------------------------------------------------------
// Money in the files

const units = moneyUnits
const cents = unitsToCents

/**
 * One money column of a file, in cents. The ledger keeps micro-units; each row is rounded so the
 * column adds up to its exact total rounded half to even once (the running total is rounded, a
 * row shows the step): every row is within a cent of its exact value, and the file's total equals
 * the ledger's.
 */
export class CentsColumn {
  private exact = 0n
  private shown = 0n
  next(value: string | bigint | null | undefined): string {
    this.exact += typeof value === 'bigint' ? value : units(value)
    const rounded = divideHalfEven(this.exact, CENT_UNITS)
    const step = rounded - this.shown
    this.shown = rounded
    return fromScaled(step, 2)
  }
}

const columns = (count: number) => Array.from({ length: count }, () => new CentsColumn())

/** A share (10 places, 1 = 100 %) as a percentage with 8 places: 0.3333333334 → 33.33333334. */
const sharePercent = (share: string) => fromScaled(toScaled(share, SHARE_SCALE), SHARE_SCALE - 2)

const accountOf = (scope: ReportScope, kind: string): number => {
  if (scope.accountId === null) throw new Error(`The ${kind} report is about one account: choose the account.`)
  return scope.accountId
}

const positiveId = (value: unknown, name: string): number => {
  const id = Number(value)
  if (!Number.isInteger(id) || id <= 0) throw new Error(`The report needs ${name}.`)
  return id
}

// ---------------------------------------------------------------------------------------------
// Sales: statement net (workspace) or the account's credits

/** monthly-sales: per month, the workspace's statement net and admin fee, or an account's credits. */
const monthlySales: ReportSource = {
  header: ['month', 'lines', 'quantity', 'net_usd', 'admin_fee_usd', 'unmatched_usd'],
  async *rows(q, scope) {
    const [net, fee, unmatched] = columns(3)
    if (scope.accountId === null) {
      for await (const row of workspaceMonthlyRows(q, scope))
        yield [row.month, row.lines, row.quantity, net.next(row.net), fee.next(row.fee), unmatched.next(row.unmatched)]
    } else {
      for await (const row of accountMonthlyRows(q, { ...scope, accountId: scope.accountId }))
        yield [row.month, '', '', net.next(row.amount), '', '']
    }
  },
}

/**
 * Sales per month and store (channel) or country (territory): the workspace's statement net from the
 * rollups, or an account's credits apportioned by its releases' mix (docs/reports-sources.md).
 */
function salesByDimension(
  dimension: 'channel' | 'territory',
  header: readonly string[],
  labels: (key: string) => readonly string[],
): ReportSource {
  return {
    header,
    async *rows(q, scope) {
      const net = new CentsColumn()
      const rows =
        scope.accountId !== null
          ? apportionedRows(q, { ...scope, accountId: scope.accountId }, dimension)
          : dimension === 'channel'
            ? mapRows(workspaceChannelRows(q, scope), (row) => ({
                month: row.month,
                key: row.channel,
                quantity: row.quantity,
                amount: row.net,
              }))
            : mapRows(workspaceTerritoryRows(q, scope), (row) => ({
                month: row.month,
                key: row.territory,
                quantity: row.quantity,
                amount: row.net,
              }))
      for await (const row of rows) yield [row.month, ...labels(row.key), row.quantity, net.next(row.amount)]
    },
  }
}

const salesByStore = salesByDimension('channel', ['month', 'store', 'channel', 'quantity', 'net_usd'], (key) => [channelLabel(key), key])

const salesByCountry = salesByDimension('territory', ['month', 'country_code', 'country', 'quantity', 'net_usd'], (key) => [
  key,
  key ? (countryName(key) ?? key) : 'Unknown',
])

async function* mapRows<A, B>(rows: AsyncIterable<A>, map: (row: A) => B): AsyncGenerator<B> {
  for await (const row of rows) yield map(row)
}

const RELEASE_COLUMNS = ['release_id', 'upc', 'release', 'artist'] as const
const TRACK_COLUMNS = ['release_id', 'upc', 'release', 'artist', 'track_id', 'isrc', 'track'] as const

/** The identifying columns of a track, release or artist row. Track 0 holds lines matched by the release's UPC only. */
function keyCells(by: ShareDimension, row: Partial<ShareRow>): unknown[] {
  if (by === 'artist') return [row.artist ?? '']
  const release = [row.release_id, row.upc ?? '', row.release_title ?? '', row.artist ?? '']
  if (by === 'release') return release
  const trackId = Number(row.track_id ?? 0)
  return [...release, trackId > 0 ? trackId : '', row.isrc ?? '', trackId > 0 ? (row.track_title ?? '') : '(matched by UPC only)']
}

const keyHeader = (by: ShareDimension): readonly string[] =>
  by === 'artist' ? ['artist'] : by === 'release' ? RELEASE_COLUMNS : TRACK_COLUMNS

const sum = (...values: (string | null | undefined)[]) => values.reduce((total, value) => total + units(value), 0n)

/** sales/{release,track,artist}: statement quantity and net (workspace), or the account's credits. */
function salesBy(by: ShareDimension): ReportSource {
  return {
    header: [...keyHeader(by), 'quantity', 'net_usd'],
    async *rows(q, scope) {
      const net = new CentsColumn()
      if (scope.accountId !== null) {
        for await (const row of shareRows(q, scope, by))
          yield [...keyCells(by, row), row.quantity ?? '0', net.next(sum(row.earnings, row.sales))]
        return
      }
      const rows =
        by === 'track' ? workspaceTrackRows(q, scope) : by === 'release' ? workspaceReleaseRows(q, scope) : workspaceArtistRows(q, scope)
      for await (const row of rows as AsyncIterable<Partial<ShareRow> & { quantity: string; net: string }>)
        yield [...keyCells(by, row), row.quantity, net.next(row.net)]
    },
  }
}

/** gross-sales/{track,release,artist}: the statement net before the operator's share and splits, and how it was shared. */
function grossSalesBy(by: ShareDimension): ReportSource {
  return {
    header: [...keyHeader(by), 'quantity', 'gross_usd', 'admin_fee_usd', 'payees_usd', 'account_usd'],
    async *rows(q, scope) {
      const [gross, fee, payees, mine] = columns(4)
      for await (const row of shareRows(q, scope, by))
        yield [
          ...keyCells(by, row),
          row.quantity ?? '0',
          gross.next(row.gross),
          fee.next(row.fee),
          payees.next(row.payees),
          scope.accountId === null ? '' : mine.next(sum(row.earnings, row.sales)),
        ]
    },
  }
}

/** earnings-summary/{release,track,artist}: what the ledger credited, per balance line. */
function earningsSummaryBy(by: ShareDimension): ReportSource {
  return {
    header: [...keyHeader(by), 'earnings_usd', 'sales_usd', 'total_usd'],
    async *rows(q, scope) {
      const [earnings, sales, total] = columns(3)
      for await (const row of shareRows(q, scope, by)) {
        if (units(row.earnings) === 0n && units(row.sales) === 0n) continue
        const credited = sum(row.earnings, row.sales)
        yield [...keyCells(by, row), earnings.next(row.earnings), sales.next(row.sales), total.next(credited)]
      }
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Catalogue, splits, payouts, rates

const catalogOverview: ReportSource = {
  header: [
    'release_id',
    'upc',
    'release',
    'version',
    'artist',
    'type',
    'status',
    'label',
    'genre',
    'release_date',
    'owner_id',
    'owner_email',
    'track_id',
    'position',
    'isrc',
    'track',
    'explicit',
    'duration_seconds',
  ],
  async *rows(q, scope) {
    for await (const row of catalogueTrackRows(q, scope))
      yield [
        row.release_id,
        row.upc ?? '',
        row.release_title,
        row.version ?? '',
        row.artist,
        row.type,
        statusLabel(Number(row.status)),
        row.label ?? '',
        row.genre ?? '',
        row.release_date ?? '',
        row.owner_id,
        row.owner_email,
        row.track_id ?? '',
        row.position ?? '',
        row.isrc ?? '',
        row.track_title ?? '',
        row.explicit === null ? '' : row.explicit ? 'yes' : 'no',
        row.duration ?? '',
      ]
  },
}

/** royalty-split: payees of splits; for an account its own share (params.everyPayee: every payee of its splits). */
const royaltySplit: ReportSource = {
  header: [
    'split_id',
    'status',
    'locked',
    'starts',
    'ends',
    'track_id',
    'isrc',
    'track',
    'release_id',
    'release',
    'owner_id',
    'owner_email',
    'payee_email',
    'payee_account_id',
    'payee_status',
    'share_percent',
  ],
  async *rows(q, scope) {
    for await (const row of splitPayeeRows(q, scope, scope.params.everyPayee === true))
      yield [
        row.split_id,
        splitStatusLabel(row.status),
        row.locked ? 'yes' : 'no',
        row.starts.slice(0, 7),
        row.ends ? row.ends.slice(0, 7) : '',
        row.track_id,
        row.isrc ?? '',
        row.track_title,
        row.release_id,
        row.release_title,
        row.owner_id,
        row.owner_email,
        row.payee_email,
        row.payee_account_id ?? '',
        payeeStatusLabel(row.payee_status),
        sharePercent(row.share),
      ]
  },
}

const payoutHistory: ReportSource = {
  header: [
    'payout_id',
    'requested',
    'account_id',
    'email',
    'provider',
    'provider_account_id',
    'type',
    'status',
    'requested_usd',
    'amount_usd',
    'fee_usd',
    'net_usd',
    'batch_id',
    'batch_file',
    'paid',
    'reason',
  ],
  async *rows(q, scope) {
    const [asked, amount, fee, net] = columns(4)
    for await (const row of payoutHistoryRows(q, scope))
      yield [
        row.id,
        row.requested,
        row.account_id,
        row.email,
        row.provider,
        row.provider_account_id,
        row.type,
        payoutStatusLabel(row.status),
        asked.next(row.org_amount),
        amount.next(row.amount),
        fee.next(row.fee),
        net.next(row.net),
        row.batch_id ?? '',
        row.batch_file ?? '',
        row.paid ?? '',
        row.reason,
      ]
  },
}

// Fan blast (docs/fanblast.md): the workspace's (or an account's) fans, blasts and most reached fans.

const audienceExport: ReportSource = {
  header: ['fan_id', 'account_id', 'account_email', 'email', 'source', 'consent_date', 'consent_proof', 'unsubscribed', 'bounced'],
  async *rows(q, scope) {
    for await (const row of audienceRows(q, scope))
      yield [row.id, row.account_id, row.account_email, row.email, row.source, row.consent_date, row.consent_proof, row.unsubscribed, row.bounced]
  },
}

const fanBlast: ReportSource = {
  header: ['blast_id', 'date', 'account_id', 'account_email', 'subject', 'status', 'from', 'message_id', 'recipients', 'sent', 'deferred', 'bounced', 'failed', 'unsubscribed'],
  async *rows(q, scope) {
    for await (const row of blastRows(q, scope))
      yield [
        row.id,
        row.date,
        row.account_id,
        row.account_email,
        row.subject,
        row.status,
        row.from_name,
        row.message_id,
        row.recipients,
        row.sent,
        row.deferred,
        row.bounced,
        row.failed,
        row.unsubscribed,
      ]
  },
}

const topFans: ReportSource = {
  header: ['rank', 'account_id', 'email', 'blasts_received', 'last_received', 'consent_date'],
  async *rows(q, scope) {
    for await (const row of topFanRows(q, scope)) yield [row.rank, row.account_id, row.email, row.received, row.last_received, row.consent_date]
  },
}

const trimRate = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate)

const exchangeRate: ReportSource = {
  header: ['month', 'currency', 'rate_to_usd', 'entered', 'entered_by'],
  async *rows(q, scope) {
    for await (const row of exchangeRateRows(q, scope))
      yield [row.month, row.currency, trimRate(row.rate), row.entered, row.entered_by ?? '']
  },
}

/** usage-discovery: the matches the usage-discovery provider found in the period (docs/discovery.md). */
const usageDiscovery: ReportSource = {
  header: [
    'match_id',
    'provider_match_id',
    'found',
    'status',
    'platform',
    'track_id',
    'isrc',
    'track',
    'release_id',
    'release',
    'account_id',
    'media_url',
    'user_name',
    'user_url',
    'copy_title',
    'upload_date',
    'views',
    'shares',
    'duration_s',
    'match_length_s',
    'copy_percentage',
  ],
  async *rows(q, scope) {
    for await (const row of usageMatchRows(q, scope))
      yield [
        row.id,
        row.provider_id,
        row.found,
        row.status,
        row.platform,
        row.track_id,
        row.isrc ?? '',
        row.track_title ?? '',
        row.release_id,
        row.release_title ?? '',
        row.account_id,
        row.media_url ?? '',
        row.user_name ?? '',
        row.user_url ?? '',
        row.copy_title ?? '',
        row.upload_date ?? '',
        row.views,
        row.shares,
        row.duration,
        row.match_length,
        row.copy_percentage,
      ]
  },
}

// ---------------------------------------------------------------------------------------------
// Admin earning reports

/** release-earning (params.releaseId): the release's net per month by track, then by store and territory. */
const releaseEarning: ReportSource = {
  header: ['breakdown', 'month', 'track_id', 'isrc', 'track', 'store', 'channel', 'country_code', 'quantity', 'net_usd'],
  async *rows(q, scope) {
    const releaseId = positiveId(scope.params.releaseId, 'a release (params.releaseId)')
    const byTrack = new CentsColumn()
    const trackName = (trackId: number, title: string | null) => (trackId > 0 ? (title ?? '') : '(matched by UPC only)')
    if (scope.accountId !== null) {
      for await (const row of monthlyCreditRows(q, scope, { releaseId }))
        yield [
          'track',
          row.month,
          Number(row.track_id) || '',
          row.isrc ?? '',
          trackName(Number(row.track_id), row.track_title),
          '',
          '',
          '',
          '',
          byTrack.next(sum(row.earnings, row.sales)),
        ]
      return
    }
    for await (const row of releaseTrackMonthRows(q, scope, releaseId))
      yield [
        'track',
        row.month,
        Number(row.track_id) || '',
        row.isrc ?? '',
        trackName(Number(row.track_id), row.track_title),
        '',
        '',
        '',
        row.quantity,
        byTrack.next(row.net),
      ]
    const byStore = new CentsColumn()
    for await (const row of releaseDetailRows(q, scope, releaseId))
      yield ['store', row.month, '', '', '', channelLabel(row.channel), row.channel, row.territory, row.quantity, byStore.next(row.net)]
  },
}

/** artist-earning (scope.accountId): per month and release, the account's statement credits. */
const artistEarning: ReportSource = {
  header: ['month', 'release_id', 'upc', 'release', 'artist', 'earnings_usd', 'sales_usd', 'total_usd'],
  async *rows(q, scope) {
    const [earnings, sales, total] = columns(3)
    for await (const row of monthlyCreditRows(q, scope, 'release'))
      yield [
        row.month,
        row.release_id,
        row.upc ?? '',
        row.release_title ?? '',
        row.artist ?? '',
        earnings.next(row.earnings),
        sales.next(row.sales),
        total.next(sum(row.earnings, row.sales)),
      ]
  },
}

// ---------------------------------------------------------------------------------------------
// An account's ledger

const ENTRY_HEADER = [
  'date',
  'entry_id',
  'transaction_id',
  'kind',
  'category',
  'month',
  'track_id',
  'isrc',
  'track',
  'release_id',
  'release',
  'reason',
  'amount_usd',
]

/** account-transactions: the account's entries over the months, with the running balance. */
const accountTransactions: ReportSource = {
  header: [...ENTRY_HEADER, 'balance_usd'],
  async *rows(q, scope) {
    const accountId = accountOf(scope, 'transaction')
    const owner = { ...scope, accountId }
    let balance = scope.from ? units(await balanceBefore(q, owner, scope.from)) : 0n
    if (scope.from) yield ['', '', '', 'Opening balance', '', scope.from.slice(0, 7), '', '', '', '', '', '', '', cents(balance)]
    const amount = new CentsColumn()
    for await (const row of accountEntryRows(q, owner)) {
      balance += units(row.amount)
      yield [...entryCells(row), amount.next(row.amount), cents(balance)]
    }
  },
}

const entryCells = (row: EntryRow) => [
  row.date,
  row.id,
  row.transaction_id,
  row.kind,
  row.category,
  row.month,
  row.track_id ?? '',
  row.isrc ?? '',
  row.track_title ?? '',
  row.release_id ?? '',
  row.release_title ?? '',
  row.reason,
]

/** account-statement (one month: scope.from): the month's entries, its total and the balance after it. */
const accountStatement: ReportSource = {
  header: ENTRY_HEADER,
  async *rows(q, scope) {
    const accountId = accountOf(scope, 'statement')
    if (!scope.from) throw new Error('The statement needs its month.')
    const month = scope.from
    const owner = { ...scope, accountId, from: month, to: month }
    const opening = units(await balanceBefore(q, owner, month))
    const amount = new CentsColumn()
    let total = 0n
    for await (const row of accountEntryRows(q, owner)) {
      total += units(row.amount)
      yield [...entryCells(row), amount.next(row.amount)]
    }
    const blank = ['', '', '', '', '', '', '', '', '']
    yield ['', '', '', 'Month total', '', month.slice(0, 7), ...blank.slice(0, 6), cents(total)]
    yield ['', '', '', 'Balance after', '', month.slice(0, 7), ...blank.slice(0, 6), cents(opening + total)]
  },
}

/** The kinds that can be produced, by kind id (src/core/report-kinds.ts lists the site kinds). */
export const REPORT_SOURCES: Readonly<Record<string, ReportSource>> = {
  'monthly-sales': monthlySales,
  'sales/store': salesByStore,
  'sales/country': salesByCountry,
  'sales/release': salesBy('release'),
  'sales/track': salesBy('track'),
  'sales/artist': salesBy('artist'),
  'gross-sales/track': grossSalesBy('track'),
  'gross-sales/release': grossSalesBy('release'),
  'gross-sales/artist': grossSalesBy('artist'),
  'earnings-summary/release': earningsSummaryBy('release'),
  'earnings-summary/track': earningsSummaryBy('track'),
  'earnings-summary/artist': earningsSummaryBy('artist'),
  'catalog-overview': catalogOverview,
  'royalty-split': royaltySplit,
  'payout-history': payoutHistory,
  'audience-export': audienceExport,
  'fan-blast': fanBlast,
  'top-fans': topFans,
  'usage-discovery': usageDiscovery,
  'exchange-rate': exchangeRate,
  'release-earning': releaseEarning,
  'artist-earning': artistEarning,
  'account-transactions': accountTransactions,
  'account-statement': accountStatement,
  'raw-data': rawData,
}
