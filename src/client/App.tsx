import { useEffect } from 'react'
import { Theme } from '@radix-ui/themes'
import { Router } from './routing/Router'
import { findRoute } from './routing/registry'
import { lazyComponent } from './routing/lazy-screen'
import { useLocation } from './routing/navigation'
import { useSite } from './state/site'
import { useSession } from './state/session'
import { useShell } from './shell/ui-state'
import { themeStyle } from './theme'
import { LoadingScreen } from './pages/LoadingScreen'

// The workspace (mosaic, palette, grids) loads only once someone has signed in (main.tsx asks for it
// at start-up when a session cookie is there). It never suspends (`lazyComponent`): with its chunk
// preloaded with the HTML, React's Suspense throttle held a cold first list ~200 ms with nothing to do.
export const WorkspaceShell = lazyComponent(() => import('./shell/Shell'), LoadingScreen)
export const loadShell = (): Promise<unknown> => WorkspaceShell.preload()

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
