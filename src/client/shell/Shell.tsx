import { Suspense, lazy, useDeferredValue, useEffect, useState, type ReactNode } from 'react'
import { HotkeysProvider } from 'react-hotkeys-hook'
import { Box, Button, Callout, Flex } from '@radix-ui/themes'
import { useSnapshot } from 'valtio'
import { Notices } from '../ui/notices/Notices'
import { sessionActor, useSession } from '../state/session'
import { api } from '../api'
import { workspace, workspaceActions, restoreWorkspace, flushWorkspace } from '../workspace/store'
import { startUrlSync } from '../workspace/url-sync'
import { WorkspaceView, preloadMosaic, tabLabel } from '../workspace/WorkspaceView'
import { MAIN_CONTENT_ID, focusMainContent } from '../workspace/TabView'
import { Banner } from './Banner'
import { Navbar } from './Navbar'
import { Sidebar } from './Sidebar'
import { Hotkeys } from './Hotkeys'
import { SupportWidget } from './SupportWidget'
import { flushRecents, loadRecents } from './recents'
import { shellActions, useShell, type ShellDialog } from './ui-state'
import { shellSlots } from './slots'
import { commandEnv, loadCommands, useLoadedCommands } from './commands'
import { findRoute } from '../routing/registry'
import { afterFirstList, loadGrid } from '../ui/list/grid-chunk'
import { warmDeferred } from '../ui/dialogs/deferred'
import { SHORTCUT_IDS, SHORTCUTS } from '@commands/shortcuts'
import { queryCache } from '../state/query-cache'
import { inLanes, loadInBackground } from '../routing/background-loads'

// No dialog is needed to paint the first screen: each loads when first opened. The palette (with cmdk)
// is fetched with the areas' commands as soon as the first list is painted and mounted (hidden, for
// good) when they are here, so mod+k only shows it; the other dialogs once the browser is idle after that.
const loadPalette = () => import('./Palette')
const Palette = lazy(() => loadPalette().then((m) => ({ default: m.Palette })))
const ShortcutsDialog = lazy(() => import('./ShortcutsDialog').then((m) => ({ default: m.ShortcutsDialog })))
const FeedbackDialog = lazy(() => import('../ui/dialogs/FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })))
const SendMessageDialog = lazy(() => import('../ui/dialogs/SendMessageDialog').then((m) => ({ default: m.SendMessageDialog })))
const UserPickerDialog = lazy(() => import('../ui/dialogs/UserPickerDialog').then((m) => ({ default: m.UserPickerDialog })))

/** A lazily loaded dialog: mounted once it opens, or once the shell warmed up. */
function Deferred({ dialog, warm, children }: { dialog: ShellDialog; warm: boolean; children: ReactNode }) {
  const shell = useShell()
  return warm || shell.dialog === dialog ? <Suspense fallback={null}>{children}</Suspense> : null
}

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
      flushRecents()
      window.removeEventListener('beforeunload', flushWorkspace)
    }
  }, [owner])
}

/**
 * The document's title follows the focused tab. A component of its own: reading the focused tab
 * re-renders its reader on every navigation, and in Shell that was the banner, navbar and sidebar.
 */
function DocumentTitle({ siteName }: { siteName: string }) {
  const snap = useSnapshot(workspace)
  const tab = snap.state.tabs[snap.state.focusedTab]
  const label = tabLabel(tab)
  useEffect(() => {
    document.title = `${label} | ${siteName}`
  }, [label, siteName])
  return null
}

/**
 * The screens the "g then key" shortcuts open that this account may see: their chunks are fetched
 * when idle, so a jump from one list to another waits for its data, not for its code too.
 */
function preloadGoScreens() {
  const staff = sessionActor.getSnapshot().context.me?.account.type === 'admin'
  const loads: (() => Promise<unknown>)[] = []
  for (const id of SHORTCUT_IDS) {
    const to = SHORTCUTS[id].bound === 'go' ? SHORTCUTS[id].to : undefined
    const route = to ? findRoute(new URL(to, window.location.origin).pathname)?.route : undefined
    const preload = route && (route.access !== 'admin' || staff) ? route.screen.preload : undefined
    if (preload) loads.push(preload)
  }
  // At once, but GO_SCREENS_AT_ONCE screens at a time (each with the chunks it imports): all together
  // they were ~100 files on the browser's six HTTP/1.1 connections, and a g r pressed while they were
  // queued sent its own screen's chunk behind them (traced: asked at the key, answered 220 ms later,
  // list → list 660 ms against ~200). Two at a time leave connections free for what a key asks.
  void inLanes(loads, GO_SCREENS_AT_ONCE)
}

