import { describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { TabContext, type ListHandle, type TabApi } from '../../../src/client/workspace/tab-context'
import { ListView } from '../../../src/client/ui/list/ListView'
import { TOOLBAR_FAILED } from '../../../src/client/ui/list/Toolbar'
import { columns, currentUrl, gridRows, guardConsole, makeRows, pageOf, renderList, rowCheckbox, serve, type Payout } from './list-fixtures'
import type { ListQuery } from '../../../src/client/ui/list/list-types'

guardConsole()

const markProcessed = () => ({ id: 'payouts.markProcessed', label: 'Mark processed', run: vi.fn(async () => undefined) })
const remove = () => ({ id: 'payouts.delete', label: 'Delete', confirm: 'Delete the selected payouts?', run: vi.fn(async () => undefined) })

async function ready(count = 3) {
  await waitFor(() => expect(gridRows()).toHaveLength(count))
}

function bulkBar() {
  return screen.getByRole('region', { name: 'Selection' })
}

describe('ListView selection', () => {
  it('selects one row, then all, shows the count, and clears', async () => {
    renderList({ fetch: serve(makeRows(3)), bulkActions: [markProcessed()] })
    await ready()
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull()
    await userEvent.click(rowCheckbox(gridRows()[1]))
    // The bar's chunk is fetched with the first selection (or once the browser is idle after the first list).
    expect(within(await screen.findByRole('region', { name: 'Selection' })).getByText('1 selected')).toBeTruthy()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every row on this page' }))
    expect(within(bulkBar()).getByText('3 selected')).toBeTruthy()
    await userEvent.click(within(bulkBar()).getByRole('button', { name: 'Clear selection' }))
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull()
    expect(gridRows().map((row) => rowCheckbox(row).checked)).toEqual([false, false, false])
  })

  it('puts a single bulk action beside the count and runs it on the selected ids', async () => {
    const action = markProcessed()
    const fetch = serve(makeRows(3))
    renderList({ fetch, bulkActions: [action] })
    await ready()
    await userEvent.click(rowCheckbox(gridRows()[0]))
    await userEvent.click(rowCheckbox(gridRows()[2]))
    expect(screen.queryByRole('button', { name: /Bulk Actions/ })).toBeNull()
    await userEvent.click(within(bulkBar()).getByRole('button', { name: 'Mark processed' }))
    expect(action.run).toHaveBeenCalledWith([1, 3])
    // Done: the selection clears and the page reloads.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull())
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('gathers two or more actions in a Bulk Actions menu, and asks before a confirm-protected one', async () => {
    const first = markProcessed()
    const second = remove()
    renderList({ fetch: serve(makeRows(3)), bulkActions: [first, second] })
    await ready()
    await userEvent.click(rowCheckbox(gridRows()[0]))
    await userEvent.click(rowCheckbox(gridRows()[1]))
    expect(within(bulkBar()).queryByRole('button', { name: 'Delete' })).toBeNull()
    await userEvent.click(within(bulkBar()).getByRole('button', { name: /Bulk Actions/ }))
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Mark processed', 'Delete'])
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('Delete the selected payouts?')).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(second.run).not.toHaveBeenCalled()
    expect(within(bulkBar()).getByText('2 selected')).toBeTruthy()

    await userEvent.click(within(bulkBar()).getByRole('button', { name: /Bulk Actions/ }))
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Delete' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(second.run).toHaveBeenCalledWith([1, 2]))
    expect(first.run).not.toHaveBeenCalled()
  })

  it('says so when a bulk action fails and keeps the selection', async () => {
    const failing = { id: 'payouts.markProcessed', label: 'Mark processed', run: vi.fn().mockRejectedValue(new Error('boom')) }
    renderList({ fetch: serve(makeRows(3)), bulkActions: [failing] })
    await ready()
    await userEvent.click(rowCheckbox(gridRows()[0]))
    await userEvent.click(within(bulkBar()).getByRole('button', { name: 'Mark processed' }))
    expect((await screen.findByRole('alert')).textContent).toBe(TOOLBAR_FAILED)
    expect(within(bulkBar()).getByText('1 selected')).toBeTruthy()
  })
})

describe('ListView keyboard', () => {
  it('j and k move the cursor, x toggles its row, shift+x selects all then clears', async () => {
    renderList({ fetch: serve(makeRows(3)), bulkActions: [markProcessed()], rowLink: (row) => `/payouts/${row.id}` })
    await ready()
    await userEvent.keyboard('j')
    await waitFor(() => expect(gridRows()[0].classList.contains('ag-row-focus')).toBe(true))
    await userEvent.keyboard('x')
    expect(within(bulkBar()).getByText('1 selected')).toBeTruthy()
    await userEvent.keyboard('jx')
    expect(within(bulkBar()).getByText('2 selected')).toBeTruthy()
    expect(gridRows().map((row) => rowCheckbox(row).checked)).toEqual([true, true, false])
    await userEvent.keyboard('kx')
    expect(gridRows().map((row) => rowCheckbox(row).checked)).toEqual([false, true, false])
    // The cursor stops at either end.
    await userEvent.keyboard('jjjj')
    await waitFor(() => expect(gridRows()[2].classList.contains('ag-row-focus')).toBe(true))
    await userEvent.keyboard('{Shift>}X{/Shift}')
    expect(within(bulkBar()).getByText('3 selected')).toBeTruthy()
    await userEvent.keyboard('{Shift>}X{/Shift}')
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull()
    // Enter opens the cursor's row in this tab.
    await userEvent.keyboard('{Enter}')
    expect(currentUrl().pathname).toBe('/payouts/3')
  })

  it('keeps the cursor on its row and the selection when the page shown from the cache is refreshed', async () => {
    const first = renderList({ fetch: serve(makeRows(3)), bulkActions: [markProcessed()], rowLink: (row) => `/payouts/${row.id}` })
    await ready()
    first.unmount()
    // The page shows at once from the cache; the server's fresh answer (row 1 gone) lands after the keys.
    let answer!: () => void
    const fresh = makeRows(3).slice(1)
    const fetch = vi.fn((query: ListQuery) => new Promise<ReturnType<typeof pageOf<Payout>>>((resolve) => (answer = () => resolve(pageOf(fresh, query)))))
    renderList({ fetch, bulkActions: [markProcessed()], rowLink: (row) => `/payouts/${row.id}` })
    await ready()
    await userEvent.keyboard('jj')
    await waitFor(() => expect(gridRows()[1].classList.contains('ag-row-focus')).toBe(true))
    await userEvent.keyboard('x')
    expect(within(bulkBar()).getByText('1 selected')).toBeTruthy()
    act(() => answer())
    await ready(2)
    // Row 2 is now the first row: the cursor followed it, and it is still selected.
    await waitFor(() => expect(gridRows()[0].classList.contains('ag-row-focus')).toBe(true))
    expect(within(bulkBar()).getByText('1 selected')).toBeTruthy()
    await userEvent.keyboard('{Enter}')
    expect(currentUrl().pathname).toBe('/payouts/2')
  })

  it('leaves the keys alone while typing in the search, and / focuses it', async () => {
    renderList({ fetch: serve(makeRows(3)), bulkActions: [markProcessed()] })
    await ready()
    await userEvent.keyboard('[Slash]')
    const search = screen.getByRole('searchbox', { name: 'Search Payouts' })
    expect(document.activeElement).toBe(search)
    await userEvent.keyboard('jx')
    expect((search as HTMLInputElement).value).toBe('jx')
    expect(gridRows().some((row) => row.classList.contains('ag-row-focus'))).toBe(false)
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull()
  })

  it('moves from a focused toolbar button too, and Enter then opens the row rather than pressing the button', async () => {
    renderList({ fetch: serve(makeRows(3)), bulkActions: [markProcessed()], rowLink: (row) => `/payouts/${row.id}` })
    await ready()
    const settings = screen.getByRole('button', { name: /^List settings/ })
    settings.focus()
    await userEvent.keyboard('jj')
    await waitFor(() => expect(gridRows()[1].classList.contains('ag-row-focus')).toBe(true))
    expect(document.activeElement).not.toBe(settings)
    await userEvent.keyboard('{Enter}')
    expect(currentUrl().pathname).toBe('/payouts/2')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens a row on click, and in a new tab with ctrl+click', async () => {
    const open = vi.fn()
    const tab = windowTab({ open })
    render(
      <TabContext.Provider value={tab}>
        <Theme>
          <ListView
            listId="p"
            title="Payouts"
            columns={columns}
            rowId={(row) => row.id}
            fetch={serve(makeRows(3))}
            rowLink={(row) => `/payouts/${row.id}`}
          />
        </Theme>
      </TabContext.Provider>,
    )
    await ready()
    const user = userEvent.setup()
    await user.click(within(gridRows()[1]).getByText('Payout 2'))
    expect(tab.navigate).toHaveBeenCalledWith('/payouts/2')
    await user.keyboard('{Control>}')
    await user.click(within(gridRows()[2]).getByText('Payout 3'))
    await user.keyboard('{/Control}')
    expect(open).toHaveBeenCalledWith('/payouts/3', 'tab')
    expect(tab.navigate).toHaveBeenCalledTimes(1)
    // A link inside a row goes where it points, not to the row.
    await user.click(within(gridRows()[0]).getByRole('link', { name: /Jane van Doe/ }))
    expect(tab.navigate).toHaveBeenLastCalledWith('/users/100', { replace: undefined })
    expect(tab.navigate).toHaveBeenCalledTimes(2)
  })
})

/** A tab API that records what the list asks of it (the workspace's own is tested with the shell). */
function windowTab(overrides: Partial<TabApi> = {}): TabApi & { navigate: ReturnType<typeof vi.fn> } {
  return {
    tabId: null,
    focused: true,
    path: '/payouts',
    search: new URLSearchParams(),
    navigate: vi.fn(),
    open: vi.fn(),
    setSearch: vi.fn(),
    setTitle: vi.fn(),
    publishList: vi.fn(),
    ...overrides,
  } as TabApi & { navigate: ReturnType<typeof vi.fn> }
}

describe('ListView and the shell', () => {
  it('publishes its selection and bulk actions, and withdraws them on unmount', async () => {
    const publishList = vi.fn<(handle: ListHandle | null) => void>()
    const action = remove()
    const tab = windowTab({ publishList })
    const view = render(
      <TabContext.Provider value={tab}>
        <Theme>
          <ListView
            listId="payouts"
            title="Payouts"
            columns={columns}
            rowId={(row) => row.id}
            fetch={serve(makeRows(3))}
            bulkActions={[action]}
          />
        </Theme>
      </TabContext.Provider>,
    )
    await ready()
    const latest = () => publishList.mock.calls.at(-1)?.[0] ?? null
    expect(latest()).toMatchObject({ listId: 'payouts', title: 'Payouts', selectedIds: [] })
    expect(latest()?.bulkActions.map(({ id, label, confirm }) => ({ id, label, confirm }))).toEqual([
      { id: 'payouts.delete', label: 'Delete', confirm: 'Delete the selected payouts?' },
    ])
    act(() => latest()?.selectAll())
    expect(within(bulkBar()).getByText('3 selected')).toBeTruthy()
    expect(latest()?.selectedIds).toEqual([1, 2, 3])
    // The palette runs a bulk action through the handle: the list clears and reloads as with its own bar.
    await act(async () => latest()?.bulkActions[0].run(latest()!.selectedIds))
    expect(action.run).toHaveBeenCalledWith([1, 2, 3])
    await waitFor(() => expect(latest()?.selectedIds).toEqual([]))
    act(() => latest()?.focusSearch())
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search Payouts' }))
    view.unmount()
    expect(publishList).toHaveBeenLastCalledWith(null)
  })
})
