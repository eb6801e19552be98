import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { useSnapshot } from 'valtio'
import { locationState, navigate } from '../../../src/client/routing/navigation'
import ReleasesListScreen, { RELEASES_FAILED } from '../../../src/domains/catalogue/ui/ReleasesListScreen'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { respond, type Request } from '../dialogs/fetch-mock'
import { listRow, page, serveRoutes } from './fixtures'
import { me, signIn } from '../site/fixtures'
import { paletteState } from '../../../src/client/shell/palette-state'
import { runCommand } from '../../../src/client/shell/run-command'
import { prefetchRoute } from '../../../src/client/routing/prefetch-route'
import { api } from '../../../src/client/api'

afterEach(() => {
  noticeState.items.splice(0)
  localStorage.clear()
  vi.restoreAllMocks()
})

function renderList(path: string, rows = [listRow(1), listRow(2, { status: 7, releaseDate: '2999-01-01' })], before?: () => void) {
  navigate(path, { replace: true })
  const mock = serveRoutes({
    'GET /api/releases': () => respond(200, page(rows)),
    'POST /api/releases/status': (request) => {
      const body = request.body as { ids: number[]; status: number }
      return respond(200, {
        updated: body.ids.slice(1).map((id) => ({ id, status: body.status, displayStatus: body.status })),
        refused: [{ id: body.ids[0], reason: 'Only an accepted release can be exported.' }],
      })
    },
  })
  before?.()
  render(
    <Theme>
      <div style={{ width: 1400 }}>
        <Routed />
      </div>
      <Notices />
    </Theme>,
  )
  return mock
}

/** The screen as the router shows it: its {page} from the address. */
function Routed() {
  const location = useSnapshot(locationState)
  return <ReleasesListScreen params={{ page: location.pathname.split('/').pop() ?? '1' }} search={new URLSearchParams(location.search)} />
}

const listCalls = (requests: Request[]) => requests.filter((request) => request.method === 'GET' && request.path === '/api/releases')

