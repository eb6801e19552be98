import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react'
import { Badge, Box, Button, Card, Flex, Heading, Kbd, Select, Text, TextArea } from '@radix-ui/themes'
import { useHotkeys } from 'react-hotkeys-hook'
import type { TicketComment, TicketSingle } from '@contract/support'
import { formatMoney } from '@core/format'
import type { RecordRef, RecordStates } from '@commands/records'
import { SHORTCUTS } from '@commands/shortcuts'
import { shortcutHint } from '@client/shell/shortcut-format'
import { RecordActions, runRecordAction } from '@client/ui/RecordActions'
import { RecordPending, recordMissing } from '@client/ui/RecordPending'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { useTab } from '@client/workspace/tab-context'
import { rememberRecord } from '@client/shell/recents'
import { Link } from '@client/routing/Link'
import { When } from '@client/ui/When'
import { formatMinutes, PRIORITY_MAP, SOURCE_LABELS, TICKET_STATUS_MAP } from './status'
import { queuePlace } from '@client/ui/review-queue'
import { QueueSteps } from '@client/ui/QueueSteps'
import { recordKeyOptions } from '@client/ui/record-keys'

const fetchTicket = (key: string, signal: AbortSignal) =>
  api.call('support.single', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** The unresolved tickets in list order: the queue j/k walk through. */
const fetchQueue = async (_key: string, signal: AbortSignal) => {
  const page = await api.call('support.list', { query: { unresolved: 'true', page: 1, per_page: 500 } }, { signal })
  return page.data.map((row) => row.id)
}

const fetchSettings = (_key: string, signal: AbortSignal) => api.call('support.settings', undefined, { signal })

/** One message of the thread. Its HTML was sanitised by the server's allow-list before it was stored. */
function Message({ comment }: { comment: TicketComment }) {
  const note: RecordRef | null = useMemo(
    () => (comment.internal ? { kind: 'ticketNote', id: String(comment.id), title: 'Internal note', state: {} } : null),
    [comment],
  )
  const tone = comment.internal ? 'var(--amber-a3)' : comment.isSupportTeam ? 'var(--accent-a2)' : undefined
  return (
    <Card
      size="2"
      style={{ background: tone }}
      aria-label={comment.internal ? 'Internal note' : comment.isSupportTeam ? 'Reply from the team' : 'Message from the requester'}
      data-testid="ticket-message"
    >
      <Flex justify="between" align="center" mb="2" gap="2">
        <Flex gap="2" align="center">
          <Text weight="bold" size="2">
            {comment.author?.name ?? 'Requester'}
          </Text>
          {comment.internal && <Badge color="amber">Internal note</Badge>}
          {!comment.internal && comment.isSupportTeam && <Badge>Support team</Badge>}
          <Text size="1" color="gray">
            <When value={comment.created} />
          </Text>
        </Flex>
        {note && <RecordActions record={note} buttons={['support.deleteNote']} menu={false} size="1" />}
      </Flex>
      {/* Sanitised on the server (src/domains/support/server/sanitize.ts): no scripts, handlers or remote images. */}
      <div className="ticket-html" dangerouslySetInnerHTML={{ __html: comment.htmlBody }} />
      {comment.attachments.length > 0 && (
        <Flex gap="3" mt="2" wrap="wrap">
          {comment.attachments.map((attachment) => (
            <a key={attachment.id} href={attachment.url} target="_blank" rel="noreferrer">
              {attachment.fileName} ({Math.max(1, Math.round(attachment.size / 1024))} KB)
            </a>
          ))}
        </Flex>
      )}
    </Card>
  )
}

/** A reply or note box: typed text runs the declared action with it (mod+enter or the button). */
function Composer({
  label,
  record,
  actionKey,
  boxRef,
  version,
  canned,
  placeholder,
}: {
  label: string
  record: RecordRef | null
  actionKey: string
  boxRef: RefObject<HTMLTextAreaElement | null>
  version: number
  canned?: readonly { title: string; text: string }[]
  placeholder: string
}) {
  const [draft, setDraft] = useState('')
  // A successful action refreshes the data: that is when the draft went out and can be cleared.
  useEffect(() => setDraft(''), [version])
  const send = useCallback(() => {
    if (!record || !draft.trim()) return
    // Out of the box once sent, so the ticket's keys (s, e, j…) work again without the mouse.
    boxRef.current?.blur()
    void runRecordAction(record, actionKey, draft)
  }, [record, draft, actionKey, boxRef])
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault()
      send()
    }
  }
  return (
    <Flex direction="column" gap="2">
      <TextArea
        ref={boxRef}
        aria-label={label}
        placeholder={placeholder}
        value={draft}
        rows={4}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        aria-keyshortcuts="Control+Enter"
      />
      <Flex gap="2" align="center" justify="between">
        {canned && canned.length > 0 ? (
          <Select.Root value="" onValueChange={(value) => setDraft((text) => `${text}${text ? '\n\n' : ''}${canned[Number(value)].text}`)}>
            <Select.Trigger placeholder="Insert a canned reply" aria-label="Insert a canned reply" variant="soft" />
            <Select.Content>
              {canned.map((reply, index) => (
                <Select.Item key={index} value={String(index)}>
                  {reply.title}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        ) : (
          <span />
        )}
        <Button onClick={send} disabled={!draft.trim() || !record}>
          {label} <Kbd>{shortcutHint('ticket.send')}</Kbd>
        </Button>
      </Flex>
    </Flex>
  )
}

function AccountCard({ ticket, record }: { ticket: TicketSingle; record: RecordRef | null }) {
  const account = ticket.account
  return (
    <Card size="2" aria-label="Requester">
      <Heading as="h2" size="3" mb="2">
        Requester
      </Heading>
      {!account ? (
        <Flex direction="column" gap="1">
          <Text size="2">{ticket.requester.email}</Text>
          <Text size="1" color="gray">
            No account with this address.
          </Text>
        </Flex>
      ) : (
        <Flex direction="column" gap="2">
          <Text size="2">
            <Link to={`/users/${account.id}`}>{account.name}</Link> · {account.type}
          </Text>
          <Text size="1" color="gray">
            {account.email}
          </Text>
          <Text size="2">
            Balance: <strong>{formatMoney(account.balance)}</strong>
          </Text>
          {account.supportDisabled && <Badge color="red">Support turned off for this account</Badge>}
          {account.type !== 'admin' && (
            <RecordActions
              record={record}
              buttons={['support.changeDisableSupport:off', 'support.changeDisableSupport:on']}
              menu={false}
              size="1"
            />
          )}
          <Text size="2" weight="bold">
            Releases ({account.releaseCount})
          </Text>
          {account.releases.length === 0 ? (
            <Text size="1" color="gray">
              No releases.
            </Text>
          ) : (
            account.releases.map((release) => (
              <Text key={release.id} size="2">
                <Link to={`/releases/single/${release.id}`}>{release.title}</Link>
              </Text>
            ))
          )}
        </Flex>
      )}
      <Heading as="h3" size="2" mt="4" mb="2">
        Their other tickets
      </Heading>
      {ticket.otherTickets.length === 0 ? (
        <Text size="1" color="gray">
          None.
        </Text>
      ) : (
        <Flex direction="column" gap="1">
          {ticket.otherTickets.map((other) => (
            <Text key={other.id} size="2">
              <Link to={`/support/single/${other.id}`}>
                #{other.id} {other.subject}
              </Link>{' '}
              <Badge size="1" color={TICKET_STATUS_MAP[other.status].color}>
                {TICKET_STATUS_MAP[other.status].label}
              </Badge>
            </Text>
          ))}
        </Flex>
      )}
    </Card>
  )
}

/**
 * /support/single/{id}: the thread, the reply and note boxes, the requester's account card and their
 * other tickets, and the keyboard queue: j/k to the next or previous unresolved ticket, r reply, n note,
 * s solve (then on to the next), e elevate, a assign to me.
 */
export default function TicketScreen({ params }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const load = useLoad(fetchTicket, `${valid ? id : 0}:${version}`)
  const queue = useLoad(fetchQueue, `queue:${version}`)
  const settings = useLoad(fetchSettings, 'settings')
  const ticket = load.data && load.data.id === id ? load.data : null
  const place = useMemo(() => queuePlace(queue.data ?? [], id), [queue.data, id])
  const replyRef = useRef<HTMLTextAreaElement | null>(null)
  const noteRef = useRef<HTMLTextAreaElement | null>(null)

  const record = useMemo(() => {
    if (!ticket) return null
    const state: RecordStates['ticket'] = {
      status: ticket.status,
      priority: ticket.priority,
      subject: ticket.subject,
      requesterName: ticket.requester.name,
      assigneeId: ticket.assignee?.id ?? null,
      requesterId: ticket.account?.id ?? null,
      supportDisabled: ticket.account?.supportDisabled ?? false,
      nextId: place.nextOpen,
    }
    return { kind: 'ticket' as const, id: String(ticket.id), title: `Ticket #${ticket.id}`, state }
  }, [ticket, place.nextOpen])
  const { setTitle, publishRecord } = tab
  useEffect(() => {
    if (!ticket) return
    setTitle(`Ticket #${ticket.id} · ${ticket.subject}`)
    rememberRecord({
      kind: 'ticket',
      id: ticket.id,
      title: `Ticket #${ticket.id}: ${ticket.subject}`,
      subtitle: `${TICKET_STATUS_MAP[ticket.status].label} · ${ticket.requester.name}`,
      path: `/support/single/${ticket.id}`,
    })
  }, [ticket, setTitle])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  const go = useCallback((target: number | null) => target && tab.navigate(`/support/single/${target}`), [tab])
  const act = useCallback((key: string) => record && void runRecordAction(record, key), [record])

  const keyOptions = recordKeyOptions(tab)
  useHotkeys(SHORTCUTS['ticket.next'].keys, () => go(place.next), keyOptions, [place.next, go])
  useHotkeys(SHORTCUTS['ticket.previous'].keys, () => go(place.previous), keyOptions, [place.previous, go])
  useHotkeys(SHORTCUTS['ticket.reply'].keys, () => replyRef.current?.focus(), keyOptions)
  useHotkeys(SHORTCUTS['ticket.note'].keys, () => noteRef.current?.focus(), keyOptions)
  useHotkeys(SHORTCUTS['ticket.solve'].keys, () => act('support.changeStatus:solved'), keyOptions, [act])
  useHotkeys(SHORTCUTS['ticket.elevate'].keys, () => act('support.elevate'), keyOptions, [act])
  useHotkeys(SHORTCUTS['ticket.assignMe'].keys, () => act('support.assign:me'), keyOptions, [act])

  if (!ticket || recordMissing(valid, load))
    return <RecordPending valid={valid} load={load} missing="This ticket does not exist, or it belongs to another workspace." />

  const status = TICKET_STATUS_MAP[ticket.status]
  const priority = PRIORITY_MAP[ticket.priority]
  return (
    <Flex direction="column" gap="4" p="4">
      <Flex gap="4" justify="between" align="start" wrap="wrap">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {ticket.subject}
          </Heading>
          <Text size="2" color="gray">
            #{ticket.id} · from {ticket.requester.name} ({ticket.requester.email}) · {SOURCE_LABELS[ticket.source]} ·{' '}
            <When value={ticket.created} />
          </Text>
          <Flex gap="2" align="center" wrap="wrap">
            <Badge color={status.color} data-testid="ticket-status">
              {status.label}
            </Badge>
            <Badge color={priority.color} variant="outline">
              {priority.label} priority
            </Badge>
            {ticket.elevated && <Badge color="red">Elevated</Badge>}
            <Text size="2">Assignee: {ticket.assignee?.name ?? 'nobody'}</Text>
            <Text size="2" color={ticket.firstResponseMissed ? 'red' : 'gray'} data-testid="first-response">
              {ticket.firstResponseMinutes !== null
                ? `First response in ${formatMinutes(ticket.firstResponseMinutes)}${ticket.firstResponseMissed ? ', past the target' : ''}`
                : ticket.firstResponseMissed
                  ? 'No response yet, past the target'
                  : 'No response yet'}
            </Text>
          </Flex>
        </Flex>
        <Flex direction="column" gap="2" align="end">
          <QueueSteps place={place} go={go} previous="ticket.previous" next="ticket.next" />
          <RecordActions record={record} buttons={['support.changeStatus:solved', 'support.elevate', 'support.assign:me']} />
          <Text size="1" color="gray" data-testid="ticket-queue" role="status">
            {queue.data === null
              ? 'Loading the queue…'
              : place.position
                ? `Unresolved ticket ${place.position} of ${queue.data.length}`
                : `${queue.data.length} unresolved ticket${queue.data.length === 1 ? '' : 's'} in the queue`}
          </Text>
        </Flex>
      </Flex>

      <Flex gap="4" align="start" wrap="wrap">
        <Flex direction="column" gap="3" style={{ flex: 1, minWidth: 320 }}>
          <Box role="feed" aria-label="Thread">
            <Flex direction="column" gap="3">
              {ticket.comments.map((comment) => (
                <Message key={comment.id} comment={comment} />
              ))}
            </Flex>
          </Box>
          {ticket.status === 'closed' ? (
            <Text size="2" color="gray">
              This ticket is closed: it takes no more replies. A new message from the requester opens a new ticket.
            </Text>
          ) : (
            <Card size="2">
              <Heading as="h2" size="3" mb="2">
                Reply to {ticket.requester.name} <Kbd>{shortcutHint('ticket.reply')}</Kbd>
              </Heading>
              <Composer
                label="Send reply"
                record={record}
                actionKey="support.reply"
                boxRef={replyRef}
                version={version}
                canned={settings.data?.cannedReplies}
                placeholder="Write the reply; it is mailed to the requester"
              />
            </Card>
          )}
          <Card size="2" style={{ background: 'var(--amber-a2)' }}>
            <Heading as="h2" size="3" mb="2">
              Internal note <Kbd>{shortcutHint('ticket.note')}</Kbd>
            </Heading>
            <Composer
              label="Add note"
              record={record}
              actionKey="support.addNote"
              boxRef={noteRef}
              version={version}
              placeholder="Only staff see notes; they are never mailed"
            />
          </Card>
        </Flex>
        <Box style={{ width: 320, flexShrink: 0 }}>
          <AccountCard ticket={ticket} record={record} />
        </Box>
      </Flex>
    </Flex>
  )
}
