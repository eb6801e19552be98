import { useCallback, useEffect, useMemo, useState } from 'react'
import { Badge, Button, Callout, Checkbox, Dialog, Flex, Heading, Table, Text, TextArea } from '@radix-ui/themes'
import {
  TREND_IMPORT_STATUS_LABELS,
  TREND_SOURCE_FILE_STATUS_LABELS,
  type TrendSource,
  type TrendSourceFile,
  type TrendSourceKind,
} from '@contract/analytics'
import { platformLabel } from '@core/analytics-platforms'
import { formatCount } from '@core/format'
import type { RecordRef } from '@commands/records'
import type { TrendSourceRecordState } from '@commands/analytics'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { Field } from '@client/ui/Field'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordActions } from '@client/ui/RecordActions'
import { useSubmit } from '@client/ui/useSubmit'
import { Empty, When } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { useTab } from '@client/workspace/tab-context'
import { workspaceActions } from '@client/workspace/store'

// The analytics tab's Sources section (docs/analytics.md, "Scheduled imports"): per platform a
// watched folder and/or an SFTP drop, its settings (the section's own form), "Check now" and
// "Remove source…" (declared actions), and the history of the files fetched with their imports.

const PER_PAGE = 25
const KIND_LABELS: Record<TrendSourceKind, string> = { folder: 'Watched folder', sftp: 'SFTP drop' }
const FILE_COLORS: Record<TrendSourceFile['status'], 'gray' | 'green' | 'amber' | 'red'> = {
  fetching: 'gray',
  imported: 'green',
  duplicate: 'amber',
  failed: 'red',
}

const fetchSources = (_key: string, signal: AbortSignal) => api.call('analytics.sources', {}, { signal })
const fetchFiles = (key: string, signal: AbortSignal) => {
  const [page, source] = key.split(':')
  return api.call(
    'analytics.sourceFiles',
    { query: { page: Number(page), per_page: PER_PAGE, source_id: source ? Number(source) : undefined } },
    { signal },
  )
}

const sourceTitle = (source: Pick<TrendSource, 'platform' | 'kind'>) =>
  `${platformLabel(source.platform)} ${source.kind === 'sftp' ? 'SFTP drop' : 'watched folder'}`

export function sourceRecord(source: TrendSource): RecordRef {
  const state: TrendSourceRecordState = { platform: source.platform, kind: source.kind, enabled: source.enabled }
  return { kind: 'trendSource', id: String(source.id), title: sourceTitle(source), state }
}

interface Editing {
  platform: string
  kind: TrendSourceKind
  source: TrendSource | null
}

