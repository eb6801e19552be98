// Spike detection on a track's daily streams (docs/analytics.md, "Spikes"): a robust baseline that
// a spike cannot drag along, with weekly seasonality.
//
// For each day t with at least `history` days before it:
//   level(t)    = median of the previous `history` days            (robust to earlier spikes)
//   factor_w(t) = median of x(s) / level(s) over the previous weeks' same weekday (1 when unknown)
//   expected(t) = level(t) × factor_w(t)
//   spread(t)   = 1.4826 × MAD of the previous `history` days' x(s) / factor_w(s) around level(t)
//                 (the seasonality is divided out first, so the weekend bump is not "noise"),
//                 never below √expected (counting noise) nor 1
//   score(t)    = (x(t) − expected(t)) / spread(t)
// A day is a spike when score ≥ `threshold`, x(t) ≥ `ratio` × expected(t) and the excess is at
// least `minExcess` streams. Spikes are excluded from later baselines' factors as they are found.

export interface DailyPoint {
  day: string
  streams: number
}

export interface Spike {
  day: string
  observed: number
  baseline: number
  score: number
}

export interface SpikeOptions {
  history: number
  threshold: number
  ratio: number
  minExcess: number
}

export const SPIKE_DEFAULTS: SpikeOptions = { history: 28, threshold: 6, ratio: 1.8, minExcess: 50 }

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay()

/** The spikes of one daily series (ordered by day, one point per day). */
export function detectSpikes(series: readonly DailyPoint[], options: Partial<SpikeOptions> = {}): Spike[] {
  const { history, threshold, ratio, minExcess } = { ...SPIKE_DEFAULTS, ...options }
  const values = series.map((point) => point.streams)
  const days = series.map((point) => weekday(point.day))
  const flagged = new Set<number>()
  const level = (t: number) => median(values.slice(Math.max(0, t - history), t).filter((_, i) => !flagged.has(t - history + i)))
  const levels: number[] = values.map((_, t) => (t >= history ? level(t) : median(values.slice(0, Math.max(t, 1)))))
  const factor = (t: number) => {
    const ratios: number[] = []
    for (let s = t - 7; s >= 0 && s >= t - 7 * 8; s -= 7) {
      if (flagged.has(s) || levels[s] <= 0 || days[s] !== days[t]) continue
      ratios.push(values[s] / levels[s])
    }
    return ratios.length >= 2 ? median(ratios) : 1
  }
  const spikes: Spike[] = []
  for (let t = history; t < values.length; t += 1) {
    levels[t] = level(t)
    const base = levels[t]
    const expected = base * factor(t)
    const window: number[] = []
    for (let s = t - history; s < t; s += 1) {
      if (flagged.has(s)) continue
      const f = factor(s)
      window.push(f > 0 ? values[s] / f : values[s])
    }
    const mad = median(window.map((value) => Math.abs(value - base))) * 1.4826
    const spread = Math.max(mad * (expected / Math.max(base, 1e-9) || 1), Math.sqrt(Math.max(expected, 0)), 1)
    const observed = values[t]
    const score = (observed - expected) / spread
    if (score >= threshold && observed >= ratio * expected && observed - expected >= minExcess) {
      flagged.add(t)
      spikes.push({ day: series[t].day, observed, baseline: Math.round(expected), score: Math.round(score * 10) / 10 })
    }
  }
  return spikes
}

export interface Contribution {
  value: string
  observed: number
  /** The value's streams on an average day of the baseline period. */
  baseline: number
  /** Its share of the spike's excess, in percent. */
  share: number
}

/**
 * Which values of a breakdown carry a spike: each value's streams on the spike day against its
 * average day over the baseline period, largest excess first (the spike's evidence).
 */
export function spikeContributions(
  onDay: readonly { value: string; streams: number }[],
  before: readonly { value: string; streams: number }[],
  baselineDays: number,
  limit = 5,
): Contribution[] {
  const usual = new Map(before.map((row) => [row.value, row.streams / Math.max(baselineDays, 1)]))
  const rows = onDay.map((row) => ({ value: row.value, observed: row.streams, baseline: usual.get(row.value) ?? 0 }))
  const excess = rows.reduce((sum, row) => sum + Math.max(0, row.observed - row.baseline), 0)
  return rows
    .map((row) => ({
      value: row.value,
      observed: row.observed,
      baseline: Math.round(row.baseline * 10) / 10,
      share: excess > 0 ? Math.round((Math.max(0, row.observed - row.baseline) / excess) * 1000) / 10 : 0,
    }))
    .sort((a, b) => b.share - a.share || b.observed - a.observed)
    .slice(0, limit)
}
