import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { Theme } from '@radix-ui/themes'
import type { ReviewRow } from '../../../src/contract/feature-controls'
import { respond } from '../dialogs/fetch-mock'
import { serveRoutes } from '../releases/fixtures'

vi.mock('../../../src/client/state/session', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useSession: () => ({
    status: 'authenticated',
    me: {
      account: { id: 1, email: 'admin@demo.test', type: 'admin', displayName: 'Ada Admin', initials: 'AA' },
      tenant: { id: 1, slug: 'demo', name: 'Demo Music' },
      session: { id: 1, createdAt: '2024-01-01T00:00:00Z', expiresAt: '2099-01-01T00:00:00Z' },
    },
  }),
}))

const { default: PitchScreen } = await import('../../../src/domains/feature-controls/ui/PitchScreen')

afterEach(() => vi.restoreAllMocks())

const pitch = (fields: Record<string, unknown>): ReviewRow => ({
  id: 21,
  kind: 'pitch',
  status: 'pending',
  title: 'Summer Song (Golden Echoes)',
  requester: { id: 5, name: 'Leo Marsh', email: 'artist@demo.test' },
  release: { id: 3, title: 'Golden Echoes' },
  track: { id: 7, title: 'Summer Song', isrc: 'USRC17607839' },
  fields,
  reason: null,
  reviewedAt: null,
  created: '2026-01-02T00:00:00.000Z',
  updated: '2026-01-02T00:00:00.000Z',
})

const FULL = {
  songName: 'Summer Song',
  info: 'Second single',
  blurb: 'A bright single',
  marketingDrivers: ['Radio campaign', 'TikTok push'],
  previousMilestones: '1M streams',
  tourDates: [
    { date: '2026-07-01', city: 'London', venue: 'Lexington' },
    { date: '2026-07-02', city: 'Leeds', venue: 'Brudenell' },
  ],
  links: { spotify: 'https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF' },
  photo: { id: 4, url: '/api/files/4', name: 'band.png', contentType: 'image/png', size: 10 },
  sheet: { id: 5, url: '/api/files/5', name: 'one-sheet.pdf', contentType: 'application/pdf', size: 10 },
  release: { title: 'Golden Echoes', artist: 'Marsh Audio', upc: '810000000012', releaseDate: '2026-08-01', coverUrl: null, participants: [{ name: 'Marsh Audio', roles: 'Primary Artist' }] },
  track: { id: 7, title: 'Summer Song', isrc: 'USRC17607839', audioUrl: '/api/files/3' },
}

function show(fields: Record<string, unknown>) {
  serveRoutes({
    'GET /api/playlisting/single/21': () => respond(200, pitch(fields)),
    'GET /api/feature-requests/queue': () => respond(200, { data: [{ id: 21, kind: 'pitch', path: '/playlisting/single/21', title: 'Summer Song (Golden Echoes)' }] }),
  })
  render(
    <Theme>
      <PitchScreen params={{ id: '21' }} search={new URLSearchParams()} />
    </Theme>,
  )
}

describe('pitch single screen', () => {
  it('shows the tour dates as a table, the track with its player and ISRC, the links, the photo and the sheet', async () => {
    show(FULL)
    const tour = await screen.findByLabelText('Tour dates')
    expect(within(tour).getAllByRole('row').map((tr) => tr.textContent)).toEqual(['DateCityVenue', '2026-07-01LondonLexington', '2026-07-02LeedsBrudenell'])
    expect(screen.getByLabelText('Play Summer Song').getAttribute('src')).toBe('/api/files/3')
    expect(screen.getByText('US-RC1-76-07839')).toBeTruthy()
    expect(screen.getByText('810000000012')).toBeTruthy()
    expect(screen.getByText('Marsh Audio (Primary Artist)')).toBeTruthy()
    expect(screen.getByText('TikTok push')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF' }).getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByRole('img', { name: 'Photo sent with the pitch of Summer Song' }).getAttribute('src')).toBe('/api/files/4')
    expect(screen.getByRole('link', { name: 'one-sheet.pdf' }).getAttribute('href')).toBe('/api/files/5')
  })

  it('says so when the track has no audio and the pitch no tour dates or photo', async () => {
    show({ ...FULL, tourDates: [], photo: null, track: { ...FULL.track, audioUrl: null } })
    expect(await screen.findByText('The track has no audio yet')).toBeTruthy()
    expect(screen.getByText('None')).toBeTruthy()
    expect(screen.getByText('No photo')).toBeTruthy()
    expect(screen.queryByLabelText('Tour dates')).toBeNull()
  })
})
