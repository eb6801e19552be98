// Report job statuses (docs/reports.md). Site reports carry the status as an integer in the spec's
// entity; REPORT_STATUS_CODES maps it.

export const REPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

export const REPORT_STATUS_CODES: Readonly<Record<ReportStatus, number>> = { queued: 0, running: 1, ready: 2, failed: 3 }

export const REPORT_STATUS_INFO: Readonly<Record<ReportStatus, { label: string; meaning: string }>> = {
  queued: { label: 'Queued', meaning: 'Waiting for the report job to start.' },
  running: { label: 'Running', meaning: 'The file is being written.' },
  ready: { label: 'Ready', meaning: 'The file can be downloaded.' },
  failed: { label: 'Failed', meaning: 'The job stopped with an error; ask again.' },
}

export const reportStatusLabel = (status: string) => REPORT_STATUS_INFO[status as ReportStatus]?.label ?? status
