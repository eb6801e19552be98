import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { Theme } from '@radix-ui/themes'
import type { DashboardRelease } from '../../../src/contract/dashboard'
import { monthlyPoints } from '../../../src/core/months'
import { respond, type Request } from '../dialogs/fetch-mock'
import { serveRoutes } from '../releases/fixtures'

const session = vi.hoisted(() => ({ type: 'admin' as 'admin' | 'artist' }))

vi.mock('../../../src/client/state/session', () => ({
  useSession: () => ({
    status: 'authenticated',
    me: {
      account: { id: 1, email: 'admin@demo.test', type: session.type, displayName: 'Ada Admin', initials: 'AA' },
      tenant: { id: 1, slug: 'demo', name: 'Demo Music' },
      session: { id: 1, createdAt: '2024-01-01T00:00:00Z', expiresAt: '2099-01-01T00:00:00Z' },
    },
  }),
}))

// The chart itself needs a canvas; its labels and points are what the screen decides.
vi.mock('../../../src/domains/earnings/ui/MoneyChart', () => ({
  default: ({ months, series }: { months: string[]; series: { name: string; values: string[] }[] }) => (
    <ol aria-label={`${series[0].name} chart`}>
      {months.map((month, index) => (
        <li key={month}>{`${month}: ${series[0].values[index]}`}</li>
      ))}
    </ol>
  ),
}))

vi.mock('../../../src/domains/dashboard/ui/MonthlyChart', () => ({
  default: ({ name, series }: { name: string; series: { month: string; count: number }[] }) => (
    <ol aria-label={`${name} chart`}>
      {monthlyPoints(series).map((point, index) => (
        <li key={index}>{`${point.label || '(empty)'}: ${point.value ?? '-'}`}</li>
      ))}
    </ol>
  ),
}))

const { default: DashboardScreen } = await import('../../../src/domains/dashboard/ui/DashboardScreen')

afterEach(() => {
  session.type = 'admin'
  vi.restoreAllMocks()
})

function release(id: number, overrides: Partial<DashboardRelease> = {}): DashboardRelease {
  return {
    id,
    title: `Release ${id}`,
    artist: `Artist ${id}`,
    coverUrl: null,
    status: 1,
    displayStatus: 1,
    releaseDate: '2024-01-10',
    created: '2024-01-01T00:00:00.000Z',
    ...overrides,
  }
}

function renderDashboard() {
  const mock = serveRoutes({
    'GET /api/dashboard': () =>
      respond(200, {
        releases: { items: [release(1), release(2, { status: 7, displayStatus: 10 })], total: 42 },
        pendingTakedown: { items: [release(3, { status: 8, displayStatus: 8 })], total: 1 },
        pendingEdit: { items: [], total: 0 },
        whitelist: {
          items: [{ id: 31, title: 'Summer Lights', status: 'pending', requester: 'Ada Artist', created: '2024-01-02T00:00:00.000Z', path: '/whitelisting/31' }],
          total: 7,
        },
        whitelistTakedown: { items: [], total: 0 },
        blocklist: { items: [], total: 0 },
        blocklistTakedown: {
          items: [{ id: 44, title: 'Going Record', status: 'approved', requester: 'Ada Artist', created: '2024-01-03T00:00:00.000Z', path: '/blocklist/44' }],
          total: 1,
        },
        splits: {
          items: [{ id: 51, title: 'Kept Track', status: 'pending', requester: 'Ada Artist', created: '2024-01-04T00:00:00.000Z', path: '/royalty-shares/single/51' }],
          total: 3,
        },
        splitsTakedown: { items: [], total: 0 },
      }),
    'POST /api/dashboard/statistics': () =>
      respond(200, {
        from: '2024-01',
        to: '2024-01',
        releases: [{ month: '2024-01', count: 4 }],
        accounts: [{ month: '2024-01', count: 2 }],
        tracks: [{ month: '2024-01', count: 9 }],
        earnings: [{ month: '2024-01', amount: '1234567.895' }],
        adminFees: [{ month: '2024-01', amount: '0.004' }],
      }),
    'GET /api/dashboard/balance': () => respond(200, { available_account: '9876543.21', banned_account: '0.005', payout_fee: '12' }),
  })
  render(
    <Theme>
      <DashboardScreen />
    </Theme>,
  )
  return mock
}

const dashboardCalls = (requests: Request[]) => requests.filter((request) => request.path.startsWith('/api/dashboard'))

