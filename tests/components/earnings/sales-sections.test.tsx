import { accountState } from '../../helpers/records'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { respond } from '../dialogs/fetch-mock'
import { serveRoutes } from '../releases/fixtures'
import { fakeCommandEnv } from '../../helpers/command-env'
import { EARNINGS_COMMANDS } from '../../../commands/earnings'
import type { CommandContext } from '../../../commands/types'

vi.mock('../../../src/domains/earnings/ui/MoneyChart', () => ({
  default: ({ months, series }: { months: string[]; series: { name: string; values: string[] }[] }) => (
    <ol aria-label="Sales chart">
      {series.map((entry) => (
        <li key={entry.name}>{months.map((month, index) => `${month}=${entry.values[index]}`).join(' ')}</li>
      ))}
    </ol>
  ),
}))

const { ReleaseSalesSection } = await import('../../../src/domains/earnings/ui/ReleaseSalesSection')
const { AccountSalesSection } = await import('../../../src/domains/earnings/ui/AccountSalesSection')

afterEach(() => vi.restoreAllMocks())

describe("release tab's sales", () => {
  it("asks for the owner's sales and shows months, channel labels and country names", async () => {
    const { requests } = serveRoutes({
      'GET /api/releases/7/user/42/sales/monthly': () =>
        respond(200, {
          from: '2024-01',
          to: '2024-02',
          monthly: [
            { month: '2024-01', quantity: 1234, net: '4567.891' },
            { month: '2024-02', quantity: 0, net: '0.000000' },
          ],
          total: '4567.891000',
        }),
      'GET /api/releases/7/user/42/sales/channel': () =>
        respond(200, { from: '2024-01', to: '2024-02', channels: [{ raw: 'MERLIN', label: 'Admin Rebate', quantity: 3, net: '10' }] }),
      'GET /api/releases/7/user/42/sales/territory': () =>
        respond(200, {
          from: '2024-01',
          to: '2024-02',
          territories: [
            { code: 'DE', name: 'Germany', quantity: 2, net: '1000.5' },
            { code: '', name: 'Unknown territory', quantity: 1, net: '0.01' },
          ],
        }),
    })
    render(
      <Theme>
        <ReleaseSalesSection releaseId={7} ownerId={42} />
      </Theme>,
    )
    const months = await screen.findByRole('table', { name: 'Sales per month' })
    // Months without sales are drawn, not listed.
    expect(
      within(months)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Jan 241,234$4,567.89'])
    expect((await screen.findByRole('list', { name: 'Sales chart' })).textContent).toBe('2024-01=4567.891 2024-02=0.000000')
    expect(screen.getByText('Jan 24 – Feb 24:')).toBeTruthy()
    const channels = await screen.findByRole('table', { name: 'Sales by channel' })
    expect(within(channels).getByText('Admin Rebate')).toBeTruthy()
    expect(within(channels).getByText('$10.00')).toBeTruthy()
    const territories = await screen.findByRole('table', { name: 'Sales by territory' })
    expect(
      within(territories)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Germany (DE)2$1,000.50', 'Unknown territory1$0.01'])
    expect(requests.every((request) => request.path.startsWith('/api/releases/7/user/42/'))).toBe(true)
  })

  it('says when the release has no sales', async () => {
    serveRoutes({
      'GET /api/releases/7/user/42/sales/monthly': () =>
        respond(200, { from: '2024-01', to: '2024-01', monthly: [{ month: '2024-01', quantity: 0, net: '0.000000' }], total: '0.000000' }),
      'GET /api/releases/7/user/42/sales/channel': () => respond(200, { from: '2024-01', to: '2024-01', channels: [] }),
      'GET /api/releases/7/user/42/sales/territory': () => respond(200, { from: '2024-01', to: '2024-01', territories: [] }),
    })
    render(
      <Theme>
        <ReleaseSalesSection releaseId={7} ownerId={42} />
      </Theme>,
    )
    expect(await screen.findByText('No sales of this release in these months.')).toBeTruthy()
    expect(await screen.findByText('No channel has sold this release in these months.')).toBeTruthy()
  })
})

describe("account tab's sales", () => {
  it('shows the credited totals and the releases by sales, paged', async () => {
    const page = (n: number) => ({
      data: [{ release: { id: 100 + n, title: `Release ${n}`, artist: 'Nina', artwork: null }, quantity: 5, net: '1234.5', discoveryMode: '234.5' }],
      meta: { total: 26, totalIsEstimate: false, page: n, per_page: 25, last_page: 2 },
    })
    const { requests } = serveRoutes({
      'GET /api/users/single/sales/overview/42': () =>
        respond(200, {
          from: '2024-01',
          to: '2024-02',
          monthly: [
            { month: '2024-01', amount: '0.000000' },
            { month: '2024-02', amount: '2000.125' },
          ],
          rangeTotal: '2000.125000',
          allTime: '1000000',
          lastEarning: { month: '2024-02', amount: '2000.125' },
        }),
      'GET /api/users/single/sales/42': (request) => respond(200, page(Number(request.query.get('page') ?? 1))),
    })
    render(
      <Theme>
        <AccountSalesSection userId={42} />
      </Theme>,
    )
    expect(await screen.findByText('$1,000,000.00')).toBeTruthy()
    expect(screen.getAllByText('$2,000.13')).toHaveLength(2)
    expect(screen.getByText('Feb 24')).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Sales by release' })
    expect(within(table).getByRole('link', { name: 'Release 1' }).getAttribute('href')).toBe('/releases/single/101?section=sales')
    // The Discovery Mode part of each release's net has its own column.
    expect(within(table).getByRole('columnheader', { name: 'Spotify Discovery Mode' })).toBeTruthy()
    expect(within(table).getByText('$234.50')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    expect(await screen.findByRole('link', { name: 'Release 2' })).toBeTruthy()
    await waitFor(() => expect(requests.filter((request) => request.path === '/api/users/single/sales/42')).toHaveLength(2))
  })
})

describe('earnings commands', () => {
  const context = (record: CommandContext['record']): CommandContext => ({
    account: { id: 1, type: 'admin', isOperator: false },
    route: null,
    record,
    list: null,
    paneCount: 1,
  })
  const command = (id: string) => EARNINGS_COMMANDS.find((entry) => entry.id === id)!

  it("open the focused account's or release's sales section, and only there", async () => {
    const env = fakeCommandEnv()
    const onAccount = context({ kind: 'account', id: '42', state: accountState() })
    expect(command('earnings.ofAccount').when!(onAccount)).toBe(true)
    expect(command('earnings.ofAccount').when!(context(null))).toBe(false)
    expect((command('earnings.ofAccount').title as (c: CommandContext) => string)(onAccount)).toBe('Earnings of Nina Vale')
    await command('earnings.ofAccount').run!(onAccount, env)
    expect(env.open).toHaveBeenCalledWith('/users/42?section=sales')

    const onRelease = context({ kind: 'release', id: '7', state: { title: 'Night Drive' } })
    expect(command('earnings.ofRelease').when!(onAccount)).toBe(false)
    expect((command('earnings.ofRelease').title as (c: CommandContext) => string)(onRelease)).toBe('Sales of Night Drive')
    await command('earnings.ofRelease').run!(onRelease, env)
    expect(env.open).toHaveBeenCalledWith('/releases/single/7?section=sales')
  })

  it('opens this year of the overview', async () => {
    const env = fakeCommandEnv()
    await command('earnings.thisYear').run!(context(null), env)
    const year = new Date().getUTCFullYear()
    expect(env.open.mock.calls[0][0]).toMatch(new RegExp(`^/earnings/overview/1\\?from=${year}-01&to=${year}-\\d{2}$`))
  })
})
