import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import type { ReportRow } from '../../../src/contract/reports'
import { ReportsScreen } from '../../../src/domains/reports/ui/ReportsScreen'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { me, signIn } from '../site/fixtures'
import { respond } from '../dialogs/fetch-mock'
import { page, serveRoutes } from '../releases/fixtures'

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

const report = (status: ReportRow['status']): ReportRow => ({
  id: 12,
  scope: 'site',
  kind: 'monthly',
  type: 'Monthly sales',
  from: '2026-10',
  to: '2026-10',
  period: 'October 2026',
  status,
  statusLabel: status === 'failed' ? 'Failed' : 'Queued',
  statusCode: status === 'failed' ? 3 : 0,
  file: null,
  rows: null,
  error: status === 'failed' ? 'The statement store was unreachable' : null,
  user: null,
  admin: { id: 1, name: 'Ada Admin' },
  adminId: 1,
  params: {},
  created: '2026-11-20T10:00:00.000Z',
  finished: null,
})

describe('reports screen: Retry is the declared action (commands/reports.ts)', () => {
  it('runs a failed report again with the palette’s message and shows it queued', async () => {
    await signIn(me({ type: 'admin', isOperator: false }))
    let current = report('failed')
    const { requests } = serveRoutes({
      'GET /api/reports/site-reports': () => respond(200, page([current])),
      'POST /api/reports/single/12/retry': () => {
        current = report('queued')
        return respond(202, current)
      },
    })
    render(
      <Theme>
        <ReportsScreen scope="site" params={{ page: '1' }} search={new URLSearchParams()} />
        <Notices />
      </Theme>,
    )
    const row = await screen.findByRole('row', { name: /Monthly sales/ })
    await userEvent.click(within(row).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1))
    expect(await screen.findByText('Report #12 asked again: it is being prepared.')).toBeTruthy()
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: /Monthly sales/ })).queryByRole('button', { name: 'Retry' })).toBeNull(),
    )
  })
})
