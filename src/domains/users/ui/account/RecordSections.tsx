import { NamedTable } from '@client/ui/NamedTable'
import { useCallback, useState } from 'react'
import { Badge, Box, Button, Card, Checkbox, Flex, Heading, IconButton, Table, Text, TextArea, Tooltip } from '@radix-ui/themes'
import { DownloadIcon, TrashIcon } from '@radix-ui/react-icons'
import type { UserSingle } from '@contract/users-admin'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { Field } from '@client/ui/Field'
import { statusLabel } from '@core/release-status'
import { shareAsPercent, splitStatusLabel } from '@core/split-status'
import { RecordLink } from '@client/ui/RecordLink'
import { AuditSection } from '@client/ui/AuditTable'
import { SessionsTable } from '@client/ui/SessionsTable'
import { Empty, When } from '@client/ui/When'
import { useSubmit } from '@client/ui/useSubmit'
import { saveForm } from '@client/ui/run-action'
import { runRecordAction } from '@client/ui/RecordActions'
import type { RecordRef } from '@commands/records'

export { When }

export function NotesSection({ account }: { account: UserSingle }) {
  const [title, setTitle] = useState('')
  const [content, setContent] = useState('')
  const add = useSubmit(
    useCallback(
      () => saveForm(() => api.call('users.createNote', { body: { userId: account.id, title, content } }), 'Note added.'),
      [account.id, title, content],
    ),
    useCallback(() => {
      setTitle('')
      setContent('')
    }, []),
  )
  // A failure that names no field is shown under the title.
  const errors = Object.keys(add.fieldErrors).length ? add.fieldErrors : add.error ? { title: add.error } : {}
  return (
    <Flex direction="column" gap="4">
      <Card size="2" asChild>
        <form onSubmit={(event) => void add.submit(event)} aria-label="Add a note" noValidate>
          <Flex direction="column" gap="2">
            <Heading as="h2" size="3">
              Add a note
            </Heading>
            <Field label="Title" value={title} onValueChange={setTitle} error={errors.title} />
            <Text as="label" size="2" weight="medium" htmlFor={`note-${account.id}`}>
              Content
            </Text>
            <TextArea
              id={`note-${account.id}`}
              rows={3}
              value={content}
              onChange={(event) => setContent(event.target.value)}
              aria-invalid={errors.content ? true : undefined}
            />
            {errors.content && (
              <Text size="1" color="red" role="alert">
                {errors.content}
              </Text>
            )}
            <Flex justify="end">
              <Button type="submit" loading={add.submitting}>
                Add note
              </Button>
            </Flex>
          </Flex>
        </form>
      </Card>
      {account.notes.length === 0 && <Empty>No notes yet.</Empty>}
      {account.notes.map((note) => (
        <Card key={note.id} size="2">
          <Flex justify="between" gap="3">
            <Heading as="h3" size="3">
              {note.title}
            </Heading>
            <Text size="1" color="gray">
              {note.author?.name ?? 'Someone'} · <When value={note.created} />
            </Text>
          </Flex>
          <Text as="p" size="2" mt="1" style={{ whiteSpace: 'pre-wrap' }}>
            {note.content}
          </Text>
        </Card>
      ))}
    </Flex>
  )
}

