import { sql, type SQL } from 'drizzle-orm'
import { REPORT_STATUS_CODES, reportStatusLabel, type ReportStatus } from '@core/report-status'
import { notAvailableMessage, siteReportKind } from '@core/report-kinds'
import { reportKindLabel, type ReportRowInput as ReportRow, type ReportScopeName } from '@contract/reports'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { countCapped, pageMeta } from '@server/db/paging'
import { actorOf, audit, auditedMutation, type AuditActor } from '@server/audit'
import { conflict, fieldError, forbidden, notFound } from '@server/errors'
import { FileStore } from '@server/storage/file-store'

// Report requests and reads (docs/reports.md). A request inserts a queued report and enqueues the
// job (job.ts) in one transaction; lists read the reports_tenant_scope_created_idx index newest first.

export const REPORT_JOB = 'reports.generate'
export const NO_REPORT = 'There is no such report.'
const ENTITY = 'report'

export interface ReportRequest {
  tenantId: number
  scope: ReportScopeName
  kind: string
  accountId: number | null
  from?: string
  to?: string
  params?: Record<string, unknown>
}

const isAdmin = (ctx: AuthedContext) => ctx.session.account.type === 'admin'
const actorIn = (ctx: AuthedContext): AuditActor & { tenantId: number } => ({ ...actorOf(ctx, ctx.tenant.id), tenantId: ctx.tenant.id })

/** Inserts a queued report and its job; the caller's transaction makes both exist or neither. */
export async function createReport(
  services: Services,
  tx: Queryable,
  actor: AuditActor & { tenantId: number },
  request: ReportRequest,
  /** false: no job; the caller runs the report itself (the demo seeder). */
  queue = true,
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into reports (tenant_id, scope, kind, period_from, period_to, account_id, params, requested_by)
    values (${request.tenantId}, ${request.scope}, ${request.kind},
      ${request.from ? `${request.from}-01` : null}::date, ${request.to ? `${request.to}-01` : null}::date,
      ${request.accountId}, ${JSON.stringify(request.params ?? {})}::jsonb, ${actor.actorAccountId})
    returning id`)
  const id = Number(rows[0].id)
  if (queue) await enqueueReport(services, tx, request.tenantId, id, actor.actorAccountId)
  // audit() stays: this writes inside the caller's transaction (the request's or the demo seeder's).
  await audit(tx, actor, {
    action: 'reports.request',
    entityType: ENTITY,
    entityId: id,
    after: { scope: request.scope, kind: request.kind, accountId: request.accountId, from: request.from ?? null, to: request.to ?? null },
  })
  return id
}

function enqueueReport(services: Services, tx: Queryable, tenantId: number, reportId: number, createdBy: number | null) {
  // One attempt: a failed report says why and is asked again (retry), never rerun silently.
  return services.jobs.enqueue(tx, { type: REPORT_JOB, tenantId, createdBy, payload: { reportId }, maxAttempts: 1 })
}

async function requireAccount(db: Queryable, tenantId: number, accountId: number, field: string) {
  const { rows } = await db.execute<{ id: number; type: string }>(sql`
    select id, type from accounts where id = ${accountId} and tenant_id = ${tenantId}`)
  if (!rows[0]) throw fieldError(field, 'There is no such account in this workspace.')
  if (rows[0].type === 'admin') throw fieldError(field, 'Reports are about artist and label accounts, not admins.')
  return Number(rows[0].id)
}

async function requestAndLoad(ctx: AuthedContext, request: ReportRequest): Promise<ReportRow> {
  const { services } = ctx
  const id = await services.db.transaction((tx) => createReport(services, tx, actorIn(ctx), request))
  return loadReport(ctx, id)
}

/** site-reports/{kind}: the workspace (admin, no userId) or one account (userId, or the artist itself). */
export async function requestSiteReport(ctx: AuthedContext, kind: string, body: { from?: string; to?: string; userId?: number }) {
  const info = siteReportKind(kind)
  if (!info) throw notFound('There is no such report.')
  if (info.arrivesWith) throw conflict(notAvailableMessage(info))
  const tenantId = ctx.tenant.id
  let accountId: number | null
  if (isAdmin(ctx)) {
    accountId = body.userId === undefined ? null : await requireAccount(ctx.services.db, tenantId, body.userId, 'userId')
  } else {
    if (body.userId !== undefined && body.userId !== ctx.session.account.id)
      throw forbidden('You can only ask for reports about your own account.')
    accountId = ctx.session.account.id
  }
  return requestAndLoad(ctx, { tenantId, scope: accountId === null ? 'site' : 'user', kind, accountId, from: body.from, to: body.to })
}

export async function requestReleaseEarning(ctx: AuthedContext, body: { releaseId: number; from?: string; to?: string }) {
  const { rows } = await ctx.services.db.execute<{ id: number; account_id: number }>(sql`
    select id, account_id from releases where id = ${body.releaseId} and tenant_id = ${ctx.tenant.id}`)
  if (!rows[0]) throw fieldError('releaseId', 'There is no such release in this workspace.')
  return requestAndLoad(ctx, {
    tenantId: ctx.tenant.id,
    scope: 'admin',
    kind: 'release-earning',
    accountId: Number(rows[0].account_id),
    from: body.from,
    to: body.to,
    params: { releaseId: body.releaseId },
  })
}

export async function requestArtistEarning(ctx: AuthedContext, body: { userId: number; from?: string; to?: string }) {
  const accountId = await requireAccount(ctx.services.db, ctx.tenant.id, body.userId, 'userId')
  return requestAndLoad(ctx, {
    tenantId: ctx.tenant.id,
    scope: 'admin',
    kind: 'artist-earning',
    accountId,
    from: body.from,
    to: body.to,
    params: { userId: accountId },
  })
}

/** Runs a failed report again: the same row goes back to queued with a new job. */
export async function retryReport(ctx: AuthedContext, id: number) {
  const report = await ownReport(ctx, id)
  if (report.status !== 'failed') throw conflict(`Only a failed report can be run again; this one is ${report.statusLabel.toLowerCase()}.`)
  const scope = { db: ctx.services.db, actor: actorIn(ctx) }
  await auditedMutation(scope, { action: 'reports.retry', entityType: ENTITY, entityId: id }, async (tx) => {
    // The status guard settles two retries at once: the row is taken by whichever updates it first.
    const { rows } = await tx.execute<{ id: number }>(sql`
      update reports set status = 'queued', error = '', rows = null, started_at = null, finished_at = null
      where id = ${id} and tenant_id = ${ctx.tenant.id} and status = 'failed' returning id`)
    if (!rows[0]) throw conflict('This report was already asked again.')
    await enqueueReport(ctx.services, tx, ctx.tenant.id, id, ctx.session.account.id)
    return { result: undefined, before: { status: 'failed' }, after: { status: 'queued' } }
  })
  return loadReport(ctx, id)
}

// ---------------------------------------------------------------------------------------------
// Reading

const personName = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`)

