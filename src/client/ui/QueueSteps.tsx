import { Button, Flex, Kbd } from '@radix-ui/themes'
import { ArrowDownIcon, ArrowUpIcon } from '@radix-ui/react-icons'
import { SHORTCUTS, type ShortcutId } from '@commands/shortcuts'
import { shortcutHint } from '../shell/shortcut-format'
import type { QueuePlace } from './review-queue'

/** A review queue's Previous and Next buttons, with the keys that do the same. */
export function QueueSteps({
  place,
  go,
  previous,
  next,
}: {
  place: QueuePlace
  go(id: number | null): void
  previous: ShortcutId
  next: ShortcutId
}) {
  return (
    <Flex gap="2">
      <Button
        variant="soft"
        color="gray"
        disabled={!place.previous}
        onClick={() => go(place.previous)}
        aria-keyshortcuts={SHORTCUTS[previous].keys}
      >
        <ArrowUpIcon /> Previous <Kbd>{shortcutHint(previous)}</Kbd>
      </Button>
      <Button variant="soft" color="gray" disabled={!place.next} onClick={() => go(place.next)} aria-keyshortcuts={SHORTCUTS[next].keys}>
        <ArrowDownIcon /> Next <Kbd>{shortcutHint(next)}</Kbd>
      </Button>
    </Flex>
  )
}
