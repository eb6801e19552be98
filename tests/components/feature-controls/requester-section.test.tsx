import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Theme } from '@radix-ui/themes'
import type { ReviewRow } from '../../../src/contract/feature-controls'
import { navigate, locationState } from '../../../src/client/routing/navigation'
import { RequesterSection } from '../../../src/domains/feature-controls/ui/requester'
import { respond } from '../dialogs/fetch-mock'
import { serveRoutes } from '../releases/fixtures'

afterEach(() => vi.restoreAllMocks())
beforeEach(() => act(() => navigate('/dashboard', { replace: true })))

const row = (id: number, kind: string, status: string, title: string, reason: string | null = null): ReviewRow => ({
  id,
  kind,
  status,
  title,
  requester: { id: 5, name: 'Leo Marsh', email: 'artist@demo.test' },
  release: null,
  track: null,
  fields: {},
  reason,
  reviewedAt: null,
  created: `2026-03-0${id % 9 || 1}T10:00:00.000Z`,
  updated: '2026-03-01T10:00:00.000Z',
})

const RELEASES = {
  data: [
    {
      id: 3,
      title: 'Golden Echoes',
      artist: 'Marsh Audio',
      upc: '810000000012',
      releaseDate: '2026-08-01',
      tracks: [
        { id: 7, title: 'Summer Song', isrc: 'USRC17607839' },
        { id: 8, title: 'Winter Song', isrc: null },
      ],
    },
  ],
}

function serve(created: { path: string; body: unknown }[], mine: ReviewRow[] = []) {
  const create = (path: string) => (request: { body: unknown }) => {
    created.push({ path, body: request.body })
    return respond(201, { id: 40, message: 'Greenlist entry request #40 sent. You will be told by email when it is reviewed.' })
  }
  serveRoutes({
    'GET /api/feature-requests/mine/1': () => respond(200, { data: mine, meta: { total: mine.length, totalIsEstimate: false, page: 1, per_page: 25, last_page: 1 } }),
    'GET /api/feature-requests/releases': () => respond(200, RELEASES),
    'POST /api/whitelist/request': create('whitelist/request'),
    'POST /api/youTubeMcn/request': create('youTubeMcn/request'),
    'POST /api/blocklist/request': create('blocklist/request'),
    'POST /api/licensing/request': create('licensing/request'),
  })
}

const renderSection = () =>
  render(
    <Theme>
      <RequesterSection />
    </Theme>,
  )

/** Opens the licence form from its address and gives its dialog and a way to type in a field by label. */
async function openLicenceForm(created: { path: string; body: unknown }[] = []) {
  serve(created)
  act(() => navigate('/dashboard?request=licensing'))
  renderSection()
  const dialog = await screen.findByRole('dialog', { name: 'Request a cover licence' })
  const type = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } })
  return { dialog, type }
}

