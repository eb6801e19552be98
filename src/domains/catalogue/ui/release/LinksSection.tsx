import { Suspense, lazy, useCallback, useId, useState } from 'react'
import {
  Badge,
  Button,
  Callout,
  Card,
  DataList,
  Flex,
  Grid,
  Heading,
  IconButton,
  Select,
  Skeleton,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@radix-ui/themes'
import { ArrowDownIcon, ArrowUpIcon, CopyIcon } from '@radix-ui/react-icons'
import type { ReleaseGeneral } from '@contract/releases'
import { ANALYTICS_DAYS, type Smartlink } from '@contract/release-links'
import { SLUG_RULE } from '@core/short-links'
import { withSmartlink } from '@commands/releases'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { Field } from '@client/ui/Field'
import { useSubmit } from '@client/ui/useSubmit'
import { showNotice } from '@client/ui/notices/notices'
import { Empty, When } from '@client/ui/When'
import { RecordActions, runRecordAction } from '@client/ui/RecordActions'
import { submitRecordAction, type ReleaseRef } from '../record-action'

const ClicksChart = lazy(() => import('./ClicksChart'))

const idOf = (key: string) => Number(key.split(':')[0])
const fetchSmartlink = (key: string, signal: AbortSignal) => api.call('releases.smartlink', { params: { id: idOf(key) } }, { signal })
const fetchAnalytics = (key: string, signal: AbortSignal) => api.call('releases.analytics', { params: { id: idOf(key) } }, { signal })
const fetchLinks = (key: string, signal: AbortSignal) => api.call('releases.platformLinks', { params: { id: idOf(key) } }, { signal })
const fetchTracks = (key: string, signal: AbortSignal) => api.call('releases.tracks', { params: { id: idOf(key) } }, { signal })
const fetchTrackUris = (key: string, signal: AbortSignal) => api.call('releases.trackUri', { params: { id: idOf(key) } }, { signal })

function LoadFailed({ message }: { message: string | undefined }) {
  return (
    <Text color="red" size="2" role="alert">
      {message}
    </Text>
  )
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </a>
  )
}

/** The release tab's Links section: its smartlink with click analytics, its platform links and its tracks' identifiers. */
export function LinksSection({ release, record, version }: { release: ReleaseGeneral; record: ReleaseRef; version: number }) {
  return (
    <Flex direction="column" gap="4">
      <SmartlinkCard record={record} version={version} />
      <ClicksCard releaseId={release.id} version={version} />
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        <PlatformLinksCard releaseId={release.id} version={version} />
        <TrackUrisCard releaseId={release.id} version={version} />
      </Grid>
    </Flex>
  )
}

// ---------------------------------------------------------------------------------------------
// Smartlink

/** The smartlink's buttons, switches and forms run the declared smartlink actions (commands/releases.ts) on the release with its smartlink. */
function SmartlinkCard({ record, version }: { record: ReleaseRef; version: number }) {
  const releaseId = Number(record.id)
  const load = useLoad(fetchSmartlink, `${releaseId}:${version}`)
  const answer = load.data && load.data.releaseId === releaseId ? load.data : null
  const linked: ReleaseRef | null = answer ? { ...record, state: withSmartlink(record.state ?? {}, answer) } : null
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="3">
        Smartlink
      </Heading>
      {load.status === 'error' && <LoadFailed message={load.error?.message} />}
      {!answer || !linked ? (
        load.status !== 'error' && <Skeleton height="80px" />
      ) : answer.smartlink ? (
        <SmartlinkView key={answer.smartlink.id} smartlink={answer.smartlink} record={linked} />
      ) : answer.platformLinks === 0 ? (
        <Callout.Root color="gray" role="status">
          <Callout.Text>
            A smartlink lists the release’s platform links, and this release has none yet: they arrive once it is delivered.
          </Callout.Text>
        </Callout.Root>
      ) : (
        <CreateSmartlink record={linked} base={answer.base} platformLinks={answer.platformLinks} />
      )}
    </Card>
  )
}

/** Without a code the server makes one up (the palette's "generated code" action); with one, the "code of your own" action. */
function CreateSmartlink({ record, base, platformLinks }: { record: ReleaseRef; base: string; platformLinks: number }) {
  const [code, setCode] = useState('')
  const create = useSubmit(
    useCallback(
      () =>
        code.trim()
          ? submitRecordAction(record, 'releases.linkCreate:code', code, 'code')
          : submitRecordAction(record, 'releases.linkCreate:generated'),
      [record, code],
    ),
  )
  const fieldError = (name: string) => create.fieldErrors[name]
  return (
    <form onSubmit={(event) => void create.submit(event)} aria-label="Create a smartlink" noValidate>
      <Flex direction="column" gap="3">
        <Text size="2" color="gray">
          No smartlink yet. It will list the release’s {platformLinks} platform link{platformLinks === 1 ? '' : 's'} at {base}
          {code.trim().toLowerCase() || '…'}
        </Text>
        {create.formError && (
          <Text size="2" color="red" role="alert">
            {create.error}
          </Text>
        )}
        <Field
          label="Code (optional)"
          value={code}
          onValueChange={setCode}
          maxLength={40}
          placeholder="generated"
          hint={`${SLUG_RULE}; empty makes one up. The title can be changed once it exists.`}
          error={fieldError('code')}
        />
        <Flex justify="end">
          <Button type="submit" loading={create.submitting}>
            Create smartlink
          </Button>
        </Flex>
      </Flex>
    </form>
  )
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    showNotice('Link copied.', { tone: 'success' })
  } catch {
    showNotice('The browser did not allow copying: select the link instead.', { tone: 'error' })
  }
}