/** A source's settings: the folder, or the SFTP server with its user and a password or key (kept when left empty). */
function SourceDialog({ editing, onClose }: { editing: Editing; onClose(): void }) {
  const { platform, kind, source } = editing
  const [enabled, setEnabled] = useState(source?.enabled ?? true)
  const [directory, setDirectory] = useState(source?.directory ?? (kind === 'folder' ? platform : ''))
  const [pattern, setPattern] = useState(source?.pattern ?? '*.csv')
  const [every, setEvery] = useState(String(source?.everyMinutes ?? 60))
  const [autoCommit, setAutoCommit] = useState(source?.autoCommit ?? false)
  const [host, setHost] = useState(source?.host ?? '')
  const [port, setPort] = useState(String(source?.port ?? 22))
  const [username, setUsername] = useState(source?.username ?? '')
  const [password, setPassword] = useState('')
  const [privateKey, setPrivateKey] = useState('')
  const [clearPassword, setClearPassword] = useState(false)
  const [clearPrivateKey, setClearPrivateKey] = useState(false)
  const save = useCallback(
    () =>
      api.call('analytics.saveSource', {
        params: { platform, kind },
        body: {
          enabled,
          directory,
          pattern,
          everyMinutes: Number(every),
          autoCommit,
          ...(kind === 'sftp' ? { host, port: Number(port), username, password, privateKey, clearPassword, clearPrivateKey } : {}),
        },
      }),
    [
      platform,
      kind,
      enabled,
      directory,
      pattern,
      every,
      autoCommit,
      host,
      port,
      username,
      password,
      privateKey,
      clearPassword,
      clearPrivateKey,
    ],
  )
  const done = useCallback(() => {
    workspaceActions.refreshData()
    onClose()
  }, [onClose])
  const { submit, submitting, fieldErrors, formError } = useSubmit(save, done)
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>
          {platformLabel(platform)}: {KIND_LABELS[kind].toLowerCase()}
        </Dialog.Title>
        <Dialog.Description size="2" color="gray">
          {kind === 'folder'
            ? 'A folder inside this workspace’s drop folder on the server; each new report put there is imported.'
            : 'An SFTP server where the store drops its reports; each new one is fetched and imported. The password and key are stored encrypted.'}
        </Dialog.Description>
        <form onSubmit={(event) => void submit(event)} aria-label="Scheduled source settings">
          <Flex direction="column" gap="3" mt="3">
            {formError && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{formError}</Callout.Text>
              </Callout.Root>
            )}
            {kind === 'sftp' && (
              <>
                <Flex gap="3">
                  <div style={{ flex: 3 }}>
                    <Field label="Host" value={host} onValueChange={setHost} error={fieldErrors.host} placeholder="sftp.store.example" />
                  </div>
                  <div style={{ flex: 1 }}>
                    <Field label="Port" value={port} onValueChange={setPort} error={fieldErrors.port} inputMode="numeric" />
                  </div>
                </Flex>
                <Field label="User" value={username} onValueChange={setUsername} error={fieldErrors.username} autoComplete="off" />
                <Field
                  label="Password"
                  type="password"
                  value={password}
                  onValueChange={setPassword}
                  error={fieldErrors.password}
                  autoComplete="new-password"
                  hint={source?.hasPassword ? 'A password is stored: leave empty to keep it.' : undefined}
                />
                {source?.hasPassword && (
                  <Text as="label" size="2">
                    <Flex gap="2" align="center">
                      <Checkbox checked={clearPassword} onCheckedChange={(value) => setClearPassword(value === true)} />
                      Forget the stored password
                    </Flex>
                  </Text>
                )}
                <Flex direction="column" gap="1">
                  <Text as="label" size="2" weight="medium" htmlFor="trend-source-key">
                    Private key (OpenSSH or PEM){source?.hasPrivateKey ? ': one is stored, leave empty to keep it' : ''}
                  </Text>
                  <TextArea id="trend-source-key" rows={3} value={privateKey} onChange={(event) => setPrivateKey(event.target.value)} />
                  {fieldErrors.privateKey && (
                    <Text size="1" color="red" role="alert">
                      {fieldErrors.privateKey}
                    </Text>
                  )}
                </Flex>
                {source?.hasPrivateKey && (
                  <Text as="label" size="2">
                    <Flex gap="2" align="center">
                      <Checkbox checked={clearPrivateKey} onCheckedChange={(value) => setClearPrivateKey(value === true)} />
                      Forget the stored key
                    </Flex>
                  </Text>
                )}
              </>
            )}
            <Field
              label={kind === 'sftp' ? 'Remote folder' : 'Folder'}
              value={directory}
              onValueChange={setDirectory}
              error={fieldErrors.directory}
              hint={
                kind === 'folder'
                  ? 'Inside the workspace’s drop folder (DATA_DIR/trend-drops/<workspace>); made if missing.'
                  : 'Empty: the home folder.'
              }
            />
            <Flex gap="3">
              <div style={{ flex: 1 }}>
                <Field label="Files" value={pattern} onValueChange={setPattern} error={fieldErrors.pattern} hint="* and ? wildcards" />
              </div>
              <div style={{ flex: 1 }}>
                <Field
                  label="Check every (minutes)"
                  value={every}
                  onValueChange={setEvery}
                  error={fieldErrors.everyMinutes}
                  inputMode="numeric"
                />
              </div>
            </Flex>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox checked={autoCommit} onCheckedChange={(value) => setAutoCommit(value === true)} />
                Commit each file’s dry run at once (else it waits in Imports)
              </Flex>
            </Text>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox checked={enabled} onCheckedChange={(value) => setEnabled(value === true)} />
                Poll this source
              </Flex>
            </Text>
            <Flex gap="2" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={submitting}>
                Save
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}

function SourceCell({
  platform,
  kind,
  source,
  onEdit,
  onOpen,
}: {
  platform: string
  kind: TrendSourceKind
  source: TrendSource | null
  onEdit(): void
  onOpen(): void
}) {
  if (!source)
    return (
      <Flex gap="2" align="center">
        <Text size="2" color="gray">
          Not configured
        </Text>
        <Button
          size="1"
          variant="soft"
          onClick={onEdit}
          aria-label={`Set up ${platformLabel(platform)} ${kind === 'sftp' ? 'SFTP drop' : 'watched folder'}`}
        >
          Set up…
        </Button>
      </Flex>
    )
  return (
    <Flex direction="column" gap="1">
      <Flex gap="2" align="center" wrap="wrap">
        <Button size="1" variant="ghost" onClick={onOpen} title="Show this source's files">
          {kind === 'sftp' ? `${source.username}@${source.host}:${source.port}` : 'drop/'}
          {source.directory}
          {source.pattern ? ` (${source.pattern})` : ''}
        </Button>
        {!source.enabled && <Badge color="gray">Off</Badge>}
        {source.lastError && (
          <Badge color="red" title={source.lastError}>
            Failing
          </Badge>
        )}
      </Flex>
      <Text size="1" color="gray">
        Every {source.everyMinutes} min{source.autoCommit ? ', committed at once' : ''}. Last checked{' '}
        {source.lastChecked ? <When value={source.lastChecked} /> : 'never'}
        {source.nextCheck ? (
          <>
            , next <When value={source.nextCheck} />
          </>
        ) : null}
      </Text>
      {source.lastError && (
        <Text size="1" color="red">
          {source.lastError}
        </Text>
      )}
      <Flex gap="2">
        <Button size="1" variant="soft" color="gray" onClick={onEdit}>
          Edit…
        </Button>
        <RecordActions record={sourceRecord(source)} buttons={['analytics.checkSource', 'analytics.removeSource']} menu={false} size="1" />
      </Flex>
    </Flex>
  )
}

