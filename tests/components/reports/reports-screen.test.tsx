import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { Theme } from '@radix-ui/themes'
import type { ReportRow } from '../../../src/contract/reports'
import type { ReportStatus } from '../../../src/core/report-status'
import { UserReportsScreen } from '../../../src/domains/reports/ui/ReportsScreen'
import { mockFetch, respond } from '../dialogs/fetch-mock'

afterEach(() => vi.restoreAllMocks())

const LABELS: Record<ReportStatus, string> = { queued: 'Queued', running: 'Running', ready: 'Ready', failed: 'Failed' }

function report(status: ReportStatus): ReportRow {
  return {
    id: 5,
    scope: 'user',
    kind: 'tracks',
    type: 'Tracks',
    from: '2026-01',
    to: '2026-03',
    period: '2026-01 – 2026-03',
    status,
    statusLabel: LABELS[status],
    statusCode: 0,
    file: null,
    rows: null,
    error: null,
    user: { id: 42, name: 'Nina Hart' },
    admin: { id: 1, name: 'Ada Admin' },
    adminId: 1,
    params: {},
    created: '2026-03-02T10:00:00.000Z',
    finished: null,
  }
}

describe('reports screen', () => {
  it("shows the focused report's status from the same answer as its row, not from a separate load polled apart", async () => {
    // The card's own load answered before the job started; the list's, after.
    mockFetch((request) =>
      request.path === '/api/reports/single/5'
        ? respond(200, report('queued'))
        : respond(200, { data: [report('running')], meta: { total: 1, totalIsEstimate: false, page: 1, per_page: 25, last_page: 1 } }),
    )
    render(
      <Theme>
        <UserReportsScreen params={{ page: '1' }} search={new URLSearchParams('report=5')} />
      </Theme>,
    )
    const table = await screen.findByRole('table', { name: 'User reports' })
    expect(within(table).getByText('Running')).toBeTruthy()
    const card = await screen.findByLabelText('Report #5')
    expect(within(card).queryByText('Queued')).toBeNull()
    expect(within(card).getByText('Running')).toBeTruthy()
  })
})
