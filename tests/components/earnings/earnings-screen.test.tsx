import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { useSnapshot } from 'valtio'
import { locationState, navigate } from '../../../src/client/routing/navigation'
import type { EarningsOverview } from '../../../src/contract/earnings'
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

// The chart needs a canvas; what the screen decides is which months and amounts it draws.
vi.mock('../../../src/domains/earnings/ui/MoneyChart', () => ({
  default: ({ months, series }: { months: string[]; series: { name: string; values: string[] }[] }) => (
    <ol aria-label="Monthly chart">
      {series.map((entry) => (
        <li key={entry.name}>{`${entry.name}: ${months.map((month, index) => `${month}=${entry.values[index]}`).join(' ')}`}</li>
      ))}
    </ol>
  ),
}))

const { default: EarningsScreen } = await import('../../../src/domains/earnings/ui/EarningsScreen')

afterEach(() => {
  session.type = 'admin'
  vi.restoreAllMocks()
})

const release = (id: number, title: string, artwork: string | null = null) => ({ id, title, artist: 'Nina Vale', artwork })

function overview(overrides: Partial<EarningsOverview> = {}): EarningsOverview {
  return {
    from: '2024-01',
    to: '2024-03',
    scope: 'all',
    monthly: [
      { month: '2024-01', total: '1234567.891234', adminFee: '123456.789123', quantity: 1500, discoveryMode: '3456.785000' },
      { month: '2024-02', total: '0.000000', adminFee: '0.000000', quantity: 0, discoveryMode: '0.000000' },
      { month: '2024-03', total: '1.005000', adminFee: '0.100000', quantity: 3, discoveryMode: '0.000000' },
    ],
    totals: {
      net: '1234568.896234',
      adminFee: '123456.889123',
      accounts: '1111111.507111',
      unmatched: '0.500000',
      quantity: 1503,
      lines: 42,
      discoveryMode: { lines: 7, net: '3456.785000' },
    },
    users: {
      data: [{ rank: 26, id: 5, user: 'Nina Vale', email: 'nina@demo.test', image: '/api/files/9', total: '1000000.5' }],
      meta: { total: 30, totalIsEstimate: false, page: 2, per_page: 25, last_page: 2 },
    },
    releases: [{ ...release(7, 'Night Drive', '/covers/night.jpg'), rank: 1, quantity: 1200, total: '99999.999' }],
    tracks: [{ rank: 1, id: 11, title: 'Intro', isrc: 'GBAYE2400001', release: release(7, 'Night Drive'), quantity: 800, total: '-12.5' }],
    channels: [
      { raw: 'Merlin', label: 'Admin Rebate', quantity: 10, total: '12.5' },
      { raw: '', label: 'Other Revenue', quantity: 1, total: '0.004' },
      { raw: 'Spotify', label: 'Spotify', quantity: 5, total: '2500' },
    ],
    ...overrides,
  }
}

function Routed() {
  const location = useSnapshot(locationState)
  const page = /\/earnings\/overview\/(\d+)/.exec(location.pathname)?.[1] ?? '1'
  return <EarningsScreen params={{ page }} search={new URLSearchParams(location.search)} />
}

function renderScreen(path: string, answer: (request: Request) => EarningsOverview) {
  navigate(path, { replace: true })
  const mock = serveRoutes({
    'GET /api/earnings/1': (request) => respond(200, answer(request)),
    'GET /api/earnings/2': (request) => respond(200, answer(request)),
  })
  render(
    <Theme>
      <Routed />
    </Theme>,
  )
  return mock
}

const earningsCalls = (requests: Request[]) => requests.filter((request) => request.path.startsWith('/api/earnings/'))