/** How many go-shortcut screens' chunks are fetched side by side after the first list. */
const GO_SCREENS_AT_ONCE = 2

/**
 * Almost every screen is or holds a list: the grid's chunk comes while nobody waits for anything,
 * with the mosaic's, the dialogs' and the screens the go-shortcuts open. Answers whether that moment
 * has come.
 */
function useWarmUpWhenIdle(): boolean {
  const [warm, setWarm] = useState(false)
  useEffect(() => {
    let cancel = () => undefined as void
    let stopped = false
    // The screens a key opens at once (a g r pressed the moment the first list shows finds its code
    // here); the rest two chunks at a time, each when no read is in flight (background-loads.ts).
    const warmUp = () => {
      preloadGoScreens()
      loadInBackground(loadGrid)
      loadInBackground(preloadMosaic)
      warmDeferred()
      setWarm(true)
    }
    // Not before the first list painted (it paints without the grid), then when the browser is idle;
    // the areas' commands and record actions at once (a key pressed before they come waits for them).
    void afterFirstList().then(() => {
      if (stopped) return
      loadCommands().catch(() => undefined)
      loadPalette().catch(() => undefined)
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(warmUp, { timeout: 5_000 })
        cancel = () => window.cancelIdleCallback(id)
      } else {
        const timer = setTimeout(warmUp, 500)
        cancel = () => clearTimeout(timer)
      }
    })
    return () => {
      stopped = true
      cancel()
    }
  }, [])
  return warm
}

/**
 * The shell's dialogs. They read which dialog is open here, not in Shell: opening the palette or a
 * dialog must not render the whole workspace again (its lists and grids) before the dialog shows.
 */
function ShellDialogs({ warm }: { warm: boolean }) {
  const shell = useShell()
  // The palette mounts as soon as the commands it lists are here, in a render of its own that a
  // key pressed meanwhile interrupts (a deferred value), and stays mounted, hidden (Palette.tsx).
  const paletteWarm = useDeferredValue(useLoadedCommands(false) !== null || warm)
  return (
    <>
      <Deferred dialog="palette" warm={paletteWarm}>
        <Palette />
      </Deferred>
      <Deferred dialog="shortcuts" warm={warm}>
        <ShortcutsDialog />
      </Deferred>
      <Deferred dialog="feedback" warm={warm}>
        <FeedbackDialog
          open={shell.dialog === 'feedback'}
          onOpenChange={(open) => (open ? shellActions.open('feedback') : shellActions.close())}
        />
      </Deferred>
      <Deferred dialog="sendMessage" warm={warm}>
        <SendMessageDialog
          open={shell.dialog === 'sendMessage'}
          recipient={shell.messageTo}
          onSent={workspaceActions.refreshData}
          onOpenChange={(open) => (open ? shellActions.open('sendMessage') : shellActions.close())}
        />
      </Deferred>
      <Deferred dialog="userPicker" warm={warm}>
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
      </Deferred>
    </>
  )
}

/** The signed-in admin layout: banner, navbar, sidebar and the workspace, with the shell's dialogs. */
export default function Shell() {
  const warm = useWarmUpWhenIdle()
  const { me } = useSession()
  const shell = useShell()
  const owner = me ? `${me.tenant.id}:${me.account.id}` : 'anonymous'
  useWorkspaceLifecycle(owner)
  // Only the owner is read here, so a navigation does not render the shell's chrome again.
  const { owner: restoredFor } = useSnapshot(workspace)
  if (!me || restoredFor !== owner) return null
  return (
    <HotkeysProvider initiallyActiveScopes={['global']}>
      <DocumentTitle siteName={me.tenant.name} />
      <Flex direction="column" className="wl-shell">
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
      <ShellDialogs warm={warm} />
      {shellSlots.overlays
        .filter(({ when }) => !when || when(me.account))
        .map(({ id, Component }) => (
          <Component key={id} />
        ))}
      <Notices />
    </HotkeysProvider>
  )
}
