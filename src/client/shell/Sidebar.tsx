import { Box, Flex, Text } from '@radix-ui/themes'
import { useSnapshot } from 'valtio'
import { useSession } from '../state/session'
import { workspace, workspaceActions } from '../workspace/store'
import { currentPath } from '../workspace/layout'
import { commandEnv } from './commands'
import { SIDEBAR, SIDEBAR_WIDTH } from './sidebar-config'

/** The classic sidebar, for staff who prefer it: each entry opens in the focused pane. */
export function Sidebar() {
  const { me } = useSession()
  const snap = useSnapshot(workspace)
  const focused = snap.state.tabs[snap.state.focusedTab]
  const here = focused ? currentPath(focused).split('?')[0] : ''
  const isAdmin = me?.account.type === 'admin'
  return (
    <Box asChild className="wl-sidebar" style={{ width: SIDEBAR_WIDTH }}>
      <nav aria-label="Sidebar">
        {/* The browser's own scrolling: Radix's ScrollArea (~5 kB) would be needed before the first list for it alone. */}
        <div className="wl-sidebar__scroll">
          <Flex direction="column" gap="3" p="3">
            {SIDEBAR.map((group) => {
              const entries = group.entries.filter((entry) => isAdmin || entry.access !== 'admin')
              if (!entries.length) return null
              const single = entries.length === 1 && entries[0].label === group.label
              return (
                <Flex key={group.label} direction="column" gap="1" role="group" aria-label={group.label}>
                  {!single && (
                    <Text size="1" weight="bold" color="gray" className="wl-sidebar__group">
                      {group.label}
                    </Text>
                  )}
                  {entries.map((entry) => {
                    const active = here === entry.to.split('?')[0]
                    return (
                      <a
                        key={entry.to}
                        href={entry.to}
                        className="wl-sidebar__entry"
                        aria-current={active ? 'page' : undefined}
                        onClick={(event) => {
                          if (event.ctrlKey || event.metaKey) {
                            event.preventDefault()
                            workspaceActions.open(entry.to, 'tab')
                            return
                          }
                          event.preventDefault()
                          workspaceActions.open(entry.to)
                        }}
                      >
                        {entry.label}
                      </a>
                    )
                  })}
                </Flex>
              )
            })}
            <button type="button" className="wl-sidebar__entry wl-sidebar__logout" onClick={() => commandEnv.shell.signOut()}>
              Log Out
            </button>
          </Flex>
        </div>
      </nav>
    </Box>
  )
}
