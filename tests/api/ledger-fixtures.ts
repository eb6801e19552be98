import { sql } from 'drizzle-orm'
import type { Services } from '../../src/server/context'
import { splitPayees, splits, statementImports, statementLines } from '../../src/server/db/schema'
import { fromScaled, toScaled } from '../../src/core/decimal'
import { foldPendingTracks } from '../../src/domains/earnings/server/ledger/track-fold'

let hashes = 0

export interface LineInput {
  period?: string
  net: string
  quantity?: number
  channel?: string
  territory?: string
  isrc?: string | null
  upc?: string | null
  title?: string
  trackId?: number | null
  releaseId?: number | null
  matchedBy?: 'isrc' | 'upc' | 'manual' | null
}

/** A parsed statement import (status review by default) with its lines, as the importer leaves it. */
export async function createImport(
  services: Services,
  input: { tenantId: number; source?: 'cms' | 'audiosalad'; period?: string; status?: string; lines: LineInput[] },
) {
  const period = input.period ?? '2025-03-01'
  const total = input.lines.reduce((sum, line) => sum + toScaled(line.net, 6), 0n)
  const [row] = await services.db
    .insert(statementImports)
    .values({
      tenantId: input.tenantId,
      source: input.source ?? 'cms',
      status: input.status ?? 'review',
      fileName: 'statement.csv',
      contentHash: `hash-${++hashes}-${Date.now()}`,
      period,
      currency: 'USD',
      exchangeRate: '1',
      rows: input.lines.length,
      net: fromScaled(total, 6),
      netBase: fromScaled(total, 6),
    })
    .returning()
  if (input.lines.length > 0)
    await services.db.insert(statementLines).values(
      input.lines.map((line, index) => ({
        tenantId: input.tenantId,
        importId: row.id,
        lineNo: index + 1,
        period: line.period ?? period,
        isrc: line.isrc ?? null,
        upc: line.upc ?? null,
        title: line.title ?? null,
        channel: line.channel ?? 'youtube',
        territory: line.territory ?? 'US',
        quantity: line.quantity ?? 1,
        net: line.net,
        netBase: line.net,
        trackId: line.trackId ?? null,
        releaseId: line.releaseId ?? null,
        matchedBy: line.matchedBy ?? (line.trackId ? 'isrc' : line.releaseId ? 'upc' : null),
      })),
    )
  return row
}

export async function setImportStatus(services: Services, importId: number, status: string) {
  await services.db.execute(sql`update statement_imports set status = ${status} where id = ${importId}`)
}

/** An active split of a track among accounts with the given shares (10-place decimals summing to 1). */
export async function createSplit(
  services: Services,
  input: { tenantId: number; trackId: number; ownerAccountId: number; startsOn?: string; payees: { accountId: number; share: string }[] },
) {
  const [split] = await services.db
    .insert(splits)
    .values({
      tenantId: input.tenantId,
      trackId: input.trackId,
      ownerAccountId: input.ownerAccountId,
      status: 'active',
      startsOn: input.startsOn ?? '2024-01-01',
    })
    .returning()
  for (const payee of input.payees) {
    await services.db.insert(splitPayees).values({
      tenantId: input.tenantId,
      splitId: split.id,
      email: `payee${payee.accountId}@example.test`,
      accountId: payee.accountId,
      share: payee.share,
      status: 'confirmed',
    })
  }
  return split
}

/**
 * Every rollup table's rows of a tenant, in a stable order, for before/after comparisons: read as
 * every reader of the per-track rollups reads them, after folding the pending deltas.
 */
export async function rollupState(services: Services, tenantId: number) {
  await foldPendingTracks(services.db, tenantId)
  const tables = [
    'earnings_monthly',
    'earnings_account_monthly',
    'earnings_account_totals',
    'earnings_track_monthly',
    'earnings_release_totals',
    'earnings_track_totals',
    'earnings_channel_monthly',
    'earnings_release_detail',
  ]
  const state: Record<string, unknown[]> = {}
  for (const table of tables) {
    const { rows } = await services.db.execute(sql`select * from ${sql.identifier(table)} where tenant_id = ${tenantId} order by 1, 2, 3`)
    state[table] = rows.map((row) => JSON.parse(JSON.stringify(row)))
    state[table].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
  }
  return state
}

/** Account-book balance of an account (all categories), as a 6-place string. */
export async function accountBalance(services: Services, accountId: number) {
  const { rows } = await services.db.execute<{ total: string | null }>(
    sql`select coalesce(sum(amount), 0)::numeric(24,6)::text as total from ledger_entries where book = 'account' and account_id = ${accountId}`,
  )
  return rows[0].total
}

export async function bookSum(services: Services, tenantId: number, book: string) {
  const { rows } = await services.db.execute<{ total: string | null }>(
    sql`select coalesce(sum(amount), 0)::numeric(24,6)::text as total from ledger_entries where tenant_id = ${tenantId} and book = ${book}`,
  )
  return rows[0].total
}
