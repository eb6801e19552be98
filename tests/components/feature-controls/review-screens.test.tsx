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

const { default: ChartRegistrationScreen } = await import('../../../src/domains/feature-controls/ui/ChartRegistrationScreen')
const { default: BlocklistScreen } = await import('../../../src/domains/feature-controls/ui/BlocklistScreen')

afterEach(() => vi.restoreAllMocks())

function row(overrides: Partial<ReviewRow>): ReviewRow {
  return {
    id: 12,
    kind: 'chartRegistration',
    status: 'pending',
    title: 'Golden Echoes',
    requester: { id: 5, name: 'Leo Marsh', email: 'label@demo.test' },
    release: { id: 3, title: 'Golden Echoes' },
    track: null,
    fields: {},
    reason: null,
    reviewedAt: null,
    created: '2026-01-02T00:00:00.000Z',
    updated: '2026-01-02T00:00:00.000Z',
    ...overrides,
  }
}

const queue = { data: [{ id: 12, kind: 'chartRegistration', path: '/soundscan/single/12', title: 'Golden Echoes' }] }

describe('feature-control single screens', () => {
  it('shows a chart registration like the discovery single: artwork, UPC, date, format, genre, label, participants, tracks with ISRCs', async () => {
    serveRoutes({
      'GET /api/soundscan/single/12': () =>
        respond(
          200,
          row({
            fields: {
              upc: '810000000012',
              title: 'Golden Echoes',
              artist: 'Marsh Audio',
              label: 'Marsh Label',
              releaseDate: '2025-01-05',
              format: 'EP',
              genre: 'Hip-Hop/Rap',
              coverUrl: '/api/files/9',
              participants: [{ name: 'Marsh Audio', roles: 'Primary Artist' }],
              tracks: [
                { id: 1, position: 1, title: 'Intro', isrc: 'USRC17607839' },
                { id: 2, position: 2, title: 'Outro', isrc: 'GBAYE0000001' },
              ],
              comment: '',
            },
          }),
        ),
      'GET /api/feature-requests/queue': () => respond(200, queue),
    })
    render(
      <Theme>
        <ChartRegistrationScreen params={{ id: '12' }} search={new URLSearchParams()} />
      </Theme>,
    )
    expect((await screen.findByRole('img', { name: 'Artwork of Golden Echoes' })).getAttribute('src')).toBe('/api/files/9')
    for (const text of ['810000000012', '2025-01-05', 'EP', 'Hip-Hop/Rap', 'Marsh Label', 'Marsh Audio (Primary Artist)']) expect(screen.getByText(text)).toBeTruthy()
    const tracks = screen.getByLabelText('Registered tracks')
    expect(within(tracks).getAllByRole('row').map((tr) => tr.textContent)).toEqual(['#TitleISRC', '1IntroUS-RC1-76-07839', '2OutroGB-AYE-00-00001'])
    expect(await screen.findByText(/^Pending request 1 of 1 in the review queue/)).toBeTruthy()
  })

  it('shows a blocklist entry’s platform, period and "Not Set" when there is no ISRC', async () => {
    serveRoutes({
      'GET /api/blocklist/single/7': () =>
        respond(
          200,
          row({
            id: 7,
            kind: 'blocklist',
            status: 'ended',
            fields: { platform: 'tiktok', format: 'single', startDate: '2026-02-01', endDate: '2026-02-28', comment: 'Premiere', isrc: null },
          }),
        ),
      'GET /api/feature-requests/queue': () => respond(200, { data: [] }),
    })
    render(
      <Theme>
        <BlocklistScreen params={{ id: '7' }} search={new URLSearchParams()} />
      </Theme>,
    )
    expect((await screen.findByTestId('blocklist-isrc')).textContent).toBe('Not Set')
    for (const text of ['TikTok', 'Single', '2026-02-01', '2026-02-28', 'Premiere', 'Ended']) expect(screen.getByText(text)).toBeTruthy()
  })
})
