import type { ReviewRow } from '@contract/feature-controls'
import { YOUTUBE_MCN } from '@core/feature-requests'
import { api } from '@client/api'
import type { ReviewScreenKind } from './review'

// YouTube MCN's part of the review list (review.ts → youtube-mcn.ts). The spec gives it no single
// screen: every field is a column, and the list is decided on by its selection.

interface McnStored {
  channelId?: string
  subscribers?: number
  videos?: number
  views?: number
}

const stored = (row: ReviewRow) => row.fields as McnStored
const figure = (value: number | undefined) => (value === undefined ? '—' : value.toLocaleString('en-US'))

export const YOUTUBE_MCN_SCREENS = {
  kind: 'youtubeMcn',
  def: YOUTUBE_MCN,
  title: 'YouTube MCN',
  titleHeader: 'Channel id',
  fetchList: ({ page, ...query }, signal) => api.call('youtubeMcn.list', { params: { page }, query }, { signal }),
  columns: [
    { id: 'subscribers', header: 'Subscribers', type: 'text', value: (row) => figure(stored(row).subscribers), width: 120 },
    { id: 'videos', header: 'Videos', type: 'text', value: (row) => figure(stored(row).videos), width: 100 },
    { id: 'views', header: 'Views', type: 'text', value: (row) => figure(stored(row).views), width: 140 },
  ],
} satisfies ReviewScreenKind
