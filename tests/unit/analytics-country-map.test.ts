import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { countryMapOption, offMap, WORLD_MAP } from '../../src/domains/analytics/ui/country-map'

// The country map (issue 24 item 3): the vendored Natural Earth outlines are named by the ISO codes
// the trend reports carry, and the chart colours exactly the breakdown's countries.

const world = JSON.parse(readFileSync(new URL('../../src/domains/analytics/ui/world-110m.json', import.meta.url), 'utf8')) as {
  type: string
  features: { properties: { name: string; label: string }; geometry: { type: string } }[]
}
const format = (value: number) => value.toLocaleString('en-US')

describe('the world map', () => {
  it('is a FeatureCollection of country outlines named by ISO 3166-1 alpha-2 code', () => {
    expect(world.type).toBe('FeatureCollection')
    const codes = world.features.map((feature) => feature.properties.name).filter((name) => /^[A-Z]{2}$/.test(name))
    expect(codes.length).toBeGreaterThan(170)
    expect(new Set(codes).size).toBe(codes.length)
    for (const code of ['US', 'BR', 'SE', 'DE', 'FR', 'IN', 'NG', 'JP', 'GB', 'XK']) expect(codes).toContain(code)
    for (const feature of world.features) expect(['Polygon', 'MultiPolygon']).toContain(feature.geometry.type)
  })

  it('colours each reported country by its streams, keeps the rest off the map and names them in the tooltip', () => {
    const items = [
      { label: 'BR', streams: 2000 },
      { label: 'SE', streams: 105 },
      { label: '', streams: 7 },
      { label: 'US', streams: 0 },
    ]
    const option = countryMapOption(items, format)
    expect(option.series[0]).toMatchObject({ type: 'map', map: WORLD_MAP })
    expect(option.series[0].data).toEqual([
      { name: 'BR', value: 2000 },
      { name: 'SE', value: 105 },
    ])
    expect(option.visualMap).toMatchObject({ min: 0, max: 2000, text: ['2,000', '0'] })
    expect(option.tooltip.formatter({ name: 'BR', value: 2000 })).toBe('Brazil: 2,000 streams')
    expect(option.tooltip.formatter({ name: 'FI', value: Number.NaN })).toBe('Finland: no streams')
    expect(offMap(items)).toEqual([{ label: '', streams: 7 }])
    // An empty breakdown still draws the map with a scale.
    expect(countryMapOption([], format).visualMap.max).toBe(1)
  })
})
