import { proxy, subscribe, useSnapshot } from 'valtio'

export interface RecentRecord {
  kind: string
  id: number | string
  title: string
  subtitle?: string
  path: string
}

interface Recents {
  owner: string | null
  records: RecentRecord[]
  commands: string[]
}

const MAX_RECORDS = 8
const MAX_COMMANDS = 6
const PREFIX = 'wl_recents:'

/** What the palette shows before anything is typed: recent records and commands, per account. */
export const recents = proxy<Recents>({ owner: null, records: [], commands: [] })

export function loadRecents(owner: string): void {
  let saved: Partial<Recents> = {}
  try {
    saved = JSON.parse(localStorage.getItem(PREFIX + owner) ?? '{}') as Partial<Recents>
  } catch {
    saved = {}
  }
  recents.owner = owner
  recents.records = Array.isArray(saved.records) ? saved.records.slice(0, MAX_RECORDS) : []
  recents.commands = Array.isArray(saved.commands) ? saved.commands.slice(0, MAX_COMMANDS) : []
}

export function rememberRecord(record: RecentRecord): void {
  recents.records = [record, ...recents.records.filter((r) => !(r.kind === record.kind && String(r.id) === String(record.id)))].slice(
    0,
    MAX_RECORDS,
  )
}

export function rememberCommand(id: string): void {
  recents.commands = [id, ...recents.commands.filter((c) => c !== id)].slice(0, MAX_COMMANDS)
}

function save(owner: string, saved: Pick<Recents, 'records' | 'commands'>): void {
  try {
    localStorage.setItem(PREFIX + owner, JSON.stringify(saved))
  } catch {
    // Storage unavailable: recents simply do not survive a reload.
  }
}

/**
 * Written a moment later, not in the task that changed them: opening a record remembers it, and
 * Chromium's localStorage write (~10 ms traced under load) was part of the record's first frame.
 * What is written is what was remembered for that account, even if another signs in meanwhile.
 */
let pending: { owner: string; saved: Pick<Recents, 'records' | 'commands'> } | null = null
let saveTimer: ReturnType<typeof setTimeout> | undefined
export const RECENTS_SAVE_DELAY_MS = 500

/** Writes what is waiting now (a page leaving, a sign-out). */
export function flushRecents(): void {
  clearTimeout(saveTimer)
  if (pending) save(pending.owner, pending.saved)
  pending = null
}

subscribe(recents, () => {
  if (!recents.owner) return
  if (pending && pending.owner !== recents.owner) flushRecents()
  pending = { owner: recents.owner, saved: { records: recents.records, commands: recents.commands } }
  clearTimeout(saveTimer)
  saveTimer = setTimeout(flushRecents, RECENTS_SAVE_DELAY_MS)
})
if (typeof window !== 'undefined') window.addEventListener('pagehide', flushRecents)

export function useRecents() {
  return useSnapshot(recents)
}
