import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { UnmatchedSection } from '../../../src/domains/earnings/ui/ledger/UnmatchedSection'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { mockFetch, respond, type Request } from '../dialogs/fetch-mock'
import type { UnmatchedKey } from '../../../src/contract/ledger'

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

function server() {
  let keys: UnmatchedKey[] = [
    { kind: 'isrc', key: 'QZNNN2500001', lines: 2, total: '1234.005000', titles: ['Lost One', 'Lost One (Remix)'], importIds: [7] },
    { kind: 'upc', key: '0000000000123', lines: 1, total: '1.000000', titles: [], importIds: [7, 8] },
  ]
  return (request: Request) => {
    if (request.path.startsWith('/api/earnings/unmatched/')) {
      const search = (request.query.get('search') ?? '').toLowerCase()
      const data = keys.filter(
        (key) => !search || key.key.toLowerCase().includes(search) || key.titles.some((title) => title.toLowerCase().includes(search)),
      )
      return respond(200, { data, meta: { total: data.length, totalIsEstimate: false, page: 1, per_page: 25, last_page: 1 } })
    }
    if (request.path === '/api/search')
      return respond(200, {
        hits: [
          { kind: 'track', id: 41, title: 'Lost One', subtitle: 'QZ-NNN-25-00001 · Found Songs', score: 0.9 },
          { kind: 'release', id: 9, title: 'Found Songs', subtitle: 'Nina Vale', score: 0.5 },
        ],
      })
    if (request.path === '/api/earnings/match') {
      const body = request.body as { key: string }
      keys = keys.filter((key) => key.key !== body.key)
      return respond(200, { lines: 2, posted: 2, amount: '1234.005000', target: { trackId: 41, releaseId: 9, title: 'Lost One' } })
    }
    return respond(404, { message: 'Not found.' })
  }
}

function renderSection() {
  const mock = mockFetch(server())
  render(
    <Theme>
      <UnmatchedSection />
      <Notices />
    </Theme>,
  )
  return mock
}

const keys = () =>
  within(screen.getByRole('table', { name: 'Unmatched lines by ISRC or UPC' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)

describe('unmatched lines section', () => {
  it('lists keys with their lines, totals with separators, titles and imports; searches', async () => {
    renderSection()
    await waitFor(() => expect(keys()).toEqual(['ISRC QZNNN2500001', 'UPC 0000000000123']))
    expect(screen.getByRole('heading', { name: 'Unmatched lines (2 keys)' })).toBeTruthy()
    const first = screen.getAllByRole('row')[1]
    expect(first.textContent).toContain('$1,234.01')
    expect(first.textContent).toContain('Lost One · Lost One (Remix)')
    expect(screen.getAllByRole('row')[2].textContent).toContain('#7, #8')
    await userEvent.type(screen.getByRole('textbox', { name: 'Search unmatched lines' }), 'remix')
    await waitFor(() => expect(keys()).toEqual(['ISRC QZNNN2500001']))
  })

  it('matches a key to a track picked through the search, then the key leaves the list', async () => {
    const { requests } = renderSection()
    await waitFor(() => expect(keys()).toHaveLength(2))
    await userEvent.click(screen.getByRole('button', { name: 'Match ISRC QZNNN2500001' }))
    const dialog = await screen.findByRole('dialog', { name: 'Match ISRC QZNNN2500001' })
    expect(dialog.textContent).toContain('2 unmatched lines worth $1,234.01')
    expect(within(dialog).getByRole('button', { name: 'Choose a track or release' })).toHaveProperty('disabled', true)
    // The first title is searched at once.
    const option = await within(dialog).findByRole('option', { name: /Track\s*Lost One/ })
    expect(requests.find((request) => request.path === '/api/search')?.query.get('kinds')).toBe('track,release')
    await userEvent.click(option)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Match to “Lost One”' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests.find((request) => request.path === '/api/earnings/match')?.body).toEqual({
      kind: 'isrc',
      key: 'QZNNN2500001',
      trackId: 41,
    })
    expect(await screen.findByText('2 lines matched to “Lost One”.')).toBeTruthy()
    await waitFor(() => expect(keys()).toEqual(['UPC 0000000000123']))
  })
})
