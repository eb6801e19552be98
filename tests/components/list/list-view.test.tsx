import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { fullDate } from '../../../src/core/time'
import { navigate } from '../../../src/client/routing/navigation'
import type { ListQuery } from '../../../src/client/ui/list/list-types'
import { queryCache } from '../../../src/client/state/query-cache'
import { currentUrl, gridRows, guardConsole, makeRows, pageOf, renderList, serve, type Payout } from './list-fixtures'

guardConsole()

describe('ListView rows', () => {
  it('shows each row with its cells formatted by type', async () => {
    const rows = makeRows(3)
    renderList({ fetch: serve(rows) })
    expect(await screen.findByText('$1,234.50')).toBeTruthy()
    // AG Grid draws rows and cells over several frames; on a busy machine the first cell comes alone.
    await waitFor(() => {
      expect(gridRows()).toHaveLength(3)
      expect(within(gridRows()[1]).getByText('Processed')).toBeTruthy()
      expect(within(gridRows()[0]).getByRole('img', { name: 'Starred' })).toBeTruthy()
    })
    const first = within(gridRows()[0])
    // money: a dollar sign, separators, two decimals, rounded half up on the digits ("1.005" -> $1.01)
    expect(within(gridRows()[1]).getByText('$1.01')).toBeTruthy()
    // date: relative, the full date on hover
    const created = first.getByText('5 minutes ago')
    expect(created.getAttribute('title')).toBe(fullDate(rows[0].created))
    // status: the map's label
    expect(first.getByText('Pending')).toBeTruthy()
    expect(within(gridRows()[1]).getByText('Processed')).toBeTruthy()
    // message: truncated, the whole text on hover
    const note = first.getByText('A very long note th…')
    expect(note.getAttribute('title')).toBe(rows[0].note)
    // user card: two initials and a link to the user
    const user = first.getByRole('link', { name: /Jane van Doe/ })
    expect(user.getAttribute('href')).toBe('/users/100')
    // Radix decides the avatar has no image in an effect; the initials follow a render later.
    expect(await within(user).findByText('JV')).toBeTruthy()
    // release card
    expect(first.getByRole('link', { name: /Release 1/ }).getAttribute('href')).toBe('/releases/single/500')
    // group chips and an icon with its name
    expect(first.getByText('Priority')).toBeTruthy()
    expect(first.getByText('Manual')).toBeTruthy()
    expect(first.getByRole('img', { name: 'Starred' })).toBeTruthy()
    // a column hidden by default stays out until shown
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toBeTruthy()
    expect(screen.queryByRole('columnheader', { name: 'Internal id' })).toBeNull()
  })

  it('says Nothing Found once when the page is empty, or the list own message', async () => {
    const { unmount } = renderList({ fetch: serve([]) })
    expect(await screen.findByText('Nothing Found')).toBeTruthy()
    expect(screen.queryByText('No results')).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull()
    unmount()
    renderList({ fetch: serve([]), emptyMessage: 'No payouts match.' })
    expect(await screen.findByText('No payouts match.')).toBeTruthy()
    expect(screen.queryByText('Nothing Found')).toBeNull()
  })

  it('shows the list error message with Try again when a load fails, and recovers', async () => {
    const fetch = vi
      .fn<(query: ListQuery, signal: AbortSignal) => Promise<ReturnType<typeof pageOf<Payout>>>>()
      .mockRejectedValueOnce(new Error('Internal Server Error'))
      .mockImplementation(async (query) => pageOf(makeRows(2), query))
    renderList({ fetch, errorMessage: 'There was an error fetching the payouts. Please try again.' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('There was an error fetching the payouts. Please try again.')
    expect(screen.queryByText('Internal Server Error')).toBeNull()
    // The loading state is over: no table, no spinner, just the message.
    expect(document.querySelector('.wl-grid')).toBeNull()
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Payout 2')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('shows a page opened before at once from the cache, and refreshes it in the background', async () => {
    const first = renderList({ fetch: serve(makeRows(3)) })
    await waitFor(() => expect(gridRows()).toHaveLength(3))
    first.unmount()
    // The server is slow this time: the kept rows show meanwhile, then its answer replaces them.
    let answer!: (rows: Payout[]) => void
    const fetch = vi.fn(
      (query: ListQuery) => new Promise<ReturnType<typeof pageOf<Payout>>>((resolve) => (answer = (rows) => resolve(pageOf(rows, query)))),
    )
    renderList({ fetch })
    await waitFor(() => expect(gridRows()).toHaveLength(3))
    expect(fetch).toHaveBeenCalledTimes(1)
    answer(makeRows(2).map((row) => ({ ...row, title: `Fresh ${row.id}` })))
    expect(await screen.findByText('Fresh 1')).toBeTruthy()
    await waitFor(() => expect(gridRows()).toHaveLength(2))
  })

  it('shows nothing kept to another session (the cache is cleared when the account changes)', async () => {
    const first = renderList({ fetch: serve(makeRows(3)) })
    await waitFor(() => expect(gridRows()).toHaveLength(3))
    first.unmount()
    queryCache.clear()
    renderList({ fetch: () => new Promise(() => undefined) })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(gridRows()).toHaveLength(0)
  })

  it('falls back to the server message when the list has none', async () => {
    renderList({ fetch: vi.fn().mockRejectedValue(new Error('The payouts service is down.')) })
    expect((await screen.findByRole('alert')).textContent).toContain('The payouts service is down.')
  })

  it('cancels the request in flight when the query changes', async () => {
    const signals: AbortSignal[] = []
    const fetch = vi.fn((query: ListQuery, signal: AbortSignal) => {
      signals.push(signal)
      // The first request never answers on its own.
      return query.search ? Promise.resolve(pageOf(makeRows(1), query)) : new Promise<never>(() => undefined)
    })
    renderList({ fetch })
    await waitFor(() => expect(signals).toHaveLength(1))
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Payouts' }), 'pay{Enter}')
    expect(await screen.findByText('Payout 1')).toBeTruthy()
    expect(signals[0].aborted).toBe(true)
    expect(fetch.mock.calls.at(-1)?.[0].search).toBe('pay')
  })
})

describe('ListView pagination', () => {
  it('pages through ?page= and says how many there are', async () => {
    const fetch = serve(makeRows(60))
    renderList({ fetch })
    expect(await screen.findByText('Showing 1–25 of 60')).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true)
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 2' }))
    expect(currentUrl().searchParams.get('page')).toBe('2')
    expect(await screen.findByText('Showing 26–50 of 60')).toBeTruthy()
    expect(await screen.findByText('Payout 26')).toBeTruthy()
    expect(fetch.mock.calls.at(-1)?.[0].page).toBe(2)
    await userEvent.click(within(nav).getByRole('button', { name: 'Next page' }))
    expect(currentUrl().searchParams.get('page')).toBe('3')
    expect(await screen.findByText('Showing 51–60 of 60')).toBeTruthy()
    expect(within(nav).getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true)
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 1' }))
    expect(currentUrl().searchParams.has('page')).toBe(false)
  })

  it('says "about" when the total is an estimate', async () => {
    renderList({ fetch: serve(makeRows(30), { total: 10_000, totalIsEstimate: true, last_page: 400 }) })
    expect(await screen.findByText('Showing 1–25 of about 10,000')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Page 400' })).toBeTruthy()
  })

  it('moves a path-segment page and keeps the query', async () => {
    navigate('/payouts/manage/1?search=pay', { replace: true })
    const fetch = serve(makeRows(60))
    renderList({ fetch, pagePath: (page) => `/payouts/manage/${page}`, page: 1 })
    expect(await screen.findByText('Showing 1–25 of 60')).toBeTruthy()
    expect(fetch.mock.calls[0][0]).toMatchObject({ page: 1, search: 'pay' })
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(currentUrl().pathname).toBe('/payouts/manage/3')
    expect(currentUrl().searchParams.get('search')).toBe('pay')
    expect(currentUrl().searchParams.has('page')).toBe(false)
  })
})
