import { formatMoney, formatPercent } from '@core/format'
import { IMPORT_STATUS_LABELS, type ImportStatus } from '@contract/earnings-imports'

/** Two decimals with thousands separators, in the statement's currency ($ for USD, the code otherwise). */
export function amountIn(value: string, currency: string): string {
  if (currency === 'USD') return formatMoney(value)
  return `${formatMoney(value).replace('$', '')} ${currency}`
}

export const baseMoney = (value: string) => formatMoney(value)

export function changeText(change: string | number, percent: number | null, money: boolean): string {
  const numeric = typeof change === 'number' ? change : Number(change)
  const sign = numeric > 0 ? '+' : ''
  const amount = money ? `${sign}${formatMoney(String(change))}` : `${sign}${numeric.toLocaleString('en')}`
  return percent === null ? amount : `${amount} (${percent > 0 ? '+' : ''}${formatPercent(percent)})`
}

export const STATUS_COLORS: Record<ImportStatus, 'gray' | 'blue' | 'amber' | 'green' | 'red' | 'orange'> = {
  uploaded: 'gray',
  parsing: 'blue',
  review: 'amber',
  committing: 'blue',
  committed: 'green',
  cancelled: 'gray',
  failed: 'red',
  rolled_back: 'orange',
}

export const statusLabel = (status: ImportStatus) => IMPORT_STATUS_LABELS[status]
