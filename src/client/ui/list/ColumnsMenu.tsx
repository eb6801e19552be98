import { Button } from '@radix-ui/themes'
import { ColumnsIcon } from '@radix-ui/react-icons'
import { deferredPopup, placeholderButton, type PlaceholderProps } from '../dialogs/deferred'
import type { ColumnState } from './column-state'

export interface ColumnsMenuProps {
  columns: readonly { id: string; header: string }[]
  state: ColumnState
}

function ColumnsButton({ onOpen, buttonRef }: ColumnsMenuProps & PlaceholderProps) {
  return (
    <Button variant="soft" color="gray" aria-label="Columns" {...placeholderButton({ onOpen, buttonRef })}>
      <ColumnsIcon aria-hidden /> Columns
    </Button>
  )
}

/**
 * Show or hide columns; the choice is remembered for this list. The last visible column cannot be
 * hidden. The menu (ColumnsMenuPopup.tsx) comes on first use or when idle after the first list.
 */
export const ColumnsMenu = deferredPopup<ColumnsMenuProps>(
  () => import('./ColumnsMenuPopup').then((module) => module.default),
  ColumnsButton,
)
