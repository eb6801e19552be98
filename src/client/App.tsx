import { useEffect, useState, type ComponentType } from 'react'
import { Theme } from '@radix-ui/themes'
import { Router } from './routing/Router'
import { findRoute } from './routing/registry'
import { useLocation } from './routing/navigation'
import { useSite } from './state/site'
import { useSession } from './state/session'
import { useShell } from './shell/ui-state'
import { themeStyle } from './theme'
import { LoadingScreen } from './pages/LoadingScreen'

// The workspace (mosaic, palette, grids) loads only once someone has signed in (main.tsx asks for it
// at start-up when a session cookie is there).
let loadedShell: ComponentType | undefined
let loadingShell: Promise<ComponentType> | undefined
export const loadShell = (): Promise<ComponentType> =>
  (loadingShell ??= import('./shell/Shell').then(
    (module) => (loadedShell = module.default),
    (error: unknown) => {
      loadingShell = undefined
      throw error
    },
  ))

/**
 * The workspace, drawn without suspending: until its chunk is here the loading screen is a plain render
 * and the Shell replaces it by a state change. Under `<Suspense>` React holds content that resolves
 * within 300 ms of a fallback being shown until those 300 ms are over: with the Shell's chunk on hand
 * (preloaded with the HTML) a cold first list still waited ~200 ms with the main thread idle
 * (docs/decisions.md, issue 18, "Session 39 (item 4)"). A chunk that fails throws in render, as before.
 */
export function WorkspaceShell() {
  const [state, setState] = useState<{ shell?: ComponentType; error?: unknown }>(() => ({ shell: loadedShell }))
  useEffect(() => {
    if (state.shell) return
    let live = true
    loadShell().then(
      (shell) => live && setState({ shell }),
      (error: unknown) => live && setState({ error }),
    )
    return () => {
      live = false
    }
  }, [state.shell])
  if (state.error) throw state.error
  const Shell = state.shell
  return Shell ? <Shell /> : <LoadingScreen />
}

export function App() {
  const site = useSite()
  const shell = useShell()
  const { status } = useSession()
  const { pathname } = useLocation()
  useEffect(() => {
    document.documentElement.dataset.session = status
  }, [status])
  // The page's scrollbars and form controls follow the theme (Radix Themes' own rule for this, a
  // :has() on the root, is dropped at build: vite.config.ts, rootHasPlugin).
  useEffect(() => {
    document.documentElement.style.colorScheme = shell.darkMode ? 'dark' : 'light'
  }, [shell.darkMode])
  const route = findRoute(pathname)?.route
  const guestPage = route?.access === 'guest-only' || route?.access === 'public'
  return (
    <Theme
      accentColor="amber"
      grayColor="sand"
      radius="medium"
      appearance={shell.darkMode ? 'dark' : 'light'}
      style={themeStyle(site.colors)}
    >
      {status === 'authenticated' && !guestPage ? (
        <WorkspaceShell />
      ) : (
        <Router />
      )}
    </Theme>
  )
}
