import { ApiError, api } from '@client/api'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'
import { statusLabel } from '@core/release-status'

export { runAction, runForEach, saveForm, ACTION_FAILED } from '@client/ui/run-action'

/**
 * Moves releases to a status through the transition table: says how many moved and, for the others,
 * the table's reason. Answers whether every one moved.
 */
export async function changeReleaseStatus(ids: readonly number[], status: number, reason?: string): Promise<boolean> {
  try {
    const result = await api.call('releases.status', { body: { ids: [...ids], status, reason: reason || undefined } })
    workspaceActions.refreshData()
    const reasons = [...new Set(result.refused.map((entry) => entry.reason))]
    if (ids.length === 1 && result.updated.length === 1) showNotice(`Status changed to ${statusLabel(status)}.`, { tone: 'success' })
    else if (reasons.length === 0)
      showNotice(`Moved ${result.updated.length} of ${ids.length} to ${statusLabel(status)}.`, { tone: 'success' })
    else
      showNotice(`Moved ${result.updated.length} of ${ids.length} to ${statusLabel(status)}. ${reasons.join(' ')}`, {
        tone: 'error',
        ms: 8000,
      })
    return reasons.length === 0
  } catch (error) {
    showNotice(error instanceof ApiError ? error.message : 'Something went wrong, try refreshing the site and try again.', {
      tone: 'error',
      ms: 8000,
    })
    return false
  }
}
