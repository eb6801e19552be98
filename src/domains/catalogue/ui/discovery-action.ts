import { ApiError, api } from '@client/api'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'
import { discoverySummary } from '@commands/releases'
import { ACTION_FAILED } from './actions'

/** Submits releases to Spotify Discovery Mode and says how it went (the releases list's bulk action). */
export async function addToSpotifyDiscovery(releaseIds: readonly number[]): Promise<void> {
  try {
    const answer = await api.call('releases.addToSpotifyDiscovery', { body: { releaseIds: [...releaseIds] } })
    const summary = discoverySummary(answer)
    showNotice(summary.text, { tone: summary.tone, ms: summary.tone === 'error' ? 8000 : undefined })
    workspaceActions.refreshData()
  } catch (error) {
    showNotice(error instanceof ApiError ? error.message : ACTION_FAILED, { tone: 'error', ms: 8000 })
  }
}
