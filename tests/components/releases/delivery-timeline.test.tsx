import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import ReleaseScreen from '../../../src/domains/catalogue/ui/ReleaseScreen'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { navigate } from '../../../src/client/routing/navigation'
import type { DeliveryRow } from '../../../src/contract/catalogue-ops'
import { respond, type Request } from '../dialogs/fetch-mock'
import { ADDITIONAL, page, release, serveRoutes } from './fixtures'
import { me, signIn } from '../site/fixtures'

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

const at = (minute: number) => `2026-11-26T10:${String(minute).padStart(2, '0')}:00.000Z`
const base = { releaseId: 7, releaseTitle: 'Night Drive', upc: '036000291452', created: at(0), delivered: null }

const sftpDelivered: DeliveryRow = {
  ...base,
  id: 20,
  target: 'sftp',
  status: 'delivered',
  attempts: 1,
  error: null,
  delivered: at(2),
  events: [
    { status: 'queued', message: null, at: at(0) },
    { status: 'sending', message: null, at: at(1) },
    { status: 'delivered', message: '2 files in 036000291452/', at: at(2) },
  ],
}
const audioSaladFailed: DeliveryRow = {
  ...base,
  id: 21,
  target: 'audiosalad',
  status: 'failed',
  attempts: 1,
  error: 'AudioSalad: Target temporarily unavailable',
  events: [
    { status: 'queued', message: null, at: at(3) },
    { status: 'sending', message: null, at: at(4) },
    { status: 'failed', message: 'AudioSalad: Target temporarily unavailable', at: at(5) },
  ],
}

type Targets = { target: string; configured: boolean; reason: string | null }[]

/** The release tab on its delivery section; its record comes with the deliveries `rows()` holds at the time. */
function renderDelivery(rows: () => DeliveryRow[], targets: Targets, routes: Record<string, (request: Request) => Response> = {}) {
  navigate('/releases/single/7?section=delivery', { replace: true })
  const mock = serveRoutes({
    'GET /api/releases/single/record/7': () =>
      respond(200, { ...release(4), additional: ADDITIONAL, deliveries: { ...page(rows()), targets } }),
    ...routes,
  })
  render(
    <Theme>
      <ReleaseScreen params={{ id: '7' }} search={new URLSearchParams('section=delivery')} />
      <Notices />
    </Theme>,
  )
  return mock
}