describe('earnings overview', () => {
  it('shows money with two decimals and thousands separators, and channels by their labels', async () => {
    renderScreen('/earnings/overview/2', () => overview())
    const totals = await screen.findByRole('region', { name: 'Totals' })
    expect(within(totals).getByTestId('total-Statement net').textContent).toContain('$1,234,568.90')
    expect(within(totals).getByTestId('total-Admin fee').textContent).toContain('$123,456.89')
    expect(within(totals).getByTestId('total-Statement net').textContent).toContain('42 lines, 1,503 units')
    expect(within(totals).getByTestId('total-Unmatched').textContent).toContain('$0.50')
    // Discovery Mode revenue is shown apart, with how many lines carried it.
    const discovery = within(totals).getByTestId('total-Spotify Discovery Mode').textContent
    expect(discovery).toContain('$3,456.79')
    expect(discovery).toContain('7 lines of tracks in Discovery Mode')

    const accounts = screen.getByRole('table', { name: 'Top accounts' })
    const nina = within(accounts).getByRole('link', { name: 'Nina Vale' })
    expect(nina.getAttribute('href')).toBe('/users/5?section=sales')
    expect(within(accounts).getByText('$1,000,000.50')).toBeTruthy()
    expect(within(accounts).getByText('26')).toBeTruthy()

    const releases = screen.getByRole('table', { name: 'Top releases' })
    expect(within(releases).getByRole('link', { name: 'Night Drive' }).getAttribute('href')).toBe('/releases/single/7?section=sales')
    expect(within(releases).getByText('$100,000.00')).toBeTruthy()
    expect(within(releases).getByText('1,200')).toBeTruthy()
    const tracks = screen.getByRole('table', { name: 'Top tracks' })
    expect(within(tracks).getByText('-$12.50')).toBeTruthy()
    expect(within(tracks).getByText('GBAYE2400001 · Night Drive')).toBeTruthy()

    const channels = screen.getByRole('table', { name: 'Channels' })
    const rows = within(channels)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent)
    expect(rows).toEqual(['Admin Rebate (“Merlin” in statements)10$12.50', 'Other Revenue1$0.00', 'Spotify5$2,500.00'])
    // The top lists say what they cover.
    expect(within(screen.getByRole('region', { name: 'Top accounts' })).getByText('all time')).toBeTruthy()
  })

  it('draws every month, the empty ones as zero, with the admin fee and the Discovery Mode part beside the net', async () => {
    renderScreen('/earnings/overview/1', () => overview())
    const chart = await screen.findByRole('list', { name: 'Monthly chart' })
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Statement net: 2024-01=1234567.891234 2024-02=0.000000 2024-03=1.005000',
      'Admin fee: 2024-01=123456.789123 2024-02=0.000000 2024-03=0.100000',
      'Spotify Discovery Mode: 2024-01=3456.785000 2024-02=0.000000 2024-03=0.000000',
    ])
  })

  it('pages the top accounts through the address', async () => {
    const { requests } = renderScreen('/earnings/overview/2', () => overview())
    await screen.findByRole('table', { name: 'Top accounts' })
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }))
    await waitFor(() => expect(locationState.pathname).toBe('/earnings/overview/1'))
    await waitFor(() => expect(earningsCalls(requests).map((request) => request.path)).toEqual(['/api/earnings/2', '/api/earnings/1']))
  })

  it('asks for a range, and refuses one that ends before it starts', async () => {
    const { requests } = renderScreen('/earnings/overview/1', (request) =>
      overview(request.query.get('from') ? { scope: 'range', from: request.query.get('from')!, to: request.query.get('to')! } : {}),
    )
    await screen.findByRole('table', { name: 'Top accounts' })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-05' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-02' } })
    await userEvent.click(screen.getByRole('button', { name: 'Show range' }))
    expect(screen.getByRole('alert').textContent).toBe('From must not be after To.')
    expect(earningsCalls(requests)).toHaveLength(1)

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-01' } })
    await userEvent.click(screen.getByRole('button', { name: 'Show range' }))
    await waitFor(() => expect(earningsCalls(requests)).toHaveLength(2))
    expect(Object.fromEntries(earningsCalls(requests)[1].query)).toMatchObject({ from: '2024-01', to: '2024-02' })
    expect(locationState.search).toBe('?from=2024-01&to=2024-02')
    expect(await within(screen.getByRole('region', { name: 'Top accounts' })).findByText('Jan 24 – Feb 24')).toBeTruthy()
  })

  it('says so when nothing was imported yet', async () => {
    const empty = overview({
      monthly: [{ month: '2024-01', total: '0.000000', adminFee: '0.000000', quantity: 0, discoveryMode: '0.000000' }],
      totals: {
        net: '0.000000',
        adminFee: '0.000000',
        accounts: '0.000000',
        unmatched: '0.000000',
        quantity: 0,
        lines: 0,
        discoveryMode: { lines: 0, net: '0.000000' },
      },
      users: { data: [], meta: { total: 0, totalIsEstimate: false, page: 1, per_page: 25, last_page: 1 } },
      releases: [],
      tracks: [],
      channels: [],
    })
    renderScreen('/earnings/overview/1', () => empty)
    expect(await screen.findByText('No statement was imported for these months yet.')).toBeTruthy()
    expect(screen.getByText('No account has earnings yet.')).toBeTruthy()
    expect(screen.getByText('No release has sales yet.')).toBeTruthy()
    expect(screen.getByText('No channel has sales yet.')).toBeTruthy()
    expect(screen.getByTestId('total-Statement net').textContent).toContain('$0.00')
  })

  it('asks nothing for an account that is not an admin', async () => {
    session.type = 'artist'
    const { requests } = renderScreen('/earnings/overview/1', () => overview())
    expect(await screen.findByText('The earnings overview is for admins.')).toBeTruthy()
    expect(earningsCalls(requests)).toEqual([])
  })
})
