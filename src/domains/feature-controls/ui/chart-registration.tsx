import type { ReactNode } from 'react'
import { Button, DataList, Flex, Table, Text } from '@radix-ui/themes'
import type { ReviewRow } from '@contract/feature-controls'
import { CHART_REGISTRATION } from '@core/feature-requests'
import { formatIsrc } from '@core/identifiers'
import { api, ApiError } from '@client/api'
import { showNotice } from '@client/ui/notices/notices'
import type { ReviewScreenKind } from './review'

// Chart registration's part of the review screens: the release as registered (server/chart-registration.ts
// keeps a snapshot of it), shown like the discovery single: artwork, title, UPC, date, format, genre,
// label, participants and tracks with their ISRCs.

interface ChartStored {
  upc?: string
  title?: string
  artist?: string
  label?: string | null
  releaseDate?: string | null
  format?: string
  genre?: string | null
  coverUrl?: string | null
  participants?: { name: string; roles: string }[]
  tracks?: { id: number; position: number; title: string; isrc: string }[]
  comment?: string
}

const stored = (row: ReviewRow) => row.fields as ChartStored

/** Downloads the approved registrations' file (docs/formats/chart-registration.md); the palette's "Export approved chart registrations" does the same. */
async function downloadChartExport() {
  try {
    await api.download('chartRegistration.export', { query: {} })
  } catch (error) {
    showNotice(error instanceof ApiError ? error.message : 'The file could not be downloaded.', { tone: 'error' })
  }
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>{children || '—'}</DataList.Value>
    </DataList.Item>
  )
}

export const CHART_REGISTRATION_SCREENS = {
  kind: 'chartRegistration',
  def: CHART_REGISTRATION,
  title: 'Chart Registration',
  titleHeader: 'Release',
  // The spec's list call carries its page in the query string.
  fetchList: (query, signal) => api.call('chartRegistration.list', { query }, { signal }),
  singleCall: 'chartRegistration.single',
  toolbar: (
    <Flex justify="end">
      <Button variant="soft" onClick={() => void downloadChartExport()}>
        Export approved registrations (CSV)
      </Button>
    </Flex>
  ),
  columns: [
    { id: 'upc', header: 'UPC', type: 'text', value: (row) => stored(row).upc ?? '—', width: 150 },
    { id: 'tracks', header: 'Tracks', type: 'text', value: (row) => String(stored(row).tracks?.length ?? 0), width: 80 },
    { id: 'format', header: 'Format', type: 'text', value: (row) => stored(row).format ?? '—', width: 100 },
    { id: 'releaseDate', header: 'Release date', type: 'text', value: (row) => stored(row).releaseDate ?? '—', width: 120 },
  ],
  details: (row) => {
    const release = stored(row)
    return (
      <>
        <DataList.Item>
          <DataList.Label>Artwork</DataList.Label>
          <DataList.Value>
            {release.coverUrl ? (
              <img src={release.coverUrl} alt={`Artwork of ${release.title ?? row.title}`} width={160} height={160} style={{ borderRadius: 6, objectFit: 'cover' }} />
            ) : (
              <Text color="gray">No artwork</Text>
            )}
          </DataList.Value>
        </DataList.Item>
        <Item label="Title">{release.title}</Item>
        <Item label="Artist">{release.artist}</Item>
        <Item label="UPC">{release.upc}</Item>
        <Item label="Release date">{release.releaseDate}</Item>
        <Item label="Format">{release.format}</Item>
        <Item label="Genre">{release.genre}</Item>
        <Item label="Label">{release.label}</Item>
        <Item label="Participants">
          {release.participants?.length ? release.participants.map((participant) => `${participant.name} (${participant.roles})`).join('; ') : ''}
        </Item>
        <Item label="Comment">{release.comment}</Item>
        <DataList.Item>
          <DataList.Label>Tracks</DataList.Label>
          <DataList.Value>
            <Table.Root size="1" aria-label="Registered tracks">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>#</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Title</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>ISRC</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {(release.tracks ?? []).map((track) => (
                  <Table.Row key={track.id}>
                    <Table.Cell>{track.position}</Table.Cell>
                    <Table.Cell>{track.title}</Table.Cell>
                    <Table.Cell>{formatIsrc(track.isrc)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </DataList.Value>
        </DataList.Item>
      </>
    )
  },
} satisfies ReviewScreenKind
