import type { Queryable } from './db/engine'
import type { FileStore } from './storage/file-store'

// What a report job asks of the domain that owns a report's rows. It lives on the platform so
// the owning domains (earnings, splits, payouts, catalogue) need not import the reports domain,
// which imports them.

/** Whose data and which months a report covers. `accountId` null: the whole workspace. */
export interface ReportScope {
  tenantId: number
  accountId: number | null
  /** First days of the first and last month covered; null: open-ended. */
  from: string | null
  to: string | null
  params: Record<string, unknown>
  /** Stored files, for sources that read statement lines back from their files (raw-data). */
  files?: FileStore
}

export interface ReportSource {
  header: readonly string[]
  rows(q: Queryable, scope: ReportScope): AsyncIterable<readonly unknown[]>
}
