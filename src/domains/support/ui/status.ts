import { TICKET_PRIORITIES, TICKET_STATUS_INFO, TICKET_STATUSES } from '@core/ticket-status'
import type { StatusMap } from '@client/ui/list'

const COLORS = { new: 'amber', open: 'blue', pending: 'violet', on_hold: 'gray', solved: 'green', closed: 'gray' } as const

export const TICKET_STATUS_MAP: StatusMap = Object.fromEntries(
  TICKET_STATUSES.map((status) => [status, { label: TICKET_STATUS_INFO[status].label, color: COLORS[status] }]),
)

export const PRIORITY_MAP: StatusMap = {
  low: { label: 'Low', color: 'gray' },
  normal: { label: 'Normal', color: 'blue' },
  high: { label: 'High', color: 'orange' },
  urgent: { label: 'Urgent', color: 'red' },
}

export const STATUS_OPTIONS = TICKET_STATUSES.map((status) => ({ value: status, label: TICKET_STATUS_INFO[status].label }))
export const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_MAP[priority].label }))

export const SOURCE_LABELS = { app: 'App', email: 'Email', help_center: 'Help center' } as const

/** "2 h 05 min", "3 d 4 h": a duration people read at a glance. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`
  return `${Math.floor(hours / 24)} d ${hours % 24} h`
}
