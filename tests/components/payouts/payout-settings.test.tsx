import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { api } from '../../../src/client/api'
import { PayoutSettingsDialog } from '../../../src/domains/payouts/ui/PayoutSettingsDialog'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { mockFetch, respond } from '../dialogs/fetch-mock'

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

const settings = {
  minimumWithdrawal: '50',
  fees: { paypal: { percent: '2', fixed: '0.3', cap: '20' }, tipalti: { percent: '0', fixed: '3', cap: null } },
}

describe('payout settings dialog', () => {
  it('loads the settings, shows the server’s field messages, then saves and closes', async () => {
    const onClose = vi.fn()
    const { requests } = mockFetch((request) => {
      if (request.method === 'GET') return respond(200, settings)
      const body = request.body as typeof settings
      if (body.fees.paypal.percent === '150')
        return respond(400, { message: 'Check', errors: { 'fees.paypal.percent': 'The percentage cannot be over 100' } })
      return respond(200, body)
    })
    render(
      <Theme>
        <PayoutSettingsDialog open onClose={onClose} />
        <Notices />
      </Theme>,
    )
    const minimum = screen.getByRole('textbox', { name: 'Minimum withdrawal (USD)' })
    await waitFor(() => expect(minimum).toHaveProperty('value', '50'))
    const [paypalPercent] = screen.getAllByRole('textbox', { name: 'Percent' })
    await userEvent.clear(paypalPercent)
    await userEvent.type(paypalPercent, '150')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The percentage cannot be over 100')
    expect(onClose).not.toHaveBeenCalled()

    await userEvent.clear(paypalPercent)
    await userEvent.type(paypalPercent, '2.5')
    await userEvent.clear(screen.getAllByRole('textbox', { name: 'Cap (USD)' })[0])
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/payouts/settings',
      body: { minimumWithdrawal: '50', fees: { paypal: { percent: '2.5', fixed: '0.3', cap: null } } },
    })
    expect(await screen.findByText('Payout settings saved. Payouts already requested keep their fee.')).toBeTruthy()
  })
})

describe('idempotency keys', () => {
  it('the api client sends a fresh Idempotency-Key with every payout call, and none with other calls', async () => {
    const keys: (string | null)[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      keys.push(new Headers(init?.headers).get('idempotency-key'))
      return respond(200, { payout: {}, message: 'ok' })
    })
    await api.call('payouts.changeStatus', { body: { id: 1, status: 'approved' } })
    await api.call('payouts.changeStatus', { body: { id: 1, status: 'approved' } })
    await api.call('payouts.settings').catch(() => undefined)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).not.toBe(keys[0])
    expect(keys[2]).toBeNull()
  })
})
