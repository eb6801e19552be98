import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { LedgerSection } from '../../../src/domains/earnings/ui/ledger/LedgerSection'
import { mockFetch, respond } from '../dialogs/fetch-mock'
import type { LedgerEntry } from '../../../src/contract/ledger'

afterEach(() => vi.restoreAllMocks())

const entries: LedgerEntry[] = [
  {
    id: 3,
    date: '2025-04-02T10:00:00Z',
    kind: 'match',
    category: 'sales',
    amount: '1333.333334',
    period: '2025-03',
    import: { id: 7, name: 'audiosalad-march.csv', source: 'audiosalad' },
    track: { id: 41, title: 'Lost One' },
    release: { id: 9, title: 'Found Songs' },
    reason: 'ISRC QZNNN2500001',
    by: { id: 2, name: 'Ada Admin' },
  },
  {
    id: 2,
    date: '2025-04-01T10:00:00Z',
    kind: 'adjustment',
    category: 'adjustment',
    amount: '-12.500000',
    period: null,
    import: null,
    track: null,
    release: null,
    reason: 'Chargeback from store',
    by: { id: 2, name: 'Ada Admin' },
  },
]

describe('account ledger section', () => {
  it('explains each entry (what, line, month, track, import, reason) with money to cents, and filters by balance line', async () => {
    const { requests } = mockFetch((request) => {
      const category = request.query.get('category')
      const data = category ? entries.filter((entry) => entry.category === category) : entries
      return respond(200, { data, meta: { total: data.length, totalIsEstimate: false, page: 1, per_page: 50, last_page: 1 } })
    })
    render(
      <Theme>
        <LedgerSection userId={42} />
      </Theme>,
    )
    const table = await screen.findByRole('table', { name: 'Ledger entries' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(rows[1].textContent).toContain('Manual match')
    expect(rows[1].textContent).toContain('Sales')
    expect(rows[1].textContent).toContain('2025-03')
    expect(rows[1].textContent).toContain('audiosalad-march.csv (import #7)')
    expect(rows[1].textContent).toContain('$1,333.33')
    expect(within(rows[1]).getByRole('link', { name: 'Lost One' }).getAttribute('href')).toBe('/releases/track/41')
    expect(rows[2].textContent).toContain('Chargeback from store')
    expect(rows[2].textContent).toContain('-$12.50')
    expect(requests[0].path).toBe('/api/users/single/42/ledger')

    await userEvent.click(screen.getByRole('combobox', { name: 'Balance line' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Adjustment' }))
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Ledger entries' })).getAllByRole('row')).toHaveLength(2))
    expect(requests.at(-1)?.query.get('category')).toBe('adjustment')
  })
})
