// The ESM build of echarts-for-react (see MoneyChart: the CommonJS one breaks a production bundle).
import ReactEChartsCore from 'echarts-for-react/esm/core'
import * as echarts from 'echarts/core'
import { BarChart, LineChart, PieChart } from 'echarts/charts'
import { GridComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'
import { formatCount } from '@core/format'

// Only what the analytics charts draw goes into this lazy chunk.
echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, CanvasRenderer])

export interface TrendChartProps {
  kind: 'line' | 'bar' | 'hbar' | 'donut'
  labels: readonly string[]
  values: readonly number[]
  /** What the figures count, for the tooltip ("streams"). */
  unit?: string
  height?: number
  label: string
}

/** Streams as a daily line, bars (age, gender, platforms), horizontal bars (countries) or a donut (devices, sources). */
export default function TrendChart({ kind, labels, values, unit = 'streams', height = 240, label }: TrendChartProps) {
  const tooltip = {
    trigger: kind === 'donut' ? 'item' : 'axis',
    valueFormatter: (value: number) => `${formatCount(value)} ${unit}`,
  }
  const option =
    kind === 'donut'
      ? {
          tooltip,
          series: [
            {
              type: 'pie',
              radius: ['45%', '72%'],
              data: labels.map((name, index) => ({ name, value: values[index] })),
              label: { fontSize: 11 },
            },
          ],
        }
      : {
          tooltip,
          grid: { left: kind === 'hbar' ? 48 : 56, right: 12, top: 12, bottom: 28 },
          [kind === 'hbar' ? 'yAxis' : 'xAxis']: {
            type: 'category',
            data: [...labels],
            inverse: kind === 'hbar',
            axisLabel: { fontSize: 11 },
          },
          [kind === 'hbar' ? 'xAxis' : 'yAxis']: { type: 'value', axisLabel: { formatter: (value: number) => formatCount(value) } },
          series: [{ type: kind === 'line' ? 'line' : 'bar', data: [...values], showSymbol: false, itemStyle: { color: '#3e63dd' } }],
        }
  return (
    <div role="img" aria-label={label}>
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height }} />
    </div>
  )
}
