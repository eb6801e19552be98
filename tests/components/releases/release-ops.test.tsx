import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import type { HealthItem } from '../../../src/contract/release-ops'
import { AudioSaladCheck, ReleaseAssignees } from '../../../src/domains/catalogue/ui/release/ReleaseOps'
import { HealthCard } from '../../../src/domains/dashboard/ui/HealthCard'
import { discoverySummary } from '../../../commands/releases'
import { respond } from '../dialogs/fetch-mock'
import { serveRoutes } from './fixtures'

afterEach(() => vi.restoreAllMocks())

describe('Check AudioSalad', () => {
  it('shows the status per store when asked', async () => {
    serveRoutes({
      'GET /api/releases/audioSaladDeliveryStatus/7': () =>
        respond(200, {
          releaseId: 7,
          upc: '036000291452',
          found: true,
          providerReleaseId: '505',
          checkedAt: new Date().toISOString(),
          stores: [
            { store: 'Amazon', targetId: '67', status: 'error', date: null, message: 'Missing artwork' },
            { store: 'Spotify', targetId: '10', status: 'delivered', date: '2025-01-02T09:00:00Z', message: null },
          ],
        }),
    })
    render(
      <Theme>
        <AudioSaladCheck releaseId={7} />
      </Theme>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Check AudioSalad' }))
    const table = await screen.findByRole('table', { name: 'AudioSalad delivery per store' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual(['Amazonerror—Missing artwork', expect.stringContaining('Spotifydelivered')])
  })

  it('says AudioSalad is not configured', async () => {
    serveRoutes({
      'GET /api/releases/audioSaladDeliveryStatus/7': () =>
        respond(503, { message: 'AudioSalad is not configured', code: 'not_configured' }),
    })
    render(
      <Theme>
        <AudioSaladCheck releaseId={7} />
      </Theme>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Check AudioSalad' }))
    expect((await screen.findByRole('status')).textContent).toMatch(/^AudioSalad is not configured\. Set AUDIOSALAD_URL/)
  })
})

describe('assignees', () => {
  it('lists who worked on the release', async () => {
    serveRoutes({
      'GET /api/releases/assignees/7': () =>
        respond(200, {
          data: [
            { id: 1, name: 'Ola Operator', email: 'operator@demo.test', actions: 1, lastActionAt: new Date().toISOString() },
            { id: 2, name: 'Ada Admin', email: 'admin@demo.test', actions: 4, lastActionAt: '2024-01-01T00:00:00.000Z' },
          ],
        }),
    })
    render(
      <Theme>
        <ReleaseAssignees releaseId={7} version={0} />
      </Theme>,
    )
    const section = await screen.findByRole('region', { name: 'Worked on by' })
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Ola Operator 1 action · last just now$/), expect.stringMatching(/^Ada Admin 4 actions · last /)])
  })
})

describe('catalogue health card', () => {
  const item = (key: HealthItem['key'], count: number, overrides: Partial<HealthItem> = {}): HealthItem => ({
    key,
    label: key,
    unit: 'releases',
    count,
    capped: false,
    link: null,
    samples: [],
    asOf: null,
    ...overrides,
  })

  it('shows each count with links to samples and to the filtered list', async () => {
    serveRoutes({
      'GET /api/releases/health': () =>
        respond(200, {
          generatedAt: new Date().toISOString(),
          counting: false,
          items: [
            item('releasesWithoutCover', 10_000, { label: 'Releases without cover art', capped: true }),
            item('tracksWithoutIsrc', 0, { label: 'Tracks without ISRC', unit: 'tracks' }),
            item('reviewOverdue', 2, {
              label: 'Under review for over 7 days',
              link: '/releases/manage/1?status=2&from=2000-01-01&to=2025-01-01&sort=created&dir=asc',
              samples: [{ label: 'Waiting', path: '/releases/single/9' }],
            }),
          ],
        }),
    })
    render(
      <Theme>
        <HealthCard />
      </Theme>,
    )
    const card = await screen.findByRole('region', { name: 'Catalogue health' })
    expect(await within(card).findByText('10,000+')).toBeTruthy()
    expect(within(card).getByText('Tracks without ISRC: none')).toBeTruthy()
    expect(within(card).getByText('2 of 3 checks need attention')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Waiting' }).getAttribute('href')).toBe('/releases/single/9')
    const view = within(card).getByRole('link', { name: 'View in the release list' })
    expect(view.getAttribute('href')).toContain('status=2')
    view.focus()
    expect(document.activeElement).toBe(view)
  })
})

describe('Spotify discovery summary', () => {
  it('says what was submitted, what was there already and why others were refused', () => {
    const entry = (id: number, title: string) => ({ id, releaseId: id, trackId: null, title })
    expect(discoverySummary({ submitted: [entry(1, 'A'), entry(2, 'B')], alreadySubmitted: [], refused: [] })).toEqual({
      text: 'Submitted 2 to Spotify Discovery Mode.',
      tone: 'success',
    })
    expect(
      discoverySummary({
        submitted: [],
        alreadySubmitted: [entry(3, 'Night Drive')],
        refused: [{ releaseId: 4, trackId: null, reason: 'Only live releases go to Spotify Discovery Mode; X is Draft.' }],
      }),
    ).toEqual({
      text: 'Night Drive was already submitted. Refused 1: Only live releases go to Spotify Discovery Mode; X is Draft.',
      tone: 'error',
    })
  })
})
