import { Dialog, Flex, Grid, Heading, Kbd, Text } from '@radix-ui/themes'
import { SHORTCUTS, SHORTCUT_IDS, type ShortcutGroup } from '@commands/shortcuts'
import { formatShortcut } from './shortcut-format'
import { shellActions, useShell } from './ui-state'

const GROUP_ORDER: readonly ShortcutGroup[] = [
  'Palette',
  'Go to',
  'Workspace',
  'List',
  'Edit request',
  'Support ticket',
  'Feature request',
  'Fan blast',
  'Discovery Mode',
  'Usage match',
  'Delivery',
  'Track review',
  'Uploader',
  'View',
  'Help',
]

/** Every shortcut by section, from the one registry (commands/shortcuts.ts), so it is never out of date. */
export function shortcutSections(): { group: ShortcutGroup; entries: { id: string; title: string; keys: string }[] }[] {
  return GROUP_ORDER.map((group) => ({
    group,
    entries: SHORTCUT_IDS.filter((id) => SHORTCUTS[id].group === group).map((id) => ({
      id,
      title: SHORTCUTS[id].title,
      keys: formatShortcut(SHORTCUTS[id].keys),
    })),
  })).filter((section) => section.entries.length > 0)
}

/** The `?` cheat sheet. */
export function ShortcutsDialog() {
  const shell = useShell()
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
          {shortcutSections().map(({ group, entries }) => (
            <Flex key={group} direction="column" gap="2">
              <Heading as="h3" size="3">
                {group}
              </Heading>
              {entries.map((entry) => (
                <Flex key={entry.id} justify="between" gap="3">
                  <Text size="2">{entry.title}</Text>
                  <Kbd>{entry.keys}</Kbd>
                </Flex>
              ))}
            </Flex>
          ))}
        </Grid>
      </Dialog.Content>
    </Dialog.Root>
  )
}
