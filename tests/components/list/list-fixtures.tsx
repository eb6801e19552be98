import { afterEach, beforeEach, expect, vi } from 'vitest'
import { cleanup, render } from '@testing-library/react'
import { Theme } from '@radix-ui/themes'
import { StarFilledIcon } from '@radix-ui/react-icons'
import { navigate } from '../../../src/client/routing/navigation'
import { ListView, type ListViewProps } from '../../../src/client/ui/list/ListView'
import type { ColumnDef, ListQuery, ListResult } from '../../../src/client/ui/list/list-types'

export interface Payout {
  id: number
  title: string
  amount: string
  created: string
  status: number
  note: string
  user: { id: number; name: string }
  release: { id: number; title: string; artwork: string | null }
  tags: string[]
  starred: boolean
}

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

export function makeRows(count: number): Payout[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    title: `Payout ${index + 1}`,
    amount: index === 0 ? '1234.5' : `${index}.005`,
    created: minutesAgo(5 + index * 60),
    status: index % 2,
    note: index === 0 ? 'A very long note that goes on and on well beyond what a table cell should show in one line' : 'Short',
    user: { id: 100 + index, name: index === 0 ? 'Jane van Doe' : `User ${index}` },
    release: { id: 500 + index, title: `Release ${index + 1}`, artwork: null },
    tags: index === 0 ? ['Priority', 'Manual'] : [],
    starred: index === 0,
  }))
}

export const columns: ColumnDef<Payout>[] = [
  { id: 'title', header: 'Title', type: 'text', value: (row) => row.title },
  { id: 'amount', header: 'Amount', type: 'money', value: (row) => row.amount },
  { id: 'created', header: 'Created', type: 'date', value: (row) => row.created },
  {
    id: 'status',
    header: 'Status',
    type: 'status',
    value: (row) => row.status,
    statuses: { 0: { label: 'Pending', color: 'amber' }, 1: { label: 'Processed', color: 'green' } },
  },
  { id: 'note', header: 'Note', type: 'message', value: (row) => row.note, maxLength: 20 },
  { id: 'user', header: 'User', type: 'user', value: (row) => row.user },
  { id: 'release', header: 'Release', type: 'release', value: (row) => row.release },
  { id: 'tags', header: 'Tags', type: 'group', value: (row) => row.tags },
  { id: 'starred', header: 'Starred', type: 'icon', value: (row) => (row.starred ? { icon: StarFilledIcon, label: 'Starred' } : null) },
  { id: 'internal', header: 'Internal id', type: 'text', value: (row) => `int-${row.id}`, hidden: true },
]

export function pageOf<Row>(rows: Row[], query: ListQuery, extra: Partial<ListResult<Row>['meta']> = {}): ListResult<Row> {
  const start = (query.page - 1) * query.perPage
  return {
    data: rows.slice(start, start + query.perPage),
    meta: {
      total: rows.length,
      totalIsEstimate: false,
      page: query.page,
      per_page: query.perPage,
      last_page: Math.max(1, Math.ceil(rows.length / query.perPage)),
      ...extra,
    },
  }
}

/** A fetch over `rows` that records every query it was asked. */
export function serve<Row>(rows: Row[], extra?: Partial<ListResult<Row>['meta']>) {
  return vi.fn(async (query: ListQuery, _signal: AbortSignal) => pageOf(rows, query, extra))
}

export function renderList(props: Partial<ListViewProps<Payout>> & Pick<ListViewProps<Payout>, 'fetch'>) {
  const all: ListViewProps<Payout> = { listId: 'test-payouts', title: 'Payouts', columns, rowId: (row) => row.id, ...props }
  return render(
    <Theme>
      <div style={{ width: 1200 }}>
        <ListView {...all} />
      </div>
    </Theme>,
  )
}

/** AG Grid reports a missing module or a bad option, React a misuse, through console.error/warn: a test must not pass with one. */
export function guardConsole() {
  let messages: string[] = []
  beforeEach(() => {
    messages = []
    navigate('/payouts', { replace: true })
    localStorage.clear()
    const record = (...args: unknown[]) => {
      const text = args.map(String).join(' ')
      // The list logs the failures it shows (tests provoke some on purpose); anything else is a defect.
      if (!/^List (toolbar|\S+: bulk action)/.test(text)) messages.push(text)
    }
    vi.spyOn(console, 'error').mockImplementation(record)
    vi.spyOn(console, 'warn').mockImplementation(record)
  })
  afterEach(() => {
    // Unmount first, so a failure here cannot leave this test's list on the next test's screen.
    cleanup()
    vi.restoreAllMocks()
    expect(messages.map((message) => message.slice(0, 400))).toEqual([])
  })
}

/** The data rows of the grid (the header row excluded), in order. */
export function gridRows(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('.wl-grid [role="row"][row-index]')).sort(
    (a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')),
  )
}

export function rowCheckbox(row: HTMLElement): HTMLInputElement {
  const box = row.querySelector<HTMLInputElement>('input[type="checkbox"]')
  if (!box) throw new Error(`row ${row.getAttribute('row-id')} has no checkbox`)
  return box
}

export function currentUrl(): URL {
  return new URL(window.location.href)
}
