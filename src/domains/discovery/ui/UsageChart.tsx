// The ESM build: the CommonJS one (lib/) reaches a production bundle as { default } and React
// refuses it (error #130), while the dev server hides the difference.
import ReactEChartsCore from 'echarts-for-react/esm/core'
import * as echarts from 'echarts/core'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

// Only what this chart draws goes into its chunk.
echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer])

/** New matches (bars) and their views (a line on its own axis) per day. */
export default function UsageChart({ days }: { days: readonly { day: string; matches: number; views: number }[] }) {
  const option = {
    grid: { left: 48, right: 56, top: 32, bottom: 28 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)), axisLabel: { fontSize: 11 } },
    yAxis: [
      { type: 'value', minInterval: 1, name: 'Matches' },
      { type: 'value', name: 'Views', splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: 'Matches', data: days.map((d) => d.matches), itemStyle: { color: '#3e63dd' } },
      { type: 'line', name: 'Views', yAxisIndex: 1, data: days.map((d) => d.views), itemStyle: { color: '#e5484d' }, lineStyle: { color: '#e5484d' } },
    ],
  }
  return <ReactEChartsCore echarts={echarts} option={option} style={{ height: 220 }} notMerge lazyUpdate />
}
