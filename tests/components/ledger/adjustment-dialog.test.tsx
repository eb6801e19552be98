import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { AdjustmentDialog } from '../../../src/domains/earnings/ui/ledger/AdjustmentDialog'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { mockFetch, respond } from '../dialogs/fetch-mock'

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

const balance = {
  adjustment: '-12.50',
  earnings: '1000.00',
  payouts: '0.00',
  publishing: '0.00',
  sales: '0.00',
  available: '987.50',
  debt: '0.00',
  debtNote: null,
}

describe('adjustment dialog', () => {
  it('shows the server’s field messages and keeps what was typed, then adds the adjustment and closes', async () => {
    const onOpenChange = vi.fn()
    const { requests } = mockFetch((request) => {
      const body = request.body as { amount: string; reason: string }
      if (!body.reason) return respond(400, { message: 'Check the form', errors: { reason: 'A reason is required' } })
      return respond(201, { balance, lastEarnings: { date: null, amount: '0.00' } })
    })
    render(
      <Theme>
        <AdjustmentDialog accountId={42} accountName="Nina Vale" open onOpenChange={onOpenChange} />
        <Notices />
      </Theme>,
    )
    expect(screen.getByRole('dialog', { name: 'Add an adjustment' }).textContent).toContain('Nina Vale’s balance')
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '-12.50')
    await userEvent.click(screen.getByRole('button', { name: 'Add adjustment' }))
    expect((await screen.findByRole('alert')).textContent).toBe('A reason is required')
    expect(screen.getByRole('textbox', { name: 'Amount (USD)' })).toHaveProperty('value', '-12.50')
    expect(onOpenChange).not.toHaveBeenCalled()

    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Chargeback from store')
    await userEvent.click(screen.getByRole('button', { name: 'Add adjustment' }))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/users/single/42/adjustments',
      body: { amount: '-12.50', reason: 'Chargeback from store' },
    })
    expect(await screen.findByText('Adjustment added. Available balance: $987.50.')).toBeTruthy()
  })
})

describe('adjustment dialog, below zero', () => {
  it('shows the shortfall the server refused and sends it back only once the admin ticks it', async () => {
    const onOpenChange = vi.fn()
    const { requests } = mockFetch((request) => {
      const body = request.body as { confirmShortfall?: string }
      if (body.confirmShortfall !== '60.00')
        return respond(409, {
          message:
            'This adjustment would take 1 account below zero (Nina Vale by 60.00): 60.00 in all. Confirm the shortfall of 60.00 with a reason to record it as a recoupable debt.',
          code: 'shortfall_unconfirmed',
          errors: { shortfall: '60.00' },
        })
      return respond(201, {
        balance: { ...balance, available: '-60.00', debt: '60.00', debtNote: 'Manual adjustment' },
        lastEarnings: { date: null, amount: '0.00' },
      })
    })
    render(
      <Theme>
        <AdjustmentDialog accountId={42} accountName="Nina Vale" open onOpenChange={onOpenChange} />
        <Notices />
      </Theme>,
    )
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '-100')
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Chargeback')
    await userEvent.click(screen.getByRole('button', { name: 'Add adjustment' }))
    const warning = await screen.findByRole('alert', { name: 'Balance below zero' })
    expect(warning.textContent).toContain('below zero (Nina Vale by 60.00)')
    expect(requests.at(-1)?.body).toMatchObject({ amount: '-100', reason: 'Chargeback' })
    expect(onOpenChange).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('checkbox', { name: /Record \$60\.00 as a recoupable debt/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Add adjustment' }))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(requests.at(-1)?.body).toMatchObject({ amount: '-100', reason: 'Chargeback', confirmShortfall: '60.00' })
    expect(await screen.findByText('Adjustment added. The account owes $60.00 of recoupable debt.')).toBeTruthy()
  })
})