const timeline = (region: HTMLElement, label: string) =>
  within(within(region).getByRole('list', { name: `Timeline of the delivery to ${label}` }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe('the release tab’s delivery timeline', () => {
  it('shows each target’s steps newest first, the error of a failed one, and retries it from its Retry button', async () => {
    await signIn(me({ type: 'admin' }))
    let rows = [audioSaladFailed, sftpDelivered]
    const targets = [
      { target: 'sftp', configured: true, reason: null },
      { target: 'audiosalad', configured: true, reason: null },
    ]
    const { requests } = renderDelivery(() => rows, targets, {
      'POST /api/releases/queue/retry/21': () => {
        const retried: DeliveryRow = {
          ...audioSaladFailed,
          status: 'delivered',
          error: null,
          attempts: 2,
          events: [
            ...audioSaladFailed.events,
            { status: 'retried', message: null, at: at(6) },
            { status: 'sending', message: null, at: at(7) },
            { status: 'delivered', message: 'Scheduled at AudioSalad (release 505) for 2 stores: Spotify, Amazon', at: at(8) },
          ],
        }
        rows = [retried, sftpDelivered]
        return respond(202, { ...audioSaladFailed, status: 'queued' })
      },
    })

    const audioSalad = await screen.findByRole('region', { name: 'Delivery to AudioSalad' })
    expect(within(audioSalad).getByText('Failed')).toBeTruthy()
    expect(timeline(audioSalad, 'AudioSalad')).toEqual([
      expect.stringMatching(/^Failed · .* · AudioSalad: Target temporarily unavailable$/),
      expect.stringMatching(/^Sending · /),
      expect.stringMatching(/^Queued · /),
    ])
    const sftp = screen.getByRole('region', { name: 'Delivery to SFTP' })
    expect(timeline(sftp, 'SFTP')[0]).toMatch(/^Delivered · .* · 2 files in 036000291452\/$/)
    // Delivered: it may be queued again; not retried.
    expect(within(sftp).getByRole('button', { name: 'Queue for SFTP delivery' })).toBeTruthy()
    expect(within(sftp).queryByRole('button', { name: 'Retry' })).toBeNull()
    // One call opened the tab: the record came with its deliveries.
    expect(requests.filter((request) => request.method === 'GET').map((request) => request.path)).toEqual(['/api/releases/single/record/7'])

    await userEvent.click(within(audioSalad).getByRole('button', { name: 'Retry' }))
    await waitFor(() =>
      expect(requests.some((request) => request.method === 'POST' && request.path === '/api/releases/queue/retry/21')).toBe(true),
    )
    expect(await screen.findByText('Sending again.')).toBeTruthy()
    await waitFor(() =>
      expect(timeline(screen.getByRole('region', { name: 'Delivery to AudioSalad' }), 'AudioSalad')[0]).toMatch(
        /^Delivered · .* · Scheduled at AudioSalad \(release 505\) for 2 stores: Spotify, Amazon$/,
      ),
    )
    const after = timeline(screen.getByRole('region', { name: 'Delivery to AudioSalad' }), 'AudioSalad')
    expect(after.map((line) => line?.split(' · ')[0])).toEqual(['Delivered', 'Sending', 'Retried', 'Failed', 'Sending', 'Queued'])
  })

  it('says which target is not configured and what to set, without a queue button', async () => {
    await signIn(me({ type: 'admin' }))
    renderDelivery(
      () => [],
      [
        { target: 'sftp', configured: true, reason: null },
        { target: 'audiosalad', configured: false, reason: 'AudioSalad is not configured' },
      ],
    )
    const audioSalad = await screen.findByRole('region', { name: 'Delivery to AudioSalad' })
    expect(audioSalad.textContent).toContain(
      'AudioSalad is not configured: set AUDIOSALAD_URL and AUDIOSALAD_KEY (with AUDIOSALAD_ACCESS_ID) on the server to deliver there.',
    )
    expect(within(audioSalad).queryByRole('button', { name: 'Queue for AudioSalad delivery' })).toBeNull()
    expect(within(audioSalad).getByText('Never queued')).toBeTruthy()
    const sftp = screen.getByRole('region', { name: 'Delivery to SFTP' })
    expect(within(sftp).getByRole('button', { name: 'Queue for SFTP delivery' })).toBeTruthy()
  })

  it('follows a delivery being sent by asking the release’s queue every second until it is done', async () => {
    await signIn(me({ type: 'admin' }))
    const sending: DeliveryRow = { ...sftpDelivered, status: 'sending', delivered: null, events: sftpDelivered.events.slice(0, 2) }
    const targets = [{ target: 'sftp', configured: true, reason: null }]
    const { requests } = renderDelivery(() => [sending], targets, {
      'GET /api/releases/queue': () => respond(200, { ...page([sftpDelivered]), targets }),
    })
    const sftp = await screen.findByRole('region', { name: 'Delivery to SFTP' })
    expect(within(sftp).getByText('Sending')).toBeTruthy()
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Delivery to SFTP' })).getByText('Delivered')).toBeTruthy(), {
      timeout: 3000,
    })
    const polls = requests.filter((request) => request.path === '/api/releases/queue')
    expect(polls.map((request) => request.query.get('release_id'))).toEqual(['7'])
    // Delivered: nothing moves, so nothing more is asked.
    await new Promise((resolve) => setTimeout(resolve, 1300))
    expect(requests.filter((request) => request.path === '/api/releases/queue')).toHaveLength(1)
  })
})
