import { proxy } from 'valtio'

export type NoticeTone = 'success' | 'info' | 'error'

export interface Notice {
  id: number
  text: string
  tone: NoticeTone
}

export interface NoticeOptions {
  tone?: NoticeTone
  /** How long it stays, in milliseconds. */
  ms?: number
}

/**
 * Long enough to read a sentence after looking up from the keyboard (Radix's toast keeps 5 s): at 4 s a
 * busy machine left little of it once painted (an e2e run at load 13 looked 4.6 s after the click).
 */
export const DEFAULT_NOTICE_MS = 6000
/** Spec: the copy notice shows for 2 seconds. */
export const COPY_NOTICE_MS = 2000
/** At most this many at once: the oldest goes first. */
const MAX_NOTICES = 4

/** The notices on screen, newest last. `<Notices />` renders them. */
export const noticeState = proxy<{ items: Notice[] }>({ items: [] })

let nextId = 1
const timers = new Map<number, ReturnType<typeof setTimeout>>()

export function dismissNotice(id: number): void {
  clearTimeout(timers.get(id))
  timers.delete(id)
  const index = noticeState.items.findIndex((item) => item.id === id)
  if (index >= 0) noticeState.items.splice(index, 1)
}

/** Shows a short message at the bottom right for `ms` milliseconds; answers its id. */
export function showNotice(text: string, options: NoticeOptions = {}): number {
  const id = nextId++
  noticeState.items.push({ id, text, tone: options.tone ?? 'info' })
  while (noticeState.items.length > MAX_NOTICES) dismissNotice(noticeState.items[0].id)
  timers.set(
    id,
    setTimeout(() => dismissNotice(id), options.ms ?? DEFAULT_NOTICE_MS),
  )
  return id
}

/** Copies text and says so; a failure is only logged (spec). Answers whether it worked. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('The clipboard is not available here')
    await navigator.clipboard.writeText(text)
  } catch (error) {
    console.error('Copying to the clipboard failed', error)
    return false
  }
  showNotice('Copied to clipboard', { tone: 'success', ms: COPY_NOTICE_MS })
  return true
}