function SmartlinkView({ smartlink, record }: { smartlink: Smartlink; record: ReleaseRef }) {
  const entries = smartlink.entries
  const change = (variant: 'hide' | 'show' | 'up' | 'down', platform: Smartlink['entries'][number]['platform']) =>
    void runRecordAction(record, `releases.linkUpdate:${variant}`, platform)

  return (
    <Flex direction="column" gap="4">
      <Flex gap="2" align="center" wrap="wrap" justify="between">
        <Flex gap="2" align="center" wrap="wrap">
          <Text size="4" weight="bold" data-testid="smartlink-url">
            <ExternalLink href={smartlink.url}>{smartlink.url}</ExternalLink>
          </Text>
          <Tooltip content="Copy the link">
            <IconButton size="1" variant="ghost" aria-label="Copy the link" onClick={() => void copy(smartlink.url)}>
              <CopyIcon />
            </IconButton>
          </Tooltip>
        </Flex>
        <RecordActions record={record} buttons={['releases.linkRefresh']} menu={false} />
      </Flex>
      <DataList.Root size="2">
        {(
          [
            ['Clicks', <span data-testid="smartlink-clicks">{smartlink.clicks}</span>],
            ['Created', <When value={smartlink.created} />],
            ['Updated', <When value={smartlink.updated} />],
            ['Links refreshed', <When value={smartlink.refreshed} />],
          ] as const
        ).map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.Label minWidth="120px">{label}</DataList.Label>
            <DataList.Value>{value}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
      <EditSmartlink key={`${smartlink.code}\n${smartlink.title}`} smartlink={smartlink} record={record} />
      <NamedTable size="1" label="Smartlink platforms">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Platform</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Link</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Clicks</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Shown</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Order</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry, index) => (
            <Table.Row key={entry.platform}>
              <Table.RowHeaderCell>
                {entry.label} {entry.hidden && <Badge color="gray">hidden</Badge>}
              </Table.RowHeaderCell>
              <Table.Cell>
                <ExternalLink href={entry.url}>{entry.url}</ExternalLink>
              </Table.Cell>
              <Table.Cell>{entry.clicks}</Table.Cell>
              <Table.Cell>
                <Switch
                  aria-label={`Show ${entry.label}`}
                  checked={!entry.hidden}
                  onCheckedChange={(shown) => change(shown ? 'show' : 'hide', entry.platform)}
                />
              </Table.Cell>
              <Table.Cell>
                <Flex gap="1">
                  <IconButton
                    size="1"
                    variant="ghost"
                    aria-label={`Move ${entry.label} up`}
                    disabled={index === 0}
                    onClick={() => change('up', entry.platform)}
                  >
                    <ArrowUpIcon />
                  </IconButton>
                  <IconButton
                    size="1"
                    variant="ghost"
                    aria-label={`Move ${entry.label} down`}
                    disabled={index === entries.length - 1}
                    onClick={() => change('down', entry.platform)}
                  >
                    <ArrowDownIcon />
                  </IconButton>
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </NamedTable>
    </Flex>
  )
}

/** The code and the title are each their declared action ("Change code…", "Change title…"); the form runs the ones changed. */
function EditSmartlink({ smartlink, record }: { smartlink: Smartlink; record: ReleaseRef }) {
  const [code, setCode] = useState(smartlink.code)
  const [title, setTitle] = useState(smartlink.title)
  const codeChanged = code.trim().toLowerCase() !== smartlink.code
  const titleChanged = title.trim() !== smartlink.title
  const save = useSubmit(
    useCallback(async () => {
      if (codeChanged) await submitRecordAction(record, 'releases.linkUpdate:code', code, 'code')
      if (titleChanged) await submitRecordAction(record, 'releases.linkUpdate:title', title, 'title')
    }, [record, code, title, codeChanged, titleChanged]),
  )
  return (
    <form onSubmit={(event) => void save.submit(event)} aria-label="Smartlink code and title" noValidate>
      <Flex direction="column" gap="3">
        {save.formError && (
          <Text size="2" color="red" role="alert">
            {save.error}
          </Text>
        )}
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <Field label="Code" value={code} onValueChange={setCode} maxLength={40} hint={SLUG_RULE} error={save.fieldErrors.code} />
          <Field label="Title" value={title} onValueChange={setTitle} maxLength={200} error={save.fieldErrors.title} />
        </Grid>
        <Flex justify="end">
          <Button type="submit" variant="soft" disabled={!codeChanged && !titleChanged} loading={save.submitting}>
            Save code and title
          </Button>
        </Flex>
      </Flex>
    </form>
  )
}

// ---------------------------------------------------------------------------------------------
// Click analytics

function ClicksCard({ releaseId, version }: { releaseId: number; version: number }) {
  const load = useLoad(fetchAnalytics, `${releaseId}:${version}`)
  const analytics = load.data && load.data.releaseId === releaseId ? load.data : null
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="3">
        Smartlink clicks, last {ANALYTICS_DAYS} days
      </Heading>
      {load.status === 'error' && <LoadFailed message={load.error?.message} />}
      {!analytics ? (
        load.status !== 'error' && <Skeleton height="120px" />
      ) : analytics.smartlinkId === null ? (
        <Empty>No smartlink yet, so no clicks.</Empty>
      ) : analytics.total === 0 ? (
        <Empty>Nobody has clicked the smartlink yet.</Empty>
      ) : (
        <Flex direction="column" gap="3">
          <Flex gap="4" wrap="wrap" aria-label="Clicks per platform">
            <Text size="2" weight="bold">
              {analytics.total} click{analytics.total === 1 ? '' : 's'}
            </Text>
            {analytics.platforms.map((platform) => (
              <Text key={platform.platform} size="2" color="gray">
                {platform.label}: {platform.clicks}
              </Text>
            ))}
          </Flex>
          <Suspense fallback={<Skeleton height="220px" />}>
            <ClicksChart analytics={analytics} />
          </Suspense>
        </Flex>
      )}
    </Card>
  )
}