const REPORT_COLUMNS = sql`
  r.id, r.scope, r.kind, to_char(r.period_from, 'YYYY-MM') as period_from, to_char(r.period_to, 'YYYY-MM') as period_to,
  r.status, r.file_id, r.file_name, r.rows, r.error, r.params, r.created_at, r.finished_at,
  r.account_id, ${personName('u')} as account_name, r.requested_by, ${personName('a')} as requested_by_name`
const REPORT_FROM = sql`from reports r left join accounts u on u.id = r.account_id left join accounts a on a.id = r.requested_by`

/** "2026-01 – 2026-03", "From 2026-01", "Until 2026-03", "All time". */
export function periodLabel(from: string | null, to: string | null): string {
  if (from && to) return from === to ? from : `${from} – ${to}`
  if (from) return `From ${from}`
  if (to) return `Until ${to}`
  return 'All time'
}

export function toReportRow(row: Record<string, unknown>): ReportRow {
  const status = row.status as ReportStatus
  const id = Number(row.id)
  const from = (row.period_from as string | null) ?? null
  const to = (row.period_to as string | null) ?? null
  const person = (idKey: string, nameKey: string) => (row[idKey] === null ? null : { id: Number(row[idKey]), name: String(row[nameKey]) })
  return {
    id,
    scope: row.scope as ReportRow['scope'],
    kind: String(row.kind),
    type: reportKindLabel(String(row.kind)),
    from,
    to,
    period: periodLabel(from, to),
    status,
    statusLabel: reportStatusLabel(status),
    statusCode: REPORT_STATUS_CODES[status],
    file: status === 'ready' && row.file_id !== null ? { name: String(row.file_name), url: `/api/reports/single/${id}/file` } : null,
    rows: row.rows === null || row.rows === undefined ? null : Number(row.rows),
    error: status === 'failed' ? String(row.error || 'The report job failed.') : null,
    user: person('account_id', 'account_name'),
    admin: person('requested_by', 'requested_by_name'),
    adminId: row.requested_by === null ? null : Number(row.requested_by),
    params: (row.params ?? {}) as Record<string, unknown>,
    created: row.created_at as Date,
    finished: (row.finished_at as Date | null) ?? null,
  }
}

