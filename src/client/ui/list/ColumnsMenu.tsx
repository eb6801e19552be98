import { Button, DropdownMenu } from '@radix-ui/themes'
import { ColumnsIcon } from '@radix-ui/react-icons'
import type { ColumnState } from './column-state'

export interface ColumnsMenuProps {
  columns: readonly { id: string; header: string }[]
  state: ColumnState
}

/** Show or hide columns; the choice is remembered for this list. The last visible column cannot be hidden. */
export function ColumnsMenu({ columns, state }: ColumnsMenuProps) {
  const onlyOne = state.visibleIds.length <= 1
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <Button variant="soft" color="gray" aria-label="Columns">
          <ColumnsIcon aria-hidden /> Columns
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Label>Show columns</DropdownMenu.Label>
        {columns.map((column) => {
          const checked = state.isVisible(column.id)
          return (
            <DropdownMenu.CheckboxItem
              key={column.id}
              checked={checked}
              disabled={checked && onlyOne}
              // Keep the menu open so several columns can be toggled in a row.
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(next) => state.setVisible(column.id, next === true)}
            >
              {column.header}
            </DropdownMenu.CheckboxItem>
          )
        })}
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={state.reset}>Reset columns</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
