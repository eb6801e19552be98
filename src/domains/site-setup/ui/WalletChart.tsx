// The ESM build: the CommonJS one (lib/) reaches a production bundle as { default } and React
// refuses it (error #130), while the dev server hides the difference.
import ReactEChartsCore from 'echarts-for-react/esm/core'
import * as echarts from 'echarts/core'
import { BarChart } from 'echarts/charts'
import { GridComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'
import type { Wallet } from '@contract/site'

// Only what this chart draws goes into the chunk.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer])

/** The monthly fee of each tier (those priced by agreement have no bar), the workspace's own highlighted. */
export default function WalletChart({ tiers, color }: { tiers: Wallet['tiers']; color: string }) {
  const option = {
    grid: { left: 56, right: 16, top: 16, bottom: 48 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: unknown) => (typeof value === 'number' ? `$${value.toLocaleString('en-US')}` : 'By agreement'),
    },
    xAxis: { type: 'category', data: tiers.map((tier) => `${tier.name}\n${tier.range}`), axisLabel: { fontSize: 11 } },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => `$${value.toLocaleString('en-US')}` } },
    series: [
      {
        type: 'bar',
        name: 'Monthly fee',
        data: tiers.map((tier) => ({
          value: tier.monthlyFee === null ? null : Number(tier.monthlyFee),
          itemStyle: { color: tier.current ? color : '#B8B8B8' },
        })),
      },
    ],
  }
  return <ReactEChartsCore echarts={echarts} option={option} style={{ height: 260 }} notMerge lazyUpdate />
}
