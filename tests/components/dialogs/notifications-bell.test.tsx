import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { NotificationsBell } from '../../../src/domains/notifications/ui/NotificationsBell'
import type { NotificationItem } from '../../../src/contract/notifications'
import { mockFetch, respond } from './fetch-mock'
import { me, signIn } from '../site/fixtures'

// The bell and the screen are shown signed in; their actions run as declared, for a signed-in account.
beforeAll(() => signIn(me({ type: 'artist' })))

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()
const item = (id: number, title: string, extra: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  title,
  message: `About ${title}`,
  created: minutesAgo(id * 10),
  type: 'default',
  fileUrl: null,
  read: false,
  link: null,
  ...extra,
})

function renderBell() {
  return render(
    <Theme>
      <NotificationsBell />
    </Theme>,
  )
}

describe('notifications bell', () => {
  it('shows the unread count and the latest notifications with their icons', async () => {
    mockFetch(() =>
      respond(200, {
        unread: 3,
        latest: [
          item(1, 'New sign-in to your account', { type: 'info' }),
          item(2, 'Release delivered'),
          item(3, 'Payout sent', { read: true }),
        ],
      }),
    )
    renderBell()
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' })
    expect(screen.getByTestId('unread-count').textContent).toBe('3')
    await userEvent.click(bell)
    const list = await screen.findByRole('list', { name: 'Latest notifications' })
    const entries = within(list).getAllByRole('button')
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('New sign-in to your account'),
      expect.stringContaining('Release delivered'),
      expect.stringContaining('Payout sent'),
    ])
    expect(entries[0].querySelector('svg')?.getAttribute('data-kind')).toBe('info')
    expect(entries[1].querySelector('svg')?.getAttribute('data-kind')).toBe('bell')
    expect(entries[0].textContent).toContain('10 minutes ago · unread')
    expect(entries[2].textContent).not.toContain('unread')
  })

  it('marks a notification read when clicked and opens its link', async () => {
    window.history.pushState(null, '', '/dashboard')
    let unread = 1
    const { requests } = mockFetch((request) => {
      if (request.method === 'PATCH') {
        unread = 0
        return respond(200, item(5, 'Feedback received (high)', { read: true, link: '/releases/manage/2' }))
      }
      return respond(200, { unread, latest: [item(5, 'Feedback received (high)', { read: unread === 0, link: '/releases/manage/2' })] })
    })
    renderBell()
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    await userEvent.click(await screen.findByRole('button', { name: /Feedback received \(high\)/ }))
    await waitFor(() => expect(window.location.pathname).toBe('/releases/manage/2'))
    expect(requests.find((request) => request.method === 'PATCH')?.path).toBe('/api/admin/notifications/5/read')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy())
    expect(screen.queryByTestId('unread-count')).toBeNull()
  })

  it('marks all read from the dropdown and asks again when the window regains focus', async () => {
    let unread = 2
    const { requests } = mockFetch((request) => {
      if (request.path.endsWith('/mark-all-read')) {
        unread = 0
        return respond(200, { updated: 2 })
      }
      return respond(200, { unread, latest: [item(1, 'One', { read: !unread }), item(2, 'Two', { read: !unread })] })
    })
    renderBell()
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }))
    await waitFor(() => expect(screen.queryByTestId('unread-count')).toBeNull())
    expect(requests.some((request) => request.method === 'PATCH' && request.path === '/api/admin/notifications/mark-all-read')).toBe(true)
    unread = 4
    const before = requests.length
    window.dispatchEvent(new Event('focus'))
    await waitFor(() => expect(screen.getByTestId('unread-count').textContent).toBe('4'))
    expect(requests.length).toBe(before + 1)
  })

  it('refreshes every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let unread = 0
    const { requests } = mockFetch(() => respond(200, { unread, latest: unread ? [item(9, 'Import finished')] : [] }))
    renderBell()
    await screen.findByRole('button', { name: 'Notifications' })
    expect(requests).toHaveLength(1)
    unread = 1
    await act(async () => vi.advanceTimersByTime(59_000))
    expect(requests).toHaveLength(1)
    await act(async () => vi.advanceTimersByTime(1_500))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy())
    expect(requests).toHaveLength(2)
  })
})
