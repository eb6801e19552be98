import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import type { ReleaseImportLine, ReleaseImportRow } from '../../../src/contract/catalogue-ops'
import { ReleaseImportPage } from '../../../src/domains/catalogue-ops/ui/ReleaseImportPage'
import { respond } from '../dialogs/fetch-mock'
import { me, signIn } from '../site/fixtures'

beforeAll(() => signIn(me({ type: 'admin' })))
afterEach(() => vi.restoreAllMocks())

const run = (extra: Partial<ReleaseImportRow>): ReleaseImportRow => ({
  id: 5,
  status: 'committed',
  fileName: 'releases.csv',
  rows: 4,
  created: 1,
  updated: 1,
  unchanged: 1,
  failed: 1,
  progress: 1,
  error: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  finished: '2026-11-20T10:00:05.000Z',
  createdBy: { id: 1, name: 'Adam Reed' },
  ...extra,
})
const badRow: ReleaseImportLine = {
  id: 1,
  csvRow: 3,
  upc: '706113004217',
  releaseTitle: 'Night Bus (Remastered)',
  ownerEmail: '',
  result: 'failed',
  releaseId: null,
  message: 'The release is Live / Delivered: its metadata changes through an edit request once it is in the stores',
}
const page = (data: unknown[]) => ({ data, meta: { total: data.length, totalIsEstimate: false, page: 1, per_page: 25, last_page: 1 } })

/** The server: each read of the import answers the next of `states` (the last one stays). */
function serve(states: ReleaseImportRow[], history: ReleaseImportRow[] = []) {
  const requests: { method: string; path: string; query: URLSearchParams; form: FormData | null }[] = []
  let reads = 0
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    requests.push({ method, path: url.pathname, query: url.searchParams, form: init?.body instanceof FormData ? init.body : null })
    if (method === 'POST' && url.pathname.endsWith('/releases/import')) return respond(202, { id: 5, status: 'uploaded' })
    if (url.pathname.endsWith('/releases/import/single/5')) return respond(200, states[Math.min(reads++, states.length - 1)])
    if (url.pathname.endsWith('/releases/import/rows')) return respond(200, page([badRow]))
    if (url.pathname.endsWith('/releases/import/history')) return respond(200, page(history))
    return respond(404, { message: 'unexpected' })
  })
  return requests
}

const renderPage = () =>
  render(
    <Theme>
      <ReleaseImportPage page={1} />
    </Theme>,
  )
const csv = () => new File(['upc,release_title\n706113004200,Harbour Lights\n'], 'releases.csv', { type: 'text/csv' })

describe('release metadata import page', () => {
  it('asks for the file before importing', async () => {
    const requests = serve([])
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('CSV file is required')
    expect(alert.textContent).toContain('Please provide the file')
    expect(requests.some((request) => request.method === 'POST')).toBe(false)
  })

  it('uploads the file, shows the job’s progress with the form disabled, then the outcome and the rows not imported', async () => {
    const requests = serve([run({ status: 'parsing', progress: 0.4, rows: 2, created: 0, updated: 0, unchanged: 0, failed: 0 }), run({})])
    renderPage()
    await userEvent.upload(screen.getByLabelText('CSV file'), csv())
    await userEvent.click(screen.getByRole('button', { name: 'Import' }))

    expect(await screen.findByText('Please wait. Delivery is being scheduled.')).toBeTruthy()
    expect(screen.getByLabelText('CSV file').hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true)
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('40')
    const upload = requests.find((request) => request.method === 'POST')!
    expect(upload.path).toBe('/api/releases/import')
    expect((upload.form!.get('file') as File).name).toBe('releases.csv')

    expect(await screen.findByText('Import Successfully', undefined, { timeout: 3000 })).toBeTruthy()
    expect(screen.getByRole('status', { name: 'Row counts' }).textContent).toBe('4 rows1 created1 updated1 unchanged1 not imported')
    const table = await screen.findByRole('table', { name: 'Rows not imported' })
    expect(Array.from(within(table).getAllByRole('row')[1].querySelectorAll('td')).map((cell) => cell.textContent)).toEqual([
      '3',
      '706113004217',
      'Night Bus (Remastered)',
      '',
      badRow.message,
    ])
    expect(screen.getByLabelText('CSV file').hasAttribute('disabled')).toBe(false)
  })

  it('shows the server’s reason when the whole file is refused', async () => {
    serve([run({ status: 'failed', rows: 0, error: 'The CSV needs a upc column (UPC, EAN or Barcode).' })])
    renderPage()
    await userEvent.upload(screen.getByLabelText('CSV file'), csv())
    await userEvent.click(screen.getByRole('button', { name: 'Import' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Something went wrong.')
    expect(alert.textContent).toContain('The CSV needs a upc column (UPC, EAN or Barcode).')
  })

  it('lists the history (id, file name, rows, status) and opens a past import', async () => {
    serve([run({})], [run({}), run({ id: 4, fileName: 'old.csv', status: 'failed', rows: 0, error: 'The CSV has no rows.' })])
    renderPage()
    const table = await screen.findByRole('table', { name: 'Release import history' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'))
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['#5', 'releases.csv', '4', 'Done'],
      ['#4', 'old.csv', '0', 'Failed'],
    ])
    await userEvent.click(within(table).getByRole('button', { name: 'Open release import #5' }))
    expect(await screen.findByText('Import Successfully')).toBeTruthy()
  })
})
