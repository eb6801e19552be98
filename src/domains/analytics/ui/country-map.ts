import { countryName } from '@core/countries'

// The country map's option, apart from ECharts so it can be checked without a canvas. The map's
// regions are named by ISO 3166-1 alpha-2 code (world-110m.json), the codes the trend reports carry.

export interface CountryItem {
  label: string
  streams: number
}

export const WORLD_MAP = 'world-110m'

/** Two letters: a country the map can colour; anything else (unknown, a region) stays off the map. */
const isCode = (value: string) => /^[A-Z]{2}$/.test(value)

export function countryMapOption(items: readonly CountryItem[], format: (value: number) => string) {
  const onMap = items.filter((item) => isCode(item.label) && item.streams > 0)
  const max = onMap.reduce((most, item) => Math.max(most, item.streams), 0)
  return {
    tooltip: {
      trigger: 'item',
      formatter: (point: { name: string; value?: number }) =>
        `${countryName(point.name) ?? point.name}: ${Number.isFinite(point.value) ? format(point.value!) : 'no'} streams`,
    },
    visualMap: {
      type: 'continuous',
      min: 0,
      max: Math.max(max, 1),
      left: 8,
      bottom: 8,
      itemHeight: 80,
      text: [format(max), '0'],
      calculable: false,
      inRange: { color: ['#e0e7ff', '#3e63dd', '#1f2d5c'] },
    },
    series: [
      {
        type: 'map',
        map: WORLD_MAP,
        roam: true,
        emphasis: { label: { show: false } },
        itemStyle: { areaColor: '#f1f3f5', borderColor: '#c1c8cd', borderWidth: 0.5 },
        data: onMap.map((item) => ({ name: item.label, value: item.streams })),
      },
    ],
  }
}

/** What the map cannot show: streams of values that are no country code (unknown, blank). */
export const offMap = (items: readonly CountryItem[]) => items.filter((item) => !isCode(item.label) && item.streams > 0)
