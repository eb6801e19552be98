import { Button, Flex, IconButton, Kbd, Text, Tooltip } from '@radix-ui/themes'
import {
  ChatBubbleIcon,
  HamburgerMenuIcon,
  MagnifyingGlassIcon,
  MoonIcon,
  PlusIcon,
  QuestionMarkCircledIcon,
  SunIcon,
} from '@radix-ui/react-icons'
import { NotificationsBell } from '@domains/notifications/ui/NotificationsBell'
import { useSession } from '../state/session'
import { shellActions, useShell } from './ui-state'
import { commandEnv } from './commands'
import { formatShortcut } from './shortcut-format'
import { workspaceActions } from '../workspace/store'
import { AccountMenu } from './AccountMenu'

/** The top bar: sidebar toggle, workspace name, search, the spec's shortcuts, appearance and the account. */
export function Navbar() {
  const { me } = useSession()
  const shell = useShell()
  if (!me) return null
  const isAdmin = me.account.type === 'admin'
  return (
    <Flex asChild align="center" gap="2" px="3" className="wl-navbar">
      <header>
        <Tooltip content={`Toggle sidebar (${formatShortcut('mod+b')})`}>
          <IconButton
            size="2"
            variant="ghost"
            className="wl-navbar__button"
            aria-label="Toggle sidebar"
            aria-expanded={shell.sidebarOpen}
            onClick={shellActions.toggleSidebar}
          >
            <HamburgerMenuIcon />
          </IconButton>
        </Tooltip>
        <Text weight="bold" size="4" className="wl-navbar__brand" asChild>
          <a href="/dashboard" onClick={(event) => (event.preventDefault(), workspaceActions.open('/dashboard'))}>
            {me.tenant.name}
          </a>
        </Text>
        <Button
          variant="soft"
          color="gray"
          className="wl-navbar__search"
          onClick={() => shellActions.open('palette')}
          aria-label="Open the command palette"
        >
          <MagnifyingGlassIcon />
          <Text size="2">Search or jump to…</Text>
          <Kbd size="1">{formatShortcut('mod+k')}</Kbd>
        </Button>
        <Flex align="center" gap="3" ml="auto">
          {isAdmin && (
            <Tooltip content="Create a release for an account">
              <IconButton
                size="2"
                variant="ghost"
                className="wl-navbar__button"
                aria-label="Create a release"
                onClick={() => shellActions.open('userPicker')}
              >
                <PlusIcon />
              </IconButton>
            </Tooltip>
          )}
          <NotificationsBell />
          <Tooltip content="Send a message to the help center">
            <IconButton
              size="2"
              variant="ghost"
              className="wl-navbar__button"
              aria-label="Send a message to the help center"
              onClick={() => shellActions.open('sendMessage')}
            >
              <ChatBubbleIcon />
            </IconButton>
          </Tooltip>
          <Tooltip content="Support">
            <IconButton
              size="2"
              variant="ghost"
              className="wl-navbar__button"
              aria-label="Support"
              onClick={() => commandEnv.open(isAdmin ? '/support/manage/1' : '/helpCenter/threads')}
            >
              <QuestionMarkCircledIcon />
            </IconButton>
          </Tooltip>
          <Tooltip content={shell.darkMode ? 'Light mode' : 'Dark mode'}>
            <IconButton
              size="2"
              variant="ghost"
              className="wl-navbar__button"
              aria-label={shell.darkMode ? 'Switch to light mode' : 'Switch to dark mode'}
              onClick={shellActions.toggleDarkMode}
            >
              {shell.darkMode ? <SunIcon /> : <MoonIcon />}
            </IconButton>
          </Tooltip>
          <AccountMenu initials={me.account.initials} displayName={me.account.displayName} email={me.account.email} />
        </Flex>
      </header>
    </Flex>
  )
}
