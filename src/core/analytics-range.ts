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
