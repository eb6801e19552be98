import { Avatar, Badge, Button, DropdownMenu, Flex, Heading, Text } from '@radix-ui/themes'
import { DotsHorizontalIcon } from '@radix-ui/react-icons'
import type { UserSingle } from '@contract/users-admin'
import type { CommandContext } from '@commands/types'
import { registry, commandContext, useLoadedCommands } from '@client/shell/commands'
import { runCommand } from '@client/shell/run-command'
import { Link } from '@client/routing/Link'

/** The account's name and state at a glance, and every staff action (the palette's, as a menu). */
export function AccountHeader({ account, record }: { account: UserSingle; record: CommandContext['record'] }) {
  // This tab may not be the focused one (a split view): the actions are for the account shown here.
  const context = { ...commandContext(), record }
  // The areas' commands arrive after start-up (shell/commands.ts): the menu fills in when they do.
  useLoadedCommands()
  const actions = registry.available(context).filter((entry) => entry.command.group === 'Account')
  // Ban or unban, whichever applies, as a button: the declared actions users.banSubmit / users.banCancel.
  const primary = actions.find((entry) => entry.command.id === 'users.banSubmit' || entry.command.id === 'users.banCancel')
  type Tone = 'red' | 'green' | 'amber' | 'blue' | 'orange' | 'gray'
  const candidates: [boolean, string, Tone][] = [
    [account.isOperator, 'Workspace operator', 'amber'],
    [account.banned, 'Banned', 'red'],
    [account.verified, 'Verified', 'green'],
    [account.priorityMember, 'Priority member', 'blue'],
    [account.dmcaMode, 'DMCA mode', 'orange'],
    [account.blockWithdraw, 'Withdrawals blocked', 'orange'],
    [account.restrictNewRelease, 'New releases restricted', 'orange'],
    [account.flags.restrictRelease, 'Banned from releasing', 'red'],
    [!account.emailVerified, 'Email not confirmed', 'gray'],
  ]
  const badges = candidates.filter(([shown]) => shown).map(([, label, tone]) => [label, tone] as const)
  return (
    <Flex gap="4" align="start" wrap="wrap" justify="between">
      <Flex gap="4" align="center">
        <Avatar size="5" radius="full" fallback={account.initials || '?'} />
        <Flex direction="column" gap="1">
          <Heading as="h1" size="6">
            {account.displayName}
          </Heading>
          <Text color="gray" size="2">
            {account.email} · <Text style={{ textTransform: 'capitalize' }}>{account.type}</Text> · #{account.id}
            {account.label && (
              <>
                {' '}
                · signed to <Link to={`/users/${account.label.id}`}>{account.label.name}</Link>
              </>
            )}
          </Text>
          <Flex gap="1" wrap="wrap">
            {badges.map(([label, color]) => (
              <Badge key={label} color={color}>
                {label}
              </Badge>
            ))}
          </Flex>
          {account.banned && account.bannedReason && (
            <Text size="2" color="red">
              Ban reason: {account.bannedReason}
            </Text>
          )}
        </Flex>
      </Flex>
      <Flex gap="2">
        {primary && (
          <Button
            color={primary.command.id === 'users.banSubmit' ? 'red' : 'green'}
            variant="soft"
            disabled={Boolean(primary.disabledReason)}
            title={primary.disabledReason ?? undefined}
            onClick={() => void runCommand(primary.command, 'focused', { record })}
          >
            {primary.command.id === 'users.banSubmit' ? 'Ban…' : 'Unban'}
          </Button>
        )}
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
    </Flex>
  )
}
