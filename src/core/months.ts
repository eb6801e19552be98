// Calendar months as 'YYYY-MM' strings, in UTC: the dashboard's statistics range, its series and its labels.

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** The month of a date, in UTC. */
export function monthOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`
}

/** The month `count` months after (or before, when negative) a 'YYYY-MM' month. */
export function addMonths(month: string, count: number): string {
  const [year, index] = month.split('-').map(Number)
  return monthOf(new Date(Date.UTC(year, index - 1 + count, 1)))
}

/** How many months from `from` to `to`, both included (0 when `to` comes first). */
export function monthsBetween(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number)
  const [toYear, toMonth] = to.split('-').map(Number)
  return Math.max(0, (toYear - fromYear) * 12 + (toMonth - fromMonth) + 1)
}

/** A chart's label for a 'YYYY-MM' month: "Jan 24". Anything else is shown as given. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month)
  const name = match ? SHORT_MONTHS[Number(match[2]) - 1] : undefined
  return match && name ? `${name} ${match[1].slice(2)}` : month
}

export interface ChartPoint {
  label: string
  value: number | null
}

/**
 * A monthly series as chart points labelled like "Jan 24". A single point is padded with an empty
 * one after it, so a one-month range still draws an axis rather than a lone dot at the edge.
 */
export function monthlyPoints(series: readonly { month: string; count: number }[]): ChartPoint[] {
  const points: ChartPoint[] = series.map((row) => ({ label: monthLabel(row.month), value: row.count }))
  return points.length === 1 ? [...points, { label: '', value: null }] : points
}

/**
 * The months a ranged screen covers: `from` and `to` as asked; a missing end is filled so the range
 * spans `months` months, ending this month when neither is given.
 */
export function monthRange(input: { from?: string; to?: string }, months: number, now: Date): { from: string; to: string } {
  const to = input.to ?? (input.from ? addMonths(input.from, months - 1) : monthOf(now))
  const from = input.from ?? addMonths(to, -(months - 1))
  return { from, to }
}
