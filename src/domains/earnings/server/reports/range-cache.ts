/**
 * The overview's top releases, tracks and accounts for a range sum every track- or account-month of
 * the range (about a second per million rows), while the rollups change only when a ledger
 * transaction commits. So an answer is kept per workspace and range with the ledger's stamp at the
 * time, and used while the stamp is unchanged; the next import, match or rollback makes it stale.
 * The per-track rollups are folded after those commit (ledger/track-fold.ts), but a fold needs no
 * stamp of its own: the commit already moved the stamp, and a value computed after it folds before
 * it sums. Per process, a few ranges.
 */
const MAX_ENTRIES = 32

interface Entry<T> {
  stamp: string
  value: Promise<T>
}

export class RangeCache<T> {
  private entries = new Map<string, Entry<T>>()
  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  async get(key: string, stamp: string, compute: () => Promise<T>): Promise<T> {
    const found = this.entries.get(key)
    if (found && found.stamp === stamp) {
      // Most recently used last: the oldest goes first when full.
      this.entries.delete(key)
      this.entries.set(key, found)
      return found.value
    }
    const value = compute()
    const entry = { stamp, value }
    this.entries.delete(key)
    this.entries.set(key, entry)
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string)
    // A failure is not remembered.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key)
    })
    return value
  }
}
