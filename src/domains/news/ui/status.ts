import { NEWS_STATUS_LABELS, type NewsStatus } from '@core/news'
import type { BadgeColor, StatusMap } from '@client/ui/list'

export const NEWS_STATUS_COLORS: Record<NewsStatus, BadgeColor> = { draft: 'gray', scheduled: 'amber', published: 'green' }

export const NEWS_STATUS_MAP: StatusMap = Object.fromEntries(
  Object.entries(NEWS_STATUS_LABELS).map(([status, label]) => [status, { label, color: NEWS_STATUS_COLORS[status as NewsStatus] }]),
)
