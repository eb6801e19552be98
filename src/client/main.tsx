import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@radix-ui/themes/styles.css'
import './styles.css'
import { App } from './App'
import { sessionActor } from './state/session'
import { loadSite } from './state/site'
import { installDialogSubmitKey } from './ui/dialogs/submit-key'

// A deploy replaced the chunk this page wanted: load the new build.
window.addEventListener('vite:preloadError', () => window.location.reload())

installDialogSubmitKey()
sessionActor.start()
void loadSite()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
