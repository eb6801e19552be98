import { Button, DropdownMenu } from '@radix-ui/themes'
import type { PopupProps } from '../ui/dialogs/deferred'
import { AccountButtonFace, type AccountMenuProps } from './AccountMenu'
import { shellActions } from './ui-state'
import { commandEnv } from './commands'

/** The account menu itself, fetched on first use (AccountMenu.tsx). */
export default function AccountMenuPopup({ defaultOpen, autoFocus, ...account }: AccountMenuProps & PopupProps) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger>
        {/* autoFocus: only when the placeholder it replaces had the focus. */}
        <Button variant="ghost" className="wl-navbar__button" aria-label="Account menu" autoFocus={autoFocus}>
          <AccountButtonFace {...account} />
          <DropdownMenu.TriggerIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Label>{account.email}</DropdownMenu.Label>
        <DropdownMenu.Item onSelect={() => shellActions.open('shortcuts')}>Keyboard shortcuts</DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={() => commandEnv.shell.signOut()}>Sign out</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}
