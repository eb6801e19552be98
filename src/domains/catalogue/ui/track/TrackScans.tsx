import { Badge, Box, Callout, DataList, Flex, Table, Text } from '@radix-ui/themes'
import { InfoCircledIcon } from '@radix-ui/react-icons'
import type { TrackScan } from '@contract/release-ops'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { NamedTable } from '@client/ui/NamedTable'
import { When } from '@client/ui/When'
import { RecordActions } from '@client/ui/RecordActions'
import type { TrackRef } from '../record-action'

export const SCAN_NOT_CONFIGURED = 'Audio recognition is not configured'

export const scanText = (status: number | null) =>
  status === null ? 'Never requested' : status === 0 ? 'Processing' : status === 1 ? 'Completed' : 'Failed'
const scanColor = (status: number | null) => (status === null ? 'gray' : status === 0 ? 'blue' : status === 1 ? 'green' : 'red')

const fetchHistory = (key: string, signal: AbortSignal) =>
  api.call('releases.scansHistory', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** The newest scan of each kind (the pair the track's status comes from), and the ones before. */
function split(scans: readonly TrackScan[]) {
  const latest: TrackScan[] = []
  const earlier: TrackScan[] = []
  const seen = new Set<string>()
  for (const scan of scans) {
    if (seen.has(scan.kind)) earlier.push(scan)
    else {
      seen.add(scan.kind)
      latest.push(scan)
    }
  }
  return { latest, earlier }
}

const seconds = (value: number | null) => {
  if (value === null) return '—'
  const whole = Math.floor(value)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

function Matches({ scan }: { scan: TrackScan }) {
  if (scan.status !== 1) return null
  if (scan.matches.length === 0)
    return (
      <Text size="1" color="gray">
        No matches found.
      </Text>
    )
  return (
    <NamedTable size="1" variant="surface" label={`Matches: ${scan.kindLabel}`}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Title</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Artists</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>ISRC</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Label</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Score</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>At</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {scan.matches.map((match, index) => (
          <Table.Row key={index}>
            <Table.RowHeaderCell>{match.title}</Table.RowHeaderCell>
            <Table.Cell>{match.artists.join(', ') || '—'}</Table.Cell>
            <Table.Cell>{match.isrc ?? '—'}</Table.Cell>
            <Table.Cell>{match.label ?? '—'}</Table.Cell>
            <Table.Cell>{match.score === null ? '—' : `${match.score}%`}</Table.Cell>
            <Table.Cell>{seconds(match.offset)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </NamedTable>
  )
}

function ScanCard({ scan }: { scan: TrackScan }) {
  return (
    <Box role="group" aria-label={scan.kindLabel}>
      <Flex gap="2" align="center" wrap="wrap" mb="1">
        <Text size="2" weight="medium">
          {scan.kindLabel}
        </Text>
        <Badge color={scanColor(scan.status)}>{scan.statusLabel}</Badge>
        <Text size="1" color="gray">
          Requested <When value={scan.requestedAt} />
          {scan.requestedBy && ` by ${scan.requestedBy.name}`}
          {scan.completedAt && (
            <>
              {' · finished '}
              <When value={scan.completedAt} />
            </>
          )}
        </Text>
      </Flex>
      {scan.error && (
        <Text as="p" size="1" color="red">
          {scan.error}
        </Text>
      )}
      <Matches scan={scan} />
    </Box>
  )
}

/**
 * The track tab's "Audio recognition scan" row: the track's status, the two scans (commercial
 * catalogue and covers/remixes) with their matches, and the declared Request scan / Refresh scans
 * actions (commands/releases.ts), given what the scan history says. Says at once when no provider is
 * configured or why a scan cannot be requested.
 */
export function TrackScans({ record, scanStatus }: { record: TrackRef; scanStatus: number | null }) {
  const version = useDataVersion()
  const trackId = Number(record.id)
  // Both actions refresh the data: the history loads again with their outcome.
  const load = useLoad(fetchHistory, `${trackId}:${version}`)
  const history = load.data && load.data.trackId === trackId ? load.data : null
  const status = history ? history.scanStatus : scanStatus
  const { latest, earlier } = split(history?.scans ?? [])
  const scanned: TrackRef = { ...record, state: { ...record.state, scanStatus: status, scanBlocked: history?.blockedReason ?? null } }

  const configured = history?.configured !== false
  const processing = status === 0
  // Without a provider no scan can have run: whatever status the track kept is not shown as one.
  const badgeText = configured ? scanText(status) : 'Not configured'
  const badgeColor = configured ? scanColor(status) : 'gray'
  return (
    <DataList.Item>
      <DataList.Label>Audio recognition scan</DataList.Label>
      <DataList.Value>
        <Flex direction="column" gap="3" width="100%" aria-label="Audio recognition scans" role="region">
          <Flex gap="2" align="center" wrap="wrap">
            <Badge color={badgeColor} size="2" aria-label={`Scan status: ${badgeText}`}>
              {badgeText}
            </Badge>
            {history && configured && (
              <RecordActions record={scanned} buttons={['releases.trackStat:track', 'releases.refreshTrackStat']} menu={false} size="1" />
            )}
          </Flex>
          {history && !configured && (
            <Callout.Root color="gray" size="1" role="status">
              <Callout.Icon>
                <InfoCircledIcon />
              </Callout.Icon>
              <Callout.Text>
                {SCAN_NOT_CONFIGURED}. Scans need an audio-recognition provider: set SCAN_PROVIDER_URL and SCAN_PROVIDER_KEY on the server.
              </Callout.Text>
            </Callout.Root>
          )}
          {history && configured && history.blockedReason && !processing && (
            <Text size="1" color="gray" role="note">
              {history.blockedReason}
            </Text>
          )}
          {!history && load.status === 'error' && (
            <Text size="1" color="red">
              The scans could not be loaded: {load.error?.message}
            </Text>
          )}
          {latest.map((scan) => (
            <ScanCard key={scan.id} scan={scan} />
          ))}
          {earlier.length > 0 && (
            <details>
              <summary>
                <Text size="1">Earlier scans ({earlier.length})</Text>
              </summary>
              <Flex direction="column" gap="2" mt="2">
                {earlier.map((scan) => (
                  <ScanCard key={scan.id} scan={scan} />
                ))}
              </Flex>
            </details>
          )}
        </Flex>
      </DataList.Value>
    </DataList.Item>
  )
}
