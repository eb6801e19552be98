import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import {
  IMPORT_STATUS_LABELS,
  STATEMENT_MAX_BYTES,
  importReport,
  type ImportDetail,
  type ImportRow,
  type ImportStatus,
  type RollbackPreview,
  type StatementField,
  type StatementSource,
} from '@contract/earnings-imports'
import type { UploadedFile } from '@contract/index'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { countCapped, pageMeta } from '@server/db/paging'
import { actorOf, auditedMutation, type AuditActor, type Mutation } from '@server/audit'
import { HttpError, conflict, forbidden, notFound } from '@server/errors'
import { FileStore } from '@server/storage/file-store'
import { csvHeaderRow } from '@server/csv-upload'
import { StatementFormatError, resolveColumns } from './formats'
import { dropLines, parseImport } from './parse'
import { readImportLines, type LineFilter } from './lines-read'
import { debts, importAccountChanges, lockAccounts, postImport, queueTrackFold, rollbackImport } from './ledger'
import { unitsToCents } from '@core/decimal'
import { statementImports } from '../schema'

export const PARSE_JOB = 'earnings.import.parse'
export const NO_IMPORT = 'This import does not exist.'
const ENTITY = 'statementImport'

export interface UploadInput {
  period: string
  currency: string
  mapping: Partial<Record<StatementField, string>>
}

const uploadError = (status: number, message: string) => new HttpError(status, message, 'validation', { file: message })

