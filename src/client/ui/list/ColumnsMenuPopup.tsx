import { Button, DropdownMenu } from '@radix-ui/themes'
import { ColumnsIcon } from '@radix-ui/react-icons'
import type { PopupProps } from '../dialogs/deferred'
import type { ColumnsMenuProps } from './ColumnsMenu'

/** The columns menu itself, fetched on first use (ColumnsMenu.tsx). */
export default function ColumnsMenuPopup({ columns, state, defaultOpen, autoFocus }: ColumnsMenuProps & PopupProps) {
  const onlyOne = state.visibleIds.length <= 1
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger>
        {/* autoFocus: only when the placeholder it replaces had the focus. */}
        <Button variant="soft" color="gray" aria-label="Columns" autoFocus={autoFocus}>
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
