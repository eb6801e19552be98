// The ESM build: the CommonJS one (lib/) reaches a production bundle as { default } and React
// refuses it (error #130), while the dev server hides the difference.
import ReactEChartsCore from 'echarts-for-react/esm/core'
import * as echarts from 'echarts/core'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'
import { monthlyPoints } from '@core/months'

// Only what these charts draw goes into the chunk.
echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, CanvasRenderer])

/** One monthly series: bars or a line over months labelled like "Jan 24". */
export default function MonthlyChart({
  name,
  series,
  kind,
  color,
}: {
  name: string
  series: readonly { month: string; count: number }[]
  kind: 'bar' | 'line'
  color: string
}) {
  const points = monthlyPoints(series)
  const option = {
    grid: { left: 40, right: 12, top: 12, bottom: 28 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: points.map((point) => point.label), axisLabel: { fontSize: 11 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: kind, name, data: points.map((point) => point.value), itemStyle: { color }, lineStyle: { color }, smooth: false }],
  }
  return <ReactEChartsCore echarts={echarts} option={option} style={{ height: 200 }} notMerge lazyUpdate />
}
