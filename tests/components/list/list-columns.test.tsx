import { describe, expect, it } from 'vitest'
import { act, renderHook, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { COLUMN_STATE_PREFIX, useColumnState } from '../../../src/client/ui/list/column-state'
import { columns, gridRows, guardConsole, makeRows, renderList, serve } from './list-fixtures'

guardConsole()

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent?.trim() ?? '')

async function toggleColumn(name: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Columns' }))
  const menu = await screen.findByRole('menu')
  await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name }))
  await userEvent.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
}

describe('column visibility', () => {
  it('hides and shows columns from the menu and remembers it per list', async () => {
    const first = renderList({ fetch: serve(makeRows(2)) })
    await waitFor(() => expect(gridRows()).toHaveLength(2))
    expect(headers()).toContain('Amount')
    expect(headers()).not.toContain('Internal id')

    await toggleColumn('Amount')
    await waitFor(() => expect(headers()).not.toContain('Amount'))
    expect(screen.queryByText('$1,234.50')).toBeNull()
    await toggleColumn('Internal id')
    await waitFor(() => expect(headers()).toContain('Internal id'))
    expect(JSON.parse(localStorage.getItem(`${COLUMN_STATE_PREFIX}test-payouts`) ?? '{}')).toEqual({
      visible: { amount: false, internal: true },
      widths: {},
    })

    // The same list, shown again, keeps the choice.
    first.unmount()
    const again = renderList({ fetch: serve(makeRows(2)) })
    await waitFor(() => expect(gridRows()).toHaveLength(2))
    expect(headers()).not.toContain('Amount')
    expect(headers()).toContain('Internal id')
    again.unmount()

    // Another list has its own.
    renderList({ listId: 'other-list', fetch: serve(makeRows(2)) })
    await waitFor(() => expect(gridRows()).toHaveLength(2))
    expect(headers()).toContain('Amount')
    expect(headers()).not.toContain('Internal id')
  })

  it('resets to the list defaults and never hides the last column', async () => {
    localStorage.setItem(
      `${COLUMN_STATE_PREFIX}test-payouts`,
      JSON.stringify({ visible: Object.fromEntries(columns.map((column) => [column.id, column.id === 'title'])), widths: {} }),
    )
    renderList({ fetch: serve(makeRows(2)) })
    await waitFor(() => expect(gridRows()).toHaveLength(2))
    expect(headers()).toEqual(['Title'])
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Title' }).getAttribute('aria-disabled')).toBe('true')
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Reset columns' }))
    await waitFor(() => expect(headers()).toContain('Amount'))
    expect(headers()).not.toContain('Internal id')
  })

  it('remembers widths and gives them to the grid', async () => {
    const { result, unmount } = renderHook(() => useColumnState('test-payouts', columns))
    act(() => result.current.setWidth('title', 333.4))
    expect(result.current.widths).toEqual({ title: 333 })
    unmount()
    const reread = renderHook(() => useColumnState('test-payouts', columns))
    expect(reread.result.current.widths).toEqual({ title: 333 })
    reread.unmount()

    renderList({ fetch: serve(makeRows(1)) })
    await waitFor(() => expect(gridRows()).toHaveLength(1))
    const title = screen.getByRole('columnheader', { name: 'Title' })
    expect(title.style.width).toBe('333px')
  })

  it('ignores a damaged stored value', async () => {
    localStorage.setItem(`${COLUMN_STATE_PREFIX}test-payouts`, '{not json')
    renderList({ fetch: serve(makeRows(1)) })
    await waitFor(() => expect(gridRows()).toHaveLength(1))
    expect(headers()).toContain('Amount')
  })
})
