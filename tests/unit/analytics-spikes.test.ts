import { describe, expect, it } from 'vitest'
import { detectSpikes, median, spikeContributions, type DailyPoint } from '../../src/core/analytics-spikes'
import { addDays } from '../../src/core/analytics-range'

/** A seeded generator, so each synthetic series is the same on every run. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/**
 * A year of daily streams: a level that drifts, weekends 40% higher, ±15% noise, and `spikes`
 * injected days of 3–8 times the usual. Answers the series and the spike days.
 */
function synthetic(seed: number, level: number, spikes: number) {
  const next = random(seed)
  const start = '2025-01-01'
  const series: DailyPoint[] = []
  for (let t = 0; t < 365; t += 1) {
    const day = addDays(start, t)
    const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) ? 1.4 : 1
    const drift = 1 + 0.5 * Math.sin(t / 90)
    series.push({ day, streams: Math.round(level * drift * weekend * (0.85 + 0.3 * next())) })
  }
  const injected = new Set<string>()
  while (injected.size < spikes) {
    const t = 40 + Math.floor(next() * 320)
    const day = series[t].day
    if ([...injected].some((other) => Math.abs(Date.parse(other) - Date.parse(day)) < 3 * 86_400_000)) continue
    series[t] = { day, streams: Math.round(series[t].streams * (3 + 5 * next())) }
    injected.add(day)
  }
  return { series, injected }
}

describe('spike detection (rolling median and MAD, weekly seasonality)', () => {
  it('finds injected spikes with precision and recall of at least 0.9 over many series', () => {
    let truePositives = 0
    let falsePositives = 0
    let injectedTotal = 0
    for (let seed = 1; seed <= 40; seed += 1) {
      const { series, injected } = synthetic(seed, 200 + seed * 37, 6)
      const found = detectSpikes(series).map((spike) => spike.day)
      injectedTotal += injected.size
      for (const day of found) {
        if (injected.has(day)) truePositives += 1
        else falsePositives += 1
      }
    }
    const precision = truePositives / (truePositives + falsePositives)
    const recall = truePositives / injectedTotal
    expect(precision).toBeGreaterThanOrEqual(0.9)
    expect(recall).toBeGreaterThanOrEqual(0.9)
  })

  it('flags nothing on a seasonal series without spikes: weekends are not spikes', () => {
    let found = 0
    for (let seed = 100; seed < 120; seed += 1) found += detectSpikes(synthetic(seed, 500, 0).series).length
    expect(found).toBe(0)
  })

  it('gives the baseline and observed figures of a spike', () => {
    const series = Array.from({ length: 60 }, (_, t) => ({ day: addDays('2026-01-01', t), streams: 100 }))
    series[45] = { day: series[45].day, streams: 1000 }
    expect(detectSpikes(series)).toEqual([{ day: '2026-02-15', observed: 1000, baseline: 100, score: 90 }])
  })

  it('names the countries and sources that carry a spike', () => {
    const evidence = spikeContributions(
      [
        { value: 'SE', streams: 100 },
        { value: 'BR', streams: 900 },
      ],
      [
        { value: 'SE', streams: 2800 },
        { value: 'BR', streams: 280 },
      ],
      28,
    )
    expect(evidence[0]).toEqual({ value: 'BR', observed: 900, baseline: 10, share: 100 })
    expect(median([3, 1, 2, 10])).toBe(2.5)
  })
})
