import { useState } from 'react'
import { Button, Callout, Text } from '@radix-ui/themes'
import type { ReleaseGeneral, Track } from '@contract/releases'
import { statusLabel } from '@core/release-status'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { Link } from '@client/routing/Link'
import { CompareActions, CompareTable, type CompareRow } from '../CompareTable'
import { lineText } from './ReleaseSections'

interface Side {
  release: ReleaseGeneral
  tracks: Track[]
}

const fetchSide = async (key: string, signal: AbortSignal): Promise<Side> => {
  const id = Number(key.split(':')[0])
  const [release, tracks] = await Promise.all([
    api.call('releases.general', { params: { id } }, { signal }),
    api.call('releases.tracks', { params: { id } }, { signal }),
  ])
  return { release, tracks: tracks.data }
}

const text = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value)

/** The fields of a release as comparison lines, in a fixed order so two releases line up. */
function releaseLines(release: ReleaseGeneral): Omit<CompareRow, 'right'>[] {
  const delivered = release.delivery
    .filter((entry) => entry.delivered)
    .map((entry) => entry.label)
    .join(', ')
  return [
    { section: 'General', label: 'Title', left: release.title },
    { section: 'General', label: 'Version', left: text(release.version) },
    { section: 'General', label: 'Artist', left: release.artist },
    { section: 'General', label: 'Type', left: release.type },
    { section: 'General', label: 'Status', left: statusLabel(release.displayStatus) },
    { section: 'General', label: 'Owner', left: `${release.owner.name} <${release.owner.email}>` },
    { section: 'Identifiers', label: 'UPC', left: text(release.upc) },
    { section: 'Identifiers', label: 'Catalog number', left: text(release.catalogNumber) },
    { section: 'Identifiers', label: 'Label', left: text(release.label) },
    { section: 'Dates', label: 'Release date', left: text(release.releaseDate) },
    { section: 'Dates', label: 'Release time', left: release.releaseTime ? `${release.releaseTime} ${release.timeZone}` : '' },
    { section: 'Dates', label: 'Original release date', left: text(release.originalReleaseDate) },
    { section: 'Details', label: 'Primary genre', left: text(release.primaryGenre) },
    { section: 'Details', label: 'Secondary genre', left: text(release.secondaryGenre) },
    { section: 'Details', label: 'Language', left: text(release.language) },
    { section: 'Details', label: 'License', left: text(release.licenseType) },
    { section: 'Details', label: 'C line', left: lineText(release.cLine, release.cYear) },
    { section: 'Details', label: 'P line', left: lineText(release.pLine, release.pYear) },
    { section: 'Review', label: 'Admin review', left: text(release.adminReview) },
    { section: 'Review', label: 'Priority review', left: text(release.priorityReview) },
    { section: 'Delivery', label: 'Delivered to', left: delivered },
    { section: 'Delivery', label: 'Territories', left: release.territories.join(', ') },
    { section: 'Tracks', label: 'Track count', left: String(release.trackCount) },
  ]
}

/** Both releases' lines aligned by label, then their tracks aligned by position. */
export function compareRows(left: Side, right: Side): CompareRow[] {
  const rightLines = new Map(releaseLines(right.release).map((line) => [`${line.section}:${line.label}`, line.left]))
  const rows: CompareRow[] = releaseLines(left.release).map((line) => ({
    ...line,
    right: rightLines.get(`${line.section}:${line.label}`) ?? '',
  }))
  const count = Math.max(left.tracks.length, right.tracks.length)
  const describe = (track: Track | undefined) =>
    track ? `${track.title}${track.version ? ` (${track.version})` : ''}${track.isrc ? ` · ${track.isrc}` : ''}` : ''
  for (let index = 0; index < count; index += 1)
    rows.push({ section: 'Tracks', label: `Track ${index + 1}`, left: describe(left.tracks[index]), right: describe(right.tracks[index]) })
  return rows
}

/**
 * The release of this tab beside another (?compare=<id>): the other one on the left, as it sits in the
 * pane to the left, and this one on the right.
 */
export function ReleaseCompare({
  release,
  compareId,
  version,
  onClose,
}: {
  release: ReleaseGeneral
  compareId: number
  version: number
  onClose(): void
}) {
  const [onlyDifferences, setOnlyDifferences] = useState(false)
  const here = useLoad(fetchSide, `${release.id}:${version}`)
  const other = useLoad(fetchSide, `${compareId}:${version}`)
  const failed = here.status === 'error' ? here.error : other.status === 'error' ? other.error : null
  if (failed)
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>
          The comparison could not be loaded: {failed.message}{' '}
          <Button size="1" variant="soft" color="red" onClick={onClose}>
            Close the comparison
          </Button>
        </Callout.Text>
      </Callout.Root>
    )
  const left = other.data?.release.id === compareId ? other.data : null
  const right = here.data?.release.id === release.id ? here.data : null
  if (!left || !right)
    return (
      <Text size="2" color="gray" role="status">
        Loading the comparison…
      </Text>
    )
  return (
    <CompareTable
      label={`Compared with ${left.release.title}`}
      leftTitle={<Link to={`/releases/single/${left.release.id}`}>{`${left.release.title} (#${left.release.id})`}</Link>}
      rightTitle={`${right.release.title} (#${right.release.id}, this tab)`}
      rows={compareRows(left, right)}
      onlyDifferences={onlyDifferences}
      actions={<CompareActions onlyDifferences={onlyDifferences} onOnlyDifferences={setOnlyDifferences} onClose={onClose} />}
    />
  )
}
