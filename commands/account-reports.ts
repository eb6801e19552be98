import { addMonths, monthLabel, monthOf } from '@core/months'
import { notAvailableMessage, siteReportKind } from '@core/report-kinds'
import { stateOf } from './records'
import type { Command, CommandContext, CommandEnv } from './types'

// Account downloads from the palette: on a focused account, "Download … report…" opens a page of
// periods (or of months, for the statement) and the file downloads. The account tab's Downloads
// section offers the same list (src/domains/reports/ui/AccountDownloads.tsx).

export type AccountDownloadId =
  | 'accountReports.channel'
  | 'accountReports.country'
  | 'accountReports.track'
  | 'accountReports.grossRelease'
  | 'accountReports.release'
  | 'accountReports.catalog'
  | 'accountReports.royaltyShares'
  | 'accountReports.fullRoyaltyShares'
  | 'accountReports.payouts'
  | 'accountReports.statement'
  | 'accountReports.transactions'
  | 'accountReports.influencer'
  | 'accountReports.audience'
  | 'accountReports.deliveryLog'

export interface AccountDownloadInfo {
  id: AccountDownloadId
  label: string
  description: string
  /** period: from/to months; month: one month (the statement); none: the file has no period. */
  takes: 'period' | 'month' | 'none'
  /** The account travels in the path ({userId}) rather than in the body. */
  inPath?: boolean
  /** Set when the data arrives with a later area: why it cannot be downloaded yet. */
  unavailable?: string
}

const later = (kind: string) => {
  const info = siteReportKind(kind)
  return info ? notAvailableMessage(info) : 'Not available yet.'
}

/** Every account download, in the order the Downloads section shows them. */
export const ACCOUNT_DOWNLOAD_LIST: readonly AccountDownloadInfo[] = [
  {
    id: 'accountReports.statement',
    label: 'Statement',
    description: 'One month: every ledger entry, the total and the balance after.',
    takes: 'month',
    inPath: true,
  },
  { id: 'accountReports.transactions', label: 'Transactions', description: 'Ledger entries with the running balance.', takes: 'period' },
  { id: 'accountReports.track', label: 'Track', description: 'Credits per track.', takes: 'period' },
  { id: 'accountReports.release', label: 'Release', description: 'Credits per release.', takes: 'period' },
  {
    id: 'accountReports.grossRelease',
    label: 'Gross release',
    description: "Gross per release before the operator's share and splits, and this account's part.",
    takes: 'period',
  },
  { id: 'accountReports.channel', label: 'Store', description: 'Credits per month and store.', takes: 'period' },
  { id: 'accountReports.country', label: 'Country', description: 'Credits per month and country.', takes: 'period' },
  { id: 'accountReports.catalog', label: 'Catalog', description: 'Releases and tracks as they are now.', takes: 'none' },
  {
    id: 'accountReports.royaltyShares',
    label: 'Royalty shares',
    description: 'Splits it owns or is a payee of, with its share.',
    takes: 'period',
    inPath: true,
  },
  {
    id: 'accountReports.fullRoyaltyShares',
    label: 'Full royalty shares',
    description: 'Every payee of those splits.',
    takes: 'period',
    inPath: true,
  },
  { id: 'accountReports.payouts', label: 'Payout', description: 'Payouts requested in the months.', takes: 'period', inPath: true },
  {
    id: 'accountReports.influencer',
    label: 'Influencer',
    description: 'Influencer activity.',
    takes: 'period',
    unavailable: later('influencer'),
  },
  {
    id: 'accountReports.audience',
    label: 'Audience',
    description: 'Its fan-blast fans: consent date, source and proof, unsubscribed or bounced.',
    takes: 'period',
  },
  {
    id: 'accountReports.deliveryLog',
    label: 'Delivery log',
    description: 'Deliveries to stores.',
    takes: 'period',
    unavailable: later('delivery-log'),
  },
]

export interface DownloadPeriod {
  from?: string
  to?: string
}

/** The call's input for one download of one account. */
export function downloadInput(info: AccountDownloadInfo, userId: number, period: DownloadPeriod) {
  const months = { ...(period.from ? { from: period.from } : {}), ...(period.to ? { to: period.to } : {}) }
  if (info.takes === 'month') return { params: { userId, date: period.from ?? '' } }
  if (info.inPath) return { params: { userId }, body: months }
  return { body: { userId, ...(info.takes === 'none' ? {} : months) } }
}

/** Periods offered by the palette, relative to this month. */
export function palettePeriods(now: Date): { label: string; period: DownloadPeriod }[] {
  const month = monthOf(now)
  const last = addMonths(month, -1)
  return [
    { label: 'All time', period: {} },
    { label: `Last month (${monthLabel(last)})`, period: { from: last, to: last } },
    { label: 'Last 3 months', period: { from: addMonths(month, -3), to: last } },
    { label: 'Last 12 months', period: { from: addMonths(month, -12), to: last } },
    { label: `This year (${month.slice(0, 4)})`, period: { from: `${month.slice(0, 4)}-01`, to: month } },
  ]
}

const onAccount = (context: CommandContext) => context.record?.kind === 'account'
const accountId = (context: CommandContext) => Number(context.record?.id)
const nameOf = (context: CommandContext) => stateOf(context.record, 'account')?.displayName ?? context.record?.title ?? 'this account'

async function run(info: AccountDownloadInfo, context: CommandContext, env: CommandEnv, period: DownloadPeriod) {
  await env.download(info.id, downloadInput(info, accountId(context), period) as never)
  env.notify(`${info.label} report downloaded.`, 'success')
}

function command(info: AccountDownloadInfo): Command {
  const base = {
    id: `accountReports.${info.id.split('.')[1]}`,
    title: (context: CommandContext) =>
      `Download ${info.label.toLowerCase()} report${info.takes === 'none' ? '' : '…'}: ${nameOf(context)}`,
    group: 'Account',
    subject: `${info.label} report`,
    keywords: ['download', 'report', 'csv', info.label.toLowerCase(), ...(info.takes === 'month' ? ['statement', 'month'] : [])],
    access: 'admin' as const,
    when: (context: CommandContext) => (onAccount(context) ? (info.unavailable ?? true) : false),
  }
  if (info.takes === 'none') return { ...base, run: (context, env) => run(info, context, env, {}) }
  if (info.takes === 'month')
    return {
      ...base,
      placeholder: 'Which month?',
      children: () => {
        const month = monthOf(new Date())
        return Array.from({ length: 24 }, (_, index) => addMonths(month, -index)).map((value) => ({
          id: `${base.id}.${value}`,
          title: monthLabel(value),
          group: 'Month',
          keywords: [value],
          run: (context: CommandContext, env: CommandEnv) => run(info, context, env, { from: value, to: value }),
        }))
      },
    }
  return {
    ...base,
    placeholder: 'Which months?',
    children: () =>
      palettePeriods(new Date()).map(({ label, period }, index) => ({
        id: `${base.id}.period${index}`,
        title: label,
        group: 'Period',
        run: (context: CommandContext, env: CommandEnv) => run(info, context, env, period),
      })),
  }
}

/** "Download … report" on a focused account: one command per download (unavailable ones disabled with the reason). */
export const ACCOUNT_REPORT_COMMANDS: readonly Command[] = ACCOUNT_DOWNLOAD_LIST.map(command)
