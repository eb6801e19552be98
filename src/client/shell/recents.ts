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

subscribe(recents, () => {
  if (!recents.owner) return
  try {
    localStorage.setItem(PREFIX + recents.owner, JSON.stringify({ records: recents.records, commands: recents.commands }))
  } catch {
    // Storage unavailable: recents simply do not survive a reload.
  }
})

export function useRecents() {
  return useSnapshot(recents)
}
