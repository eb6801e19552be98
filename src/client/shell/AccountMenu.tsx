import { Avatar, Button, Text } from '@radix-ui/themes'
import { deferredPopup, placeholderButton, type PlaceholderProps } from '../ui/dialogs/deferred'

export interface AccountMenuProps {
  initials: string
  displayName: string
  email: string
}

/** The trigger's face, the same on the placeholder and on the real menu's trigger. */
export function AccountButtonFace({ initials, displayName }: AccountMenuProps) {
  return (
    <>
      <Avatar size="1" fallback={initials || '?'} radius="full" />
      <Text size="2" className="wl-navbar__name">
        {displayName}
      </Text>
    </>
  )
}

/** The chevron Radix Themes draws on a menu trigger (DropdownMenu.TriggerIcon), without its menu's code. */
function TriggerIcon() {
  return (
    <svg width="9" height="9" viewBox="0 0 9 9" fill="currentcolor" className="rt-DropdownMenuTriggerIcon" aria-hidden>
      <path d="M0.135232 3.15803C0.324102 2.95657 0.640521 2.94637 0.841971 3.13523L4.5 6.56464L8.158 3.13523C8.3595 2.94637 8.6759 2.95657 8.8648 3.15803C9.0536 3.35949 9.0434 3.67591 8.842 3.86477L4.84197 7.6148C4.64964 7.7951 4.35036 7.7951 4.15803 7.6148L0.158031 3.86477C-0.0434285 3.67591 -0.0536285 3.35949 0.135232 3.15803Z" />
    </svg>
  )
}

function AccountButton({ onOpen, buttonRef, ...account }: AccountMenuProps & PlaceholderProps) {
  return (
    <Button variant="ghost" className="wl-navbar__button" aria-label="Account menu" {...placeholderButton({ onOpen, buttonRef })}>
      <AccountButtonFace {...account} />
      <TriggerIcon />
    </Button>
  )
}

/** The navbar's account menu (keyboard shortcuts, sign out); the menu itself comes on first use. */
export const AccountMenu = deferredPopup<AccountMenuProps>(
  () => import('./AccountMenuPopup').then((module) => module.default),
  AccountButton,
)
