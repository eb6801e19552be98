import { Dialog, Flex, Grid, Heading, Kbd, Text } from '@radix-ui/themes'
import { registry } from './commands'
import { formatShortcut } from './shortcut-format'
import { shellActions, useShell } from './ui-state'

/** Keys that belong to lists and the palette rather than to a command. */
const LIST_KEYS = [
  ['j / k', 'Move down / up the rows'],
  ['Enter', 'Open the row'],
  [formatShortcut('mod+enter'), 'Open the row in a pane to the right'],
  ['Shift+Enter', 'Open the row in a new tab'],
  ['x', 'Select the row'],
] as const
const PALETTE_KEYS = [
  [formatShortcut('mod+k'), 'Open the command palette'],
  ['Enter', 'Open in the focused pane'],
  [formatShortcut('mod+enter'), 'Open in a new pane to the right'],
  ['Backspace', 'Back to the previous page'],
  ['Esc', 'Close the top dialog'],
] as const

/** The cheat sheet, generated from the command registry (so it is never out of date). */
export function ShortcutsDialog() {
  const shell = useShell()
  // Registered commands show their shortcut formatted; the keys of lists and the palette are
  // written out already. List commands (select all, search) join the list keys in one group.
  const groups = new Map<string, { title: string; shortcut: string }[]>()
  for (const command of registry.all()) {
    if (!command.shortcut) continue
    const title = typeof command.title === 'string' ? command.title : command.id
    groups.set(command.group, [...(groups.get(command.group) ?? []), { title, shortcut: formatShortcut(command.shortcut) }])
  }
  groups.set('List', [...LIST_KEYS.map(([shortcut, title]) => ({ shortcut, title })), ...(groups.get('List') ?? [])])
  groups.set('Palette', [...PALETTE_KEYS.map(([shortcut, title]) => ({ shortcut, title }))])
  return (
    <Dialog.Root
      open={shell.dialog === 'shortcuts'}
      onOpenChange={(open) => (open ? shellActions.open('shortcuts') : shellActions.close())}
    >
      <Dialog.Content maxWidth="760px">
        <Dialog.Title>Keyboard shortcuts</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Shortcuts act on the focused pane. Every action is also in the command palette.
        </Dialog.Description>
        <Grid columns={{ initial: '1', sm: '2' }} gap="5">
          {[...groups.entries()].map(([group, entries]) => (
            <Flex key={group} direction="column" gap="2">
              <Heading as="h3" size="3">
                {group}
              </Heading>
              {entries.map((entry) => (
                <Flex key={entry.title} justify="between" gap="3">
                  <Text size="2">{entry.title}</Text>
                  <Kbd>{entry.shortcut}</Kbd>
                </Flex>
              ))}
            </Flex>
          ))}
        </Grid>
      </Dialog.Content>
    </Dialog.Root>
  )
}