describe('dashboard', () => {
  it('shows the three release cards with their items, statuses, totals and links into the filtered list', async () => {
    renderDashboard()
    const releases = await screen.findByRole('region', { name: 'Releases' })
    expect(within(releases).getByText('42 in total')).toBeTruthy()
    expect(within(releases).getByRole('link', { name: 'Release 1' }).getAttribute('href')).toBe('/releases/single/1')
    expect(within(releases).getByText('Artist 1')).toBeTruthy()
    expect(within(releases).getByText('Scheduled')).toBeTruthy()
    expect(within(releases).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/releases/manage/1')

    const takedown = screen.getByRole('region', { name: 'Pending takedown' })
    expect(within(takedown).getByText('Takedown pending')).toBeTruthy()
    expect(within(takedown).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/releases/manage/1?status=8')

    const edit = screen.getByRole('region', { name: 'Pending edit' })
    expect(within(edit).getByText('0 in total')).toBeTruthy()
    expect(within(edit).getByText('No release is waiting for an edit.')).toBeTruthy()
    expect(within(edit).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/releases/manage/1?status=6')
  })

  it('shows the whitelist and blocklist cards and their takedown variants, each request linking to its screen', async () => {
    renderDashboard()
    const whitelist = await screen.findByRole('region', { name: 'Whitelist' })
    expect(within(whitelist).getByText('7 in total')).toBeTruthy()
    expect(within(whitelist).getByRole('link', { name: '#31 Summer Lights' }).getAttribute('href')).toBe('/whitelisting/31')
    expect(within(whitelist).getByText('Ada Artist · pending')).toBeTruthy()
    expect(within(whitelist).getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/greenlisting/1?status=pending')
    const blocklist = screen.getByRole('region', { name: 'Blocklist' })
    expect(within(blocklist).getByText('No blocklist request is waiting.')).toBeTruthy()
    const takedown = screen.getByRole('region', { name: 'Blocklist takedowns' })
    expect(within(takedown).getByRole('link', { name: '#44 Going Record' }).getAttribute('href')).toBe('/blocklist/44')
    expect(within(screen.getByRole('region', { name: 'Whitelist takedowns' })).getByText('0 in total')).toBeTruthy()
    const split = screen.getByRole('region', { name: 'Split portal' })
    expect(within(split).getByText('3 in total')).toBeTruthy()
    expect(within(split).getByRole('link', { name: '#51 Kept Track' }).getAttribute('href')).toBe('/royalty-shares/single/51')
    expect(within(screen.getByRole('region', { name: 'Split portal takedowns' })).getByText('No split is on a release being taken down.')).toBeTruthy()
  })

  it('charts each monthly series labelled like "Jan 24", a single month padded with an empty point', async () => {
    renderDashboard()
    const chart = await screen.findByRole('list', { name: 'Releases chart' })
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Jan 24: 4', '(empty): -'])
    expect(await screen.findByRole('list', { name: 'Tracks chart' })).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Accounts chart' }).textContent).toContain('Jan 24: 2')
    // Below the new cards, the account's security stays.
    expect(screen.getByRole('heading', { name: 'Active sessions' })).toBeTruthy()
  })

  it('shows the balances and the earnings and admin-fee series as money', async () => {
    renderDashboard()
    const balances = await screen.findByRole('region', { name: 'Balances' })
    expect((await within(balances).findByTestId('balance-Available to accounts')).textContent).toContain('$9,876,543.21')
    expect(within(balances).getByTestId('balance-Held by banned accounts').textContent).toContain('$0.01')
    expect(within(balances).getByTestId('balance-Payout fees').textContent).toContain('$12.00')
    expect((await screen.findByRole('list', { name: 'Earnings chart' })).textContent).toBe('2024-01: 1234567.895')
    expect(screen.getByTestId('statistics-earnings').textContent).toContain('$1,234,567.90 in 1 month')
    expect(screen.getByTestId('statistics-adminFees').textContent).toContain('$0.00 in 1 month')
  })

  it('keeps the account security cards, and asks for no admin data for an artist', async () => {
    session.type = 'artist'
    const { requests } = renderDashboard()
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Releases' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Monthly statistics' })).toBeNull()
    expect(dashboardCalls(requests)).toEqual([])
    expect(screen.getByRole('heading', { name: 'Active sessions' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Recent sign-ins' })).toBeTruthy()
    // An artist's own requests instead (tests/components/feature-controls/requester-section.test.tsx).
    expect(screen.getByRole('region', { name: 'Your requests' })).toBeTruthy()
  })
})