function importRecord(file: TrendSourceFile): RecordRef | null {
  if (file.importId === null || file.importStatus === null || file.status !== 'imported') return null
  return {
    kind: 'trendImport',
    id: String(file.importId),
    title: `trend import #${file.importId}`,
    state: { status: file.importStatus, platform: file.platform, fileName: file.name },
  }
}

/** /analytics/overview?section=sources: scheduled imports per platform (`source=` shows one source's files and offers its actions). */
export function SourcesSection({ version }: { version: number }) {
  const tab = useTab()
  const { publishRecord, setSearch } = tab
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<Editing | null>(null)
  const sources = useLoad(fetchSources, String(version))
  const shownId = Number(tab.search.get('source')) || null
  const all = useMemo(
    () => (sources.data ?? []).flatMap((row) => [row.folder, row.sftp]).filter((s): s is TrendSource => s !== null),
    [sources.data],
  )
  const shown = all.find((source) => source.id === shownId) ?? null
  const files = useLoad(fetchFiles, `${page}:${shown?.id ?? ''}:${version}`)
  const record = useMemo(() => (shown ? sourceRecord(shown) : null), [shown])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])
  const rows = files.data?.data ?? []
  return (
    <Flex direction="column" gap="4">
      <Text size="2" color="gray">
        Trend reports fetched on a schedule: each new file goes through the same import (a file already imported changes nothing).
      </Text>
      {sources.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{sources.error.message}</Callout.Text>
        </Callout.Root>
      )}
      {sources.data && (
        <NamedTable label="Scheduled sources" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Platform</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Watched folder</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>SFTP drop</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {sources.data.map((row) => (
              <Table.Row key={row.platform}>
                <Table.RowHeaderCell>{row.label}</Table.RowHeaderCell>
                {(['folder', 'sftp'] as const).map((kind) => (
                  <Table.Cell key={kind}>
                    <SourceCell
                      platform={row.platform}
                      kind={kind}
                      source={row[kind]}
                      onEdit={() => setEditing({ platform: row.platform, kind, source: row[kind] })}
                      onOpen={() => {
                        setPage(1)
                        setSearch({ source: String(row[kind]!.id) })
                      }}
                    />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      )}
      <Flex justify="between" align="center" gap="3">
        <Heading as="h3" size="3">
          {shown ? `Files fetched by the ${sourceTitle(shown)}` : 'Files fetched'}
        </Heading>
        {shown && (
          <Flex gap="2" align="center">
            <RecordActions record={record} buttons={['analytics.checkSource']} menu={false} />
            <Button size="1" variant="soft" color="gray" onClick={() => setSearch({ source: null })}>
              All sources
            </Button>
          </Flex>
        )}
      </Flex>
      {files.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{files.error.message}</Callout.Text>
        </Callout.Root>
      )}
      {!files.error && files.data && rows.length === 0 && <Empty>No file fetched yet.</Empty>}
      {rows.length > 0 && (
        <NamedTable label="Fetched files" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>File</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Source</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Size</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Fetched</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Import</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((file) => {
              const review = importRecord(file)
              return (
                <Table.Row key={file.id}>
                  <Table.Cell>{file.name}</Table.Cell>
                  <Table.Cell>{sourceTitle(file)}</Table.Cell>
                  <Table.Cell justify="end">{formatCount(file.size)} B</Table.Cell>
                  <Table.Cell>
                    <When value={file.fetched} />
                  </Table.Cell>
                  <Table.Cell>
                    <Badge color={FILE_COLORS[file.status]} title={file.error ?? undefined}>
                      {TREND_SOURCE_FILE_STATUS_LABELS[file.status]}
                    </Badge>
                    {file.error && (
                      <Text as="div" size="1" color={file.status === 'failed' ? 'red' : 'gray'}>
                        {file.error}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    {file.importId !== null ? (
                      <Flex gap="2" align="center">
                        <Text size="2">
                          #{file.importId}
                          {file.importStatus ? ` · ${TREND_IMPORT_STATUS_LABELS[file.importStatus]}` : ''}
                        </Text>
                        {review && file.importStatus === 'review' && (
                          <RecordActions record={review} buttons={['analytics.importCommit', 'analytics.importCancel']} menu={false} />
                        )}
                      </Flex>
                    ) : (
                      '—'
                    )}
                  </Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </NamedTable>
      )}
      {files.data && files.data.meta.total > PER_PAGE && (
        <Pagination
          page={files.data.meta.page}
          lastPage={files.data.meta.last_page}
          perPage={files.data.meta.per_page}
          total={files.data.meta.total}
          totalIsEstimate={files.data.meta.totalIsEstimate}
          onPage={setPage}
        />
      )}
      {editing && <SourceDialog editing={editing} onClose={() => setEditing(null)} />}
    </Flex>
  )
}
