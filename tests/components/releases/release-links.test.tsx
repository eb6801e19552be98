import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { useSnapshot } from 'valtio'
import { locationState, navigate } from '../../../src/client/routing/navigation'
import ReleaseScreen from '../../../src/domains/catalogue/ui/ReleaseScreen'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import type { Smartlink } from '../../../src/contract/release-links'
import { respond, type Request } from '../dialogs/fetch-mock'
import { ADDITIONAL, release, serveRoutes } from './fixtures'
import { me, signIn } from '../site/fixtures'

// The header's actions are palette commands: they are offered to a signed-in admin.
beforeAll(() => signIn(me({ isOperator: false })))

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

function Routed() {
  const location = useSnapshot(locationState)
  const id = /\/releases\/single\/(\d+)/.exec(location.pathname)?.[1] ?? '0'
  return <ReleaseScreen params={{ id }} search={new URLSearchParams(location.search)} />
}

function renderTab(path: string, routes: Record<string, (request: Request) => Response>) {
  navigate(path, { replace: true })
  const mock = serveRoutes({
    'GET /api/releases/single/record/7': () => respond(200, { ...release(1), additional: ADDITIONAL }),
    'GET /api/releases/single/additional/7': () => respond(200, ADDITIONAL),
    ...routes,
  })
  render(
    <Theme>
      <Routed />
      <Notices />
    </Theme>,
  )
  return mock
}

const posts = (requests: Request[]) => requests.filter((request) => request.method === 'POST')
const TODAY = new Date().toISOString().slice(0, 10)

function smartlink(overrides: Partial<Smartlink> = {}): Smartlink {
  return {
    id: 3,
    releaseId: 7,
    code: 'night-drive',
    url: 'https://go.demo.test/l/night-drive',
    title: 'Night Drive — Nina Vale',
    entries: [
      { platform: 'spotify', label: 'Spotify', url: 'https://open.spotify.com/album/1', hidden: false, clicks: 5 },
      { platform: 'apple', label: 'Apple Music', url: 'https://music.apple.com/album/1', hidden: false, clicks: 2 },
    ],
    clicks: 7,
    created: '2024-03-02T10:00:00.000Z',
    updated: '2024-03-02T10:00:00.000Z',
    refreshed: '2024-03-02T10:00:00.000Z',
    ...overrides,
  }
}

const links = {
  'GET /api/releases/7/platform-links': () =>
    respond(200, {
      releaseId: 7,
      data: [
        { platform: 'spotify', label: 'Spotify', url: 'https://open.spotify.com/album/1', externalId: 'spotify:album:1', updated: TODAY },
        { platform: 'amazon', label: 'Amazon Music', url: 'https://music.amazon.com/albums/B0X', externalId: 'B0ABCDEF12', updated: TODAY },
      ],
    }),
  'GET /api/releases/tracks/7': () => respond(200, { data: [] }),
}

