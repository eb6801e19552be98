import { useId } from 'react'
import { Badge, Button, DropdownMenu, Flex, Heading, Select, Switch, Text } from '@radix-ui/themes'
import { DotsHorizontalIcon, DownloadIcon, ImageIcon } from '@radix-ui/react-icons'
import type { ReleaseGeneral } from '@contract/releases'
import type { CommandContext } from '@commands/types'
import { RELEASE_STATUS } from '@core/release-status'
import { registry, commandContext, loadCommands, useLoadedCommands } from '@client/shell/commands'
import { runCommand } from '@client/shell/run-command'
import { Link } from '@client/routing/Link'
import { runRecordAction, useRecordActions } from '@client/ui/RecordActions'
import { StatusBadge } from '../status'

export function Cover({ src, title, size = 96 }: { src: string | null; title: string; size?: number }) {
  if (!src)
    return (
      <Flex
        align="center"
        justify="center"
        width={`${size}px`}
        height={`${size}px`}
        style={{ background: 'var(--gray-a3)', borderRadius: 'var(--radius-3)', flexShrink: 0 }}
        aria-label={`${title}: no cover art`}
        role="img"
      >
        <ImageIcon width={24} height={24} color="var(--gray-9)" />
      </Flex>
    )
  return (
    <img
      src={src}
      alt={`Cover art of ${title}`}
      width={size}
      height={size}
      style={{ borderRadius: 'var(--radius-3)', objectFit: 'cover', flexShrink: 0 }}
    />
  )
}

/** The lyrics download is also a palette command; the button runs that same command. */
async function exportLyrics(record: CommandContext['record']) {
  await loadCommands()
  const command = registry.get('releases.exportLyrics')
  if (command) await runCommand(command, 'focused', { record })
}

/** The release at a glance: cover, title, owner, status with its allowed changes, the review flags and every palette action. */
export function ReleaseHeader({ release, record }: { release: ReleaseGeneral; record: CommandContext['record'] }) {
  // This tab may not be the focused one (a split view): the actions are for the release shown here.
  const context = { ...commandContext(), record }
  // The areas' commands arrive after start-up (shell/commands.ts): the menu fills in when they do.
  useLoadedCommands()
  const actions = registry.available(context).filter((entry) => entry.command.group === 'Release')
  const statusLabelId = useId()
  const reviewId = useId()
  const priorityId = useId()
  // The select, the switches and the menu run the declared actions (commands/releases.ts RELEASE_ACTIONS).
  const offered = new Set(useRecordActions(record).map((entry) => entry.action.key))
  const run = (key: string, choice?: number) => {
    if (record) void runRecordAction(record, key, choice)
  }
  // A takedown asks for its reason (in the palette, as there); another status is sent at once.
  const choose = (value: string) => {
    const status = Number(value)
    const choice = release.allowedStatuses.find((entry) => entry.status === status)
    if (!choice?.needsReason) run('releases.status:change', status)
    else run(status === RELEASE_STATUS.takendown ? 'releases.status:takendown' : 'releases.status:takedown')
  }

  return (
    <Flex gap="4" align="start" wrap="wrap" justify="between">
      <Flex gap="4" align="start">
        <Cover src={release.artwork.medium ?? release.artwork.cover ?? release.coverUrl} title={release.title} />
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {release.title}
          </Heading>
          <Text color="gray" size="2">
            {release.artist} · {release.type}
            {release.upc && <> · UPC {release.upc}</>} · #{release.id}
          </Text>
          <Text size="2">
            Owner: <Link to={`/users/${release.owner.id}`}>{release.owner.name}</Link> <Text color="gray">({release.owner.email})</Text>
          </Text>
          <Flex gap="2" wrap="wrap" align="center" mt="1">
            <StatusBadge code={release.displayStatus} testId="release-status" />
            {release.displayStatus !== release.status && (
              <Text size="1" color="gray">
                (stored as {release.statusLabel})
              </Text>
            )}
            {release.priorityReview && <Badge color="crimson">Priority review</Badge>}
            {release.adminReview && <Badge color="blue">Admin review</Badge>}
            {release.restrictTakedown && <Badge color="gray">Takedown restricted</Badge>}
            {release.pendingEditRequestId && (
              <Badge color="amber" asChild>
                <Link to={`/release/edit-requests/view/${release.pendingEditRequestId}`}>Edit request open</Link>
              </Badge>
            )}
          </Flex>
        </Flex>
      </Flex>
      <Flex direction="column" gap="3" align="end">
        <Flex gap="2" align="center">
          <Text size="2" weight="medium" id={statusLabelId}>
            Status
          </Text>
          <Select.Root value="" onValueChange={choose} disabled={release.allowedStatuses.length === 0}>
            <Select.Trigger
              aria-labelledby={statusLabelId}
              placeholder={release.allowedStatuses.length ? 'Change to…' : 'No change allowed'}
              style={{ minWidth: 180 }}
            />
            <Select.Content>
              {release.allowedStatuses.map((choice) => (
                <Select.Item key={choice.status} value={String(choice.status)}>
                  {choice.label}
                  {choice.needsReason ? '…' : ''}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Button variant="soft" color="gray" onClick={() => void exportLyrics(record)}>
            <DownloadIcon /> Lyrics CSV
          </Button>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger>
              <Button variant="soft">
                <DotsHorizontalIcon /> Actions
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content align="end">
              {actions.map((entry) => (
                <DropdownMenu.Item
                  key={entry.command.id}
                  disabled={Boolean(entry.disabledReason)}
                  onSelect={() => void runCommand(entry.command, 'focused', { record })}
                >
                  {entry.title}
                  {entry.disabledReason && ` (${entry.disabledReason})`}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Root>
        </Flex>
        <Flex gap="4">
          <Text as="label" size="2" htmlFor={reviewId}>
            <Flex gap="2" align="center">
              <Switch
                id={reviewId}
                checked={release.adminReview}
                disabled={!offered.has(`releases.changeReview:${release.adminReview ? 'off' : 'on'}`)}
                onCheckedChange={(on) => run(`releases.changeReview:${on ? 'on' : 'off'}`)}
              />
              Admin review
            </Flex>
          </Text>
          <Text as="label" size="2" htmlFor={priorityId}>
            <Flex gap="2" align="center">
              <Switch
                id={priorityId}
                checked={release.priorityReview}
                disabled={!offered.has(`releases.changePriorityReview:${release.priorityReview ? 'off' : 'on'}`)}
                onCheckedChange={(on) => run(`releases.changePriorityReview:${on ? 'on' : 'off'}`)}
              />
              Priority review
            </Flex>
          </Text>
        </Flex>
      </Flex>
    </Flex>
  )
}
