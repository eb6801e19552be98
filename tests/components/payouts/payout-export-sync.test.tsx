import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import type { PayoutBatch } from '../../../src/contract/payout-batches'
import PayoutExportScreen from '../../../src/domains/payouts/ui/batches/PayoutExportScreen'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { me, signIn } from '../site/fixtures'
import { respond } from '../dialogs/fetch-mock'
import { page, serveRoutes } from '../releases/fixtures'

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

const batch = (id: number, delivery: 'file' | 'api', processing: number): PayoutBatch => ({
  id,
  date: '2026-11-20T10:00:00.000Z',
  provider: 'paypal',
  file: { id: 100 + id, name: `batch-${id}.csv` },
  count: 2,
  amount: '150.000000',
  net: '147.000000',
  delivery,
  providerBatchId: delivery === 'api' ? 'PB-1' : null,
  by: { id: 1, name: 'Ada Admin' },
  statuses: { processing, paid: 2 - processing, failed: 0 },
})

describe('payout exports: Sync is the declared payouts.batchSync action', () => {
  it('offers Sync on a batch submitted through the API with payouts still processing, and reports the provider’s answer', async () => {
    await signIn(me({ type: 'admin', isOperator: false }))
    let synced = false
    const { requests } = serveRoutes({
      'GET /api/payouts/history/1': () => respond(200, page([batch(12, 'api', synced ? 0 : 2), batch(11, 'file', 2)])),
      'GET /api/payouts/connections': () => respond(200, { data: [] }),
      'POST /api/payouts/batches/12/sync': () => {
        synced = true
        return respond(200, {
          batch: batch(12, 'api', 0),
          providerStatus: 'SUCCESS',
          paid: 2,
          failed: 0,
          pending: 0,
          message: 'Batch 12: 2 payouts paid, 0 failed, 0 still processing.',
        })
      },
    })
    render(
      <Theme>
        <PayoutExportScreen params={{ page: '1' }} search={new URLSearchParams()} />
        <Notices />
      </Theme>,
    )
    const api = await screen.findByRole('row', { name: /batch-12\.csv/ })
    expect(within(screen.getByRole('row', { name: /batch-11\.csv/ })).queryByRole('button', { name: 'Sync' })).toBeNull()
    await userEvent.click(within(api).getByRole('button', { name: 'Sync' }))
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1))
    expect(await screen.findByText('Batch 12: 2 payouts paid, 0 failed, 0 still processing.')).toBeTruthy()
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: /batch-12\.csv/ })).queryByRole('button', { name: 'Sync' })).toBeNull(),
    )
  })
})

describe('payout exports: Export runs the palette’s own export', () => {
  it('asks with the count and totals, makes the batch, says so and opens it', async () => {
    await signIn(me({ type: 'admin', isOperator: false }))
    const connection = {
      provider: 'paypal',
      label: 'PayPal',
      configured: false,
      apiBase: 'https://api-m.sandbox.paypal.com',
      delivery: 'file',
      message: 'PayPal: not configured',
      activityUrl: 'https://www.paypal.com/activity',
      lastBatch: null,
      payableAccounts: 3,
      approved: { count: 2, amount: '150.00', net: '147.00' },
    }
    const { requests } = serveRoutes({
      'GET /api/payouts/history/1': () => respond(200, page([])),
      'GET /api/payouts/connections': () => respond(200, { data: [connection] }),
      'POST /api/payouts/export': () => respond(201, batch(13, 'file', 2)),
    })
    render(
      <Theme>
        <PayoutExportScreen params={{ page: '1' }} search={new URLSearchParams()} />
        <Notices />
      </Theme>,
    )
    await userEvent.click(await screen.findByRole('button', { name: /Export approved PayPal payouts/ }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Export approved PayPal payouts?' })
    expect(dialog.textContent).toContain('2 payouts totalling $150.00 (net $147.00)')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }))
    expect(await screen.findByText('Batch #13 exported: 2 payouts, $147.00 to pay.')).toBeTruthy()
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ provider: 'paypal' }])
  })
})
