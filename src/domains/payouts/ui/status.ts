import { PAYOUT_STATUS_INFO, PAYOUT_STATUSES, PAYOUT_PROVIDER_LABELS, PAYOUT_PROVIDERS } from '@core/payout-status'
import type { StatusMap } from '@client/ui/list'

const COLORS = { pending: 'amber', approved: 'blue', processing: 'violet', paid: 'green', rejected: 'red', failed: 'crimson' } as const

export const PAYOUT_STATUS_MAP: StatusMap = Object.fromEntries(
  PAYOUT_STATUSES.map((status) => [status, { label: PAYOUT_STATUS_INFO[status].label, color: COLORS[status] }]),
)

export const STATUS_OPTIONS = PAYOUT_STATUSES.map((status) => ({ value: status, label: PAYOUT_STATUS_INFO[status].label }))
export const PROVIDER_OPTIONS = PAYOUT_PROVIDERS.map((provider) => ({ value: provider, label: PAYOUT_PROVIDER_LABELS[provider] }))
