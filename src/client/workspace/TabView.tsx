import { Component, Suspense, useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react'
import { useSnapshot } from 'valtio'
import { Box, Button, Callout, Flex } from '@radix-ui/themes'
import { TabContext, mergeSearch, type TabApi } from './tab-context'
import { currentPath } from './layout'
import { workspace, workspaceActions } from './store'
import { findRoute } from '../routing/registry'
import { decideRoute } from '../routing/decide'
import { useSession } from '../state/session'
import { LoadingScreen } from '../pages/LoadingScreen'
import { MainSkeleton } from '../pages/MainSkeleton'
import { ForbiddenPage, NotFoundPage } from '../pages/StatusPage'

/** A screen that throws shows this in its own tab; the other panes keep working. */
class TabErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null; key: string }> {
  override state = { error: null as Error | null, key: this.props.resetKey }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null
  }
  override render() {
    if (!this.state.error) return this.props.children
    return (
      <Box p="5">
        <Callout.Root color="red" role="alert">
          <Callout.Text>Something went wrong, try refreshing the site and try again.</Callout.Text>
        </Callout.Root>
        <Button mt="3" variant="soft" onClick={() => this.setState({ error: null })}>
          Try again
        </Button>
      </Box>
    )
  }
}

/**
 * When the tab moves to another screen with the keyboard inside the one going (a list's focused row on
 * Enter), the keyboard is put on the tab's body before the old screen's elements are removed. Removing
 * the focused element made Chromium recompute the style of the whole page inside the removal (33 ms for
 * 1,744 elements in a traced record open); moved first, the removal is plain. `getSnapshotBeforeUpdate`
 * is the one moment after the render and before the DOM changes.
 */
export class KeyboardBeforeScreenChange extends Component<{ screen: string; body: RefObject<HTMLElement | null>; children: ReactNode }> {
  override getSnapshotBeforeUpdate(previous: { screen: string }) {
    const body = this.props.body.current
    const active = document.activeElement
    if (previous.screen !== this.props.screen && body && active && active !== body && body.contains(active)) body.focus({ preventScroll: true })
    return null
  }
  override componentDidUpdate() {}
  override render() {
    return this.props.children
  }
}

function RedirectTab({ tabId, to }: { tabId: string; to: string }) {
  useEffect(() => workspaceActions.navigate(tabId, to, { replace: true }), [tabId, to])
  return <LoadingScreen />
}

/** The id of the focused tab's body: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content'

/** Puts the keyboard on the focused tab's content (the skip link, and after navigation). */
export function focusMainContent(): boolean {
  const main = document.getElementById(MAIN_CONTENT_ID)
  if (!main) return false
  main.focus({ preventScroll: true })
  return document.activeElement === main
}

/**
 * After the focused tab moved to another screen, the keyboard follows it to the new content, unless
 * it is still on something inside the tab (a list's page buttons keep it) or a dialog holds it. A
 * dialog that closed with the navigation (the palette) hands focus back when it goes, so the move
 * waits for it and is checked once more after that.
 */
function useFocusAfterNavigation(body: RefObject<HTMLElement | null>, focused: boolean, pathname: string) {
  const previous = useRef(pathname)
  useEffect(() => {
    const changed = previous.current !== pathname
    previous.current = pathname
    if (!focused || !changed) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const move = (tries: number) => {
      const element = body.current
      const active = document.activeElement
      if (!element || (active && active !== document.body && element.contains(active))) return
      // A dialog still open (the palette closing, slower on a busy machine) hands focus back when it
      // goes: wait for it (up to a second and a half), then take the keyboard to the new content.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) {
        if (tries > 0) timer = setTimeout(() => move(tries - 1), 50)
        return
      }
      element.focus({ preventScroll: true })
      // The closed dialog may still hand focus back to its trigger a tick later: check once more.
      if (tries >= 0) timer = setTimeout(() => move(-1), 80)
    }
    timer = setTimeout(() => move(30), 0)
    return () => clearTimeout(timer)
  }, [body, focused, pathname])
}

/** One tab: its route's screen with the tab's own address, history and title. */
export function TabView({ tabId }: { tabId: string }) {
  const snap = useSnapshot(workspace)
  const tab = snap.state.tabs[tabId]
  const focused = snap.state.focusedTab === tabId
  const { status, me } = useSession()
  const path = tab ? currentPath(tab) : '/dashboard'
  const url = useMemo(() => new URL(path, window.location.origin), [path])
  const found = findRoute(url.pathname)
  const search = useMemo(() => new URLSearchParams(url.search), [url])
  const body = useRef<HTMLDivElement>(null)
  useFocusAfterNavigation(body, focused, url.pathname)

  const api = useMemo<TabApi>(
    () => ({
      tabId,
      focused,
      path,
      search,
      navigate: (to, options) => workspaceActions.navigate(tabId, to, options),
      open: (to, where) => {
        workspaceActions.focusTab(tabId)
        workspaceActions.open(to, where)
      },
      setSearch: (update, options) => workspaceActions.navigate(tabId, mergeSearch(path, update), options),
      setTitle: (title) => workspaceActions.setTitle(tabId, title),
      publishList: (handle) => workspaceActions.publishList(tabId, handle),
      publishRecord: (record) => workspaceActions.publishRecord(tabId, record),
    }),
    [tabId, focused, path, search],
  )

  if (!tab) return null
  const decision = decideRoute({ access: found?.route.access ?? null, status, me, pathname: url.pathname, search: url.search })
  let content: ReactNode
  // Which screen the tab shows: its route (a list's other page is the same screen), or the decision's page.
  const screenKey = decision.kind === 'render' ? found!.route.path : decision.kind
  switch (decision.kind) {
    case 'loading':
      content = <LoadingScreen />
      break
    case 'redirect':
      content = <RedirectTab tabId={tabId} to={decision.to.startsWith('/login') ? '/dashboard' : decision.to} />
      break
    case 'not-found':
      content = <NotFoundPage signedIn />
      break
    case 'forbidden':
      content = <ForbiddenPage />
      break
    case 'render': {
      const Screen = found!.route.screen
      content = (
        <Suspense fallback={<MainSkeleton />}>
          <Screen params={found!.params} search={search} />
        </Suspense>
      )
    }
  }
  return (
    <TabContext.Provider value={api}>
      <Flex
        direction="column"
        className="wl-tab"
        data-tab-id={tabId}
        data-focused={focused || undefined}
        // The kind of record the screen shows once its data is in (the front-end bench waits on it).
        data-record-kind={snap.records[tabId]?.kind}
        onMouseDownCapture={() => workspaceActions.focusTab(tabId)}
        onFocusCapture={() => workspaceActions.focusTab(tabId)}
        style={{ height: '100%', overflow: 'auto' }}
      >
        <Box
          ref={body}
          p="5"
          className="wl-tab__body"
          style={{ flex: 1 }}
          id={focused ? MAIN_CONTENT_ID : undefined}
          tabIndex={-1}
          aria-label={focused ? 'Main content' : undefined}
          role={focused ? 'region' : undefined}
        >
          <KeyboardBeforeScreenChange screen={screenKey} body={body}>
            <TabErrorBoundary resetKey={path}>{content}</TabErrorBoundary>
          </KeyboardBeforeScreenChange>
        </Box>
      </Flex>
    </TabContext.Provider>
  )
}