describe("the requester's dashboard section", () => {
  it('lists the account’s requests of every kind with subject, status, date and the refusal reason', async () => {
    serve([], [row(12, 'youtubeMcn', 'pending', 'UCaBcDeFgHiJkLmNoPqRsTuV'), row(11, 'chartRegistration', 'rejected', 'Golden Echoes', 'The UPC is not registered yet')])
    renderSection()
    const table = await screen.findByRole('table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(within(table).getAllByRole('row').map((tr) => tr.textContent)).toEqual([
      'KindSubjectStatusDateReason',
      'Channel join#12 UCaBcDeFgHiJkLmNoPqRsTuVPending2026-03-03',
      'Chart registration#11 Golden EchoesRejected2026-03-02The UPC is not registered yet',
    ])
  })

  it('opens the kind’s dialog from the address the palette sends, checks it like the server, and sends it', async () => {
    const created: { path: string; body: unknown }[] = []
    serve(created)
    act(() => navigate('/dashboard?request=greenlist'))
    renderSection()
    const dialog = await screen.findByRole('dialog', { name: 'Request greenlisting' })
    // Nothing chosen: the schema's messages, and the focus on the first field to fix.
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Request greenlisting' }))
    expect(await within(dialog).findByText('Choose one of your releases')).toBeTruthy()
    const release = within(dialog).getByLabelText('Release')
    expect(document.activeElement).toBe(release)
    await waitFor(() => expect(within(release).getAllByRole('option').map((option) => option.textContent)).toContain('Golden Echoes — Marsh Audio (UPC 810000000012), 2026-08-01'))
    fireEvent.change(release, { target: { value: '3' } })
    const track = within(dialog).getByLabelText('Track')
    expect(within(track).getAllByRole('option').map((option) => option.textContent)).toEqual(['The whole release', 'Summer Song (USRC17607839)', 'Winter Song'])
    fireEvent.change(track, { target: { value: '7' } })
    fireEvent.change(within(dialog).getByLabelText('YouTube channels or URLs'), { target: { value: 'https://example.com/nope' } })
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Request greenlisting' }))
    expect(await within(dialog).findByText('Not a YouTube channel or URL: https://example.com/nope')).toBeTruthy()
    expect(created).toEqual([])
    fireEvent.change(within(dialog).getByLabelText('YouTube channels or URLs'), { target: { value: 'UCaBcDeFgHiJkLmNoPqRsTuV' } })
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Request greenlisting' }))
    await waitFor(() => expect(created).toHaveLength(1))
    expect(created[0]).toEqual({
      path: 'whitelist/request',
      body: { releaseId: 3, trackId: 7, format: 'all', youtube: 'UCaBcDeFgHiJkLmNoPqRsTuV', soundcloud: '', facebook: '', tiktok: '', instagram: '', info: '', comment: '' },
    })
    // Sent: the dialog closes and the address no longer asks for it.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(locationState.search).toBe('')
  })

  it('offers a "New request" per kind; the MCN form mirrors the server’s checks and Esc closes it', async () => {
    const created: { path: string; body: unknown }[] = []
    serve(created)
    renderSection()
    const group = await screen.findByRole('group', { name: 'New request' })
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Request greenlisting…',
      'Request a blocklist period…',
      'Request a cover licence…',
      'Register for charts…',
      'Pitch a release…',
      'Join YouTube MCN…',
    ])
    fireEvent.click(within(group).getByRole('button', { name: 'Join YouTube MCN…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Join YouTube MCN' })
    fireEvent.change(within(dialog).getByLabelText('Channel id'), { target: { value: 'https://www.youtube.com/@handle' } })
    fireEvent.change(within(dialog).getByLabelText('Total subscribers'), { target: { value: '-3' } })
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Join YouTube MCN' }))
    expect(await within(dialog).findByText('Not a YouTube channel id: it starts with UC and has 24 characters')).toBeTruthy()
    expect(within(dialog).getByText('The number of subscribers cannot be negative')).toBeTruthy()
    expect(created).toEqual([])
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(locationState.search).toBe('')
  })

  it('the licence form builds the nested body the server parses (one format, the song, the licensee)', async () => {
    const created: { path: string; body: unknown }[] = []
    const { dialog, type } = await openLicenceForm(created)
    type('Song title', 'Harbour Lights')
    type('Composed by', 'June Harper')
    type('Original recording artist', 'The Originals')
    type('Playing time in seconds', '330')
    type('Album title', 'Covers')
    type('Album artist', 'Marsh Audio')
    type('Release date', '2023-06-01')
    type('Format title', 'CD')
    type('Copies made', '1000')
    type('Copies licensed', '0')
    type('Licensee first name', 'Leo')
    type('Licensee last name', 'Marsh')
    type('Licensee email', 'leo@example.com')
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Request a cover licence' }))
    expect(await within(dialog).findByText('The number of copies licensed is at least 1')).toBeTruthy()
    type('Copies licensed', '1000')
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Request a cover licence' }))
    await waitFor(() => expect(created).toHaveLength(1))
    expect(created[0].body).toMatchObject({
      albumTitle: 'Covers',
      releaseDate: '2023-06-01',
      licensee: { firstName: 'Leo', lastName: 'Marsh', email: 'leo@example.com', companyName: '', phone1: '' },
      releases: [{ formatId: 'physical', formatTitle: 'CD', releaseQuantity: 1000, quantityLicensed: 1000, expectedOutletsOfDistribution: '' }],
      song: { title: 'Harbour Lights', composedBy: 'June Harper', originalRecordingArtist: 'The Originals', publishedBy: '', playingSeconds: 330 },
    })
  })

  it('the licence form takes up to ten formats: "Add a format" adds a row and focuses it, each row is checked and sent', async () => {
    const created: { path: string; body: unknown }[] = []
    const { dialog, type } = await openLicenceForm(created)
    for (const [label, value] of [
      ['Song title', 'Harbour Lights'],
      ['Composed by', 'June Harper'],
      ['Original recording artist', 'The Originals'],
      ['Playing time in seconds', '200'],
      ['Album title', 'Covers'],
      ['Album artist', 'Marsh Audio'],
      ['Release date', '2026-03-01'],
      ['Format title', 'CD'],
      ['Copies made', '1000'],
      ['Copies licensed', '1000'],
      ['Licensee first name', 'Leo'],
      ['Licensee last name', 'Marsh'],
      ['Licensee email', 'leo@example.com'],
    ])
      type(label, value)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a format' }))
    // Two rows now: each field names its row, and the new row's format select has the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Format 2: format')))
    expect((within(dialog).getByLabelText('Format 1: format title') as HTMLInputElement).value).toBe('CD')
    type('Format 2: format', 'download')
    type('Format 2: format title', 'Download')
    type('Format 2: copies made', '500')
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Request a cover licence' }))
    // The second row is checked on its own: its copies licensed are missing.
    expect(await within(dialog).findByText('Give the number of copies licensed')).toBeTruthy()
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Format 2: copies licensed'))
    expect(created).toEqual([])
    type('Format 2: copies licensed', '333')
    fireEvent.submit(within(dialog).getByRole('form', { name: 'Request a cover licence' }))
    await waitFor(() => expect(created).toHaveLength(1))
    expect((created[0].body as { releases: unknown[] }).releases).toEqual([
      { formatId: 'physical', formatTitle: 'CD', releaseQuantity: 1000, quantityLicensed: 1000, expectedOutletsOfDistribution: '' },
      { formatId: 'download', formatTitle: 'Download', releaseQuantity: 500, quantityLicensed: 333, expectedOutletsOfDistribution: '' },
    ])
  })

  it('removing the last format drops its row and what was typed in it', async () => {
    const { dialog } = await openLicenceForm()
    expect(within(dialog).queryByRole('button', { name: 'Remove the last format' })).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a format' }))
    fireEvent.change(await within(dialog).findByLabelText('Format 2: format title'), { target: { value: 'Vinyl' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the last format' }))
    await waitFor(() => expect(within(dialog).queryByLabelText('Format 2: format title')).toBeNull())
    expect(within(dialog).getByLabelText('Format title')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a format' }))
    expect((await within(dialog).findByLabelText('Format 2: format title') as HTMLInputElement).value).toBe('')
    for (let row = 3; row <= 10; row += 1) fireEvent.click(within(dialog).getByRole('button', { name: 'Add a format' }))
    expect(within(dialog).getByLabelText('Format 10: format title')).toBeTruthy()
    expect((within(dialog).getByRole('button', { name: 'Add a format' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
