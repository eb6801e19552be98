import { ApiError } from '@client/api'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'

export const LEDGER_FAILED = 'Something went wrong, try refreshing the site and try again.'

/** A ledger action from a button: a success notice and a refresh of every screen, or the server's message. */
export async function ledgerAction<T>(action: () => Promise<T>, success: (result: T) => string): Promise<T | null> {
  try {
    const result = await action()
    showNotice(success(result), { tone: 'success' })
    workspaceActions.refreshData()
    return result
  } catch (error) {
    showNotice(error instanceof ApiError ? error.message : LEDGER_FAILED, { tone: 'error' })
    return null
  }
}

/** For forms: failures go back to the form (field messages); success notices and refreshes. */
export async function ledgerSave<T>(action: () => Promise<T>, success: (result: T) => string): Promise<T> {
  const result = await action()
  showNotice(success(result), { tone: 'success' })
  workspaceActions.refreshData()
  return result
}
