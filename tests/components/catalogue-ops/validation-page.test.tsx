import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import type { MismatchRow, ValidationRow } from '../../../src/contract/catalogue-ops'
import { ValidationPage } from '../../../src/domains/catalogue-ops/ui/ValidationPage'
import { mockFetch, respond } from '../dialogs/fetch-mock'
import { me, signIn } from '../site/fixtures'

beforeAll(() => signIn(me({ type: 'admin' })))
afterEach(() => vi.restoreAllMocks())

const run: ValidationRow = {
  id: 7,
  fileName: 'audiosalad-catalog.csv',
  status: 'done',
  rows: 3,
  releases: 3,
  mismatchedReleases: 2,
  mismatches: 3,
  progress: 1,
  error: null,
  created: '2026-11-20T10:00:00.000Z',
  finished: '2026-11-20T10:00:05.000Z',
  createdBy: { id: 1, name: 'Adam Reed' },
}
const mismatch = (id: number, extra: Partial<MismatchRow>): MismatchRow => ({
  id,
  upc: '0706113004200',
  releaseId: 12,
  releaseTitle: 'Harbour Lights',
  kind: 'label',
  ours: 'Acme Records',
  theirs: 'Other Label',
  ...extra,
})
const page = (data: unknown[]) => ({ data, meta: { total: data.length, totalIsEstimate: false, page: 1, per_page: 25, last_page: 1 } })

function serve() {
  return mockFetch((request) => {
    if (request.path.endsWith('/history')) return respond(200, page([run]))
    if (request.path.endsWith('/single/7')) return respond(200, run)
    if (request.path.endsWith('/mismatches'))
      return respond(
        200,
        page(
          request.query.get('kind') === 'missing_here'
            ? [mismatch(3, { upc: '0706113004217', releaseId: null, releaseTitle: 'Ghost', kind: 'missing_here', ours: null, theirs: 'Ghost' })]
            : [
                mismatch(1, {}),
                mismatch(2, { kind: 'isrcs', ours: 'GBAAA2600002', theirs: 'GBAAA2600003' }),
                mismatch(3, { upc: '0706113004217', releaseId: null, releaseTitle: 'Ghost', kind: 'missing_here', ours: null, theirs: 'Ghost' }),
              ],
        ),
      )
    return respond(404, { message: 'unexpected' })
  })
}

const renderPage = () =>
  render(
    <Theme>
      <ValidationPage page={1} selected={null} />
    </Theme>,
  )

describe('AudioSalad validation page', () => {
  it('shows the latest run’s mismatches release by release, each release named once and linked', async () => {
    serve()
    renderPage()
    expect((await screen.findByRole('status', { name: 'Validation summary' })).textContent).toContain('3 releases compared, 2 with 3 mismatches.')
    const table = await screen.findByRole('table', { name: 'Mismatches by release' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent))).toEqual([
      ['0706113004200', 'Harbour Lights', 'Label', 'Acme Records', 'Other Label'],
      ['', '', 'ISRCs', 'GBAAA2600002', 'GBAAA2600003'],
      ['0706113004217', 'Ghost', 'Not in our catalogue', '—', 'Ghost'],
    ])
    expect(within(rows[0]).getByRole('link', { name: 'Harbour Lights' }).getAttribute('href')).toBe('/releases/single/12')
    expect(within(table).queryByRole('link', { name: 'Ghost' })).toBeNull()
    expect(screen.getByRole('table', { name: 'AudioSalad validation history' }).textContent).toContain('audiosalad-catalog.csv')
  })

  it('asks for the file before comparing', async () => {
    const { requests } = serve()
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Compare' }))
    expect((await screen.findByRole('alert')).textContent).toBe('CSV file is required')
    expect(requests.some((request) => request.method === 'POST')).toBe(false)
  })
})