describe('release list', () => {
  it('takes the page its route asked for when navigation started, instead of asking again', async () => {
    const path = '/releases/manage/2?status=7&sort=title&dir=asc&per_page=50&search=night'
    const { requests } = renderList(path, undefined, () => prefetchRoute(path))
    expect(await screen.findByRole('link', { name: /Release 1/ })).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 200))
    // One request: the route's, with exactly the query the screen would have sent.
    expect(listCalls(requests)).toHaveLength(1)
    expect(Object.fromEntries(listCalls(requests)[0].query)).toMatchObject({
      page: '2',
      per_page: '50',
      status: '7',
      sort: 'title',
      dir: 'asc',
      search: 'night',
    })
  })

  it('asks the server again after a change, instead of taking an answer fetched before it', async () => {
    const path = '/releases/manage/1'
    const { requests } = renderList(path, undefined, () => {
      prefetchRoute(path)
      void api.call('releases.status', { body: { ids: [1, 2], status: 2 } })
    })
    expect(await screen.findByRole('link', { name: /Release 1/ })).toBeTruthy()
    await waitFor(() => expect(listCalls(requests)).toHaveLength(2))
  })

  it('shows each release with its status as lists show it (a future live release is Scheduled)', async () => {
    renderList('/releases/manage/1')
    expect(await screen.findByRole('link', { name: /Release 1/ })).toBeTruthy()
    expect(screen.getByText('Live / Delivered')).toBeTruthy()
    expect(screen.getByText('Scheduled')).toBeTruthy()
    expect(screen.getAllByText('036000291452')).toHaveLength(2)
  })

  it('sends the drawer’s filters, dates and sort to the server, from page 1', async () => {
    const { requests } = renderList('/releases/manage/3')
    await waitFor(() => expect(listCalls(requests)).toHaveLength(1))
    expect(Object.fromEntries(listCalls(requests)[0].query)).toEqual({
      page: '3',
      per_page: '25',
      dateField: 'created',
      sort: 'created',
      dir: 'desc',
    })
    await userEvent.click(screen.getByRole('button', { name: /^List settings/ }))
    const drawer = await screen.findByRole('dialog', { name: 'Releases: settings' })
    await userEvent.type(within(drawer).getByLabelText('Search'), 'GBAYE2400001')
    await userEvent.selectOptions(within(drawer).getByLabelText('Status'), '10 · Scheduled')
    await userEvent.selectOptions(within(drawer).getByLabelText('Type'), 'EP')
    await userEvent.type(within(drawer).getByLabelText('Genre'), 'Pop')
    await userEvent.selectOptions(within(drawer).getByLabelText('Admin review'), 'Yes')
    await userEvent.selectOptions(within(drawer).getByLabelText('Priority review'), 'No')
    await userEvent.selectOptions(within(drawer).getByLabelText('Date range applies to'), 'Release date')
    await userEvent.selectOptions(within(drawer).getByLabelText('Sort by'), 'Title')
    await userEvent.selectOptions(within(drawer).getByLabelText('Direction'), 'Ascending')
    await userEvent.click(within(drawer).getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(listCalls(requests).length).toBeGreaterThan(1))
    expect(Object.fromEntries(listCalls(requests).at(-1)!.query)).toEqual({
      page: '1',
      per_page: '25',
      search: 'GBAYE2400001',
      status: '10',
      type: 'EP',
      genre: 'Pop',
      adminReview: 'true',
      priorityReview: 'false',
      dateField: 'release',
      sort: 'title',
      dir: 'asc',
    })
    expect(window.location.pathname).toBe('/releases/manage/1')
  })

  it('reads a shared address: status, account and a date range', async () => {
    const { requests } = renderList('/releases/manage/1?status=8&userId=42&from=2024-01-01&to=2024-01-31&dateField=release')
    await waitFor(() => expect(listCalls(requests)).toHaveLength(1))
    expect(Object.fromEntries(listCalls(requests)[0].query)).toMatchObject({
      status: '8',
      userId: '42',
      from: '2024-01-01',
      to: '2024-01-31',
      dateField: 'release',
    })
    // The account filter shows in the toolbar, and clears from there.
    expect(screen.getByRole('button', { name: 'Account #42' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Clear the account filter' }))
    await waitFor(() => expect(listCalls(requests)).toHaveLength(2))
    expect(listCalls(requests)[1].query.get('userId')).toBeNull()
    expect(listCalls(requests)[1].query.get('status')).toBe('8')
  })

  it('says so when nothing matches, and when the load fails', async () => {
    const { spy } = renderList('/releases/manage/1', [])
    // The spec's empty table, said once: no second "No results" line under it.
    expect(await screen.findByText('Nothing Found')).toBeTruthy()
    expect(screen.queryByText(/matching your search criteria|No results/)).toBeNull()
    spy.mockRestore()
    document.body.innerHTML = ''
    navigate('/releases/manage/1', { replace: true })
    serveRoutes({ 'GET /api/releases': () => respond(500, { message: 'boom' }) })
    render(
      <Theme>
        <Routed />
      </Theme>,
    )
    expect(await screen.findByText(RELEASES_FAILED)).toBeTruthy()
  })

  it('bulk status change asks for the status (in the palette), and reports the releases the table refused', async () => {
    await signIn(me({ type: 'admin' }))
    const { requests } = renderList('/releases/manage/1')
    await screen.findByRole('link', { name: /Release 1/ })
    // The rows paint as a plain table first; the grid (and its checkboxes) takes over when idle.
    const gridBoxes = () => document.querySelectorAll<HTMLInputElement>('.wl-grid [role="row"][row-index] input[type="checkbox"]')
    await waitFor(() => expect(gridBoxes().length).toBeGreaterThan(1))
    const boxes = gridBoxes()
    await userEvent.click(boxes[0])
    await userEvent.click(boxes[1])
    await userEvent.click(await screen.findByRole('button', { name: /Bulk Actions/ }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change status…' }))
    // Nothing is sent yet: the palette opens on the action's page, asking for the status.
    await waitFor(() => expect(paletteState.initialCommand?.id).toBe('releases.status:change.selection'))
    const asked = paletteState.initialCommand!
    paletteState.initialCommand = null
    expect(asked.title).toBe('Change status of 2 selected releases…')
    expect(asked.placeholder).toBe('Choose the new status')
    expect(requests.some((request) => request.method === 'POST')).toBe(false)
    const choices = await asked.children!({} as never, {} as never)
    // Takedowns ask for a reason: they are their own actions, not offered here.
    expect(choices.map((choice) => choice.title)).not.toContain('Takedown pending')
    const exported = choices.find((choice) => choice.title === 'Exported')!
    await runCommand(exported)
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true))
    expect(requests.filter((request) => request.method === 'POST')).toMatchObject([
      { path: '/api/releases/status', body: { ids: [1, 2], status: 4 } },
    ])
    expect(await screen.findByText('Moved 1 of 2. Only an accepted release can be exported.')).toBeTruthy()
  })
})
