import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { api } from '@client/api'
import { useSession } from '@client/state/session'
import { workspace, workspaceActions } from '@client/workspace/store'
import { currentPath } from '@client/workspace/layout'
import { profileTab } from './site-ui'
import { wizardStatus } from './wizard-store'

/**
 * No UI: a white-label operator who arrives on the dashboard with the company profile unfinished is
 * sent to the site settings tab that finishes it (logos: tab 0; support email and address: tab 2),
 * once the setup wizard has closed.
 */
export default function ProfileRedirect() {
  const { me } = useSession()
  const snap = useSnapshot(workspace)
  const status = useSnapshot(wizardStatus)
  const tab = snap.state.tabs[snap.state.focusedTab]
  const pathname = tab ? new URL(currentPath(tab), 'http://x').pathname : null
  const isOperator = me?.account.isOperator ?? false
  const onDashboard = pathname === '/dashboard'
  useEffect(() => {
    if (!isOperator || !status.settled || status.open || !onDashboard) return
    const controller = new AbortController()
    api
      .call('site.settings', undefined, { signal: controller.signal })
      .then((settings) => {
        const target = profileTab(settings)
        if (target !== null) workspaceActions.open(`/site-settings?tab=${target}`)
      })
      // Nothing to redirect to when the settings cannot be read; the dashboard stays.
      .catch(() => undefined)
    return () => controller.abort()
  }, [isOperator, status.settled, status.open, onDashboard])
  return null
}
