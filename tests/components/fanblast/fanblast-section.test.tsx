import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Theme } from '@radix-ui/themes'
import { fanblastEndpoints, type MyBlastItem } from '../../../src/contract/fanblast'
import { locationState } from '../../../src/client/routing/navigation'
import { FanBlastSection, paragraphsToHtml } from '../../../src/domains/fanblast/ui/FanBlastSection'
import { FANBLAST_COMMANDS } from '../../../commands/fanblast'

// The artist's fan blast section on the dashboard (docs/fanblast.md, "Artists"): audience, import with
// proof of consent, compose and submit, their blasts with the sending progress; the palette's two actions.

interface Call {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}

const blast = (overrides: Partial<MyBlastItem>): MyBlastItem => ({
  id: 1,
  subject: 'Message from Nova: the single',
  listSubject: 'the single',
  status: 'submitted',
  from: 'Nova',
  messageId: 'x@y',
  user: { id: 3, name: 'Nova', email: 'artist@acme.test' },
  recipients: 0,
  reason: null,
  reviewedAt: null,
  date: '2026-11-20T10:00:00.000Z',
  progress: null,
  ...overrides,
})

function serve(mine: MyBlastItem[] = []) {
  const calls: Call[] = []
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, path: url.pathname, query: url.searchParams, body })
    const route = `${method} ${url.pathname}`
    if (route === 'GET /api/fanblast/fans')
      return json(200, {
        data: [{ id: 9, email: 'ann@fans.test', source: 'smartlink', consentDate: '2026-11-01T00:00:00.000Z', consentProof: 'smartlink abc', unsubscribed: false, bounced: false }],
        meta: { total: 1234, estimate: false, page: 1, per_page: 10, pages: 124 },
      })
    if (route === 'GET /api/fanblast/mine') return json(200, { data: mine, meta: { total: mine.length, estimate: false, page: 1, per_page: 25, pages: 1 } })
    if (route === 'POST /api/fanblast/submit') return json(201, { id: 5, status: 'submitted', message: 'Blast submitted for review.' })
    if (route === 'POST /api/fanblast/fans/import')
      return json(200, { added: 1, known: 0, refused: [{ row: 3, email: 'bob@fans.test', reason: 'Proof of consent is missing' }], message: '1 fan added; 1 row refused.' })
    return json(404, { message: `No route ${route}` })
  })
  return calls
}

function renderSection() {
  return render(
    <Theme>
      <FanBlastSection />
    </Theme>,
  )
}

afterEach(() => {
  vi.restoreAllMocks()
  locationState.pathname = '/'
  locationState.search = ''
})

describe('fan blast section', () => {
  it('shows the audience with its size and consent source', async () => {
    serve()
    renderSection()
    expect(await screen.findByRole('heading', { name: 'Your audience: 1,234 fans' })).toBeTruthy()
    const fans = screen.getByRole('table', { name: 'Newest fans' })
    expect(within(fans).getByText('ann@fans.test')).toBeTruthy()
    expect(within(fans).getByText('Smartlink sign-up (smartlink abc)')).toBeTruthy()
    expect(within(fans).getByText('2026-11-01')).toBeTruthy()
  })

  it('asks the audience with a query the server accepts', async () => {
    const asked: URLSearchParams[] = []
    const calls = serve()
    renderSection()
    await screen.findByRole('heading', { name: 'Your audience: 1,234 fans' })
    for (const call of calls) if (call.path === '/api/fanblast/fans') asked.push(call.query)
    expect(asked.length).toBeGreaterThan(0)
    for (const query of asked) expect(fanblastEndpoints['fanblast.fans'].query!.safeParse(Object.fromEntries(query)).success).toBe(true)
  })

  it('submits a composed blast as sanitisable paragraphs and says it went to review', async () => {
    const calls = serve()
    renderSection()
    const form = await screen.findByRole('form', { name: 'Compose fan blast' })
    fireEvent.change(within(form).getByLabelText('Subject'), { target: { value: 'New single' } })
    fireEvent.change(within(form).getByLabelText('Message (a blank line starts a new paragraph)'), {
      target: { value: 'Out Friday <3\nPre-save now.\n\nSee you on tour' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Submit for review' }))
    expect(await within(form).findByRole('status')).toHaveProperty('textContent', 'Blast submitted for review.')
    expect(calls.find((call) => call.path === '/api/fanblast/submit')?.body).toEqual({
      subject: 'New single',
      from: '',
      content: '<p>Out Friday &#60;3<br>Pre-save now.</p><p>See you on tour</p>',
    })
    expect(paragraphsToHtml('  \n\n')).toBe('')
  })

  it('imports a CSV of fans and lists the refused rows', async () => {
    const calls = serve()
    renderSection()
    const form = await screen.findByRole('form', { name: 'Import fans' })
    const file = new File(['email,consent date,proof\nann@fans.test,2026-01-01,form\nbob@fans.test,2026-01-01,\n'], 'fans.csv', { type: 'text/csv' })
    fireEvent.change(within(form).getByLabelText(/CSV with the columns/), { target: { files: [file] } })
    fireEvent.click(within(form).getByRole('button', { name: 'Import fans' }))
    expect(await within(form).findByText('1 fan added; 1 row refused.')).toBeTruthy()
    expect(within(screen.getByRole('list', { name: 'Refused rows' })).getByText('Row 3 (bob@fans.test): Proof of consent is missing')).toBeTruthy()
    const upload = calls.find((call) => call.path === '/api/fanblast/fans/import')
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File)
  })

  it("shows each blast's status, the reason of a rejection, and the progress of one sending", async () => {
    serve([
      blast({ id: 2, status: 'sending', recipients: 10, progress: { queued: 4, sending: 1, sent: 4, deferred: 0, bounced: 1, failed: 0, unsubscribed: 0 } }),
      blast({ id: 1, subject: 'Rough mix', status: 'rejected', reason: 'Not mastered yet' }),
    ])
    renderSection()
    const table = await screen.findByRole('table', { name: 'Your fan blasts' })
    expect(within(table).getByText('5 of 10 done: 4 sent, 1 bounced')).toBeTruthy()
    expect(within(table).getByRole('progressbar', { name: /^Sending progress of .*the single$/ })).toBeTruthy()
    expect(within(table).getByText('Reason: Not mastered yet')).toBeTruthy()
  })

  it('"Compose fan blast…" and "Import fans…" open the section with the keyboard in their form, for artists only', async () => {
    const compose = FANBLAST_COMMANDS.find((command) => command.title === 'Compose fan blast…')!
    const importFans = FANBLAST_COMMANDS.find((command) => command.title === 'Import fans…')!
    const opened: string[] = []
    const env = { open: (path: string) => opened.push(path) } as never
    const artist = { account: { id: 3, type: 'artist', isOperator: false } } as never
    const admin = { account: { id: 1, type: 'admin', isOperator: false } } as never
    expect(compose.when!(artist)).toBe(true)
    expect(compose.when!(admin)).toBe(false)
    expect(importFans.when!(admin)).toBe(false)
    void compose.run!(artist, env)
    void importFans.run!(artist, env)
    expect(opened).toEqual(['/dashboard?fanblast=compose', '/dashboard?fanblast=import'])

    serve()
    locationState.pathname = '/dashboard'
    locationState.search = '?fanblast=compose'
    renderSection()
    const form = await screen.findByRole('form', { name: 'Compose fan blast' })
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Subject')))
  })
})
