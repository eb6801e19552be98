import { DataList } from '@radix-ui/themes'
import type { ReviewRow } from '@contract/feature-controls'
import { BLOCKLIST, GREENLIST_PLATFORM_LABELS, isrcShown, type GreenlistPlatform } from '@core/feature-requests'
import { api } from '@client/api'
import type { ReviewScreenKind } from './review'

// Blocklist's part of the review screens: its fields as the server stores them (review.ts → blocklist.ts).

interface BlocklistStored {
  platform?: GreenlistPlatform
  format?: 'all' | 'single'
  startDate?: string
  endDate?: string
  comment?: string
  isrc?: string | null
}

const stored = (row: ReviewRow) => row.fields as BlocklistStored
const blocklistIsrc = (row: ReviewRow) => isrcShown(stored(row).isrc, row.track?.isrc)
const platformOf = (row: ReviewRow) => {
  const platform = stored(row).platform
  return platform ? GREENLIST_PLATFORM_LABELS[platform] : '—'
}
const formatOf = (row: ReviewRow) => (stored(row).format === 'single' ? 'Single' : 'All')
const typeOf = (row: ReviewRow) => (row.track ? 'Track' : 'Release')

export const BLOCKLIST_SCREENS = {
  kind: 'blocklist',
  def: BLOCKLIST,
  title: 'Blocklist',
  // The spec's list call carries its page in the query string.
  fetchList: (query, signal) => api.call('blocklist.list', { query }, { signal }),
  singleCall: 'blocklist.single',
  columns: [
    { id: 'type', header: 'Type', type: 'text', value: typeOf, width: 90 },
    { id: 'format', header: 'Format', type: 'text', value: formatOf, width: 90 },
    { id: 'platform', header: 'Platform', type: 'text', value: platformOf, width: 110 },
    { id: 'period', header: 'Period', type: 'text', value: (row) => `${stored(row).startDate ?? ''} – ${stored(row).endDate ?? ''}`, width: 200 },
  ],
  details: (row) => {
    const fields = stored(row)
    return (
      <>
        <DataList.Item>
          <DataList.Label>Platform</DataList.Label>
          <DataList.Value>{platformOf(row)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Type</DataList.Label>
          <DataList.Value>{typeOf(row)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Format</DataList.Label>
          <DataList.Value>{formatOf(row)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>ISRC</DataList.Label>
          <DataList.Value data-testid="blocklist-isrc">{blocklistIsrc(row)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Start date</DataList.Label>
          <DataList.Value>{fields.startDate}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>End date</DataList.Label>
          <DataList.Value>{fields.endDate}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Comment</DataList.Label>
          <DataList.Value>{fields.comment || '—'}</DataList.Value>
        </DataList.Item>
      </>
    )
  },
} satisfies ReviewScreenKind
