import { SITE_REPORT_KINDS } from '@core/report-kinds'
import { endpoint } from './define'
import { reportRow, siteReportBody } from './reports'
import { isSiteReportKind, siteReportEndpointId, type SiteReportEndpointId } from './site-report-kinds'
export * from './site-report-kinds'

// site-reports/{kind}: one call per kind of src/core/report-kinds.ts (docs/reports.md). An admin
// without userId asks for the workspace (a site report); with userId, or an artist or label asking,
// the report covers that one account (a user report). Kinds whose data arrives later answer 409.

const siteReportEndpoint = (kind: string, label: string, arrivesWith: string | null) =>
  endpoint({
    method: 'POST',
    path: `site-reports/${kind}`,
    access: 'auth',
    summary: arrivesWith
      ? `${label} report: not available yet (its data arrives with ${arrivesWith}); answers 409`
      : `Ask for the ${label.toLowerCase()} report (CSV) for a period (from/to YYYY-MM): queued; admins may name an account (userId)`,
    body: siteReportBody,
    response: reportRow,
    status: 202,
  })

export const siteReportsEndpoints = Object.fromEntries(
  SITE_REPORT_KINDS.map((info) => {
    if (!isSiteReportKind(info.kind)) throw new Error(`Site report kind ${info.kind} is missing from SITE_REPORT_KIND_IDS`)
    return [siteReportEndpointId(info.kind), siteReportEndpoint(info.kind, info.label, info.arrivesWith)]
  }),
) as { [K in SiteReportEndpointId]: ReturnType<typeof siteReportEndpoint> }
