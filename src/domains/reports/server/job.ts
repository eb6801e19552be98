import { createHash, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { SPOOL_HEAD_BYTES } from '@contract/index'
import { reportKindLabel } from '@contract/reports'
import type { Services } from '@server/context'
import { writeCsvFile } from '@server/csv-stream'
import { notify } from '@domains/notifications/server/public'
import type { FileRow } from '@server/storage/file-store'
import { REPORT_SOURCES, type ReportScope } from './sources'
import { REPORT_JOB, periodLabel } from './service'

// The report job (docs/reports.md): queued → running → ready | failed. Rows stream from the source
// into a temporary file (one keyset page in memory at a time), the file goes into storage by moving,
// never read whole, and the requester is told either way.

/** A generated report is never refused for its size; the limit only guards uploads. */
const REPORT_MAX_BYTES = Number.MAX_SAFE_INTEGER

type Claimed = {
  id: number
  tenant_id: number
  scope: string
  kind: string
  period_from: string | null
  period_to: string | null
  account_id: number | null
  params: Record<string, unknown>
  requested_by: number | null
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, 'r')
  try {
    const buffer = Buffer.alloc(SPOOL_HEAD_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, SPOOL_HEAD_BYTES, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** Where a report's notification leads: the list of its scope, focused on it. */
export function reportLink(scope: string, id: number): string {
  const list = scope === 'site' ? '/reports/site/1' : scope === 'admin' ? '/admin-reports/1' : '/reports/1'
  return `${list}?report=${id}`
}

export function reportFileName(kind: string, from: string | null, to: string | null, id: number): string {
  const period = from || to ? `${from ?? 'start'}_${to ?? 'now'}` : 'all-time'
  return `${kind.replace(/[^a-z0-9]+/gi, '-')}-${period}-${id}.csv`
}

/**
 * Builds one report's file. Answers the rows written; a report already ready or failed is left
 * alone. A report still `running` is built again: its job only runs again when the runner that had
 * it died (the job runner's lease), so the half-written file went with it.
 */
export async function runReport(services: Services, reportId: number): Promise<{ rows: number } | null> {
  const { db } = services
  const { rows: claimed } = await db.execute<Claimed>(sql`
    update reports set status = 'running', started_at = now(), error = ''
    where id = ${reportId} and status in ('queued', 'running')
    returning id, tenant_id, scope, kind, to_char(period_from, 'YYYY-MM') as period_from, to_char(period_to, 'YYYY-MM') as period_to,
      account_id, params, requested_by`)
  const report = claimed[0]
  if (!report) return null
  const id = Number(report.id)
  const tenantId = Number(report.tenant_id)
  const label = reportKindLabel(report.kind)
  const period = periodLabel(report.period_from, report.period_to)
  const requester = report.requested_by === null ? [] : [Number(report.requested_by)]
  const temp = path.join(os.tmpdir(), `wl-report-${id}-${randomUUID()}.csv`)
  let stored: FileRow | null = null
  try {
    const source = REPORT_SOURCES[report.kind]
    if (!source) throw new Error(`The ${label.toLowerCase()} report cannot be produced: this server has no source for it.`)
    const scope: ReportScope = {
      tenantId,
      accountId: report.account_id === null ? null : Number(report.account_id),
      from: report.period_from ? `${report.period_from}-01` : null,
      to: report.period_to ? `${report.period_to}-01` : null,
      params: report.params ?? {},
      files: services.files,
    }
    const count = await writeCsvFile(temp, source.header, source.rows(db, scope))
    const { size } = await stat(temp)
    const fileName = reportFileName(report.kind, report.period_from, report.period_to, id)
    const head = await headOf(temp)
    const sha256 = await sha256Of(temp)
    stored = await services.files.saveSpooled(db, {
      tenantId,
      purpose: 'reports',
      originalName: fileName,
      kind: 'csv',
      maxBytes: REPORT_MAX_BYTES,
      createdBy: report.requested_by === null ? null : Number(report.requested_by),
      head,
      spooled: { path: temp, size, sha256 },
    })
    const file = stored
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        update reports set status = 'ready', file_id = ${file.id}, file_name = ${file.originalName}, rows = ${count}, finished_at = now()
        where id = ${id}`)
      await notify(tx, {
        tenantId,
        accountIds: requester,
        title: `${label} report ready`,
        message: `Your ${label.toLowerCase()} report (${period}) is ready: ${count.toLocaleString('en')} row${count === 1 ? '' : 's'}.`,
        type: 'info',
        link: reportLink(report.scope, id),
      })
    })
    return { rows: count }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (stored) await services.files.remove(db, stored).catch(() => undefined)
    await db.transaction(async (tx) => {
      await tx.execute(sql`update reports set status = 'failed', error = ${message.slice(0, 2000)}, finished_at = now() where id = ${id}`)
      await notify(tx, {
        tenantId,
        accountIds: requester,
        title: `${label} report failed`,
        message: `Your ${label.toLowerCase()} report (${period}) could not be produced: ${message}`,
        link: reportLink(report.scope, id),
      })
    })
    throw error
  } finally {
    await rm(temp, { force: true })
  }
}

export function registerReportJobs(runner: Services['jobs'], services: Services) {
  runner.register<{ reportId: number }>(REPORT_JOB, async ({ payload }) => runReport(services, payload.reportId))
}
