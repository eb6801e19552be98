import { proxy } from 'valtio'
import { setLeaveGuard } from '@client/workspace/leave-guard'
import { workspace, workspaceActions } from '@client/workspace/store'
import { sameValues, type CoverState, type UploaderValues } from './form-model'

/**
 * The uploader's work in progress, by tab: kept outside the screen so that switching tabs or moving
 * the tab to another pane (which remounts it) loses nothing, and so that leaving with unsaved
 * changes (another address in the tab, closing it or its pane, closing the window) asks first.
 */
export interface Draft {
  /** 'new:<account id>' or 'release:<id>': what the values belong to. */
  key: string
  releaseId: number | null
  values: UploaderValues
  /** The values as last saved (or loaded); unsaved changes are the difference. */
  saved: UploaderValues
  cover: CoverState
}

const drafts = new Map<string, Draft>()
const proceeds = new Map<string, () => void>()

/** The tab whose uploader is asking "save or discard?" right now. */
export const leaveQuestion = proxy<{ tabId: string | null }>({ tabId: null })

export const isDirty = (draft: Draft | undefined) =>
  Boolean(draft && (draft.cover.kind !== 'kept' || !sameValues(draft.values, draft.saved)))

export function readDraft(tabId: string, key: string): Draft | null {
  const draft = drafts.get(tabId)
  return draft && draft.key === key ? draft : null
}

let unloadWatched = false
function watchUnload() {
  if (unloadWatched || typeof window === 'undefined') return
  unloadWatched = true
  window.addEventListener('beforeunload', (event) => {
    if (![...drafts.values()].some(isDirty)) return
    // The browser asks whether to leave; it shows its own words.
    event.preventDefault()
    event.returnValue = ''
  })
}

/** Keeps the tab's draft current and its tab guarded. */
export function writeDraft(tabId: string, draft: Draft): void {
  drafts.set(tabId, draft)
  watchUnload()
  setLeaveGuard(tabId, {
    dirty: () => isDirty(drafts.get(tabId)),
    // The first save moves the tab to the draft's own address: that is not leaving.
    keeps: (path) => {
      const releaseId = drafts.get(tabId)?.releaseId
      return releaseId !== null && releaseId !== undefined && path.split('?')[0] === `/uploader/edit/${releaseId}`
    },
    ask: (proceed) => {
      proceeds.set(tabId, proceed)
      leaveQuestion.tabId = tabId
      // The question is asked by the uploader itself: bring its tab to the front.
      if (workspace.state.focusedTab !== tabId) workspaceActions.focusTab(tabId)
    },
  })
}

/** Forget the tab's draft (discarded, or saved and left). */
export function dropDraft(tabId: string): void {
  drafts.delete(tabId)
}

/** The answer to "save or discard?": go on with the held change, or stay. */
export function answerLeave(tabId: string, go: boolean): void {
  const proceed = proceeds.get(tabId)
  proceeds.delete(tabId)
  if (leaveQuestion.tabId === tabId) leaveQuestion.tabId = null
  if (go && proceed) {
    proceed()
    // A closed tab takes its draft with it.
    if (!workspace.state.tabs[tabId]) drafts.delete(tabId)
  }
}