/** Who may see a report: staff any of the workspace, an artist or label the ones about its own account. */
function visibleTo(ctx: AuthedContext): SQL {
  return isAdmin(ctx) ? sql`true` : sql`r.scope = 'user' and r.account_id = ${ctx.session.account.id}`
}

export async function loadReport(ctx: AuthedContext, id: number): Promise<ReportRow> {
  return ownReport(ctx, id)
}

async function ownReport(ctx: AuthedContext, id: number): Promise<ReportRow> {
  const { rows } = await ctx.services.db.execute<Record<string, unknown>>(sql`
    select ${REPORT_COLUMNS} ${REPORT_FROM} where r.id = ${id} and r.tenant_id = ${ctx.tenant.id} and ${visibleTo(ctx)}`)
  if (!rows[0]) throw notFound(NO_REPORT)
  return toReportRow(rows[0])
}

export interface ListInput {
  page: number
  per_page: number
  status?: ReportStatus
  kind?: string
  userId?: number
}

/** One scope's reports, newest first (reports_tenant_scope_created_idx). */
export async function listReports(ctx: AuthedContext, scope: ReportScopeName, input: ListInput) {
  if (scope !== 'user' && !isAdmin(ctx)) throw forbidden('Only admins can see site and admin reports.')
  const { db } = ctx.services
  const accountId = isAdmin(ctx) ? (input.userId ?? null) : ctx.session.account.id
  const where = sql`r.tenant_id = ${ctx.tenant.id} and r.scope = ${scope}
    ${accountId !== null ? sql`and r.account_id = ${accountId}` : sql``}
    ${input.status ? sql`and r.status = ${input.status}` : sql``}
    ${input.kind ? sql`and r.kind = ${input.kind}` : sql``}`
  const { total, estimate } = await countCapped(db, sql`from reports r where ${where}`)
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select ${REPORT_COLUMNS} ${REPORT_FROM} where ${where}
    order by r.created_at desc, r.id desc limit ${input.per_page} offset ${(input.page - 1) * input.per_page}`)
  return { data: rows.map(toReportRow), meta: pageMeta(total, estimate, input.page, input.per_page) }
}

/** The earnings reports asked for one release or one account, newest first. */
export async function earningReports(ctx: AuthedContext, kind: 'release-earning' | 'artist-earning', id: number) {
  const key = kind === 'release-earning' ? 'releaseId' : 'userId'
  const { rows } = await ctx.services.db.execute<Record<string, unknown>>(sql`
    select ${REPORT_COLUMNS} ${REPORT_FROM}
    where r.tenant_id = ${ctx.tenant.id} and r.scope = 'admin' and r.kind = ${kind} and r.params ->> ${key} = ${String(id)}
    order by r.created_at desc, r.id desc limit 100`)
  return { data: rows.map(toReportRow) }
}

/** Streams a ready report's file to the reply. */
export async function downloadReport(ctx: AuthedContext, id: number) {
  const report = await ownReport(ctx, id)
  if (report.status !== 'ready') throw conflict(`The report is not ready yet; it is ${report.statusLabel.toLowerCase()}.`)
  const { rows } = await ctx.services.db.execute<{ file_id: number }>(sql`select file_id from reports where id = ${id}`)
  const file = rows[0]?.file_id ? await ctx.services.files.find(ctx.services.db, ctx.tenant.id, Number(rows[0].file_id)) : null
  if (!file) throw notFound('The file of this report is gone; ask for the report again.')
  const stream = await ctx.services.files.open(file)
  ctx.reply.headers(FileStore.responseHeaders(file)).header('content-length', String(file.size))
  return ctx.reply.send(stream)
}
