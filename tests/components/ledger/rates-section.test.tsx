import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { RatesSection } from '../../../src/domains/earnings/ui/ledger/RatesSection'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { mockFetch, respond, type Request } from '../dialogs/fetch-mock'
import type { ExchangeRate } from '../../../src/contract/ledger'
import { me, signIn } from '../site/fixtures'

// The rates screen is an admin's; its delete runs the palette's own command, for an admin.
beforeAll(() => signIn(me({ type: 'admin', isOperator: false })))

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

/** A small rates server: list with a currency filter, create (409 on duplicates), delete. */
function ratesServer() {
  let rates: ExchangeRate[] = [
    { id: 1, currency: 'EUR', period: '2025-03', rate: '1.0825', created: '2025-04-01T10:00:00Z', createdBy: { id: 2, name: 'Ada Admin' } },
    { id: 2, currency: 'GBP', period: '2025-03', rate: '1.27', created: '2025-04-01T10:00:00Z', createdBy: null },
  ]
  let next = 3
  return (request: Request) => {
    if (request.method === 'GET') {
      const currency = request.query.get('currency') ?? ''
      const data = rates.filter((rate) => rate.currency.startsWith(currency))
      return respond(200, { data, meta: { total: data.length, totalIsEstimate: false, page: 1, per_page: 25, last_page: 1 } })
    }
    if (request.method === 'POST') {
      const body = request.body as { currency: string; period: string; rate: string }
      if (!/^\d{4}-\d{2}$/.test(body.period))
        return respond(400, { message: 'Check the form', errors: { period: 'A month is written YYYY-MM, for example 2025-03' } })
      const currency = body.currency.toUpperCase()
      if (rates.some((rate) => rate.currency === currency && rate.period === body.period))
        return respond(409, { message: `There is already a rate for ${currency} in ${body.period}. Delete it first to enter a new one.` })
      const created = { id: next++, currency, period: body.period, rate: body.rate, created: '2025-04-02T10:00:00Z', createdBy: null }
      rates = [created, ...rates]
      return respond(201, created)
    }
    const id = Number(request.path.split('/').pop())
    rates = rates.filter((rate) => rate.id !== id)
    return respond(200, { ok: true })
  }
}

function renderRates() {
  const mock = mockFetch(ratesServer())
  render(
    <Theme>
      <RatesSection />
      <Notices />
    </Theme>,
  )
  return mock
}

const table = () => screen.getByRole('table', { name: 'Exchange rates' })
const currencies = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)

describe('exchange rates section', () => {
  it('lists rates and filters by currency', async () => {
    const { requests } = renderRates()
    await waitFor(() => expect(currencies()).toEqual(['EUR', 'GBP']))
    expect(within(table()).getByText('1.0825')).toBeTruthy()
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter by currency' }), 'gb')
    await waitFor(() => expect(currencies()).toEqual(['GBP']))
    expect(requests.at(-1)?.query.get('currency')).toBe('GB')
  })

  it('adds a rate and shows a duplicate as the server says', async () => {
    const { requests } = renderRates()
    await waitFor(() => expect(currencies()).toHaveLength(2))
    await userEvent.type(screen.getByRole('textbox', { name: 'Currency' }), 'jpy')
    await userEvent.type(screen.getByLabelText('Month'), '2025-03')
    await userEvent.type(screen.getByRole('textbox', { name: 'Rate' }), '0.0067')
    await userEvent.click(screen.getByRole('button', { name: 'Add rate' }))
    await waitFor(() => expect(currencies()).toEqual(['JPY', 'EUR', 'GBP']))
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ currency: 'jpy', period: '2025-03', rate: '0.0067' })
    expect(await screen.findByText('JPY rate for 2025-03 added.')).toBeTruthy()

    await userEvent.type(screen.getByRole('textbox', { name: 'Currency' }), 'EUR')
    await userEvent.clear(screen.getByRole('textbox', { name: 'Rate' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Rate' }), '1.1')
    await userEvent.click(screen.getByRole('button', { name: 'Add rate' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is already a rate for EUR in 2025-03. Delete it first to enter a new one.',
    )
  })

  it('deletes a rate after asking', async () => {
    const { requests } = renderRates()
    await waitFor(() => expect(currencies()).toHaveLength(2))
    await userEvent.click(screen.getByRole('button', { name: 'Delete the EUR rate for 2025-03' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this exchange rate?' })
    expect(dialog.textContent).toContain('Imports that used it keep their own copy.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete rate' }))
    await waitFor(() => expect(currencies()).toEqual(['GBP']))
    expect(requests.some((request) => request.method === 'DELETE' && request.path === '/api/reports/exchange-rate/1')).toBe(true)
  })
})
