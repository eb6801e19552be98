import { DataList, Text } from '@radix-ui/themes'
import type { ReviewRow } from '@contract/feature-controls'
import { GREENLIST, GREENLIST_PLATFORM_LABELS, GREENLIST_PLATFORMS, type GreenlistPlatform } from '@core/feature-requests'
import { formatIsrc } from '@core/identifiers'
import { api } from '@client/api'
import type { ReviewScreenKind } from './review'

// Greenlist's part of the review screens: its fields as the server stores them (review.ts → greenlist.ts).

interface GreenlistStored {
  format?: 'all' | 'single'
  channels?: Partial<Record<GreenlistPlatform, string[]>>
  info?: string
  comment?: string
  isrc?: string | null
}

const stored = (row: ReviewRow) => row.fields as GreenlistStored
const isrcOf = (row: ReviewRow) => {
  const isrc = stored(row).isrc ?? row.track?.isrc
  return isrc ? formatIsrc(isrc) : 'Not Set'
}
const channelCount = (row: ReviewRow) => GREENLIST_PLATFORMS.reduce((sum, platform) => sum + (stored(row).channels?.[platform]?.length ?? 0), 0)

export const GREENLIST_SCREENS = {
  kind: 'greenlist',
  def: GREENLIST,
  title: 'Greenlist',
  fetchList: ({ page, ...query }, signal) => api.call('greenlist.list', { params: { page }, query }, { signal }),
  singleCall: 'greenlist.single',
  columns: [
    { id: 'format', header: 'Format', type: 'text', value: (row) => (stored(row).format === 'single' ? 'Single' : 'All'), width: 90 },
    { id: 'channels', header: 'Channels', type: 'text', value: (row) => String(channelCount(row)), width: 90 },
    { id: 'isrc', header: 'ISRC', type: 'text', value: isrcOf, width: 150 },
  ],
  details: (row) => {
    const fields = stored(row)
    return (
      <>
        <DataList.Item>
          <DataList.Label>Format</DataList.Label>
          <DataList.Value>{fields.format === 'single' ? 'Single' : 'All'}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>ISRC</DataList.Label>
          <DataList.Value>{isrcOf(row)}</DataList.Value>
        </DataList.Item>
        {GREENLIST_PLATFORMS.map((platform) => (
          <DataList.Item key={platform}>
            <DataList.Label>{GREENLIST_PLATFORM_LABELS[platform]}</DataList.Label>
            <DataList.Value>
              {fields.channels?.[platform]?.length ? (
                <ul style={{ margin: 0, paddingLeft: '1.2em' }} aria-label={`${GREENLIST_PLATFORM_LABELS[platform]} channels`}>
                  {fields.channels[platform].map((url) => (
                    <li key={url}>
                      {/^https?:\/\//.test(url) ? (
                        <a href={url} target="_blank" rel="noopener noreferrer">
                          {url}
                        </a>
                      ) : (
                        url
                      )}
                    </li>
                  ))}
                </ul>
              ) : (
                <Text color="gray">None</Text>
              )}
            </DataList.Value>
          </DataList.Item>
        ))}
        <DataList.Item>
          <DataList.Label>Info</DataList.Label>
          <DataList.Value>{fields.info || '—'}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Comment</DataList.Label>
          <DataList.Value>{fields.comment || '—'}</DataList.Value>
        </DataList.Item>
      </>
    )
  },
} satisfies ReviewScreenKind
