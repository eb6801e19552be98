// The ESM build of echarts-for-react: see src/domains/dashboard/ui/MonthlyChart.tsx for why.
import ReactEChartsCore from 'echarts-for-react/esm/core'
import * as echarts from 'echarts/core'
import { BarChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

/** Catalogue rows ingested and failed per day: green and red bars side by side. */
export default function IngestionChart({ days }: { days: readonly { day: string; ingested: number; failed: number }[] }) {
  const option = {
    grid: { left: 40, right: 12, top: 36, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, itemWidth: 12, itemHeight: 12 },
    xAxis: { type: 'category', data: days.map((entry) => entry.day.slice(5)), axisLabel: { fontSize: 11 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: 'Ingested', itemStyle: { color: '#30A46C' }, data: days.map((entry) => entry.ingested) },
      { type: 'bar', name: 'Failed', itemStyle: { color: '#E5484D' }, data: days.map((entry) => entry.failed) },
    ],
  }
  return <ReactEChartsCore echarts={echarts} option={option} style={{ height: 220 }} notMerge lazyUpdate />
}
