// The period an analytics view covers: a preset (the spec's preview is `date=lastThirtyDays`) or a
// custom range from the toolbar's date range, both inclusive, in UTC days.

export const ANALYTICS_PRESETS = ['lastSevenDays', 'lastThirtyDays', 'lastNinetyDays', 'lastYear', 'custom'] as const
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number]

export const PRESET_LABELS: Record<AnalyticsPreset, string> = {
  lastSevenDays: 'Last 7 days',
  lastThirtyDays: 'Last 30 days',
  lastNinetyDays: 'Last 90 days',
  lastYear: 'Last 12 months',
  custom: 'Custom range',
}

const PRESET_DAYS: Record<Exclude<AnalyticsPreset, 'custom'>, number> = {
  lastSevenDays: 7,
  lastThirtyDays: 30,
  lastNinetyDays: 90,
  lastYear: 365,
}

/** Longest range answered at once from the rollups; a longer one runs as a job (analytics/submit). */
export const MAX_DIRECT_DAYS = 400

export const dayString = (date: Date) => date.toISOString().slice(0, 10)

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return dayString(date)
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
}

export interface DayRange {
  from: string
  to: string
}

/** The inclusive range of a preset ending today, or the custom one (from ≤ to, checked by the contract). */
export function resolveRange(preset: AnalyticsPreset, custom: Partial<DayRange>, today: string): DayRange {
  if (preset === 'custom') {
    if (!custom.from || !custom.to) throw new Error('a custom range needs from and to')
    return { from: custom.from, to: custom.to }
  }
  return { from: addDays(today, 1 - PRESET_DAYS[preset]), to: today }
}

/** Every day of the range, in order (a daily series has one point per day, zeros included). */
export function eachDay(range: DayRange): string[] {
  const days: string[] = []
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day)
  return days
}

/** A period cut into the whole calendar months and weeks (Monday) it holds, and the days left at its edges. */
export interface PeriodUnits {
  months: string[]
  weeks: string[]
  days: DayRange[]
}

const lastOfMonth = (month: string) => addDays(monthAfter(month), -1)
const monthAfter = (first: string) => {
  const [year, month] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))]
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
}

/** Whole weeks (Monday to Sunday) inside [from, to], and the days before and after them. */
function weeksAndDays(from: string, to: string, into: PeriodUnits) {
  if (from > to) return
  const isoDow = ((new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7) + 1
  const monday = isoDow === 1 ? from : addDays(from, 8 - isoDow)
  if (addDays(monday, 6) > to) {
    into.days.push({ from, to })
    return
  }
  if (from < monday) into.days.push({ from, to: addDays(monday, -1) })
  let week = monday
  for (; addDays(week, 6) <= to; week = addDays(week, 7)) into.weeks.push(week)
  if (week <= to) into.days.push({ from: week, to })
}

/**
 * The whole months of the period, then the whole weeks of what is left on either side, then the
 * days: a year is ≤ 12 months, ≤ 4 weeks and ≤ 12 days; 30 days ≤ 4 weeks and ≤ 12 days (or a month).
 */
export function periodUnits(range: DayRange): PeriodUnits {
  const units: PeriodUnits = { months: [], weeks: [], days: [] }
  const firstMonth = range.from.endsWith('-01') ? range.from : monthAfter(`${range.from.slice(0, 7)}-01`)
  const months: string[] = []
  for (let month = firstMonth; lastOfMonth(month) <= range.to; month = monthAfter(month)) months.push(month)
  if (!months.length) {
    weeksAndDays(range.from, range.to, units)
    return units
  }
  weeksAndDays(range.from, addDays(months[0], -1), units)
  units.months = months
  weeksAndDays(monthAfter(months[months.length - 1]), range.to, units)
  return units
}

/** Coarse units that cover a period, overhang allowed: their sums bound a track's streams in it from above. */
export interface BoundUnits {
  years: string[]
  months: string[]
  /** Mondays: only with `weeks`, for a period that holds no whole month. */
  weeks: string[]
}

/**
 * Every calendar month the period overlaps, except that a calendar year the period holds from its
 * 1 January to at least 1 October counts as one unit (its overhang is at most three months, often
 * days still to come). 30 days are 2 or 3 months; a year ending today is 2 months and a year, or 12
 * months and a day. With `weeks`, a period without a whole month is covered by the weeks (from
 * Monday) it overlaps instead. Since streams are never negative, a track's sum over these units is ≥ its
 * streams in the period (top songs and accounts rank candidates by it, reads.ts).
 */
export function boundUnits(range: DayRange, options: { weeks?: boolean } = {}): BoundUnits {
  const units: BoundUnits = { years: [], months: [], weeks: [] }
  if (options.weeks && !periodUnits(range).months.length) {
    // A short period: the weeks it overlaps (at most 6 days of overhang on either side, where its
    // months can add ~a month) bound it more tightly, for one or two more rows a track.
    const isoDow = ((new Date(`${range.from}T00:00:00Z`).getUTCDay() + 6) % 7) + 1
    for (let week = addDays(range.from, 1 - isoDow); week <= range.to; week = addDays(week, 7)) units.weeks.push(week)
    return units
  }
  let day = range.from
  while (day <= range.to) {
    const year = day.slice(0, 4)
    if (day.endsWith('-01-01') && range.to >= `${year}-10-01`) {
      units.years.push(day)
      day = `${Number(year) + 1}-01-01`
      continue
    }
    const month = `${day.slice(0, 7)}-01`
    units.months.push(month)
    day = monthAfter(month)
  }
  return units
}
