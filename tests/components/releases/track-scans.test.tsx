import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DataList, Theme } from '@radix-ui/themes'
import type { ScanHistory, TrackScan } from '../../../src/contract/release-ops'
import { TrackScans } from '../../../src/domains/catalogue/ui/track/TrackScans'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { respond, type Request } from '../dialogs/fetch-mock'
import { serveRoutes } from './fixtures'
import { me, signIn } from '../site/fixtures'

// The buttons are declared record actions: offered to a signed-in admin.
beforeAll(() => signIn(me({ type: 'admin' })))

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

const LABELS = { fingerprint: 'Commercial music catalogue (fingerprint)', cover: 'Covers and remixes (cover-song detection)' } as const

function scan(id: number, kind: 'fingerprint' | 'cover', status: number, overrides: Partial<TrackScan> = {}): TrackScan {
  return {
    id,
    provider: 'FakeRecognition',
    kind,
    kindLabel: LABELS[kind],
    status,
    statusLabel: status === 0 ? 'Processing' : status === 1 ? 'Completed' : 'Failed',
    requestedAt: '2025-01-10T10:00:00.000Z',
    completedAt: status === 0 ? null : '2025-01-10T10:05:00.000Z',
    requestedBy: { id: 2, name: 'Ada Admin' },
    error: null,
    matches: [],
    ...overrides,
  }
}

function history(overrides: Partial<ScanHistory> = {}): ScanHistory {
  return {
    trackId: 11,
    scanStatus: null,
    configured: true,
    provider: 'FakeRecognition',
    hasAudio: true,
    accountScansEnabled: true,
    blockedReason: null,
    scans: [],
    ...overrides,
  }
}

const MATCH = {
  title: 'Original Song',
  artists: ['Famous Band', 'Guest'],
  isrc: 'USRC17607839',
  label: 'Big Label',
  score: 92,
  offset: 75.5,
}
const completed = history({
  scanStatus: 1,
  scans: [scan(4, 'fingerprint', 1, { matches: [MATCH] }), scan(3, 'cover', 1), scan(1, 'fingerprint', 2, { error: 'Audio too short' })],
})

function renderScans(routes: Record<string, (request: Request) => Response>, scanStatus: number | null = null) {
  const mock = serveRoutes(routes)
  render(
    <Theme>
      <DataList.Root>
        <TrackScans record={{ kind: 'track', id: '11', title: 'Intro', state: { title: 'Intro', releaseId: 7 } }} scanStatus={scanStatus} />
      </DataList.Root>
      <Notices />
    </Theme>,
  )
  return mock
}

const region = () => screen.getByRole('region', { name: 'Audio recognition scans' })

describe('track scans', () => {
  it('says at once that audio recognition is not configured, with nothing to click', async () => {
    renderScans({
      'GET /api/releases/scans/history/11': () =>
        respond(200, history({ configured: false, blockedReason: 'Audio recognition is not configured' })),
    })
    expect(await screen.findByText(/Audio recognition is not configured\. Scans need an audio-recognition provider/)).toBeTruthy()
    expect(within(region()).getByLabelText('Scan status: Not configured')).toBeTruthy()
    expect(within(region()).queryByRole('button')).toBeNull()
  })

  it('shows the not-configured state, never Completed, for a track that kept a status from before', async () => {
    renderScans(
      {
        'GET /api/releases/scans/history/11': () =>
          respond(200, history({ scanStatus: 1, configured: false, blockedReason: 'Audio recognition is not configured' })),
      },
      1,
    )
    expect(await screen.findByText(/Audio recognition is not configured\. Scans need/)).toBeTruthy()
    expect(within(region()).getByLabelText('Scan status: Not configured')).toBeTruthy()
    expect(within(region()).queryByText('Completed')).toBeNull()
  })

  it('requests a scan, then shows both scans processing and refreshes them into completed with matches', async () => {
    let current = history()
    const { requests } = renderScans({
      'GET /api/releases/scans/history/11': () => respond(200, current),
      'POST /api/releases/track-stat': () => {
        current = history({
          scanStatus: 0,
          blockedReason: 'The scans of this track are still processing. Refresh them instead of requesting new ones.',
          scans: [scan(2, 'fingerprint', 0), scan(1, 'cover', 0)],
        })
        return respond(200, { requested: [{ trackId: 11, title: 'Intro', scanStatus: 0 }], skipped: [] })
      },
      // The provider's results are stored: the history the tab loads again shows them.
      'POST /api/releases/refresh-track-stat': () => {
        current = completed
        return respond(200, completed)
      },
    })
    const requestButton = await within(region()).findByRole('button', { name: 'Request scan' })
    await userEvent.click(requestButton)
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ trackId: 11 })
    expect(await screen.findByText('Scans of Intro requested.')).toBeTruthy()

    await waitFor(() => expect(within(region()).getByLabelText('Scan status: Processing')).toBeTruthy())
    expect(within(region()).getByRole('button', { name: 'Request scan' })).toHaveProperty('disabled', true)
    expect(within(region()).getByRole('group', { name: LABELS.fingerprint })).toBeTruthy()
    expect(within(region()).getByRole('group', { name: LABELS.cover })).toBeTruthy()

    await userEvent.click(within(region()).getByRole('button', { name: 'Refresh scans' }))
    await waitFor(() => expect(within(region()).getByLabelText('Scan status: Completed')).toBeTruthy())
    const table = within(region()).getByRole('table', { name: `Matches: ${LABELS.fingerprint}` })
    const cells = within(table).getAllByRole('row')[1].querySelectorAll('th, td')
    expect([...cells].map((cell) => cell.textContent)).toEqual([
      'Original Song',
      'Famous Band, Guest',
      'USRC17607839',
      'Big Label',
      '92%',
      '1:15',
    ])
    expect(within(region()).getByText('No matches found.')).toBeTruthy()
    expect(await screen.findByText('Scans: completed.')).toBeTruthy()
    expect(within(region()).queryByRole('button', { name: 'Refresh scans' })).toBeNull()
    expect(within(region()).getByText('Earlier scans (1)')).toBeTruthy()
  })

  it('shows completed scans with their matches, and why a new scan cannot be requested', async () => {
    renderScans(
      {
        'GET /api/releases/scans/history/11': () =>
          respond(200, {
            ...completed,
            accountScansEnabled: false,
            blockedReason: 'Audio scans are turned off for the account that owns this release.',
          }),
      },
      1,
    )
    expect(await within(region()).findByRole('table', { name: `Matches: ${LABELS.fingerprint}` })).toBeTruthy()
    expect(within(region()).getByText('Audio scans are turned off for the account that owns this release.')).toBeTruthy()
    expect(within(region()).getByRole('button', { name: 'Request scan' })).toHaveProperty('disabled', true)
    expect(within(region()).getByText('Audio too short')).toBeTruthy()
  })

  it('passes a refusal on as a notice', async () => {
    renderScans({
      'GET /api/releases/scans/history/11': () => respond(200, history()),
      'POST /api/releases/track-stat': () => respond(409, { message: 'This track has no audio to scan. Upload its audio first.' }),
    })
    await userEvent.click(await within(region()).findByRole('button', { name: 'Request scan' }))
    expect(await screen.findByText('This track has no audio to scan. Upload its audio first.')).toBeTruthy()
  })
})
