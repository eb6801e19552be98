// The ESM build: the CommonJS one (lib/) reaches a production bundle as { default } and React
// refuses it (error #130), while the dev server hides the difference.
import ReactEChartsCore from 'echarts-for-react/esm/core'
import * as echarts from 'echarts/core'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'
import { monthLabel } from '@core/months'
import { formatMoney } from '@core/format'

// Only what these charts draw goes into the chunk.
echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer])

export interface MoneySeries {
  name: string
  kind: 'bar' | 'line'
  color: string
  /** One decimal string per month, as the server sent it. */
  values: readonly string[]
}

/**
 * Money per month, labelled like "Jan 24". Amounts stay decimal strings: the canvas needs numbers to
 * place the bars, but every figure a person reads (tooltip, axis) is formatted from the string.
 */
export default function MoneyChart({
  months,
  series,
  height = 260,
}: {
  months: readonly string[]
  series: readonly MoneySeries[]
  height?: number
}) {
  // A single month is padded with an empty point, so the axis still draws (spec section 9).
  const labels = months.map(monthLabel)
  if (labels.length === 1) labels.push('')
  const option = {
    grid: { left: 64, right: 12, top: series.length > 1 ? 32 : 12, bottom: 28 },
    legend: series.length > 1 ? { top: 0 } : undefined,
    tooltip: {
      trigger: 'axis',
      formatter: (points: { dataIndex: number; seriesIndex: number; marker: string }[]) => {
        const index = points[0]?.dataIndex ?? 0
        const rows = points.map(
          (point) => `${point.marker}${series[point.seriesIndex].name}: ${formatMoney(series[point.seriesIndex].values[index] ?? '0')}`,
        )
        return [months[index] ? monthLabel(months[index]) : '', ...rows].join('<br/>')
      },
    },
    xAxis: { type: 'category', data: labels, axisLabel: { fontSize: 11 } },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatMoney(value).replace(/\.00$/, '') } },
    series: series.map((entry) => ({
      type: entry.kind,
      name: entry.name,
      data: entry.values.map(Number),
      itemStyle: { color: entry.color },
      lineStyle: { color: entry.color },
      smooth: false,
    })),
  }
  return <ReactEChartsCore echarts={echarts} option={option} style={{ height }} notMerge lazyUpdate />
}
