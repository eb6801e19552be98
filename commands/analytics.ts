import type { Command } from './types'
import { defineAction, type RecordAction, type Target } from './actions'
import type { TrendImportStatus } from '@contract/analytics'
import { ANALYTICS_PLATFORMS } from '@core/analytics-platforms'

/** What the analytics tab publishes about the trend import under review (`publishRecord`, kind 'trendImport'). */
export interface TrendImportRecordState {
  status?: TrendImportStatus
  platform?: string
  fileName?: string
}

export const ANALYTICS_PATH = '/analytics/overview'
/** Where "Import trend report…" opens the flow: the analytics tab's imports section. */
export const TREND_IMPORT_FLOW_PATH = `${ANALYTICS_PATH}?section=imports&import=new`
/** A platform's view: the overview with `?platform=`. */
export const platformViewPath = (slug: string) => `${ANALYTICS_PATH}?platform=${encodeURIComponent(slug)}`

const importOf = (target: Target<'trendImport'>) => `trend import #${target.items[0]?.id}`
const trendImport = ['trendImport'] as const

/** Commit and cancel a trend report's dry run: the review's buttons, and the palette on the import under review. */
export const TREND_IMPORT_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'analytics.importCommit',
    kinds: trendImport,
    scope: 'one',
    label: 'Commit',
    tone: 'accent',
    title: (target) => `Commit ${importOf(target)}`,
    group: 'Trend import',
    keywords: ['commit', 'analytics', 'trends', 'import', 'streams'],
    available: (state) => state.status === 'review',
    input: (item) => ({ params: { id: item.id } }),
    success: () => 'Trend report committed: its streams are in the analytics.',
  }),
  defineAction({
    id: 'analytics.importCancel',
    kinds: trendImport,
    scope: 'one',
    label: 'Cancel import',
    tone: 'gray',
    title: (target) => `Cancel ${importOf(target)}`,
    group: 'Trend import',
    keywords: ['cancel', 'discard', 'trends', 'import'],
    available: (state) =>
      state.status === 'review' || state.status === 'uploaded' || state.status === 'failed'
        ? true
        : state.status === 'parsing'
          ? 'The file is still being read: cancel it when its dry run is ready.'
          : false,
    input: (item) => ({ params: { id: item.id } }),
    success: () => 'Trend import cancelled: nothing was counted.',
  }),
]

const trackKind = ['track'] as const
const trackName = (target: Target<'track'>) => {
  const item = target.items[0]
  return item?.state?.title ?? item?.title ?? `track #${item?.id}`
}
const reasonAsk = (what: string) => ({
  kind: 'text' as const,
  placeholder: `Why? The reason is recorded with the ${what}.`,
  validate: (text: string) => (text.trim().length === 0 ? 'Give a reason' : text.length > 500 ? 'The reason is too long' : null),
})

/**
 * Hold and release a flagged track's earnings (issue 24 item 5): the spike list's buttons, the track
 * tab's header and the palette on a track. Held money stays out of its payees' balances and payouts.
 */
export const TRACK_HOLD_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'analytics.holdTrack',
    kinds: trackKind,
    scope: 'one',
    label: 'Hold earnings…',
    tone: 'red',
    title: (target) => `Hold earnings of ${trackName(target)}…`,
    group: 'Track',
    keywords: ['hold', 'earnings', 'freeze', 'fraud', 'spike', 'artificial', 'streams', 'suspicious'],
    available: (state) => state.earningsHeld === false,
    ask: { ...reasonAsk('hold'), confirmTitle: (text, target) => `Hold earnings of ${trackName(target)}: “${text}”` },
    input: (item, reason: string) => ({ params: { id: item.id }, body: { reason } }),
    success: (result) => `Earnings of ${result.title} are held (${result.amount} now); new earnings will be held too.`,
  }),
  defineAction({
    id: 'analytics.releaseHold',
    kinds: trackKind,
    scope: 'one',
    label: 'Release earnings…',
    tone: 'green',
    title: (target) => `Release held earnings of ${trackName(target)}…`,
    group: 'Track',
    keywords: ['release', 'unhold', 'earnings', 'held', 'unfreeze', 'fraud'],
    available: (state) => state.earningsHeld === true,
    ask: { ...reasonAsk('release'), confirmTitle: (text, target) => `Release held earnings of ${trackName(target)}: “${text}”` },
    input: (item, reason: string) => ({ params: { id: item.id }, body: { reason } }),
    success: (result) => `Held earnings of ${result.title} are released to their payees' balances.`,
  }),
]

/** The overview filtered to the streams of an account's releases ("Analytics for this account"). */
export const accountAnalyticsPath = (id: string | number) => `${ANALYTICS_PATH}?account=${encodeURIComponent(String(id))}`

/** The release tab's analytics section. */
export const releaseAnalyticsPath = (id: string | number) => `/releases/single/${id}?section=analytics`

/** "Import trend report…", "Analytics for this release", and "Go to <platform> analytics" for every platform of the spec. */
export const ANALYTICS_COMMANDS: readonly Command[] = [
  {
    id: 'analytics.forRelease',
    title: 'Analytics for this release',
    subject: 'Release analytics',
    group: 'Analytics',
    keywords: ['analytics', 'streams', 'trends', 'release', 'platforms', 'countries'],
    access: 'admin',
    onRecord: true,
    when: (context) => context.record?.kind === 'release',
    run: (context, env) => env.open(releaseAnalyticsPath(context.record!.id)),
  },
  {
    id: 'analytics.forAccount',
    title: 'Analytics for this account',
    subject: 'Account analytics',
    group: 'Analytics',
    keywords: ['analytics', 'streams', 'trends', 'account', 'artist', 'label', 'platforms', 'countries'],
    access: 'admin',
    onRecord: true,
    when: (context) => context.record?.kind === 'account',
    run: (context, env) => env.open(accountAnalyticsPath(context.record!.id)),
  },
  {
    id: 'analytics.importTrends',
    title: 'Import trend report…',
    subject: 'Trend report',
    group: 'Analytics',
    keywords: ['import', 'trends', 'analytics', 'streams', 'daily', 'report', 'upload', 'csv'],
    access: 'admin',
    run: (_context, env) => env.open(TREND_IMPORT_FLOW_PATH),
  },
  ...ANALYTICS_PLATFORMS.map((platform): Command => ({
    id: `analytics.go.${platform.slug}`,
    title: `Go to ${platform.label} analytics`,
    subject: `${platform.label} analytics`,
    group: 'Analytics',
    keywords: ['analytics', 'streams', 'trends', platform.slug, platform.label.toLowerCase()],
    access: 'admin',
    run: (_context, env) => env.open(platformViewPath(platform.slug)),
  })),
]