describe('release tab: links', () => {
  it('creates a smartlink with a custom code, and shows a refused code under its field', async () => {
    let current: Smartlink | null = null
    let attempts = 0
    const { requests } = renderTab('/releases/single/7?section=links', {
      ...links,
      'GET /api/releases/7/smartlink': () =>
        respond(200, { releaseId: 7, base: 'https://go.demo.test/l/', platformLinks: 2, smartlink: current }),
      'GET /api/releases/analytics/7': () =>
        respond(200, { releaseId: 7, smartlinkId: current?.id ?? null, from: TODAY, to: TODAY, total: 0, platforms: [], days: [] }),
      'POST /api/releases/link/create': () => {
        attempts += 1
        if (attempts === 1)
          return respond(409, { message: 'This code is taken: choose another.', errors: { code: 'This code is taken: choose another.' } })
        current = smartlink()
        return respond(201, current)
      },
    })
    expect(await screen.findByRole('row', { name: /Amazon Music/ })).toBeTruthy()
    expect(screen.getByText('ASIN B0ABCDEF12')).toBeTruthy()
    expect(screen.getByText('No smartlink yet, so no clicks.')).toBeTruthy()
    const form = screen.getByRole('form', { name: 'Create a smartlink' })
    await userEvent.type(within(form).getByLabelText('Code (optional)'), 'night-drive')
    await userEvent.click(within(form).getByRole('button', { name: 'Create smartlink' }))
    expect(await within(form).findByText('This code is taken: choose another.')).toBeTruthy()
    await userEvent.click(within(form).getByRole('button', { name: 'Create smartlink' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(2))
    expect(posts(requests)[1].body).toEqual({ releaseId: 7, code: 'night-drive' })
    expect(await screen.findByText('https://go.demo.test/l/night-drive')).toBeTruthy()
    expect(screen.getByTestId('smartlink-clicks').textContent).toBe('7')
  })

  it('hides a platform and moves another, sending every platform in the new order', async () => {
    const { requests } = renderTab('/releases/single/7?section=links', {
      ...links,
      'GET /api/releases/7/smartlink': () =>
        respond(200, { releaseId: 7, base: 'https://go.demo.test/l/', platformLinks: 2, smartlink: smartlink() }),
      'GET /api/releases/analytics/7': () =>
        respond(200, {
          releaseId: 7,
          smartlinkId: 3,
          from: TODAY,
          to: TODAY,
          total: 7,
          platforms: [
            { platform: 'spotify', label: 'Spotify', clicks: 5 },
            { platform: 'apple', label: 'Apple Music', clicks: 2 },
          ],
          days: [{ day: TODAY, clicks: 7, byPlatform: { spotify: 5, apple: 2 } }],
        }),
      'POST /api/releases/link/update': () => respond(200, smartlink()),
    })
    await userEvent.click(await screen.findByRole('switch', { name: 'Show Apple Music' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)[0].body).toEqual({
      releaseId: 7,
      entries: [
        { platform: 'spotify', hidden: false },
        { platform: 'apple', hidden: true },
      ],
    })
    await userEvent.click(screen.getByRole('button', { name: 'Move Apple Music up' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(2))
    expect(posts(requests)[1].body).toMatchObject({ entries: [{ platform: 'apple' }, { platform: 'spotify' }] })
    expect(screen.getByText('7 clicks')).toBeTruthy()
  })
})

describe('release tab: smartlink actions', () => {
  it('refreshes the links, and saves a changed code and title as their declared actions', async () => {
    const { requests } = renderTab('/releases/single/7?section=links', {
      ...links,
      'GET /api/releases/7/smartlink': () =>
        respond(200, { releaseId: 7, base: 'https://go.demo.test/l/', platformLinks: 2, smartlink: smartlink() }),
      'GET /api/releases/analytics/7': () =>
        respond(200, { releaseId: 7, smartlinkId: 3, from: TODAY, to: TODAY, total: 0, platforms: [], days: [] }),
      'POST /api/releases/link/refresh': () => respond(200, { smartlink: smartlink(), added: [], updated: ['spotify'], removed: [] }),
      'POST /api/releases/link/update': (request) => {
        const body = request.body as { code?: string; title?: string }
        if (body.code === 'taken')
          return respond(409, { message: 'This code is taken: choose another.', errors: { code: 'This code is taken: choose another.' } })
        return respond(200, smartlink({ code: body.code ?? 'night-drive', title: body.title ?? 'Night Drive — Nina Vale' }))
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh links' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)[0]).toMatchObject({ path: '/api/releases/link/refresh', body: { releaseId: 7 } })
    expect(await screen.findByText('Smartlink refreshed: 1 platform changed.')).toBeTruthy()

    const form = screen.getByRole('form', { name: 'Smartlink code and title' })
    await userEvent.clear(within(form).getByLabelText('Code'))
    await userEvent.type(within(form).getByLabelText('Code'), 'taken')
    await userEvent.click(within(form).getByRole('button', { name: 'Save code and title' }))
    expect(await within(form).findByText('This code is taken: choose another.')).toBeTruthy()
    await userEvent.clear(within(form).getByLabelText('Code'))
    await userEvent.type(within(form).getByLabelText('Code'), 'Late-Night')
    await userEvent.clear(within(form).getByLabelText('Title'))
    await userEvent.type(within(form).getByLabelText('Title'), 'Late Night')
    await userEvent.click(within(form).getByRole('button', { name: 'Save code and title' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(4))
    expect(posts(requests)[2].body).toEqual({ releaseId: 7, code: 'late-night' })
    expect(posts(requests)[3].body).toEqual({ releaseId: 7, title: 'Late Night' })
    expect(await screen.findByText('The smartlink’s title is now “Late Night”.')).toBeTruthy()
  })
})

describe('release tab: assets', () => {
  it('shows each image kind and generates the missing one; no cover art disables them', async () => {
    const made = { id: 50, url: '/api/files/50', size: 120_000, created: TODAY, createdBy: 'Ada Admin' }
    let story: typeof made | null = null
    const listed = () => ({
      releaseId: 7,
      hasCover: true,
      data: [
        { kind: 'post', label: 'Post', width: 1080, height: 1080, file: { ...made, id: 49, url: '/api/files/49' } },
        { kind: 'story', label: 'Story', width: 1080, height: 1920, file: story },
        { kind: 'canvas', label: 'Canvas', width: 1080, height: 1920, file: null },
      ],
    })
    const { requests } = renderTab('/releases/single/7?section=assets', {
      'GET /api/releases/7/assets': () => respond(200, listed()),
      'POST /api/releases/release/assets/create/story/7': () => {
        story = made
        return respond(201, listed().data[1])
      },
    })
    const post = await screen.findByRole('group', { name: 'Post image' })
    expect(within(post).getByRole('img', { name: 'Post image, 1080 × 1080' }).getAttribute('src')).toBe('/api/files/49')
    expect(
      within(post)
        .getByRole('link', { name: /Download/ })
        .getAttribute('href'),
    ).toBe('/api/files/49')
    await userEvent.click(within(screen.getByRole('group', { name: 'Story image' })).getByRole('button', { name: 'Make story image' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)[0].path).toBe('/api/releases/release/assets/create/story/7')
    expect(await screen.findByText('Story image made.')).toBeTruthy()
  })

  it('says a release without cover art needs one first', async () => {
    renderTab('/releases/single/7?section=assets', {
      'GET /api/releases/7/assets': () =>
        respond(200, {
          releaseId: 7,
          hasCover: false,
          data: [{ kind: 'post', label: 'Post', width: 1080, height: 1080, file: null }],
        }),
    })
    expect(await screen.findByText(/has no cover art/)).toBeTruthy()
    const make = screen.getByRole('button', { name: 'Make post image' }) as HTMLButtonElement
    expect(make.disabled).toBe(true)
    expect(make.title).toBe('The release has no cover art')
  })
})

describe('release tab: header', () => {
  it('downloads the lyrics CSV under the name the server gives it', async () => {
    const saved: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob)
      return 'blob:lyrics'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('lyrics.csv')
    })
    const { requests } = renderTab('/releases/single/7', {
      'POST /api/releases/lyrics/export': () =>
        new Response('release_id,track_title\r\n7,Intro\r\n', {
          status: 200,
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="lyrics.csv"' },
        }),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Lyrics CSV' }))
    await waitFor(() => expect(clicked).toHaveBeenCalled())
    expect(posts(requests)[0]).toMatchObject({ path: '/api/releases/lyrics/export', body: { ids: [7] } })
    expect(await saved[0].text()).toContain('7,Intro')
    expect(await screen.findByText('Lyrics exported.')).toBeTruthy()
  })
})
