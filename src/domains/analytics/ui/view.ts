import { ANALYTICS_PRESETS, type AnalyticsPreset } from '@core/analytics-range'
import { analyticsPlatform } from '@core/analytics-platforms'

// What the analytics tab shows, read from its address: `?platform=` (absent: every platform),
// `?date=` (absent: lastThirtyDays, the spec's preview), `?from=&to=` for a custom range, and
// `?section=imports` for the trend imports, `?section=sources` for the scheduled imports, `?section=reviews` for the flagged tracks in review, `?account=` for the streams of one account's releases.

export interface AnalyticsView {
  section: 'overview' | 'imports' | 'jobs' | 'sources' | 'reviews'
  platform: string
  query: { date: AnalyticsPreset; from?: string; to?: string; account?: number }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

export function viewOf(search: URLSearchParams): AnalyticsView {
  const asked = search.get('platform') ?? ''
  const platform = analyticsPlatform(asked) ? asked : 'all'
  const date = (ANALYTICS_PRESETS as readonly string[]).includes(search.get('date') ?? '')
    ? (search.get('date') as AnalyticsPreset)
    : 'lastThirtyDays'
  const from = search.get('from') ?? ''
  const to = search.get('to') ?? ''
  const query =
    date === 'custom' && DAY.test(from) && DAY.test(to) && from <= to
      ? { date, from, to }
      : { date: date === 'custom' ? 'lastThirtyDays' : date }
  const account = Number(search.get('account'))
  if (Number.isSafeInteger(account) && account > 0) (query as { account?: number }).account = account
  const askedSection = search.get('section')
  const section = askedSection === 'imports' || askedSection === 'jobs' || askedSection === 'sources' || askedSection === 'reviews'
      ? askedSection
      : 'overview'
  return { section, platform, query: query as AnalyticsView['query'] }
}

/** The cache key of one read of the view (per metric). */
export const viewKey = (view: AnalyticsView, metric: string) =>
  `analytics:${metric}:${view.platform}:${view.query.date}:${view.query.from ?? ''}:${view.query.to ?? ''}:${view.query.account ?? ''}`
