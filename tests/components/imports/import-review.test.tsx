import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import type { ImportLine } from '../../../src/contract/earnings-imports'
import { ImportReview } from '../../../src/domains/earnings/ui/imports/ImportReview'
import { mockFetch, respond } from '../dialogs/fetch-mock'
import { detail } from './fixtures'

afterEach(() => vi.restoreAllMocks())

const line = (overrides: Partial<ImportLine>): ImportLine => ({
  id: 1,
  lineNo: 2,
  period: '2026-05',
  isrc: 'USWL12600001',
  upc: null,
  title: 'Night Drive 1',
  artist: 'Test Artist',
  channel: 'Spotify',
  territory: 'US',
  quantity: 1500,
  gross: '10.0000000000',
  net: '5.0000000000',
  netBase: '5.500000',
  matchedBy: 'isrc',
  track: { id: 4, title: 'Night Drive 1' },
  release: { id: 3, title: 'Night Drive' },
  ...overrides,
})

function serve() {
  return mockFetch((request) => {
    const filter = request.query.get('filter')
    const data =
      filter === 'unmatched'
        ? [
            line({
              id: 4,
              lineNo: 5,
              isrc: 'QZAAA2600001',
              title: 'Someone else',
              channel: '',
              matchedBy: null,
              track: null,
              release: null,
              netBase: '11.000000',
            }),
          ]
        : [line({}), line({ id: 2, lineNo: 3, isrc: null, upc: '812345678901', matchedBy: 'upc', track: null })]
    return respond(200, { data, meta: { total: data.length, totalIsEstimate: false, page: 1, per_page: 25, last_page: 1 } })
  })
}

describe('the dry run of a statement import', () => {
  it('shows rows, gross and net in the statement currency, the rate, net in USD, match rates, and the change against last period', async () => {
    serve()
    render(
      <Theme>
        <ImportReview detail={detail} />
      </Theme>,
    )
    const figure = (name: string) => screen.getByRole('group', { name }).textContent
    expect(figure('Rows')).toBe('Rows4')
    expect(figure('Gross')).toBe('Gross2,400.00 EUR')
    expect(figure('Net (EUR)')).toBe('Net (EUR)1,234.56 EUR')
    expect(figure('Exchange rate')).toContain('1.1000000000EUR → USD for 2026-05')
    expect(figure('Net in USD (credited)')).toBe('Net in USD (credited)$1,358.02')
    expect(figure('Matched by ISRC')).toBe('Matched by ISRC50.00%2 lines')
    expect(figure('Matched by UPC')).toBe('Matched by UPC25.00%1 lines')
    expect(figure('Unmatched')).toBe('Unmatched1$11.00 to suspense')
    expect(figure('Change vs previous period')).toContain('+$358.02 (+35.80%)')
    expect(figure('Change vs previous period')).toContain('2026-04: $1,000.00, rows -1 (-20.00%)')
    expect(screen.getByText('Admin Rebate: $11.00 · 1')).toBeTruthy()
  })

  it('lists the unmatched lines first, and the matched ones with what they matched on request', async () => {
    serve()
    render(
      <Theme>
        <ImportReview detail={detail} />
      </Theme>,
    )
    const unmatched = await screen.findByRole('table', { name: 'Unmatched lines' })
    const rows = within(unmatched).getAllByRole('row')
    expect(rows).toHaveLength(2)
    expect(rows[1].textContent).toContain('QZAAA2600001')
    expect(rows[1].textContent).toContain('Unmatched')
    await userEvent.click(screen.getByRole('radio', { name: 'Matched' }))
    const matched = await screen.findByRole('table', { name: 'Matched lines' })
    const matchedRows = within(matched).getAllByRole('row').slice(1)
    expect(matchedRows[0].textContent).toContain('Night Drive 1')
    expect(matchedRows[0].textContent).toContain('by ISRC')
    expect(matchedRows[1].textContent).toContain('812345678901')
    expect(matchedRows[1].textContent).toContain('by UPC')
  })

  it('warns about lines with errors', () => {
    serve()
    render(
      <Theme>
        <ImportReview
          detail={{
            ...detail,
            report: {
              ...detail.report!,
              errors: {
                count: 2,
                samples: [
                  { line: 3, message: 'Net "abc" is not a number' },
                  { line: 9, message: 'Quantity "1.5" is not a whole number' },
                ],
              },
            },
          }}
        />
      </Theme>,
    )
    expect(screen.getByRole('alert').textContent).toBe(
      '2 lines have errors and are not counted: line 3: Net "abc" is not a number; line 9: Quantity "1.5" is not a whole number',
    )
  })
})
