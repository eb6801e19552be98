import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Theme } from '@radix-ui/themes'
import type { TrackReview } from '../../../src/contract/analytics'
import { locationState } from '../../../src/client/routing/navigation'
import { ReviewsSection } from '../../../src/domains/analytics/ui/ReviewsSection'
import { SpikeDetection } from '../../../src/domains/analytics/ui/FraudSection'
import { me, signIn } from '../site/fixtures'

// The flagged-track review queue (docs/analytics.md, "Review queue"): Send to review on a spike row,
// the open reviews, one opened with its evidence, j/k between them and the confirm and dismiss actions.

interface Call {
  method: string
  path: string
  body: unknown
}

const review = (id: number, overrides: Partial<TrackReview> = {}): TrackReview => ({
  id,
  trackId: 100 + id,
  title: `Track ${id}`,
  isrc: 'USWL12600001',
  releaseId: 5,
  releaseTitle: 'Night Drive',
  flag: 'spike',
  platform: 'spotify',
  day: '2026-11-16',
  evidence: { observed: 2000, baseline: 100, artificial: 400, periodStreams: 4800 },
  note: null,
  status: 'open',
  reason: null,
  sentBy: 'Olivia Park',
  sentAt: '2026-11-26T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  held: false,
  ...overrides,
})

function serve() {
  const calls: Call[] = []
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const open = [review(3), review(2)]
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    const route = `${method} ${url.pathname}`
    if (route === 'GET /api/analytics/reviews')
      return json(200, { data: open, meta: { total: 2, totalIsEstimate: false, page: 1, per_page: 25, last_page: 1 } })
    const one = /^GET \/api\/analytics\/reviews\/(\d+)$/.exec(route)
    if (one) return json(200, open.find((row) => row.id === Number(one[1])) ?? review(Number(one[1])))
    if (route === 'GET /api/analytics/spotify/spike-detection')
      return json(200, {
        range: { from: '2026-10-28', to: '2026-11-26' },
        examined: 6,
        spikes: [
          {
            trackId: 101,
            title: 'Track 1',
            isrc: 'USWL12600001',
            releaseId: 5,
            releaseTitle: 'Night Drive',
            day: '2026-11-16',
            observed: 2000,
            baseline: 100,
            score: 12.3,
            held: false,
            countries: [{ value: 'BR', observed: 1900, baseline: 10, share: 95 }],
            sources: [{ value: 'others playlist', observed: 1900, baseline: 10, share: 95 }],
          },
        ],
      })
    if (route === 'POST /api/analytics/tracks/101/review') return json(201, review(4, { trackId: 101, title: 'Track 1' }))
    return json(404, { message: `No route ${route}` })
  })
  return calls
}

beforeEach(async () => {
  await signIn(me())
})

afterEach(() => {
  vi.restoreAllMocks()
  locationState.pathname = '/'
  locationState.search = ''
})

describe('flagged-track reviews', () => {
  it('sends a spike row to review with its flag, platform and day', async () => {
    const calls = serve()
    render(
      <Theme>
        <SpikeDetection view={{ section: 'overview', platform: 'spotify', query: { date: 'lastThirtyDays' } }} version={0} />
      </Theme>,
    )
    const table = await screen.findByRole('table', { name: 'Suspicious spikes' })
    fireEvent.click(within(table).getByRole('button', { name: /Send to review/ }))
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true))
    const sent = calls.find((call) => call.method === 'POST')!
    expect(sent.path).toBe('/api/analytics/tracks/101/review')
    expect(sent.body).toEqual({ flag: 'spike', platform: 'spotify', day: '2026-11-16' })
  })

  it('lists the open reviews and opens one with its evidence, its decisions and its place in the queue', async () => {
    serve()
    locationState.pathname = '/analytics/overview'
    locationState.search = '?section=reviews&review=3'
    render(
      <Theme>
        <ReviewsSection version={0} />
      </Theme>,
    )
    const list = await screen.findByRole('table', { name: 'Flagged tracks in review' })
    expect(within(list).getAllByRole('row')).toHaveLength(3)
    const card = await screen.findByLabelText('Review #3')
    expect(within(card).getByLabelText('Observed streams').textContent).toBe('2,000')
    expect(within(card).getByRole('button', { name: /Confirm and hold/ })).toBeTruthy()
    expect(within(card).getByRole('button', { name: /Dismiss/ })).toBeTruthy()
    expect(await within(card).findByText(/Open review 1 of 2/)).toBeTruthy()
    // j steps to the next open review.
    fireEvent.keyDown(document.body, { key: 'j', code: 'KeyJ' })
    await waitFor(() => expect(locationState.search).toContain('review=2'))
  })
})
