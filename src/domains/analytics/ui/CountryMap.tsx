// The ESM build of echarts-for-react (see MoneyChart: the CommonJS one breaks a production bundle).
import ReactEChartsCore from 'echarts-for-react/esm/core'
import * as echarts from 'echarts/core'
import { MapChart } from 'echarts/charts'
import { TooltipComponent, VisualMapComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'
import { formatCount } from '@core/format'
import { countryMapOption, WORLD_MAP, type CountryItem } from './country-map'
// Natural Earth 1:110m countries (public domain, naturalearthdata.com), reduced to an ISO alpha-2 name
// and two-decimal coordinates: docs/analytics.md "Country map". In this lazy chunk only.
import world from './world-110m.json'

echarts.use([MapChart, TooltipComponent, VisualMapComponent, CanvasRenderer])
echarts.registerMap(WORLD_MAP, world as unknown as Parameters<typeof echarts.registerMap>[1])

/** Streams by country on a world map, coloured by streams. */
export default function CountryMap({ items, label, height = 320 }: { items: readonly CountryItem[]; label: string; height?: number }) {
  return (
    <div role="img" aria-label={label}>
      <ReactEChartsCore echarts={echarts} option={countryMapOption(items, formatCount)} notMerge style={{ height }} />
    </div>
  )
}
