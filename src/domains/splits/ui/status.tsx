import { Badge } from '@radix-ui/themes'
import { PAYEE_STATUS_INFO, SPLIT_STATUS_INFO, type PayeeStatus, type SplitStatus } from '@core/split-status'
import type { BadgeColor, StatusMap } from '@client/ui/list'

const SPLIT_COLORS: Record<SplitStatus, BadgeColor> = { pending: 'amber', active: 'green', declined: 'red', ended: 'gray' }
const PAYEE_COLORS: Record<PayeeStatus, BadgeColor> = { invited: 'amber', confirmed: 'green', removal_requested: 'orange', removed: 'gray' }

export const SPLIT_STATUS_MAP: StatusMap = Object.fromEntries(
  Object.entries(SPLIT_STATUS_INFO).map(([status, info]) => [status, { label: info.label, color: SPLIT_COLORS[status as SplitStatus] }]),
)

export function SplitStatusBadge({ status }: { status: SplitStatus }) {
  return (
    <Badge color={SPLIT_COLORS[status]} title={SPLIT_STATUS_INFO[status].meaning}>
      {SPLIT_STATUS_INFO[status].label}
    </Badge>
  )
}

export function PayeeStatusBadge({ status }: { status: PayeeStatus }) {
  return (
    <Badge color={PAYEE_COLORS[status]} variant="soft" title={PAYEE_STATUS_INFO[status].meaning}>
      {PAYEE_STATUS_INFO[status].label}
    </Badge>
  )
}
