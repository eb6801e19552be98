import { Button, DropdownMenu, Flex, Kbd } from '@radix-ui/themes'
import { DotsHorizontalIcon } from '@radix-ui/react-icons'
import type { RecordRef } from '@commands/records'
import { actionsFor, targetOfRecord, type RecordAction } from '@commands/actions'
import { availability } from '@commands/registry'
import type { Command } from '@commands/types'
import { SHORTCUTS } from '@commands/shortcuts'
import { commandContext, commandEnv, loadCommands, useLoadedCommands } from '@client/shell/commands'
import { runCommand } from '@client/shell/run-command'
import { shortcutHint } from '@client/shell/shortcut-format'

interface Offered {
  action: RecordAction
  command: Command
  disabledReason: string | null
}

/**
 * The declared actions that apply to this record now, with their commands bound to it (none until the
 * declarations have arrived: `loadCommands`, asked for here if nobody has).
 */
export function useRecordActions(record: RecordRef | null, actions?: readonly RecordAction[]): Offered[] {
  const loaded = useLoadedCommands()
  if (!record) return []
  const declared = actions ?? loaded?.recordActions ?? []
  const target = targetOfRecord(record)
  if (!target) return []
  // This tab may not be the focused one (a split view): availability is judged for the record shown here.
  const context = { ...commandContext(), record }
  return actionsFor(declared, record.kind, 'record').flatMap((action) => {
    const command = action.command(target)
    const state = availability(command, context)
    return state === false ? [] : [{ action, command, disabledReason: typeof state === 'string' ? state : null }]
  })
}

/**
 * A record's actions, rendered from their declarations: `buttons` (action keys) as buttons with their
 * shortcut hint, the rest in an "Actions" menu. Each runs exactly as from the palette (a question opens
 * the palette on its page).
 */
export function RecordActions({
  record,
  buttons = [],
  menu = true,
  size = '2',
}: {
  record: RecordRef | null
  /** Keys (`id` or `id:variant`) shown as buttons, in this order. */
  buttons?: readonly string[]
  menu?: boolean
  size?: '1' | '2'
}) {
  const offered = useRecordActions(record)
  if (!record || offered.length === 0) return null
  const run = (entry: Offered) => void runCommand(entry.command, 'focused', { record })
  const shown = buttons.flatMap((key) => offered.filter((entry) => entry.action.key === key))
  const rest = offered.filter((entry) => !shown.includes(entry))
  return (
    <Flex gap="2" wrap="wrap" align="center">
      {shown.map((entry) => {
        const shortcut = entry.action.shortcut
        return (
          <Button
            key={entry.action.key}
            size={size}
            color={entry.action.tone === 'accent' ? undefined : entry.action.tone}
            variant={entry.action.tone === 'red' || entry.action.tone === 'gray' ? 'soft' : 'solid'}
            disabled={Boolean(entry.disabledReason)}
            title={entry.disabledReason ?? undefined}
            aria-keyshortcuts={shortcut ? SHORTCUTS[shortcut].keys : undefined}
            onClick={() => run(entry)}
          >
            {entry.action.label}
            {shortcut && <Kbd size="1">{shortcutHint(shortcut)}</Kbd>}
          </Button>
        )
      })}
      {menu && rest.length > 0 && (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger>
            <Button size={size} variant="soft">
              <DotsHorizontalIcon /> Actions
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Content align="end">
            {rest.map((entry) => (
              <DropdownMenu.Item key={entry.action.key} disabled={Boolean(entry.disabledReason)} onSelect={() => run(entry)}>
                {typeof entry.command.title === 'string' ? entry.command.title : entry.action.label}
                {entry.disabledReason && ` (${entry.disabledReason})`}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Root>
      )}
    </Flex>
  )
}

/**
 * Runs a declared action on a record from a control of the page (a switch, a select, a field). `choice`
 * is the answer the control already gave: the chosen value of an action that asks to choose, or the
 * text of one that asks for text (checked as the palette checks it); otherwise it runs as from its button.
 */
export async function runRecordAction(record: RecordRef, key: string, choice?: string | number): Promise<void> {
  const { recordActions } = await loadCommands()
  const action = recordActions.find((entry) => entry.key === key)
  const target = targetOfRecord(record)
  if (!action || !target) return
  const command = action.command(target)
  const context = { ...commandContext(), record }
  // A picker of the screen found the answer itself (the palette would search for it).
  if (choice !== undefined && action.askKind === 'find' && availability(command, context) === true)
    return runCommand(action.answered(target, choice), 'focused', { record })
  if (choice === undefined || (!command.children && !command.search) || availability(command, context) !== true)
    return runCommand(command, 'focused', { record })
  const chosen = command.search
    ? (await command.search(String(choice), context, commandEnv, new AbortController().signal))[0]
    : (await command.children!(context, commandEnv)).find((child) => child.id === `${command.id}.${String(choice)}`)
  if (chosen) await runCommand(chosen, 'focused', { record })
}
