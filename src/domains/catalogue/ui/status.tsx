import { Badge } from '@radix-ui/themes'
import { DISPLAY_STATUSES, statusLabel, type DisplayStatus } from '@core/release-status'
import type { BadgeColor, StatusMap } from '@client/ui/list'

const STATUS_COLORS: Readonly<Record<DisplayStatus, BadgeColor>> = {
  0: 'gray',
  1: 'green',
  2: 'blue',
  3: 'cyan',
  4: 'indigo',
  5: 'orange',
  6: 'amber',
  7: 'teal',
  8: 'crimson',
  9: 'red',
  10: 'purple',
}

export function statusColor(code: number): BadgeColor {
  return STATUS_COLORS[code as DisplayStatus] ?? 'gray'
}

/** Status cells of the release lists: every display status with its label and colour. */
export const RELEASE_STATUS_MAP: StatusMap = Object.fromEntries(
  DISPLAY_STATUSES.map((code) => [code, { label: statusLabel(code), color: statusColor(code) }]),
)

/** A release's status as lists show it (10 scheduled included). */
export function StatusBadge({ code, size = '2', testId }: { code: number; size?: '1' | '2' | '3'; testId?: string }) {
  return (
    <Badge color={statusColor(code)} size={size} data-testid={testId}>
      {statusLabel(code)}
    </Badge>
  )
}

export const EDIT_REQUEST_STATUS_MAP: StatusMap = {
  pending: { label: 'Open', color: 'amber' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
}
