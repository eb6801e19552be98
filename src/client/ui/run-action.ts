import { ApiError } from '@client/api'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'

export const ACTION_FAILED = 'Something went wrong, try refreshing the site and try again.'

/** Runs a staff action: a success notice and a refresh of what screens show, or the server's message. */
export async function runAction<T>(action: () => Promise<T>, success: string | ((result: T) => string)): Promise<T | null> {
  try {
    const result = await action()
    showNotice(typeof success === 'string' ? success : success(result), { tone: 'success' })
    workspaceActions.refreshData()
    return result
  } catch (error) {
    showNotice(error instanceof ApiError ? error.message : ACTION_FAILED, { tone: 'error' })
    return null
  }
}

/** For forms: a success notice and a refresh, while failures go back to the form (field messages). */
export async function saveForm<T>(action: () => Promise<T>, success: string | ((result: T) => string)): Promise<T> {
  const result = await action()
  showNotice(typeof success === 'string' ? success : success(result), { tone: 'success' })
  workspaceActions.refreshData()
  return result
}

/** Runs one action per id, in order, and says how many worked and why the others did not. */
export async function runForEach(ids: readonly (string | number)[], action: (id: number) => Promise<unknown>, verb: string): Promise<void> {
  let done = 0
  const problems: string[] = []
  for (const id of ids) {
    try {
      await action(Number(id))
      done += 1
    } catch (error) {
      problems.push(error instanceof ApiError ? error.message : ACTION_FAILED)
    }
  }
  workspaceActions.refreshData()
  const summary = `${verb} ${done} of ${ids.length}.`
  if (problems.length) showNotice(`${summary} ${[...new Set(problems)].join(' ')}`, { tone: 'error', ms: 8000 })
  else showNotice(summary, { tone: 'success' })
}
