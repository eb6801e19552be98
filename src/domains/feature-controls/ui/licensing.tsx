import { useEffect, useState } from 'react'
import { Flex, Table, Text, TextField } from '@radix-ui/themes'
import type { ReviewRow } from '@contract/feature-controls'
import { LICENSING } from '@core/feature-requests'
import { MECHANICAL_FORMAT_LABELS, type MechanicalFormat } from '@core/mechanical-rates'
import { api } from '@client/api'
import type { ReviewScreenKind } from './review'

// Cover song licensing's part of the review screens (the spec gives it a list only): the licence as
// the server keeps it (server/licensing.ts), with the royalty computed from the mechanical rate in
// force; above the list, the rate table and the search of songs already licensed.

interface LicensingStored {
  albumTitle?: string
  albumArtist?: string
  releaseDate?: string
  licensee?: { companyName: string; firstName: string; lastName: string; email: string }
  releases?: { formatId: MechanicalFormat; formatTitle: string; quantityLicensed: number; royaltyRate: string | null; royaltyOwed: string | null }[]
  song?: { title: string; composedBy: string; originalRecordingArtist: string; publishedBy: string; playingSeconds: number }
  status?: { canLicenseCurrently: boolean; description: string; royaltyOwed: string | null; royaltyRate: string | null }
}

const stored = (row: ReviewRow) => row.fields as LicensingStored
const licenseeOf = (row: ReviewRow) => {
  const licensee = stored(row).licensee
  return licensee ? licensee.companyName || `${licensee.firstName} ${licensee.lastName}` : '—'
}
const money = (value: string | null | undefined) => (value ? `$${value}` : 'No rate in force')

type Rate = { format: MechanicalFormat; from: string; to: string | null; perCopy: string; perMinute: string; source: string }
type LicensedSong = { id: number; songTitle: string; composedBy: string; originalRecordingArtist: string; albumTitle: string; licensee: string }

/** The rate table royalties are computed from; staff add a period with the palette's "Add mechanical rate period…". */
function RateTable() {
  const [rates, setRates] = useState<Rate[] | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    api
      .call('licensing.rates', undefined, { signal: controller.signal })
      .then((answer) => setRates(answer.data))
      .catch(() => undefined)
    return () => controller.abort()
  }, [])
  if (!rates) return null
  return (
    <Table.Root size="1" aria-label="Mechanical rates">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Format</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Period</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Per copy</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Per minute</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Source</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rates.map((rate) => (
          <Table.Row key={`${rate.format}-${rate.from}`}>
            <Table.Cell>{MECHANICAL_FORMAT_LABELS[rate.format]}</Table.Cell>
            <Table.Cell>{`${rate.from} – ${rate.to ?? 'open'}`}</Table.Cell>
            <Table.Cell>${rate.perCopy}</Table.Cell>
            <Table.Cell>${rate.perMinute}</Table.Cell>
            <Table.Cell>{rate.source}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}

/** licensing/getSearch: is this song already licensed? */
export function LicensedSongSearch() {
  const [query, setQuery] = useState('')
  const [found, setFound] = useState<LicensedSong[] | null>(null)
  useEffect(() => {
    const text = query.trim()
    if (!text) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      api
        .call('licensing.getSearch', { query: { query: text, per_page: 25 } }, { signal: controller.signal })
        .then((answer) => setFound(answer.data))
        .catch(() => undefined)
    }, 250)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query])
  return (
    <Flex direction="column" gap="1">
      <TextField.Root
        aria-label="Search songs already licensed"
        placeholder="Search songs already licensed (title, composer, original artist, album)"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {query.trim() && found && (
        <ul aria-label="Songs already licensed" style={{ margin: 0, paddingLeft: 18 }}>
          {found.length === 0 ? (
            <li>
              <Text color="gray">No licensed song matches.</Text>
            </li>
          ) : (
            found.map((song) => (
              <li key={song.id}>
                {`#${song.id} ${song.songTitle} (${song.composedBy}; orig. ${song.originalRecordingArtist}) on ${song.albumTitle}, licensed to ${song.licensee}`}
              </li>
            ))
          )}
        </ul>
      )}
    </Flex>
  )
}

export const LICENSING_SCREENS = {
  kind: 'licensing',
  def: LICENSING,
  title: 'Cover song licensing',
  titleHeader: 'Song (album)',
  fetchList: ({ page, ...query }, signal) => api.call('licensing.list', { params: { page }, query }, { signal }),
  toolbar: (
    <Flex direction="column" gap="3">
      <LicensedSongSearch />
      <RateTable />
    </Flex>
  ),
  columns: [
    { id: 'composer', header: 'Composer', type: 'text', value: (row) => stored(row).song?.composedBy ?? '—', width: 150 },
    { id: 'original', header: 'Original artist', type: 'text', value: (row) => stored(row).song?.originalRecordingArtist ?? '—', width: 150 },
    { id: 'licensee', header: 'Licensee', type: 'text', value: licenseeOf, width: 160 },
    {
      id: 'formats',
      header: 'Formats',
      type: 'text',
      value: (row) => (stored(row).releases ?? []).map((release) => `${release.formatTitle} × ${release.quantityLicensed}`).join('; ') || '—',
      width: 180,
    },
    { id: 'releaseDate', header: 'Release date', type: 'text', value: (row) => stored(row).releaseDate ?? '—', width: 110 },
    { id: 'rate', header: 'Royalty rate', type: 'text', value: (row) => money(stored(row).status?.royaltyRate), width: 130 },
    { id: 'owed', header: 'Royalty owed', type: 'text', value: (row) => money(stored(row).status?.royaltyOwed), width: 130 },
  ],
} satisfies ReviewScreenKind
