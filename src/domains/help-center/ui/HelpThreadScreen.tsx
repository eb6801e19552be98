import { useCallback, useEffect, useMemo, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react'
import { Badge, Button, Card, Flex, Heading, Kbd, Text, TextArea } from '@radix-ui/themes'
import { FETCH_THREAD_FAILED, type HelpMessage } from '@contract/help-center'
import type { RecordStates } from '@commands/records'
import { shortcutHint } from '@client/shell/shortcut-format'
import { RecordActions, runRecordAction } from '@client/ui/RecordActions'
import { RecordPending, recordMissing } from '@client/ui/RecordPending'
import type { ScreenProps } from '@client/routing/types'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { useTab } from '@client/workspace/tab-context'
import { Link } from '@client/routing/Link'
import { When } from '@client/ui/When'
import { THREAD_STATUS_MAP } from './status'

/** The spec's text when a thread cannot be loaded; a missing one says so instead (RecordPending). */
const fetchThread = async (key: string, signal: AbortSignal) => {
  try {
    return await api.call('helpCenter.thread', { params: { id: Number(key.split(':')[0]) } }, { signal })
  } catch (error) {
    if (error instanceof ApiError && error.status !== 404 && !error.canceled)
      throw new ApiError(FETCH_THREAD_FAILED, error.status, error.code, error.errors, error.requestId)
    throw error
  }
}

function Message({ message }: { message: HelpMessage }) {
  return (
    <Card size="2" style={{ background: message.fromSupport ? 'var(--accent-a2)' : undefined }} data-testid="thread-message">
      <Flex gap="2" align="center" mb="2">
        <Text weight="bold" size="2">
          {message.author?.name ?? 'Someone'}
        </Text>
        {message.fromSupport && <Badge>Support team</Badge>}
        <Text size="1" color="gray">
          <When value={message.created} />
        </Text>
      </Flex>
      {/* Plain text: React escapes it. */}
      <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap' }}>
        {message.body}
      </Text>
      {message.file && (
        <Text as="p" size="2" mt="2">
          <a href={message.file.url} target="_blank" rel="noreferrer">
            {message.file.fileName} ({Math.max(1, Math.round(message.file.size / 1024))} KB)
          </a>
        </Text>
      )}
    </Card>
  )
}

/** /helpCenter/thread/{id}: one conversation with the support team, the reply box and its status. */
export default function HelpThreadScreen({ params }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const load = useLoad(fetchThread, `${valid ? id : 0}:${version}`)
  const thread = load.data && load.data.id === id ? load.data : null
  const [draft, setDraft] = useState('')
  // A successful reply refreshes the data: the draft went out.
  useEffect(() => setDraft(''), [version])

  const record = useMemo(() => {
    if (!thread) return null
    const state: RecordStates['helpThread'] = { status: thread.status, subject: thread.subject, accountName: thread.account.name }
    return { kind: 'helpThread' as const, id: String(thread.id), title: thread.subject, state }
  }, [thread])
  const { setTitle, publishRecord } = tab
  useEffect(() => {
    if (thread) setTitle(`Help center · ${thread.subject}`)
  }, [thread, setTitle])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  const send = useCallback(() => {
    if (record && draft.trim()) void runRecordAction(record, 'helpCenter.reply', draft)
  }, [record, draft])
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault()
      send()
    }
  }

  if (!thread || recordMissing(valid, load))
    return <RecordPending valid={valid} load={load} missing="This thread does not exist, or it is not yours." />

  const status = THREAD_STATUS_MAP[thread.status]
  return (
    <Flex direction="column" gap="4" p="4" style={{ maxWidth: 900 }}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {thread.subject}
          </Heading>
          <Text size="2" color="gray">
            <Link to="/helpCenter/threads">Help center</Link> · {thread.account.name} ({thread.account.email}) · started{' '}
            <When value={thread.created} />
          </Text>
          <Flex>
            <Badge color={status.color} data-testid="thread-status">
              {status.label}
            </Badge>
          </Flex>
        </Flex>
        <RecordActions
          record={record}
          buttons={['helpCenter.updateStatus:closed', 'helpCenter.updateStatus:open', 'helpCenter.updateStatus:answered']}
        />
      </Flex>
      <Flex direction="column" gap="3" role="feed" aria-label="Messages">
        {thread.messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
      </Flex>
      {thread.status === 'closed' ? (
        <Text size="2" color="gray">
          This thread is closed. Reopen it to write again.
        </Text>
      ) : (
        <Card size="2">
          <Flex direction="column" gap="2">
            <TextArea
              aria-label="Reply"
              placeholder="Write a reply"
              rows={4}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              aria-keyshortcuts="Control+Enter"
            />
            <Flex justify="end">
              <Button onClick={send} disabled={!draft.trim()}>
                Send reply <Kbd>{shortcutHint('ticket.send')}</Kbd>
              </Button>
            </Flex>
          </Flex>
        </Card>
      )}
    </Flex>
  )
}
