import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import NotificationsScreen from '../../../src/domains/notifications/ui/NotificationsScreen'
import type { NotificationItem } from '../../../src/contract/notifications'
import { navigate } from '../../../src/client/routing/navigation'
import { mockFetch, respond, type Request } from './fetch-mock'
import { me, signIn } from '../site/fixtures'

// The bell and the screen are shown signed in; their actions run as declared, for a signed-in account.
beforeAll(() => signIn(me({ type: 'artist' })))

const created = (n: number) => new Date(Date.now() - n * 3_600_000).toISOString()

let store: NotificationItem[]

beforeEach(() => {
  navigate('/notifications', { replace: true })
  store = Array.from({ length: 7 }, (_, index) => ({
    id: index + 1,
    title: index === 2 ? 'Payout sent' : `Release ${index + 1} delivered`,
    message: index === 2 ? 'Your payout of $120 is on its way' : `Release ${index + 1} is live`,
    created: created(index + 1),
    type: index === 0 ? 'info' : 'default',
    fileUrl: null,
    read: index >= 4,
    link: index === 1 ? '/releases/single/2' : null,
  }))
})
afterEach(() => vi.restoreAllMocks())

/** A server over `store` that filters, searches and pages like notifications.list. */
function server(request: Request) {
  const readId = /\/api\/admin\/notifications\/(\d+)\/read$/.exec(request.path)
  if (request.method === 'PATCH' && readId) {
    const found = store.find((item) => item.id === Number(readId[1]))!
    found.read = true
    return respond(200, found)
  }
  if (request.method === 'PATCH') {
    store.forEach((item) => (item.read = true))
    return respond(200, { updated: 1 })
  }
  if (request.method === 'DELETE' && request.path.endsWith('/clear')) {
    const deleted = store.length
    store = []
    return respond(200, { deleted })
  }
  if (request.method === 'DELETE') {
    store = store.filter((item) => item.id !== Number(request.path.split('/').at(-1)))
    return respond(200, { ok: true })
  }
  const page = Number(request.query.get('page') ?? 1)
  const perPage = Number(request.query.get('per_page') ?? 5)
  const status = request.query.get('status') ?? 'all'
  const search = (request.query.get('search') ?? '').toLowerCase()
  const found = store.filter(
    (item) =>
      (status === 'all' || item.read === (status === 'read')) &&
      (!search || item.title.toLowerCase().includes(search) || item.message.toLowerCase().includes(search)),
  )
  return respond(200, {
    data: found.slice((page - 1) * perPage, page * perPage),
    meta: {
      total: found.length,
      totalIsEstimate: false,
      page,
      per_page: perPage,
      last_page: Math.max(1, Math.ceil(found.length / perPage)),
    },
  })
}

function renderScreen() {
  return render(
    <Theme>
      <NotificationsScreen />
    </Theme>,
  )
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Notifications' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'))

describe('notifications screen', () => {
  it('shows five a page, newest first, and pages with the state in the address', async () => {
    const { requests } = mockFetch(server)
    renderScreen()
    await waitFor(() => expect(titles()).toHaveLength(5))
    expect(titles()[0]).toBe('Release 1 delivered')
    expect(requests[0].query.get('per_page')).toBe('5')
    expect(screen.getByText('7 notifications')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(titles()).toEqual(['Release 6 delivered', 'Release 7 delivered']))
    expect(window.location.search).toBe('?page=2')
    expect(screen.getByText('Page 2 of 2')).toBeTruthy()
  })

  it('filters unread and read, and searches title and message after a pause', async () => {
    const { requests } = mockFetch(server)
    renderScreen()
    await waitFor(() => expect(titles()).toHaveLength(5))
    await userEvent.click(screen.getByRole('radio', { name: 'Unread' }))
    await waitFor(() => expect(titles()).toEqual(['Release 1 delivered', 'Release 2 delivered', 'Payout sent', 'Release 4 delivered']))
    expect(new URLSearchParams(window.location.search).get('status')).toBe('unread')
    expect(requests.at(-1)!.query.get('status')).toBe('unread')
    await userEvent.click(screen.getByRole('radio', { name: 'Read' }))
    await waitFor(() => expect(titles()).toEqual(['Release 5 delivered', 'Release 6 delivered', 'Release 7 delivered']))
    await userEvent.click(screen.getByRole('radio', { name: 'All' }))
    await waitFor(() => expect(titles()).toHaveLength(5))
    const searches = () => requests.filter((request) => request.query.get('search'))
    await userEvent.type(screen.getByRole('textbox', { name: 'Search notifications' }), '$120')
    expect(searches()).toHaveLength(0)
    await waitFor(() => expect(titles()).toEqual(['Payout sent']), { timeout: 1500 })
    expect(searches().map((request) => request.query.get('search'))).toEqual(['$120'])
    expect(new URLSearchParams(window.location.search).get('search')).toBe('$120')
    await userEvent.clear(screen.getByRole('textbox', { name: 'Search notifications' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Search notifications' }), 'nothing like it')
    expect(await screen.findByText('No notifications match your filters.', undefined, { timeout: 1500 })).toBeTruthy()
  })

  it('marks one read and all read', async () => {
    const { requests } = mockFetch(server)
    renderScreen()
    await waitFor(() => expect(titles()).toHaveLength(5))
    const first = screen.getByRole('listitem', { name: 'Release 1 delivered' })
    expect(first.getAttribute('data-unread')).toBe('true')
    await userEvent.click(within(first).getByRole('button', { name: 'Mark “Release 1 delivered” read' }))
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Release 1 delivered' }).getAttribute('data-unread')).toBeNull())
    expect(requests.some((request) => request.method === 'PATCH' && request.path === '/api/admin/notifications/1/read')).toBe(true)
    expect(screen.getAllByText('Unread', { selector: '.rt-Badge' })).toHaveLength(3)
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }))
    await waitFor(() => expect(screen.queryAllByText('Unread', { selector: '.rt-Badge' })).toHaveLength(0))
    expect(requests.some((request) => request.path === '/api/admin/notifications/mark-all-read')).toBe(true)
  })

  it('opens a notification’s link, marking it read', async () => {
    mockFetch(server)
    renderScreen()
    await waitFor(() => expect(titles()).toHaveLength(5))
    await userEvent.click(within(screen.getByRole('listitem', { name: 'Release 2 delivered' })).getByRole('link', { name: 'Open' }))
    await waitFor(() => expect(window.location.pathname).toBe('/releases/single/2'))
    expect(store[1].read).toBe(true)
  })

  it('deletes one, and clears all only after confirmation', async () => {
    const { requests } = mockFetch(server)
    renderScreen()
    await waitFor(() => expect(titles()).toHaveLength(5))
    await userEvent.click(screen.getByRole('button', { name: 'Delete “Payout sent”' }))
    await waitFor(() => expect(titles()).not.toContain('Payout sent'))
    expect(screen.getByText('6 notifications')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Clear all notifications?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(requests.some((request) => request.path.endsWith('/clear'))).toBe(false)
    expect(titles()).toHaveLength(5)
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clear all' }))
    expect(await screen.findByText('You have no notifications.')).toBeTruthy()
    expect(requests.filter((request) => request.method === 'DELETE' && request.path === '/api/admin/notifications/clear')).toHaveLength(1)
  })

  it('shows a load failure with Try again', async () => {
    let fail = true
    mockFetch((request) => (fail ? respond(500, { message: 'The server had a problem.' }) : server(request)))
    renderScreen()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The server had a problem.')
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(titles()).toHaveLength(5))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