async function standingImport(db: Queryable, tenantId: number, hash: string): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from statement_imports where tenant_id = ${tenantId} and content_hash = ${hash}
      and status not in ('cancelled', 'failed', 'rolled_back') limit 1`)
  return rows[0] ? Number(rows[0].id) : null
}

const duplicate = (id: number) => conflict(`This file was already imported (import #${id}).`)

/**
 * Stores a statement and queues its dry run. The bytes are checked (text CSV, its header has the
 * columns the source needs) before anything is kept; the same file is refused while an import of it
 * stands. Used by the upload call and by the demo seeder alike.
 */
export async function createImport(
  services: Services,
  actor: AuditActor & { tenantId: number },
  source: StatementSource,
  input: UploadInput,
  /** Whole bytes (the seeder), or a spooled upload whose `data` is its first bytes. */
  file: Pick<UploadedFile, 'filename' | 'data' | 'spooled'>,
  /** false: no parse job; the caller runs parseImport itself (the demo seeder). */
  queue = true,
): Promise<{ id: number; status: ImportStatus }> {
  const { db } = services
  const tenantId = actor.tenantId
  const size = file.spooled?.size ?? file.data.length
  if (size === 0) throw uploadError(400, 'The file is empty.')
  if (!FileStore.isText(file.data, size > file.data.length)) throw uploadError(415, 'The file must be a CSV file.')
  try {
    resolveColumns(source, csvHeaderRow(file.data), input.mapping)
  } catch (error) {
    if (error instanceof StatementFormatError) throw uploadError(400, error.message)
    throw error
  }
  const hash = file.spooled?.sha256 ?? createHash('sha256').update(file.data).digest('hex')
  const existing = await standingImport(db, tenantId, hash)
  if (existing) throw duplicate(existing)
  const period = `${input.period}-01`
  try {
    const scope = { db, actor }
    return await auditedMutation(scope, { action: 'earnings.import.upload', entityType: ENTITY }, async (tx) => {
      const what = {
        tenantId,
        purpose: 'statements',
        originalName: file.filename || 'statement.csv',
        kind: 'csv' as const,
        maxBytes: STATEMENT_MAX_BYTES,
        createdBy: actor.actorAccountId,
      }
      const stored = await services.files.saveUpload(tx, what, file)
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into statement_imports (tenant_id, source, status, file_id, file_name, content_hash, period, currency, mapping, created_by)
        values (${tenantId}, ${source}, 'uploaded', ${stored.id}, ${stored.originalName}, ${hash}, ${period}::date, ${input.currency},
          ${JSON.stringify(input.mapping)}::jsonb, ${actor.actorAccountId})
        returning id`)
      const id = Number(rows[0].id)
      if (queue) {
        const jobId = await services.jobs.enqueue(tx, {
          type: PARSE_JOB,
          tenantId,
          createdBy: actor.actorAccountId,
          payload: { tenantId, importId: id },
          maxAttempts: 3,
        })
        await tx.execute(sql`update statement_imports set job_id = ${jobId} where id = ${id}`)
      }
      return {
        result: { id, status: 'uploaded' as const },
        entityId: id,
        after: { source, fileName: stored.originalName, period: input.period, currency: input.currency, mapping: input.mapping },
      }
    })
  } catch (error) {
    // Two uploads of one file at once: the partial unique index lets one through.
    if ((error as { code?: string }).code === '23505') {
      const standing = await standingImport(db, tenantId, hash)
      if (standing) throw duplicate(standing)
    }
    throw error
  }
}

export function uploadStatement(ctx: AuthedContext, source: StatementSource, input: UploadInput, file: UploadedFile | undefined) {
  if (!file) throw uploadError(400, 'Please provide the file.')
  return createImport(ctx.services, { ...actorOf(ctx, ctx.tenant.id), tenantId: ctx.tenant.id }, source, input, file)
}

type ImportRecord = {
  id: number
  status: ImportStatus
  report: Record<string, unknown>
  net_base: string
}

/** A change to one import: its row is locked first, so actions on one import apply one after the other. */
const importMutation = (action: string, tenantId: number, id: number): Mutation => ({
  action,
  entityType: ENTITY,
  lock: { table: statementImports, id, tenantId, missing: NO_IMPORT },
})

/** The import's row, read under the lock importMutation took. */
async function lockedImport(tx: Queryable, tenantId: number, id: number): Promise<ImportRecord> {
  const { rows } = await tx.execute<ImportRecord>(sql`
    select id, status, report, net_base::text as net_base from statement_imports
    where id = ${id} and tenant_id = ${tenantId}`)
  if (!rows[0]) throw notFound(NO_IMPORT)
  return { ...rows[0], id: Number(rows[0].id) }
}

const statusWord = (status: ImportStatus) => IMPORT_STATUS_LABELS[status].toLowerCase()

/** Why Commit is refused for an import in this state, or null. Lines with errors block it. */
export function commitBlocked(status: ImportStatus, report: Record<string, unknown> | null): string | null {
  if (status !== 'review') return `Only an import whose dry run is ready can be committed; this one is ${statusWord(status)}.`
  const errors = (report?.errors as { count?: number } | undefined)?.count ?? 0
  if (errors > 0)
    return `${errors.toLocaleString('en')} line${errors === 1 ? ' has an error' : 's have errors'}: cancel this import, fix the file and import it again.`
  return null
}

/**
 * Commits a dry-run import in ONE transaction: the ledger posting and every rollup (postImport),
 * then the status. Anything failing rolls all of it back, so balances stay as they were and the
 * import stays in review, ready to be committed again.
 */
export async function commitImport(services: Services, actor: AuditActor & { tenantId: number }, id: number): Promise<void> {
  const scope = { db: services.db, actor }
  await auditedMutation(scope, importMutation('earnings.import.commit', actor.tenantId, id), async (tx) => {
    const row = await lockedImport(tx, actor.tenantId, id)
    const blocked = commitBlocked(row.status, row.report)
    if (blocked) throw conflict(blocked)
    await postImport(tx, actor.tenantId, id, actor.actorAccountId)
    await queueTrackFold(services.jobs, tx, actor.tenantId)
    await tx.execute(sql`
      update statement_imports set status = 'committed', committed_by = ${actor.actorAccountId}, committed_at = now()
      where id = ${id}`)
    return { result: undefined, before: { status: row.status }, after: { status: 'committed', netBase: row.net_base } }
  })
}

/** Cancels an import before commit: its lines go (never posted), the import row stays. */
export async function cancelImport(services: Services, actor: AuditActor & { tenantId: number }, id: number): Promise<void> {
  const scope = { db: services.db, actor }
  await auditedMutation(scope, importMutation('earnings.import.cancel', actor.tenantId, id), async (tx) => {
    const row = await lockedImport(tx, actor.tenantId, id)
    if (row.status === 'parsing') throw conflict('The file is still being read: cancel it when its dry run is ready.')
    if (!['uploaded', 'review', 'failed'].includes(row.status))
      throw conflict(`This import is ${statusWord(row.status)}: it cannot be cancelled.`)
    await dropLines(tx, id)
    await tx.execute(sql`update statement_imports set status = 'cancelled', cancelled_at = now() where id = ${id}`)
    return { result: undefined, before: { status: row.status }, after: { status: 'cancelled' } }
  })
}

/** What rolling the import back would take below zero, from the balances as they are now. */
async function rollbackShortfalls(q: Queryable, tenantId: number, id: number) {
  const changes = await importAccountChanges(q, tenantId, id)
  return { changes, shortfalls: await debts.shortfallsOf(q, tenantId, changes) }
}

/** The rollback's preview: the accounts it would take below zero and the total shortfall to confirm. */
export async function rollbackPreview(ctx: AuthedContext, id: number): Promise<RollbackPreview> {
  const tenantId = ctx.tenant.id
  const { rows } = await ctx.services.db.execute<{ status: ImportStatus; net_base: string }>(sql`
    select status, net_base::text as net_base from statement_imports where tenant_id = ${tenantId} and id = ${id}`)
  const row = rows[0]
  if (!row) throw notFound(NO_IMPORT)
  if (row.status !== 'committed') throw conflict(`Only a committed import can be rolled back; this one is ${statusWord(row.status)}.`)
  const { changes, shortfalls } = await rollbackShortfalls(ctx.services.db, tenantId, id)
  const total = debts.totalShortfall(shortfalls)
  return {
    importId: id,
    netBase: row.net_base,
    accounts: [...changes.values()].filter((change) => change < 0n).length,
    shortfalls: shortfalls.map(debts.shortfallView),
    totalShortfall: unitsToCents(total),
    needsConfirmation: total > 0n,
  }
}

/**
 * Rolls a committed import back with compensating entries (rollbackImport); nothing is deleted. The
 * accounts it debits are locked first, so the shortfall checked is the one posted: one that would
 * take balances below zero needs that shortfall confirmed with a reason, and is recorded as debts.
 */
export async function rollbackStatement(
  services: Services,
  actor: AuditActor & { tenantId: number },
  id: number,
  confirmation: debts.ShortfallConfirmation = {},
): Promise<void> {
  const scope = { db: services.db, actor }
  await auditedMutation(scope, importMutation('earnings.import.rollback', actor.tenantId, id), async (tx) => {
    const row = await lockedImport(tx, actor.tenantId, id)
    if (row.status !== 'committed') throw conflict(`Only a committed import can be rolled back; this one is ${statusWord(row.status)}.`)
    const changes = await importAccountChanges(tx, actor.tenantId, id)
    await lockAccounts(tx, actor.tenantId, [...changes.keys()])
    const { shortfalls } = await rollbackShortfalls(tx, actor.tenantId, id)
    debts.requireConfirmation(shortfalls, confirmation, `Rolling back import #${id}`)
    const { transactionId } = await rollbackImport(tx, actor.tenantId, id, actor.actorAccountId)
    await queueTrackFold(services.jobs, tx, actor.tenantId)
    await debts.recordDebts(tx, actor.tenantId, shortfalls, {
      source: 'rollback',
      importId: id,
      transactionId,
      reason: confirmation.reason ?? '',
      actorId: actor.actorAccountId,
    })
    await tx.execute(sql`
      update statement_imports set status = 'rolled_back', rolled_back_by = ${actor.actorAccountId}, rolled_back_at = now()
      where id = ${id}`)
    return {
      result: undefined,
      before: { status: 'committed', netBase: row.net_base },
      after: {
        status: 'rolled_back',
        ...(confirmation.reason ? { reason: confirmation.reason } : {}),
        ...(shortfalls.length
          ? {
              debt: unitsToCents(debts.totalShortfall(shortfalls)),
              debts: shortfalls.map((item) => ({ accountId: item.accountId, amount: unitsToCents(item.shortfall) })),
            }
          : {}),
      },
    }
  })
}

const actorIn = (ctx: AuthedContext) => ({ ...actorOf(ctx, ctx.tenant.id), tenantId: ctx.tenant.id })

export async function commitAction(ctx: AuthedContext, id: number) {
  await commitImport(ctx.services, actorIn(ctx), id)
  return loadImport(ctx, id)
}
export async function cancelAction(ctx: AuthedContext, id: number) {
  await cancelImport(ctx.services, actorIn(ctx), id)
  return loadImport(ctx, id)
}
export async function rollbackAction(ctx: AuthedContext, id: number, confirmation: debts.ShortfallConfirmation = {}) {
  await rollbackStatement(ctx.services, actorIn(ctx), id, confirmation)
  return loadImport(ctx, id)
}

// ---------------------------------------------------------------------------------------------
// Reading

// The import histories are signed-in calls in the spec (endpoints.tsv: auth), so the contract cannot
// say admin; staff only is checked here.
function requireAdmin(ctx: AuthedContext) {
  if (ctx.session?.account.type !== 'admin') throw forbidden('This needs an admin account.')
}

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`)

const IMPORT_COLUMNS = sql`
  i.id, i.source, i.status, i.file_name, to_char(i.period, 'YYYY-MM') as period, i.currency, i.exchange_rate::text as rate,
  i.rows, i.matched_isrc + i.matched_upc + i.matched_manual as matched, i.unmatched, i.gross::text as gross, i.net::text as net,
  i.net_base::text as net_base, i.error, i.created_at, i.created_by, ${personName('c')} as created_by_name`

type ImportSqlRow = Record<string, unknown>

function toRow(row: ImportSqlRow): ImportRow {
  return {
    id: Number(row.id),
    source: row.source as StatementSource,
    status: row.status as ImportStatus,
    fileName: String(row.file_name),
    period: String(row.period),
    currency: String(row.currency),
    rate: (row.rate as string | null) ?? null,
    rows: Number(row.rows),
    matched: Number(row.matched),
    unmatched: Number(row.unmatched),
    gross: String(row.gross),
    net: String(row.net),
    netBase: String(row.net_base),
    error: (row.error as string | null) ?? null,
    created: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
    createdBy: row.created_by === null ? null : { id: Number(row.created_by), name: String(row.created_by_name) },
  }
}

/** An import history page, newest first (statement_imports_history_idx). */
export async function importHistory(ctx: AuthedContext, source: StatementSource, page: number, perPage: number) {
  requireAdmin(ctx)
  const { db } = ctx.services
  const from = sql`from statement_imports i where i.tenant_id = ${ctx.tenant.id} and i.source = ${source}`
  const { total, estimate } = await countCapped(db, from)
  const { rows } = await db.execute<ImportSqlRow>(sql`
    select ${IMPORT_COLUMNS} from statement_imports i left join accounts c on c.id = i.created_by
    where i.tenant_id = ${ctx.tenant.id} and i.source = ${source}
    order by i.created_at desc, i.id desc limit ${perPage} offset ${(page - 1) * perPage}`)
  return { data: rows.map(toRow), meta: pageMeta(total, estimate, page, perPage) }
}

export async function loadImport(ctx: AuthedContext, id: number): Promise<ImportDetail> {
  const { rows } = await ctx.services.db.execute<ImportSqlRow>(sql`
    select ${IMPORT_COLUMNS}, i.mapping, i.report, i.committed_at, i.committed_by, ${personName('m')} as committed_by_name,
      i.rolled_back_at, i.rolled_back_by, ${personName('r')} as rolled_back_by_name, i.cancelled_at
    from statement_imports i
      left join accounts c on c.id = i.created_by
      left join accounts m on m.id = i.committed_by
      left join accounts r on r.id = i.rolled_back_by
    where i.id = ${id} and i.tenant_id = ${ctx.tenant.id}`)
  const row = rows[0]
  if (!row) throw notFound(NO_IMPORT)
  const base = toRow(row)
  const parsedReport = importReport.safeParse(row.report)
  const report = parsedReport.success ? parsedReport.data : null
  const person = (idKey: string, nameKey: string) => (row[idKey] === null ? null : { id: Number(row[idKey]), name: String(row[nameKey]) })
  return {
    ...base,
    mapping: (row.mapping ?? {}) as Record<string, string>,
    report,
    committed: (row.committed_at as Date | null) ?? null,
    committedBy: person('committed_by', 'committed_by_name'),
    rolledBack: (row.rolled_back_at as Date | null) ?? null,
    rolledBackBy: person('rolled_back_by', 'rolled_back_by_name'),
    cancelled: (row.cancelled_at as Date | null) ?? null,
    commitBlocked: base.status === 'review' ? commitBlocked(base.status, report) : null,
  } as ImportDetail
}

/** An import's lines in file order (./lines-read.ts); `unmatched` reads the partial index of lines with no release. */
export async function importLines(ctx: AuthedContext, id: number, page: number, perPage: number, filter: LineFilter) {
  const { db } = ctx.services
  const exists = await db.execute(sql`select 1 from statement_imports where id = ${id} and tenant_id = ${ctx.tenant.id}`)
  if (!exists.rows.length) throw notFound(NO_IMPORT)
  const { data, total, estimate } = await readImportLines(ctx.services, ctx.tenant.id, id, page, perPage, filter)
  return { data, meta: pageMeta(total, estimate, page, perPage) }
}

/** The parse job: one per upload (the seeder calls parseImport directly, the same work). */
export function registerImportJobs(runner: Services['jobs'], services: Services) {
  runner.register<{ tenantId: number; importId: number }>(PARSE_JOB, async ({ job, payload, signal }) => ({
    read: await parseImport(services, payload.tenantId, payload.importId, { jobId: job.id, signal }),
  }))
}
