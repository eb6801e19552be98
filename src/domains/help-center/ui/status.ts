import type { StatusMap } from '@client/ui/list'

export const THREAD_STATUS_MAP: StatusMap = {
  open: { label: 'Open', color: 'amber' },
  answered: { label: 'Answered', color: 'green' },
  closed: { label: 'Closed', color: 'gray' },
}

export const THREAD_STATUS_OPTIONS = Object.entries(THREAD_STATUS_MAP).map(([value, { label }]) => ({ value, label }))
