import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@radix-ui/themes/styles.css'
import './styles.css'
import { App, loadShell } from './App'
import { sessionActor } from './state/session'
import { loadSite } from './state/site'
import { installDialogSubmitKey } from './ui/dialogs/submit-key'
import { prefetchRoute } from './routing/prefetch-route'
import { onNavigationStart } from './workspace/store'
import { CSRF_COOKIE } from '@core/session'

// A deploy replaced the chunk this page wanted: load the new build.
window.addEventListener('vite:preloadError', () => window.location.reload())

// Radix's scroll lock (every modal dialog, menu and select) gives <body> a custom property while it is
// on. Custom properties are inherited, so each opening and closing restyled the whole page (40-100 ms
// on a list screen). <body> holds the same value for good, inline, which the lock's rule cannot
// change; nothing here reads it (styles.css, #root, has the other half of this).
document.body.style.setProperty('--removed-body-scroll-bar-size', '0px')

installDialogSubmitKey()
sessionActor.start()
void loadSite()

// A returning signed-in visitor (the session's readable CSRF cookie is there): the workspace, this
// address's screen and its first reads are fetched while the session is being checked, instead of one
// after another once it answers (a list's grid comes after its first paint). A stale cookie costs a
// few unused downloads.
if (document.cookie.split('; ').some((part) => part.startsWith(`${CSRF_COOKIE}=`))) {
  prefetchRoute(`${window.location.pathname}${window.location.search}`, { grid: false })
  loadShell().catch(() => undefined)
}
// From then on, every navigation fetches its screen and first reads when it starts.
onNavigationStart(prefetchRoute)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