export function DocumentsSection({ account, record }: { account: UserSingle; record: Extract<RecordRef, { kind: 'account' }> }) {
  const [title, setTitle] = useState('')
  const [isPrivate, setPrivate] = useState(false)
  const [file, setFile] = useState<File | null>(null)
  const upload = useSubmit(
    useCallback(() => {
      if (!file) return Promise.reject(new ApiError('Please provide the file.', 400, 'validation', { file: 'Please provide the file.' }))
      return saveForm(
        () => api.upload('users.createDocument', { body: { userId: account.id, title, private: String(isPrivate) }, files: { file } }),
        'Document uploaded.',
      )
    }, [account.id, title, isPrivate, file]),
    useCallback(() => {
      setTitle('')
      setFile(null)
      setPrivate(false)
    }, []),
  )
  const errors = upload.fieldErrors
  const problem = upload.formError
  return (
    <Flex direction="column" gap="4">
      <Card size="2" asChild>
        <form onSubmit={(event) => void upload.submit(event)} aria-label="Upload a document" noValidate>
          <Flex direction="column" gap="2">
            <Heading as="h2" size="3">
              Upload a document
            </Heading>
            <Text size="1" color="gray">
              PDF, JPG or PNG, up to 20 MB. Private documents are for staff only.
            </Text>
            <Field label="Title" value={title} onValueChange={setTitle} error={errors.title} />
            <input
              type="file"
              accept="application/pdf,image/jpeg,image/png"
              aria-label="Document file"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            {(errors.file || problem) && (
              <Text size="1" color="red" role="alert">
                {errors.file ?? problem}
              </Text>
            )}
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox checked={isPrivate} onCheckedChange={(checked) => setPrivate(checked === true)} />
                Private
              </Flex>
            </Text>
            <Flex justify="end">
              <Button type="submit" loading={upload.submitting}>
                Upload
              </Button>
            </Flex>
          </Flex>
        </form>
      </Card>
      {account.documents.length === 0 ? (
        <Empty>No documents yet.</Empty>
      ) : (
        <Table.Root>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Title</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>File</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Added</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {account.documents.map((document) => (
              <Table.Row key={document.id}>
                <Table.Cell>
                  {document.title} {document.private && <Badge color="gray">Private</Badge>}
                </Table.Cell>
                <Table.Cell>
                  <a href={document.fileUrl} target="_blank" rel="noopener">
                    <Flex gap="1" align="center">
                      <DownloadIcon /> {document.fileName} ({Math.max(1, Math.round(document.size / 1024))} KB)
                    </Flex>
                  </a>
                </Table.Cell>
                <Table.Cell>
                  <When value={document.created} />
                </Table.Cell>
                <Table.Cell>
                  <Tooltip content="Remove the document">
                    <IconButton
                      size="1"
                      variant="ghost"
                      color="red"
                      aria-label={`Remove ${document.title}`}
                      onClick={() => void runRecordAction(record, 'users.removeDocument', document.id)}
                    >
                      <TrashIcon />
                    </IconButton>
                  </Tooltip>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Flex>
  )
}

const fetchActivity = async (key: string, signal: AbortSignal) => {
  const id = Number(key.split(':')[0])
  const [history, sessions] = await Promise.all([
    api.call('users.loginHistory', { params: { id } }, { signal }),
    api.call('users.activeSessions', { params: { id } }, { signal }),
  ])
  return { history: history.data, sessions: sessions.data }
}

export function ActivitySection({ userId, version }: { userId: number; version: number }) {
  const load = useLoad(fetchActivity, `${userId}:${version}`)
  const data = load.data
  return (
    <Flex direction="column" gap="4">
      {load.status === 'error' && <Text color="red">{load.error?.message}</Text>}
      <Card size="2">
        <Heading as="h2" size="3" mb="2">
          Active sessions
        </Heading>
        {data && data.sessions.length === 0 && <Empty>No open sessions.</Empty>}
        {data && data.sessions.length > 0 && (
          <SessionsTable
            sessions={data.sessions}
            onLogout={(sessionId) =>
              void runRecordAction(
                { kind: 'accountSession', id: String(sessionId), title: 'this session', state: { accountId: userId } },
                'users.logoutSession',
              )
            }
          />
        )}
      </Card>
      <Card size="2">
        <Heading as="h2" size="3" mb="2">
          Login history
        </Heading>
        {data && data.history.length === 0 && <Empty>No sign-ins yet.</Empty>}
        {data && data.history.length > 0 && (
          <Table.Root size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>IP</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Result</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Repeated</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.history.map((entry) => (
                <Table.Row key={entry.id}>
                  <Table.Cell>
                    <When value={entry.created} />
                  </Table.Cell>
                  <Table.Cell>{entry.ip ?? '—'}</Table.Cell>
                  <Table.Cell>
                    <Badge color={entry.type === 'Access Granted' ? 'green' : 'red'}>{entry.type}</Badge>
                  </Table.Cell>
                  <Table.Cell>{entry.repeated > 1 ? `${entry.repeated} times` : 'Once'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Card>
    </Flex>
  )
}

const fetchCatalogue = async (key: string, signal: AbortSignal) => {
  const id = Number(key.split(':')[0])
  const [releases, splits, collabs] = await Promise.all([
    api.call('users.releases', { params: { id }, query: {} }, { signal }),
    api.call('users.splits', { params: { id }, query: {} }, { signal }),
    api.call('users.collabs', { params: { id }, query: {} }, { signal }),
  ])
  return { releases, splits, collabs }
}

export function CatalogueSection({ userId, version }: { userId: number; version: number }) {
  const load = useLoad(fetchCatalogue, `${userId}:${version}`)
  const data = load.data
  return (
    <Flex direction="column" gap="4">
      {load.status === 'error' && <Text color="red">{load.error?.message}</Text>}
      <Card size="2">
        <Heading as="h2" size="3" mb="2">
          Releases {data ? `(${data.releases.meta.total})` : ''}
        </Heading>
        {data && data.releases.data.length === 0 && <Empty>This account has no releases.</Empty>}
        {data && data.releases.data.length > 0 && (
          <NamedTable size="1" label="Releases of the account">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Title</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>UPC</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Release date</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.releases.data.map((release) => (
                <Table.Row key={release.id}>
                  <Table.RowHeaderCell>
                    <RecordLink to={`/releases/single/${release.id}`}>{release.title}</RecordLink>
                  </Table.RowHeaderCell>
                  <Table.Cell>{release.upc ?? '—'}</Table.Cell>
                  <Table.Cell>{release.releaseDate ?? '—'}</Table.Cell>
                  <Table.Cell>{statusLabel(release.status)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </NamedTable>
        )}
        {data && data.releases.meta.total > data.releases.data.length && (
          <Text as="p" size="2" color="gray" mt="2">
            The newest {data.releases.data.length} of {data.releases.meta.total}.{' '}
            <RecordLink to={`/releases/manage/1?userId=${userId}`}>All of them in the releases list</RecordLink>
          </Text>
        )}
      </Card>
      <Card size="2">
        <Heading as="h2" size="3" mb="2">
          Splits {data ? `(${data.splits.meta.total})` : ''}
        </Heading>
        {data && data.splits.data.length === 0 && <Empty>This account owns no splits.</Empty>}
        {data?.splits.data.map((split) => (
          <Text as="p" key={split.id} size="2">
            <RecordLink to={`/royalty-shares/single/${split.id}`}>{split.title}</RecordLink> · {shareAsPercent(split.share)} ·{' '}
            {splitStatusLabel(split.status)}
          </Text>
        ))}
      </Card>
      <Card size="2">
        <Heading as="h2" size="3" mb="2">
          Collaborations {data ? `(${data.collabs.meta.total})` : ''}
        </Heading>
        {data && data.collabs.data.length === 0 && <Empty>This account is not a payee of other splits.</Empty>}
        {data?.collabs.data.map((split) => (
          <Text as="p" key={split.id} size="2">
            <RecordLink to={`/royalty-shares/single/${split.id}`}>{split.title}</RecordLink> · {shareAsPercent(split.share)} ·{' '}
            {splitStatusLabel(split.status)}
          </Text>
        ))}
      </Card>
    </Flex>
  )
}

const fetchNotifications = (key: string, signal: AbortSignal) =>
  api.call('users.notifications', { params: { id: Number(key.split(':')[0]) }, query: { per_page: 50 } }, { signal })

export function NotificationsSection({ userId, version }: { userId: number; version: number }) {
  const load = useLoad(fetchNotifications, `${userId}:${version}`)
  const items = load.data?.data ?? []
  return (
    <Flex direction="column" gap="2">
      {load.status === 'error' && <Text color="red">{load.error?.message}</Text>}
      {load.status === 'success' && items.length === 0 && <Empty>No notifications.</Empty>}
      {items.map((item) => (
        <Card key={item.id} size="1">
          <Flex justify="between" gap="3" align="start">
            <Box>
              <Text weight="bold" size="2">
                {item.title} {!item.read && <Badge color="blue">Unread</Badge>}
              </Text>
              <Text as="p" size="2">
                {item.message}
              </Text>
              <Text size="1" color="gray">
                <When value={item.created} />
              </Text>
            </Box>
            <IconButton
              size="1"
              variant="ghost"
              color="red"
              aria-label={`Delete the notification ${item.title}`}
              onClick={() =>
                void runRecordAction(
                  { kind: 'accountNotification', id: String(item.id), title: item.title, state: { accountId: userId } },
                  'users.removeNotifications',
                )
              }
            >
              <TrashIcon />
            </IconButton>
          </Flex>
        </Card>
      ))}
    </Flex>
  )
}

const fetchHistory = (key: string, signal: AbortSignal) =>
  api.call('users.audit', { params: { id: Number(key.split(':')[0]) }, query: { per_page: 100 } }, { signal })

/** What staff did to this account: every action writes an audit row. */
export function HistorySection({ userId, version }: { userId: number; version: number }) {
  const load = useLoad(fetchHistory, `${userId}:${version}`)
  return (
    <AuditSection
      label="Account history"
      empty="No staff actions yet."
      load={load}
      rows={(load.data?.data ?? []).map((entry) => ({
        id: entry.id,
        when: entry.created,
        action: entry.action.replace(/^account\./, '').replace(/_/g, ' '),
        by: entry.actor?.name ?? null,
        before: entry.before,
        after: entry.after,
      }))}
    />
  )
}
