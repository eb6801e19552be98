import { useState } from 'react'
import { Button, DropdownMenu, Flex, Text } from '@radix-ui/themes'
import type { BulkAction } from '../../workspace/tab-context'
import { ConfirmDialog } from './ConfirmDialog'

export interface BulkBarProps {
  count: number
  actions: readonly BulkAction[]
  onClear(): void
  /** Runs the action on the selection (after its confirm, when it has one). */
  onRun(action: BulkAction): Promise<void>
}

/**
 * "N selected", Clear selection, and the bulk actions: beside it as buttons when there is one, in a
 * "Bulk Actions" menu from two on (spec).
 */
export function BulkBar({ count, actions, onClear, onRun }: BulkBarProps) {
  const [asking, setAsking] = useState<BulkAction | null>(null)
  const [running, setRunning] = useState<string | null>(null)

  const start = async (action: BulkAction) => {
    setRunning(action.id)
    try {
      await onRun(action)
    } finally {
      setRunning(null)
    }
  }
  const choose = (action: BulkAction) => {
    if (action.confirm) setAsking(action)
    else void start(action)
  }

  return (
    <Flex className="wl-bulk-bar" align="center" gap="3" wrap="wrap" role="region" aria-label="Selection">
      <Text size="2" weight="medium" aria-live="polite">
        {count} selected
      </Text>
      <Button size="1" variant="soft" color="gray" onClick={onClear}>
        Clear selection
      </Button>
      {actions.length === 1 ? (
        <Button size="1" loading={running === actions[0].id} onClick={() => choose(actions[0])}>
          {actions[0].label}
        </Button>
      ) : actions.length > 1 ? (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger>
            <Button size="1" loading={running !== null}>
              Bulk Actions
              <DropdownMenu.TriggerIcon />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Content>
            {actions.map((action) => (
              <DropdownMenu.Item key={action.id} onSelect={() => choose(action)}>
                {action.label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Root>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? `${asking.label} (${count} selected)` : ''}
        description={asking?.confirm ?? ''}
        confirmLabel={asking?.label ?? ''}
        onConfirm={() => (asking ? start(asking) : undefined)}
      />
    </Flex>
  )
}
