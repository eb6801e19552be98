import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { useSnapshot } from 'valtio'
import { locationState, navigate } from '../../../src/client/routing/navigation'
import TrackScreen from '../../../src/domains/catalogue/ui/TrackScreen'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { respond, type Request } from '../dialogs/fetch-mock'
import { TRACK as INTRO, serveRoutes } from './fixtures'
import { me, signIn } from '../site/fixtures'
import { paletteState } from '../../../src/client/shell/palette-state'
import { runCommand } from '../../../src/client/shell/run-command'
import { commandEnv } from '../../../src/client/shell/commands'

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

const TRACK = {
  ...INTRO,
  position: 2,
  participants: [{ name: 'Nina Vale', roles: 'Primary Artist' }],
  writers: [{ firstName: 'Nina', lastName: 'Vale', roles: 'Composer' }],
  scanStatus: 1,
  release: {
    id: 7,
    title: 'Night Drive',
    artist: 'Nina Vale',
    artwork: { cover: null, medium: null, large: null },
    upc: '036000291452',
    status: 1,
    displayStatus: 1,
    statusLabel: 'Live / Delivered',
    releaseDate: '2024-03-01',
  },
}

function Routed() {
  const location = useSnapshot(locationState)
  const id = /\/releases\/track\/(\d+)/.exec(location.pathname)?.[1] ?? '0'
  return <TrackScreen params={{ id }} search={new URLSearchParams(location.search)} />
}

function renderTrack(routes: Record<string, (request: Request) => Response> = {}, path = '/releases/track/11') {
  navigate(path, { replace: true })
  const mock = serveRoutes({ 'GET /api/releases/track/11': () => respond(200, TRACK), ...routes })
  render(
    <Theme>
      <Routed />
      <Notices />
    </Theme>,
  )
  return mock
}

const posts = (requests: Request[]) => requests.filter((request) => request.method === 'POST')

describe('track tab', () => {
  it('shows every field, checks the TikTok start time as minutes:seconds, and saves', async () => {
    const { requests } = renderTrack({ 'POST /api/releases/track/edit': () => respond(200, TRACK) })
    const form = await screen.findByRole('form', { name: 'Track details' })
    expect(within(form).getByLabelText('ISRC')).toHaveProperty('value', 'GBAYE2400001')
    expect(within(form).getByText('3:05')).toBeTruthy()
    expect(within(form).getByText('Completed')).toBeTruthy()
    const start = within(form).getByLabelText('TikTok start time (m:ss)')
    await userEvent.clear(start)
    await userEvent.type(start, '75')
    await userEvent.click(within(form).getByRole('button', { name: 'Save track' }))
    expect(within(form).getByRole('alert').textContent).toBe('Start time must be minutes:seconds, like 0:45')
    expect(posts(requests)).toHaveLength(0)
    await userEvent.clear(start)
    await userEvent.type(start, '1:15')
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Explicit lyrics' }))
    await userEvent.click(within(form).getByRole('button', { name: 'Save track' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)[0]).toMatchObject({
      path: '/api/releases/track/edit',
      body: {
        trackId: 11,
        title: 'Intro',
        isrc: 'GBAYE2400001',
        tiktokStart: '1:15',
        explicit: true,
        participants: [{ name: 'Nina Vale', roles: 'Primary Artist' }],
        writers: [{ firstName: 'Nina', lastName: 'Vale', roles: 'Composer' }],
      },
    })
    expect(await screen.findByText('Track saved.')).toBeTruthy()
  })

  it('removes the track only after confirming (the declared action asks in the palette), then shows its release', async () => {
    await signIn(me({ type: 'admin' }))
    const { requests } = renderTrack({ 'POST /api/releases/track/remove': () => respond(200, { ok: true }) })
    await userEvent.click(await screen.findByRole('button', { name: /Remove track/ }))
    expect(posts(requests)).toHaveLength(0)
    const asked = paletteState.initialCommand!
    expect(asked.id).toBe('releases.trackRemove')
    const [yes] = await asked.children!({} as never, {} as never)
    expect(yes.title).toBe('Yes: Remove Intro from Night Drive? The tracks after it move up; this cannot be undone.')
    const open = vi.spyOn(commandEnv, 'open').mockImplementation(() => undefined)
    await runCommand(yes)
    expect(posts(requests)).toHaveLength(1)
    expect(posts(requests)[0].body).toEqual({ trackId: 11 })
    expect(open).toHaveBeenCalledWith('/releases/single/7?section=tracks', 'focused')
  })

  it('with ?compare= sets another track of the release beside it, differences marked', async () => {
    renderTrack(
      { 'GET /api/releases/track/12': () => respond(200, { ...TRACK, id: 12, position: 3, title: 'Outro', isrc: 'GBAYE2400002' }) },
      '/releases/track/11?compare=12',
    )
    const table = await screen.findByRole('table', { name: 'Compared with Outro' })
    const differing = Array.from(table.querySelectorAll('tr[data-differs] th')).map((cell) => cell.textContent)
    expect(differing).toEqual(['Titlediffers', 'Positiondiffers', 'ISRCdiffers'])
  })
})
