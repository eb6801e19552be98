// The ESM build of echarts-for-react: see src/domains/dashboard/ui/MonthlyChart.tsx for why.
import ReactEChartsCore from 'echarts-for-react/esm/core'
import * as echarts from 'echarts/core'
import { BarChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'
import type { SmartlinkAnalytics } from '@contract/release-links'

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer])

const COLORS: Record<string, string> = {
  spotify: '#1DB954',
  apple: '#FA243C',
  deezer: '#A238FF',
  youtube: '#FF0000',
  amazon: '#25D1DA',
  tidal: '#555555',
  soundcloud: '#FF5500',
}

/** Every day from `from` to `to` (UTC, YYYY-MM-DD), so days nobody clicked show as gaps. */
export function everyDay(from: string, to: string): string[] {
  const days: string[] = []
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10))
  return days
}

/** Smartlink clicks per day over the analytics period, one stacked bar colour per platform. */
export default function ClicksChart({ analytics }: { analytics: SmartlinkAnalytics }) {
  const days = everyDay(analytics.from, analytics.to)
  const byDay = new Map(analytics.days.map((day) => [day.day, day.byPlatform]))
  const option = {
    grid: { left: 36, right: 12, top: 36, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, itemWidth: 12, itemHeight: 12 },
    xAxis: { type: 'category', data: days.map((day) => day.slice(5)), axisLabel: { fontSize: 11 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: analytics.platforms.map((platform) => ({
      type: 'bar',
      stack: 'clicks',
      name: platform.label,
      itemStyle: { color: COLORS[platform.platform] ?? '#888888' },
      data: days.map((day) => byDay.get(day)?.[platform.platform] ?? 0),
    })),
  }
  return <ReactEChartsCore echarts={echarts} option={option} style={{ height: 220 }} notMerge lazyUpdate />
}
