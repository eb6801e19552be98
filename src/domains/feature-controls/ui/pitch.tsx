import { useEffect, useState, type ReactNode } from 'react'
import { DataList, Link, Table, Text } from '@radix-ui/themes'
import type { ReviewRow } from '@contract/feature-controls'
import { PITCH, PITCH_LINK_LABELS, PITCH_LINK_PLATFORMS, isrcShown, type PitchLinkPlatform, type TourDate } from '@core/feature-requests'
import { api } from '@client/api'
import type { ReviewScreenKind } from './review'

// Pitch portal's part of the review screens: the pitch as the server keeps it (server/pitch.ts):
// its texts, links, tour dates, photo and sheet, and the release and focus track as pitched.

interface PitchFileStored {
  url: string
  name: string
  contentType: string
}

interface PitchStored {
  songName?: string
  info?: string
  blurb?: string
  marketingDrivers?: string[]
  previousMilestones?: string
  tourDates?: TourDate[]
  links?: Partial<Record<PitchLinkPlatform, string>>
  photo?: PitchFileStored | null
  sheet?: PitchFileStored | null
  release?: { title: string; artist: string; upc: string | null; releaseDate: string; coverUrl: string | null; participants: { name: string; roles: string }[] }
  track?: { id: number; title: string; isrc: string | null; audioUrl: string | null }
}

const stored = (row: ReviewRow) => row.fields as PitchStored

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value>{children || '—'}</DataList.Value>
    </DataList.Item>
  )
}

/** The workspace's lead time, above the list: staff change it with the palette's "Set pitch lead time…". */
function LeadTime() {
  const [days, setDays] = useState<number | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    api
      .call('pitch.settings', undefined, { signal: controller.signal })
      .then((settings) => setDays(settings.leadDays))
      .catch(() => undefined)
    return () => controller.abort()
  }, [])
  if (days === null) return null
  return (
    <Text size="2" color="gray">
      A release can be pitched until {days} day{days === 1 ? '' : 's'} before its release date (palette: “Set pitch lead time…”).
    </Text>
  )
}

export function TourDatesTable({ dates }: { dates: readonly TourDate[] }) {
  if (dates.length === 0) return <Text color="gray">None</Text>
  return (
    <Table.Root size="1" aria-label="Tour dates">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Date</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>City</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Venue</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {dates.map((date, index) => (
          <Table.Row key={`${date.date}-${index}`}>
            <Table.Cell>{date.date}</Table.Cell>
            <Table.Cell>{date.city}</Table.Cell>
            <Table.Cell>{date.venue}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}

export const PITCH_SCREENS = {
  kind: 'pitch',
  def: PITCH,
  title: 'Pitch Portal',
  titleHeader: 'Song (release)',
  fetchList: ({ page, ...query }, signal) => api.call('pitch.list', { params: { page }, query }, { signal }),
  singleCall: 'pitch.single',
  toolbar: <LeadTime />,
  columns: [
    { id: 'releaseDate', header: 'Release date', type: 'text', value: (row) => stored(row).release?.releaseDate ?? '—', width: 120 },
    { id: 'isrc', header: 'ISRC', type: 'text', value: (row) => isrcShown(stored(row).track?.isrc, row.track?.isrc), width: 150 },
    { id: 'tourDates', header: 'Tour dates', type: 'text', value: (row) => String(stored(row).tourDates?.length ?? 0), width: 100 },
  ],
  details: (row) => {
    const pitch = stored(row)
    const release = pitch.release
    const track = pitch.track
    return (
      <>
        <Item label="Song name">{pitch.songName}</Item>
        <Item label="Release code (UPC)">{release?.upc}</Item>
        <Item label="Release">{release ? `${release.title} — ${release.artist}, out ${release.releaseDate}` : ''}</Item>
        <Item label="Participants">
          {release?.participants.length ? release.participants.map((participant) => `${participant.name} (${participant.roles})`).join('; ') : ''}
        </Item>
        <Item label="Track">{track?.title}</Item>
        <Item label="ISRC">{isrcShown(track?.isrc, row.track?.isrc)}</Item>
        <DataList.Item>
          <DataList.Label>Audio</DataList.Label>
          <DataList.Value>
            {track?.audioUrl ? (
              <audio controls preload="none" src={track.audioUrl} aria-label={`Play ${track.title}`} />
            ) : (
              <Text color="gray">The track has no audio yet</Text>
            )}
          </DataList.Value>
        </DataList.Item>
        <Item label="Info">{pitch.info}</Item>
        <Item label="Blurb">{pitch.blurb}</Item>
        <Item label="Marketing drivers">
          {pitch.marketingDrivers?.length ? (
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {pitch.marketingDrivers.map((driver, index) => (
                <li key={index}>{driver}</li>
              ))}
            </ul>
          ) : (
            ''
          )}
        </Item>
        <Item label="Previous milestones">{pitch.previousMilestones}</Item>
        <DataList.Item>
          <DataList.Label>Tour dates</DataList.Label>
          <DataList.Value>
            <TourDatesTable dates={pitch.tourDates ?? []} />
          </DataList.Value>
        </DataList.Item>
        {PITCH_LINK_PLATFORMS.map((platform) => (
          <Item key={platform} label={PITCH_LINK_LABELS[platform]}>
            {pitch.links?.[platform] ? (
              <Link href={pitch.links[platform]} target="_blank" rel="noopener noreferrer">
                {pitch.links[platform]}
              </Link>
            ) : (
              ''
            )}
          </Item>
        ))}
        <DataList.Item>
          <DataList.Label>Photo</DataList.Label>
          <DataList.Value>
            {pitch.photo ? (
              <img src={pitch.photo.url} alt={`Photo sent with the pitch of ${pitch.songName ?? row.title}`} width={200} style={{ borderRadius: 6, objectFit: 'cover' }} />
            ) : (
              <Text color="gray">No photo</Text>
            )}
          </DataList.Value>
        </DataList.Item>
        <Item label="Sheet">
          {pitch.sheet ? (
            <Link href={pitch.sheet.url} download={pitch.sheet.name}>
              {pitch.sheet.name}
            </Link>
          ) : (
            ''
          )}
        </Item>
      </>
    )
  },
} satisfies ReviewScreenKind
