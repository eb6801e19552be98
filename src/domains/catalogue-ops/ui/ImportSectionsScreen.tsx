import { Badge, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes'
import { INGESTION_STATUS_LABELS, RELEASE_IMPORT_STATUS_LABELS } from '@contract/catalogue-ops'
import { formatCount } from '@core/format'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { RecordLink } from '@client/ui/RecordLink'
import { When } from '@client/ui/When'
import { IMPORT_KINDS, type ImportKind } from './import-kinds'
import { TransferInPanel } from './TransferInPanel'

interface LastRun {
  created: string
  fileName: string
  summary: string
}

/** The newest run of every kind: one page of each history (code histories mix pool and assign runs). */
async function fetchLastRuns(_version: number, signal: AbortSignal): Promise<Record<string, LastRun | null>> {
  const query = { page: 1, per_page: 25 }
  const [ingestions, upc, isrc, validations, releaseImports] = await Promise.all([
    api.call('ingestion.history', { query }, { signal }),
    api.call('codes.upcHistory', { query }, { signal }),
    api.call('codes.isrcHistory', { query }, { signal }),
    api.call('validation.history', { query }, { signal }),
    api.call('releaseImport.history', { query }, { signal }),
  ])
  const last: Record<string, LastRun | null> = {}
  for (const kind of IMPORT_KINDS) {
    if (kind.history === 'ingestion') {
      const row = ingestions.data[0]
      last[kind.id] = row
        ? {
            created: row.created,
            fileName: row.fileName,
            summary: `${formatCount(row.rows)} rows · ${INGESTION_STATUS_LABELS[row.status]}`,
          }
        : null
    } else if (kind.history === 'releases') {
      const row = releaseImports.data[0]
      last[kind.id] = row
        ? {
            created: row.createdAt,
            fileName: row.fileName,
            summary: `${formatCount(row.rows)} rows · ${formatCount(row.created)} created, ${formatCount(row.updated)} updated, ${formatCount(row.failed)} failed · ${RELEASE_IMPORT_STATUS_LABELS[row.status]}`,
          }
        : null
    } else if (kind.history === 'validation') {
      const row = validations.data[0]
      last[kind.id] = row
        ? { created: row.created, fileName: row.fileName, summary: `${formatCount(row.mismatches)} mismatches · ${row.status}` }
        : null
    } else {
      const row = (kind.history === 'upc' ? upc : isrc).data.find((entry) => entry.mode === kind.mode)
      last[kind.id] = row
        ? { created: row.created, fileName: row.fileName, summary: `${formatCount(row.imported)} of ${formatCount(row.rows)} imported` }
        : null
    }
  }
  return last
}

function KindCard({ kind, last, loaded }: { kind: ImportKind; last: LastRun | null | undefined; loaded: boolean }) {
  return (
    <Card>
      <Flex direction="column" gap="2" role="group" aria-label={kind.title}>
        <Heading as="h3" size="3">
          <RecordLink to={kind.path}>{kind.title}</RecordLink>
        </Heading>
        <Text size="2" color="gray">
          {kind.description}
        </Text>
        {loaded &&
          (last ? (
            <Text size="1">
              Last run <When value={last.created} />: {last.fileName} · {last.summary}
            </Text>
          ) : (
            <Badge color="gray" style={{ alignSelf: 'start' }}>
              Never run
            </Badge>
          ))}
      </Flex>
    </Card>
  )
}

/** Every import kind with what it does and its last run; each opens its own page. Transfer-in is a form here. */
export default function ImportSectionsScreen() {
  const version = useDataVersion()
  const load = useLoad(fetchLastRuns, version)
  return (
    <Flex direction="column" gap="3" p="4">
      {load.error && <Text color="red">{load.error.message}</Text>}
      <Grid columns={{ initial: '1', md: '2' }} gap="3">
        {IMPORT_KINDS.map((kind) => (
          <KindCard key={kind.id} kind={kind} last={load.data?.[kind.id]} loaded={Boolean(load.data)} />
        ))}
      </Grid>
      <TransferInPanel />
    </Flex>
  )
}
