import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { navigate } from '../../../src/client/routing/navigation'
import { TOOLBAR_FAILED } from '../../../src/client/ui/list/Toolbar'
import type { FilterDef, SortDef } from '../../../src/client/ui/list/list-types'
import { currentUrl, gridRows, guardConsole, makeRows, renderList, serve } from './list-fixtures'

guardConsole()

const filters: FilterDef[] = [
  {
    id: 'status',
    label: 'Status',
    type: 'select',
    options: [
      { value: 'pending', label: 'Pending' },
      { value: 'paid', label: 'Paid' },
    ],
  },
  { id: 'forced', label: 'Forced', type: 'boolean' },
  { id: 'provider', label: 'Provider account', type: 'text' },
]
const sorts: SortDef[] = [
  { id: 'created', label: 'Created' },
  { id: 'amount', label: 'Amount' },
]

async function openSettings() {
  await userEvent.click(screen.getByRole('button', { name: /^List settings/ }))
  return screen.findByRole('dialog', { name: 'Payouts: settings' })
}

describe('Toolbar drawer', () => {
  it('applies search, filters, sort and page size to the address, from page 1', async () => {
    navigate('/payouts?page=3', { replace: true })
    const fetch = serve(makeRows(80))
    renderList({ fetch, filters, sorts })
    await waitFor(() => expect(gridRows().length).toBeGreaterThan(0))
    const drawer = await openSettings()
    await userEvent.type(within(drawer).getByLabelText('Search'), ' paypal ')
    await userEvent.selectOptions(within(drawer).getByLabelText('Status'), 'Paid')
    await userEvent.selectOptions(within(drawer).getByLabelText('Forced'), 'Yes')
    await userEvent.type(within(drawer).getByLabelText('Provider account'), 'acct_9')
    await userEvent.selectOptions(within(drawer).getByLabelText('Sort by'), 'Amount')
    await userEvent.selectOptions(within(drawer).getByLabelText('Direction'), 'Ascending')
    await userEvent.selectOptions(within(drawer).getByLabelText('Rows per page'), '50')
    // Nothing changes until Search.
    expect(currentUrl().search).toBe('?page=3')
    await userEvent.click(within(drawer).getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const params = currentUrl().searchParams
    expect(Object.fromEntries(params)).toEqual({
      search: 'paypal',
      status: 'paid',
      forced: 'true',
      provider: 'acct_9',
      sort: 'amount',
      dir: 'asc',
      per_page: '50',
    })
    await waitFor(() =>
      expect(fetch.mock.calls.at(-1)?.[0]).toEqual({
        page: 1,
        perPage: 50,
        search: 'paypal',
        sort: 'amount',
        dir: 'asc',
        from: null,
        to: null,
        filters: { status: 'paid', forced: 'true', provider: 'acct_9' },
      }),
    )
    // The settings button says how many settings narrow the list (three filters and a sort).
    expect(screen.getByRole('button', { name: 'List settings, 4 active' })).toBeTruthy()
  })

  it('opens with the address values and Reset clears them', async () => {
    navigate('/payouts?search=abc&status=pending&sort=created&dir=asc', { replace: true })
    const fetch = serve(makeRows(3))
    renderList({ fetch, filters, sorts })
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(fetch.mock.calls[0][0]).toMatchObject({ search: 'abc', sort: 'created', dir: 'asc', filters: { status: 'pending' } })
    expect((screen.getByRole('searchbox', { name: 'Search Payouts' }) as HTMLInputElement).value).toBe('abc')
    const drawer = await openSettings()
    expect((within(drawer).getByLabelText('Search') as HTMLInputElement).value).toBe('abc')
    expect((within(drawer).getByLabelText('Status') as HTMLSelectElement).value).toBe('pending')
    expect((within(drawer).getByLabelText('Sort by') as HTMLSelectElement).value).toBe('created')
    await userEvent.click(within(drawer).getByRole('button', { name: 'Reset' }))
    await userEvent.click(within(drawer).getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(currentUrl().search).toBe(''))
  })

  it('opens from the keyboard, and Escape closes it with the focus back on the settings button', async () => {
    navigate('/payouts', { replace: true })
    const fetch = serve(makeRows(3))
    renderList({ fetch, filters, sorts })
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    const button = screen.getByRole('button', { name: /^List settings/ })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    button.focus()
    await userEvent.keyboard('{Enter}')
    const drawer = await screen.findByRole('dialog', { name: 'Payouts: settings' })
    expect(button.getAttribute('aria-expanded')).toBe('true')
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(button)
    // Opened again, it shows what the address says, not what was typed before.
    await userEvent.keyboard('{Enter}')
    const again = await screen.findByRole('dialog', { name: 'Payouts: settings' })
    expect((within(again).getByLabelText('Search') as HTMLInputElement).value).toBe('')
  })

  it('searches from the compact field on Enter, and on its own after a pause in typing', async () => {
    const fetch = serve(makeRows(3))
    renderList({ fetch })
    const search = screen.getByRole('searchbox', { name: 'Search Payouts' })
    await userEvent.type(search, 'jane{Enter}')
    expect(currentUrl().searchParams.get('search')).toBe('jane')
    await userEvent.clear(search)
    await userEvent.type(search, 'doe')
    expect(currentUrl().searchParams.get('search')).toBe('jane')
    await waitFor(() => expect(currentUrl().searchParams.get('search')).toBe('doe'), { timeout: 2000 })
    await waitFor(() => expect(fetch.mock.calls.at(-1)?.[0].search).toBe('doe'))
  })
})

describe('Toolbar date range', () => {
  it('enables OK only once two days are picked, and applies from/to', async () => {
    const fetch = serve(makeRows(3))
    renderList({ fetch, dateRange: { label: 'Created' } })
    const drawer = await openSettings()
    await userEvent.click(within(drawer).getByRole('button', { name: 'Created Any date' }))
    const picker = await screen.findByRole('dialog', { name: 'Created: choose dates' })
    const ok = within(picker).getByRole('button', { name: 'OK' })
    await waitFor(() => expect(picker.querySelectorAll('td[data-day] button').length).toBeGreaterThan(27))
    const day = (n: number) => picker.querySelectorAll<HTMLButtonElement>('td[data-day]:not([data-outside]) button')[n - 1]
    const dateOf = (n: number) => day(n).closest('td')!.getAttribute('data-day')!
    expect(ok.hasAttribute('disabled')).toBe(true)
    await userEvent.click(day(12))
    expect(ok.hasAttribute('disabled')).toBe(true)
    await userEvent.click(day(3))
    expect(ok.hasAttribute('disabled')).toBe(false)
    // A third pick starts again.
    await userEvent.click(day(20))
    expect(ok.hasAttribute('disabled')).toBe(true)
    await userEvent.click(day(25))
    expect(ok.hasAttribute('disabled')).toBe(false)
    const [from, to] = [dateOf(20), dateOf(25)]
    await userEvent.click(ok)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Created: choose dates' })).toBeNull())
    await userEvent.click(within(drawer).getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(currentUrl().searchParams.get('from')).toBe(from))
    expect(currentUrl().searchParams.get('to')).toBe(to)
    await waitFor(() => expect(fetch.mock.calls.at(-1)?.[0]).toMatchObject({ from, to }))
  })

  it('ignores half a range in the address', async () => {
    navigate('/payouts?from=2026-01-01', { replace: true })
    const fetch = serve(makeRows(1))
    renderList({ fetch, dateRange: { label: 'Created' } })
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(fetch.mock.calls[0][0]).toMatchObject({ from: null, to: null })
  })
})

describe('Toolbar exports and action', () => {
  it('downloads export.csv of the visible columns and loaded rows', async () => {
    const blobs: Blob[] = []
    const names: string[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob)
      return 'blob:export'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    renderList({ fetch: serve(makeRows(2)) })
    await waitFor(() => expect(gridRows()).toHaveLength(2))
    const drawer = await openSettings()
    await userEvent.click(within(drawer).getByRole('button', { name: 'Export CSV' }))
    expect(names).toEqual(['export.csv'])
    const text = (await blobs[0].text()).replace(/^\uFEFF/, '')
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('Title,Amount,Created,Status,Note,User,Release,Tags,Starred')
    expect(lines[1]).toMatch(/^Payout 1,1234\.50,\d{4}-\d{2}-\d{2}T[^,]+,Pending,A very long note that goes on and on well beyond/)
    expect(lines[1]).toMatch(/,Jane van Doe,Release 1,Priority; Manual,Starred$/)
    expect(lines).toHaveLength(3)
  })

  it('runs a server export with the current query, and reports a failure', async () => {
    navigate('/payouts?search=abc', { replace: true })
    const run = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('queue full'))
    renderList({ fetch: serve(makeRows(2)), exports: [{ id: 'payouts.export', label: 'Export all payouts', run }], csvExport: false })
    const drawer = await openSettings()
    expect(within(drawer).queryByRole('button', { name: 'Export CSV' })).toBeNull()
    await userEvent.click(within(drawer).getByRole('button', { name: 'Export all payouts' }))
    expect(run).toHaveBeenCalledWith(expect.objectContaining({ search: 'abc', page: 1 }))
    expect(within(drawer).queryByRole('alert')).toBeNull()
    await userEvent.click(within(drawer).getByRole('button', { name: 'Export all payouts' }))
    expect((await within(drawer).findByRole('alert')).textContent).toBe(TOOLBAR_FAILED)
  })

  it('asks before the action, runs it with the query and reloads the list', async () => {
    const run = vi.fn(async () => undefined)
    const fetch = serve(makeRows(2))
    renderList({ fetch, action: { label: 'Process all', confirm: 'Process every listed payout?', run } })
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    const drawer = await openSettings()
    await userEvent.click(within(drawer).getByRole('button', { name: 'Process all' }))
    let confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText('Process every listed payout?')).toBeTruthy()
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(run).not.toHaveBeenCalled()
    await userEvent.click(within(drawer).getByRole('button', { name: 'Process all' }))
    confirm = await screen.findByRole('alertdialog')
    await userEvent.click(within(confirm).getByRole('button', { name: 'Process all' }))
    await waitFor(() => expect(run).toHaveBeenCalledWith(expect.objectContaining({ page: 1, perPage: 25 })))
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
  })

  it('says what the catalogue says when the action fails', async () => {
    const run = vi.fn().mockRejectedValue(new Error('nope'))
    renderList({ fetch: serve(makeRows(2)), action: { label: 'Process all', confirm: 'Process every listed payout?', run } })
    const drawer = await openSettings()
    await userEvent.click(within(drawer).getByRole('button', { name: 'Process all' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Process all' }))
    expect((await within(drawer).findByRole('alert')).textContent).toBe(TOOLBAR_FAILED)
  })
})
