import type { Command } from './types'
import { defineAction, type RecordAction, type Target } from './actions'
import type { TrendImportStatus } from '@contract/analytics'
import { ANALYTICS_PLATFORMS } from '@core/analytics-platforms'
import { ANALYTICS_PATH, trackReviewPath } from './analytics-paths'

/** What the analytics tab publishes about the trend import under review (`publishRecord`, kind 'trendImport'). */
export interface TrendImportRecordState {
  status?: TrendImportStatus
  platform?: string
  fileName?: string
}

export { ANALYTICS_PATH, trackReviewPath }
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

/** What the Sources section publishes about the scheduled source it shows (kind 'trendSource'). */
export interface TrendSourceRecordState {
  platform?: string
  kind?: 'folder' | 'sftp'
  enabled?: boolean
}

/** The Sources section of the analytics tab (scheduled imports, one source open with `source=`). */
export const TREND_SOURCES_PATH = `${ANALYTICS_PATH}?section=sources`

const trendSource = ['trendSource'] as const
const sourceName = (target: Target<'trendSource'>) => target.items[0]?.title ?? `source #${target.items[0]?.id}`

/**
 * A scheduled trend import source's actions (issue 24 item 1): the Sources section's buttons and the
 * palette on the source shown. Its settings are the section's own form.
 */
export const TREND_SOURCE_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'analytics.checkSource',
    kinds: trendSource,
    scope: 'one',
    label: 'Check now',
    tone: 'accent',
    title: (target) => `Check ${sourceName(target)} now`,
    group: 'Scheduled import',
    keywords: ['check', 'poll', 'fetch', 'scheduled', 'sftp', 'folder', 'drop', 'trends', 'import'],
    available: (state) => (state.enabled === false ? 'This source is turned off: turn it on to check it.' : true),
    input: (item) => ({ params: { id: item.id } }),
    success: () => 'Checking now: new files appear in the history as they are imported.',
  }),
  defineAction({
    id: 'analytics.removeSource',
    kinds: trendSource,
    scope: 'one',
    label: 'Remove source…',
    tone: 'red',
    title: (target) => `Remove ${sourceName(target)}…`,
    group: 'Scheduled import',
    keywords: ['remove', 'delete', 'stop', 'scheduled', 'sftp', 'folder', 'drop', 'trends'],
    ask: { kind: 'confirm', question: () => 'Remove this source and stop polling it? Files it imported stay imported.' },
    input: (item) => ({ params: { id: item.id } }),
    success: () => 'Source removed: it is no longer polled.',
  }),
]

/** A spike's or an artificial-streams row (kind 'flaggedTrack', id: the track): what "Send to review" sends. */
export interface FlaggedTrackRecordState {
  title?: string
  flag?: 'spike' | 'artificial'
  platform?: 'spotify' | 'pandora' | 'anghami' | 'deezer'
  day?: string
}

/** A flagged track in review (kind 'trackReview'): its status, and where to go once decided. */
export interface TrackReviewRecordState {
  status?: 'open' | 'confirmed' | 'dismissed'
  title?: string
  nextPath?: string | null
}


const flaggedKind = ['flaggedTrack'] as const
const reviewKind = ['trackReview'] as const
const reviewName = (target: Target<'trackReview'>) => {
  const item = target.items[0]
  return `review #${item?.id}${item?.state?.title ? ` “${item.state.title}”` : ''}`
}
const moveOn = (_result: unknown, target: Target<'trackReview'>, env: { open(path: string): void }) => {
  const path = target.from === 'record' ? target.items[0]?.state?.nextPath : null
  if (path) env.open(path)
}

/**
 * The flagged-track review queue (issue 24 item 5): "Send to review" on a spike's or an
 * artificial-streams row; a (confirm: earnings held) and r (dismiss) on the review, each with a reason.
 */
export const TRACK_REVIEW_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'analytics.sendToReview',
    kinds: flaggedKind,
    scope: 'one',
    label: 'Send to review',
    tone: 'accent',
    title: (target) => `Send ${target.items[0]?.state?.title ?? `track #${target.items[0]?.id}`} to review`,
    group: 'Flagged track',
    keywords: ['review', 'queue', 'flag', 'fraud', 'spike', 'artificial', 'suspicious', 'streams'],
    available: (state) => Boolean(state.flag && state.platform && state.day),
    input: (item) => ({
      params: { id: item.id },
      body: { flag: item.state!.flag!, platform: item.state!.platform!, day: item.state!.day! },
    }),
    success: (result) => `${result.title} is in the review queue (review #${result.id}).`,
    after: (result, _target, env) => env.open(trackReviewPath(result.id)),
  }),
  defineAction({
    id: 'analytics.confirmReview',
    kinds: reviewKind,
    scope: 'one',
    label: 'Confirm and hold…',
    tone: 'red',
    title: (target) => `Confirm ${reviewName(target)} and hold its earnings…`,
    group: 'Track review',
    keywords: ['confirm', 'approve', 'hold', 'fraud', 'review', 'flagged', 'earnings'],
    available: (state) => state.status === 'open',
    ask: {
      kind: 'text',
      placeholder: 'Why? The reason is recorded with the hold.',
      validate: (text: string) => (!text.trim() ? 'Give a reason' : text.length > 500 ? 'The reason is too long' : null),
      confirmTitle: (text, target) => `Confirm ${reviewName(target)} and hold its earnings: “${text}”`,
    },
    input: (item, reason: string) => ({ params: { id: item.id }, body: { reason } }),
    success: (result) => `Confirmed: earnings of ${result.title} are held.`,
    after: moveOn,
  }),
  defineAction({
    id: 'analytics.dismissReview',
    kinds: reviewKind,
    scope: 'one',
    label: 'Dismiss…',
    tone: 'gray',
    title: (target) => `Dismiss ${reviewName(target)}…`,
    group: 'Track review',
    keywords: ['dismiss', 'reject', 'clear', 'false positive', 'review', 'flagged'],
    available: (state) => state.status === 'open',
    ask: {
      kind: 'text',
      placeholder: 'Why is it not fraud? The reason is recorded.',
      validate: (text: string) => (!text.trim() ? 'Give a reason' : text.length > 500 ? 'The reason is too long' : null),
      confirmTitle: (text, target) => `Dismiss ${reviewName(target)}: “${text}”`,
    },
    input: (item, reason: string) => ({ params: { id: item.id }, body: { reason } }),
    success: (result) => `Dismissed: ${result.title} is not held.`,
    after: moveOn,
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
  {
    id: 'analytics.scheduledImports',
    title: 'Scheduled trend imports',
    subject: 'Scheduled imports',
    group: 'Analytics',
    keywords: ['scheduled', 'sftp', 'folder', 'drop', 'watch', 'poll', 'trends', 'import', 'automatic'],
    access: 'admin',
    run: (_context, env) => env.open(TREND_SOURCES_PATH),
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
