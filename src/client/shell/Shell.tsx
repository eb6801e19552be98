import { useEffect } from 'react'
import { HotkeysProvider } from 'react-hotkeys-hook'
import { Box, Button, Callout, Flex } from '@radix-ui/themes'
import { useSnapshot } from 'valtio'
import { FeedbackDialog } from '../ui/dialogs/FeedbackDialog'
import { SendMessageDialog } from '../ui/dialogs/SendMessageDialog'
import { UserPickerDialog } from '../ui/dialogs/UserPickerDialog'
import { Notices } from '../ui/notices/Notices'
import { sessionActor, useSession } from '../state/session'
import { api } from '../api'
import { workspace, workspaceActions, restoreWorkspace, flushWorkspace } from '../workspace/store'
import { currentPath } from '../workspace/layout'
import { startUrlSync } from '../workspace/url-sync'
import { WorkspaceView, tabLabel } from '../workspace/WorkspaceView'
import { MAIN_CONTENT_ID, focusMainContent } from '../workspace/TabView'
import { Banner } from './Banner'
import { Navbar } from './Navbar'
import { Sidebar } from './Sidebar'
import { Palette } from './Palette'
import { ShortcutsDialog } from './ShortcutsDialog'
import { Hotkeys } from './Hotkeys'
import { SupportWidget } from './SupportWidget'
import { loadRecents } from './recents'
import { shellActions, useShell } from './ui-state'
import { shellSlots } from './slots'
import { commandEnv } from './commands'
import { findRoute } from '../routing/registry'
import { afterFirstList, loadGrid } from '../ui/list/grid-chunk'
import { queryCache } from '../state/query-cache'

const isKnownPath = (path: string) => findRoute(new URL(path, window.location.origin).pathname) !== null

function useWorkspaceLifecycle(owner: string) {
  useEffect(() => {
    // Another account (or none): nothing the last one loaded may show.
    queryCache.clear()
    restoreWorkspace(owner, `${window.location.pathname}${window.location.search}`, isKnownPath)
    loadRecents(owner)
    const stop = startUrlSync()
    window.addEventListener('beforeunload', flushWorkspace)
    return () => {
      stop()
      flushWorkspace()
      window.removeEventListener('beforeunload', flushWorkspace)
    }
  }, [owner])
}

function useDocumentTitle(siteName: string) {
  const snap = useSnapshot(workspace)
  const tab = snap.state.tabs[snap.state.focusedTab]
  const label = tabLabel(tab)
  useEffect(() => {
    document.title = `${label} | ${siteName}`
  }, [label, siteName])
}

/** The signed-in admin layout: banner, navbar, sidebar and the workspace, with the shell's dialogs. */
/** Almost every screen is or holds a list: the grid's chunk comes while nobody waits for anything. */
function usePreloadGridWhenIdle() {
  useEffect(() => {
    let cancel = () => undefined as void
    let stopped = false
    // Not before the first list painted (it paints without the grid), then when the browser is idle.
    void afterFirstList().then(() => {
      if (stopped) return
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(() => void loadGrid(), { timeout: 5_000 })
        cancel = () => window.cancelIdleCallback(id)
      } else {
        const timer = setTimeout(() => void loadGrid(), 500)
        cancel = () => clearTimeout(timer)
      }
    })
    return () => {
      stopped = true
      cancel()
    }
  }, [])
}

export default function Shell() {
  usePreloadGridWhenIdle()
  const { me } = useSession()
  const shell = useShell()
  const owner = me ? `${me.tenant.id}:${me.account.id}` : 'anonymous'
  useWorkspaceLifecycle(owner)
  useDocumentTitle(me?.tenant.name ?? 'wl-admin')
  const snap = useSnapshot(workspace)
  if (!me || snap.owner !== owner) return null
  const focused = snap.state.tabs[snap.state.focusedTab]
  return (
    <HotkeysProvider initiallyActiveScopes={['global']}>
      <Flex direction="column" className="wl-shell" data-focused-path={focused ? currentPath(focused) : undefined}>
        {/* The first stop of the Tab key: past the banner, navbar and sidebar to the focused tab. */}
        <a
          href={`#${MAIN_CONTENT_ID}`}
          className="wl-skip-link"
          onClick={(event) => {
            event.preventDefault()
            focusMainContent()
          }}
        >
          Skip to main content
        </a>
        <Banner />
        <Navbar />
        {me.actingAs && (
          <Callout.Root color="orange" style={{ borderRadius: 0 }} role="status">
            <Callout.Text>
              You are continuing as {me.account.displayName}.{' '}
              <Button
                size="1"
                variant="soft"
                color="orange"
                onClick={async () =>
                  sessionActor.send({ type: 'ME_UPDATED', me: await api.call('auth.continueAsCollaborator', { body: {} }) })
                }
              >
                Back to {me.actingAs.originalDisplayName}
              </Button>
            </Callout.Text>
          </Callout.Root>
        )}
        <Flex style={{ flex: 1, minHeight: 0 }}>
          {shell.sidebarOpen && <Sidebar />}
          <Box asChild style={{ flex: 1, minWidth: 0, position: 'relative' }}>
            <main aria-label="Workspace">
              <WorkspaceView />
            </main>
          </Box>
        </Flex>
        <SupportWidget />
      </Flex>
      <Hotkeys />
      <Palette />
      <ShortcutsDialog />
      <FeedbackDialog
        open={shell.dialog === 'feedback'}
        onOpenChange={(open) => (open ? shellActions.open('feedback') : shellActions.close())}
      />
      <SendMessageDialog
        open={shell.dialog === 'sendMessage'}
        recipient={shell.messageTo}
        onSent={workspaceActions.refreshData}
        onOpenChange={(open) => (open ? shellActions.open('sendMessage') : shellActions.close())}
      />
      <UserPickerDialog
        open={shell.dialog === 'userPicker'}
        title="Create a release for…"
        ownersOnly
        onOpenChange={(open) => (open ? shellActions.open('userPicker') : shellActions.close())}
        onSelect={(user) => {
          shellActions.close()
          commandEnv.open(`/uploader?user=${user.id}`)
        }}
      />
      {shellSlots.overlays
        .filter(({ when }) => !when || when(me.account))
        .map(({ id, Component }) => (
          <Component key={id} />
        ))}
      <Notices />
    </HotkeysProvider>
  )
}
