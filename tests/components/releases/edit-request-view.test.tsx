import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { useSnapshot } from 'valtio'
import { locationState, navigate } from '../../../src/client/routing/navigation'
import EditRequestScreen from '../../../src/domains/catalogue/ui/EditRequestScreen'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { respond, type Request } from '../dialogs/fetch-mock'
import { editRequest, page, serveRoutes } from './fixtures'
import { me, signIn } from '../site/fixtures'

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

function Routed() {
  const location = useSnapshot(locationState)
  const id = /\/view\/(\d+)/.exec(location.pathname)?.[1] ?? '0'
  return <EditRequestScreen params={{ id }} search={new URLSearchParams(location.search)} />
}

function renderView(id: number) {
  navigate(`/release/edit-requests/view/${id}`, { replace: true })
  const decided = new Map<number, 'approved' | 'rejected'>()
  const mock = serveRoutes({
    'GET /api/releases/edit-requests/single/6': () => respond(200, editRequest(6, { status: decided.get(6) ?? 'pending' })),
    'GET /api/releases/edit-requests/single/5': () => respond(200, editRequest(5, { status: decided.get(5) ?? 'pending' })),
    'GET /api/releases/edit-requests/single/4': () =>
      respond(200, editRequest(4, { release: { ...editRequest(4).release, title: 'Day Drive' } })),
    'GET /api/releases/edit-requests/1': () =>
      respond(200, page([6, 5, 4].filter((open) => !decided.has(open)).map((open) => editRequest(open)))),
    'POST /api/releases/edit-requests/status': (request) => {
      const body = request.body as { id: number; status: 'approved' | 'rejected' }
      decided.set(body.id, body.status)
      return respond(200, editRequest(body.id, { status: body.status }))
    },
  })
  render(
    <Theme>
      <Routed />
      <Notices />
    </Theme>,
  )
  return mock
}

const posts = (requests: Request[]) => requests.filter((request) => request.method === 'POST')

describe('edit request view', () => {
  it('shows release and track edits as section, old value and new value, with country names', async () => {
    const { requests } = renderView(5)
    const release = await screen.findByRole('table', { name: 'Release edits' })
    const rows = within(release)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('td, th')).map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['General', 'Title', 'Night Drvie', 'Night Drive'],
      ['Distribution', 'Territories', 'United Kingdom', 'United Kingdom, France'],
    ])
    const tracks = within(screen.getByRole('table', { name: 'Track edits' })).getAllByRole('row')[1]
    expect(Array.from(tracks.querySelectorAll('td, th')).map((cell) => cell.textContent)).toEqual([
      'Intro · Track',
      'Explicit',
      'No',
      'Yes',
    ])
    expect(await screen.findByText('Open request 2 of 3')).toBeTruthy()
    // The queue is the open requests.
    expect(requests.find((request) => request.path === '/api/releases/edit-requests/1')?.query.get('status')).toBe('pending')
  })

  it('renders Approve and Reject from their declarations, with the registry keys as hints; Approve posts the decision', async () => {
    await signIn(me({ type: 'admin' }))
    const { requests } = renderView(5)
    await screen.findByText('Open request 2 of 3')
    const approve = await screen.findByRole('button', { name: /^Approve/ })
    expect(approve.getAttribute('aria-keyshortcuts')).toBe('a')
    expect(screen.getByRole('button', { name: /^Reject…/ }).getAttribute('aria-keyshortcuts')).toBe('r')
    await userEvent.click(approve)
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)[0]).toMatchObject({ path: '/api/releases/edit-requests/status', body: { id: 5, status: 'approved' } })
    expect(await screen.findByText('Approved: the release is now Edited.')).toBeTruthy()
  })

  it('j and k step through the queue', async () => {
    renderView(6)
    await screen.findByText('Open request 1 of 3')
    await userEvent.keyboard('j')
    await waitFor(() => expect(window.location.pathname).toBe('/release/edit-requests/view/5'))
    await screen.findByText('Open request 2 of 3')
    await userEvent.keyboard('k')
    await waitFor(() => expect(window.location.pathname).toBe('/release/edit-requests/view/6'))
    await screen.findByText('Open request 1 of 3')
  })

  it('a decided request cannot be decided again', async () => {
    navigate('/release/edit-requests/view/5', { replace: true })
    const { requests } = serveRoutes({
      'GET /api/releases/edit-requests/single/5': () =>
        respond(
          200,
          editRequest(5, { status: 'approved', decidedAt: '2024-02-02T10:00:00.000Z', decidedBy: { id: 1, name: 'Ada Admin' } }),
        ),
      'GET /api/releases/edit-requests/1': () => respond(200, page([])),
    })
    render(
      <Theme>
        <Routed />
      </Theme>,
    )
    await signIn(me({ type: 'admin' }))
    expect(await screen.findByText(/Approved by Ada Admin/)).toBeTruthy()
    const approve = await screen.findByRole('button', { name: /^Approve/ })
    expect(approve).toHaveProperty('disabled', true)
    expect(approve.getAttribute('title')).toBe('This request is already approved')
    await userEvent.keyboard('a')
    expect(posts(requests)).toHaveLength(0)
  })
})