// ---------------------------------------------------------------------------------------------
// Platform links and track identifiers

function PlatformLinksCard({ releaseId, version }: { releaseId: number; version: number }) {
  const load = useLoad(fetchLinks, `${releaseId}:${version}`)
  const links = load.data && load.data.releaseId === releaseId ? load.data.data : null
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="3">
        Platform links
      </Heading>
      {load.status === 'error' && <LoadFailed message={load.error?.message} />}
      {!links ? (
        load.status !== 'error' && <Skeleton height="80px" />
      ) : links.length === 0 ? (
        <Empty>No platform links yet: they arrive once the release is delivered.</Empty>
      ) : (
        <NamedTable size="1" label="Platform links">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Platform</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Id, linked to the page</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {links.map((link) => (
              <Table.Row key={link.platform}>
                <Table.RowHeaderCell>{link.label}</Table.RowHeaderCell>
                <Table.Cell>
                  <ExternalLink href={link.url}>
                    {link.platform === 'amazon' && link.externalId ? `ASIN ${link.externalId}` : (link.externalId ?? link.url)}
                  </ExternalLink>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
    </Card>
  )
}

function TrackUrisCard({ releaseId, version }: { releaseId: number; version: number }) {
  const labelId = useId()
  const tracks = useLoad(fetchTracks, `${releaseId}:${version}`)
  const list = tracks.data?.data.filter((track) => track.releaseId === releaseId) ?? []
  const [chosen, setChosen] = useState<number | null>(null)
  const trackId = chosen ?? list[0]?.id ?? null
  return (
    <Card size="2">
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4" id={labelId}>
          Track identifiers
        </Heading>
        {list.length > 1 && (
          <Select.Root value={String(trackId)} onValueChange={(value) => setChosen(Number(value))}>
            <Select.Trigger aria-labelledby={labelId} />
            <Select.Content>
              {list.map((track) => (
                <Select.Item key={track.id} value={String(track.id)}>
                  {track.position}. {track.title}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        )}
      </Flex>
      {tracks.status === 'error' && <LoadFailed message={tracks.error?.message} />}
      {tracks.status === 'success' && list.length === 0 && <Empty>This release has no tracks yet.</Empty>}
      {trackId !== null && <TrackUris trackId={trackId} version={version} />}
    </Card>
  )
}

function TrackUris({ trackId, version }: { trackId: number; version: number }) {
  const load = useLoad(fetchTrackUris, `${trackId}:${version}`)
  const answer = load.data && load.data.trackId === trackId ? load.data : null
  if (load.status === 'error') return <LoadFailed message={load.error?.message} />
  if (!answer) return <Skeleton height="80px" />
  if (answer.data.length === 0) return <Empty>No platform knows this track yet.</Empty>
  return (
    <NamedTable size="1" label={`Identifiers of ${answer.title}`}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Platform</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>URI or id, linked to the page</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {answer.data.map((link) => (
          <Table.Row key={link.platform}>
            <Table.RowHeaderCell>{link.label}</Table.RowHeaderCell>
            <Table.Cell>
              <ExternalLink href={link.url}>{link.externalId ?? link.url}</ExternalLink>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </NamedTable>
  )
}
