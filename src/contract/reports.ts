import { z } from 'zod'
import { REPORT_STATUSES } from '@core/report-status'
import { SITE_REPORT_KINDS } from '@core/report-kinds'
import { endpoint } from './define'
import { id, idParams, page, pageOf, perPage, timestamp, nullableTimestamp } from './common'

// Report jobs (docs/reports.md): a request creates a queued report and a job that streams the
// kind's rows into a CSV file; the lists show each report's period, type, status, who it is about
// and who asked, and the file once ready.

export const REPORT_SCOPES = ['user', 'admin', 'site'] as const
export type ReportScopeName = (typeof REPORT_SCOPES)[number]

/** Admin reports about one release or one artist account (reports/release/earning, reports/artist/earning). */
export const ADMIN_REPORT_KINDS = [
  { kind: 'release-earning', label: 'Release earnings', arrivesWith: null },
  { kind: 'artist-earning', label: 'Artist earnings', arrivesWith: null },
] as const

/** The label of any report kind (site kinds and the admin earning kinds). */
export function reportKindLabel(kind: string): string {
  return SITE_REPORT_KINDS.find((info) => info.kind === kind)?.label ?? ADMIN_REPORT_KINDS.find((info) => info.kind === kind)?.label ?? kind
}

export const REPORT_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
const month = z.string().trim().regex(REPORT_MONTH, 'Use a month like 2026-05')

/** The months a report covers: both optional (open-ended), `from` never after `to`. */
export const reportPeriod = z.object({
  from: month.optional(),
  to: month.optional(),
})
const periodRefine = (value: { from?: string; to?: string }, context: z.RefinementCtx) => {
  if (value.from && value.to && value.from > value.to)
    context.addIssue({ code: 'custom', path: ['to'], message: 'The last month must not be before the first month' })
}

/** site-reports/* body: the period, and for admins the account the report is about (none: the workspace). */
export const siteReportBody = reportPeriod.extend({ userId: id.optional() }).superRefine(periodRefine)
export const releaseEarningBody = reportPeriod.extend({ releaseId: id }).superRefine(periodRefine)
export const artistEarningBody = reportPeriod.extend({ userId: id }).superRefine(periodRefine)

const person = z.object({ id: z.number(), name: z.string() }).nullable()

/** A report as the lists show it (spec "Reports" and "Site report"). */
export const reportRow = z.object({
  id: z.number(),
  scope: z.enum(REPORT_SCOPES),
  kind: z.string(),
  /** The kind's label ("Monthly sales"). */
  type: z.string(),
  /** First and last month covered (YYYY-MM), null when open-ended; `period` says it in words. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  period: z.string(),
  status: z.enum(REPORT_STATUSES),
  statusLabel: z.string(),
  /** The spec's integer status of a site report (REPORT_STATUS_CODES). */
  statusCode: z.number().int(),
  /** The file once ready: its name and the address that downloads it. */
  file: z.object({ name: z.string(), url: z.string() }).nullable(),
  rows: z.number().nullable(),
  error: z.string().nullable(),
  /** The account the report is about (null: the whole workspace). */
  user: person,
  /** Who asked for it (the spec's "admin"; an artist asking for its own report appears here too). */
  admin: person,
  adminId: z.number().nullable(),
  params: z.record(z.string(), z.unknown()),
  created: timestamp,
  finished: nullableTimestamp,
})
export type ReportRow = z.infer<typeof reportRow>
/** What the server builds (timestamps may still be Date objects). */
export type ReportRowInput = z.input<typeof reportRow>

export const reportListQuery = z.object({
  page,
  per_page: perPage,
  status: z.enum(REPORT_STATUSES, 'Status must be queued, running, ready or failed').optional(),
  kind: z.string().trim().max(60).optional(),
  userId: id.optional(),
})

const recent = z.object({ data: z.array(reportRow) })

export const reportsEndpoints = {
  'reports.list': endpoint({
    method: 'GET',
    path: 'reports',
    access: 'auth',
    summary: "Account (user) reports, newest first: admins see every account's, an artist or label only its own",
    query: reportListQuery,
    response: pageOf(reportRow),
  }),
  'reports.adminReports': endpoint({
    method: 'GET',
    path: 'reports/admin-reports',
    access: 'admin',
    summary: 'Admin reports (release and artist earnings), newest first',
    query: reportListQuery,
    response: pageOf(reportRow),
  }),
  'reports.siteReports': endpoint({
    method: 'GET',
    path: 'reports/site-reports',
    access: 'auth',
    summary: 'Workspace-wide site reports, newest first (admins only)',
    query: reportListQuery,
    response: pageOf(reportRow),
  }),
  'reports.releaseEarnings': endpoint({
    method: 'GET',
    path: 'reports/releases/earning/{id}',
    access: 'admin',
    summary: 'The earnings reports asked for one release, newest first (at most 100)',
    params: idParams,
    response: recent,
  }),
  'reports.artistEarnings': endpoint({
    method: 'GET',
    path: 'reports/artists/earning/{id}',
    access: 'admin',
    summary: 'The earnings reports asked for one artist or label account, newest first (at most 100)',
    params: idParams,
    response: recent,
  }),
  'reports.requestReleaseEarning': endpoint({
    method: 'POST',
    path: 'reports/release/earning',
    access: 'admin',
    summary: "Ask for a release's earnings report (optional period YYYY-MM): queued as an admin report",
    body: releaseEarningBody,
    response: reportRow,
    status: 202,
  }),
  'reports.requestArtistEarning': endpoint({
    method: 'POST',
    path: 'reports/artist/earning',
    access: 'admin',
    summary: "Ask for an artist or label account's earnings report (optional period YYYY-MM): queued as an admin report",
    body: artistEarningBody,
    response: reportRow,
    status: 202,
  }),
  'reports.get': endpoint({
    method: 'GET',
    path: 'reports/single/{id}',
    access: 'auth',
    summary: 'One report (its status, period and file): admins any of the workspace, others only their own',
    params: idParams,
    response: reportRow,
  }),
  'reports.download': endpoint({
    method: 'GET',
    path: 'reports/single/{id}/file',
    access: 'auth',
    summary: "Download a ready report's CSV file: admins any of the workspace, others only their own",
    params: idParams,
    response: z.unknown(),
    responseType: 'file',
  }),
  'reports.retry': endpoint({
    method: 'POST',
    path: 'reports/single/{id}/retry',
    access: 'auth',
    summary: 'Run a failed report again (same kind, period and account): queued anew',
    params: idParams,
    response: reportRow,
    status: 202,
  }),
}
