import { useEffect, useMemo, useState } from 'react'
import { Avatar, Badge, Box, Button, Card, DataList, Flex, Heading, Select, Table, Text } from '@radix-ui/themes'
import { LockClosedIcon } from '@radix-ui/react-icons'
import type { SplitSingle } from '@contract/splits'
import type { SplitRecordState } from '@commands/splits'
import { SPLIT_STATUS_INFO, adminChoices, shareAsPercent, splitStatusLabel } from '@core/split-status'
import { formatIsrc } from '@core/identifiers'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { useTab } from '@client/workspace/tab-context'
import { rememberRecord } from '@client/shell/recents'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { RecordPending, recordMissing } from '@client/ui/RecordPending'
import { When } from '@client/ui/When'
import { ConfirmDialog } from '@client/ui/list/ConfirmDialog'
import { RecordActions, runRecordAction } from '@client/ui/RecordActions'
import { PayeeStatusBadge, SplitStatusBadge } from './status'

const fetchSplit = (key: string, signal: AbortSignal) =>
  api.call('splits.single', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** What the palette's split actions read (kind 'split'). */
export function splitRecordState(split: SplitSingle): SplitRecordState {
  return {
    title: split.title,
    status: split.status,
    isLocked: split.isLocked,
    choices: adminChoices(split.status, split.payees),
    payees: split.payees.map((payee) => ({
      id: payee.id,
      email: payee.email,
      share: payee.share,
      status: payee.status,
      isOwner: payee.isOwner,
    })),
    batchId: split.batchId,
  }
}

interface Pending {
  title: string
  description: string
  confirmLabel: string
  color?: 'red' | 'amber'
  /** The declared action's key and the answer the screen already knows (the payee, the status). */
  action: string
  value: string | number
}

/** /royalty-shares/single/{id}: one split, its track, owner, status and payees, with the actions staff take on it. */
export default function SplitScreen({ params }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const load = useLoad(fetchSplit, `${valid ? id : 0}:${version}`, { cacheKey: `split:${id}` })
  const split = load.data && load.data.id === id ? load.data : null
  const [pending, setPending] = useState<Pending | null>(null)

  const record = useMemo(
    () =>
      split
        ? {
            kind: 'split' as const,
            id: String(split.id),
            title: `Split of ${split.title}`,
            state: splitRecordState(split),
          }
        : null,
    [split],
  )
  const { setTitle, publishRecord } = tab
  useEffect(() => {
    if (split) setTitle(`Split of ${split.title}`)
  }, [split, setTitle])
  useEffect(() => {
    if (!split) return
    rememberRecord({
      kind: 'split',
      id: split.id,
      title: `Split of ${split.title}`,
      subtitle: split.user.name,
      path: `/royalty-shares/single/${split.id}`,
    })
  }, [split])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  if (recordMissing(valid, load) || !split) {
    return <RecordPending valid={valid} load={load} missing="This split does not exist, or it belongs to another workspace." />
  }

  const choices = adminChoices(split.status, split.payees)
  const open = split.status === 'pending' || split.status === 'active'
  return (
    <Flex direction="column" gap="4" p="4">
      <Flex justify="between" align="start" gap="4" wrap="wrap">
        <Box>
          <Heading as="h1" size="6">
            Split of {split.title}
          </Heading>
          <Flex gap="2" align="center" mt="2">
            <SplitStatusBadge status={split.status} />
            {split.isLocked && (
              <Badge color="gray" variant="outline">
                <LockClosedIcon aria-hidden /> Locked
              </Badge>
            )}
            <Text size="2" color="gray">
              {SPLIT_STATUS_INFO[split.status].meaning}
            </Text>
          </Flex>
        </Box>
        <Flex gap="2" align="center" wrap="wrap">
          <Select.Root
            value=""
            onValueChange={(status) =>
              setPending({
                title: `Change status to ${splitStatusLabel(status)}`,
                description:
                  status === 'active'
                    ? 'The split applies to statements from its start month. Payees who have not confirmed yet are confirmed on their behalf.'
                    : status === 'ended'
                      ? 'The split stops applying from this month; earnings go to the owner unless a new split applies.'
                      : 'The split will never apply.',
                confirmLabel: `Make it ${splitStatusLabel(status).toLowerCase()}`,
                color: status === 'declined' ? 'red' : undefined,
                action: 'splits.changeStatus',
                value: status,
              })
            }
          >
            <Select.Trigger placeholder="Change status…" aria-label="Change status" />
            <Select.Content>
              {choices.map((choice) => (
                <Select.Item key={choice.status} value={choice.status} disabled={choice.refused !== null}>
                  {splitStatusLabel(choice.status)}
                  {choice.refused ? ` — ${choice.refused}` : ''}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <RecordActions record={record} buttons={['splits.lock', 'splits.unlock']} menu={false} />
        </Flex>
      </Flex>

      <Flex gap="4" wrap="wrap">
        <Card size="2" style={{ flex: '1 1 320px' }}>
          <Flex gap="3">
            {split.track.artwork ? (
              <img
                src={split.track.artwork}
                alt={`Cover of ${split.track.releaseTitle}`}
                width={96}
                height={96}
                style={{ borderRadius: 6 }}
              />
            ) : (
              <Avatar size="6" fallback={split.title.slice(0, 1)} />
            )}
            <DataList.Root size="1">
              <DataList.Item>
                <DataList.Label>Track</DataList.Label>
                <DataList.Value>
                  <RecordLink to={`/releases/track/${split.track.id}`}>{split.track.title}</RecordLink>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Release</DataList.Label>
                <DataList.Value>
                  <RecordLink to={`/releases/single/${split.track.releaseId}`}>{split.track.releaseTitle}</RecordLink>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>ISRC</DataList.Label>
                <DataList.Value>{split.track.isrc ? formatIsrc(split.track.isrc) : '—'}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>UPC</DataList.Label>
                <DataList.Value>{split.track.upc ?? '—'}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Catalog number</DataList.Label>
                <DataList.Value>{split.track.catalogNumber ?? '—'}</DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>Release date</DataList.Label>
                <DataList.Value>{split.track.releaseDate ?? '—'}</DataList.Value>
              </DataList.Item>
            </DataList.Root>
          </Flex>
        </Card>
        <Card size="2" style={{ flex: '1 1 280px' }}>
          <DataList.Root size="1">
            <DataList.Item>
              <DataList.Label>Owner</DataList.Label>
              <DataList.Value>
                <RecordLink to={`/users/${split.user.id}`}>{split.user.name}</RecordLink>&nbsp;
                <Text color="gray">{split.user.email}</Text>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Applies from</DataList.Label>
              <DataList.Value>{split.startsOn}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Ended from</DataList.Label>
              <DataList.Value>{split.endedOn ?? '—'}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Created</DataList.Label>
              <DataList.Value>
                <When value={split.date} />
              </DataList.Value>
            </DataList.Item>
            {split.batchId !== null && (
              <DataList.Item>
                <DataList.Label>Bulk upload</DataList.Label>
                <DataList.Value>#{split.batchId}</DataList.Value>
              </DataList.Item>
            )}
          </DataList.Root>
        </Card>
      </Flex>

      <Card size="2">
        <Heading as="h2" size="3" mb="2">
          Payees
        </Heading>
        <NamedTable size="1" label="Payees of the split">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Account</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Share</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {split.payees.map((payee) => (
              <Table.Row key={payee.id}>
                <Table.RowHeaderCell>
                  {payee.email} {payee.isOwner && <Badge variant="soft">Owner</Badge>}
                </Table.RowHeaderCell>
                <Table.Cell>
                  {payee.isUser && payee.accountId !== null ? (
                    <RecordLink to={`/users/${payee.accountId}`}>{payee.name}</RecordLink>
                  ) : (
                    <Badge color="amber" variant="soft">
                      No account
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell>
                  <Text title={payee.share}>{shareAsPercent(payee.share)}</Text>
                </Table.Cell>
                <Table.Cell>
                  <PayeeStatusBadge status={payee.status} />
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="2">
                    {open && payee.status === 'invited' && (
                      <Button
                        size="1"
                        variant="soft"
                        onClick={() =>
                          setPending({
                            title: `Confirm ${payee.email}'s share`,
                            description: `Confirm ${shareAsPercent(payee.share)} for ${payee.email} on their behalf.`,
                            confirmLabel: 'Confirm share',
                            action: 'splits.confirm',
                            value: payee.id,
                          })
                        }
                      >
                        Confirm share
                      </Button>
                    )}
                    {open && !payee.isOwner && (payee.status === 'invited' || payee.status === 'confirmed') && (
                      <Button
                        size="1"
                        variant="soft"
                        color="orange"
                        onClick={() =>
                          setPending({
                            title: `Request removal of ${payee.email}`,
                            description: 'Their share keeps applying until the removal is confirmed.',
                            confirmLabel: 'Request removal',
                            color: 'amber',
                            action: 'splits.remove',
                            value: payee.id,
                          })
                        }
                      >
                        Request removal
                      </Button>
                    )}
                    {open && payee.status === 'removal_requested' && (
                      <Button
                        size="1"
                        variant="soft"
                        color="red"
                        onClick={() =>
                          setPending({
                            title: `Remove ${payee.email}`,
                            description: `${shareAsPercent(payee.share)} goes back to the owner, so the shares still add up to 100%.`,
                            confirmLabel: 'Confirm removal',
                            color: 'red',
                            action: 'splits.confirmRemoval',
                            value: payee.id,
                          })
                        }
                      >
                        Confirm removal
                      </Button>
                    )}
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
      </Card>

      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(next) => !next && setPending(null)}
          title={pending.title}
          description={pending.description}
          confirmLabel={pending.confirmLabel}
          color={pending.color}
          onConfirm={() => (record ? runRecordAction(record, pending.action, pending.value) : undefined)}
        />
      )}
    </Flex>
  )
}
