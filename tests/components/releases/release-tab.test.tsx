import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Profiler } from 'react'
import { Theme } from '@radix-ui/themes'
import { useSnapshot } from 'valtio'
import { locationState, navigate } from '../../../src/client/routing/navigation'
import ReleaseScreen from '../../../src/domains/catalogue/ui/ReleaseScreen'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import type { ReleaseGeneral } from '../../../src/contract/releases'
import { respond, type Request } from '../dialogs/fetch-mock'
import { ADDITIONAL, TRACK, release, serveRoutes } from './fixtures'
import { me, signIn } from '../site/fixtures'
import { paletteState } from '../../../src/client/shell/palette-state'
import { runCommand } from '../../../src/client/shell/run-command'

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
  const mock = serveRoutes({ 'GET /api/releases/single/additional/7': () => respond(200, ADDITIONAL), ...routes })
  render(
    <Theme>
      <Routed />
      <Notices />
    </Theme>,
  )
  return mock
}

const posts = (requests: Request[]) => requests.filter((request) => request.method === 'POST')

describe('release tab', () => {
  it('shows the release and changes its status to one the table allows', async () => {
    await signIn(me({ type: 'admin' }))
    let current: ReleaseGeneral = release(2)
    const { requests } = renderTab('/releases/single/7', {
      'GET /api/releases/single/record/7': () => respond(200, { ...current, additional: ADDITIONAL }),
      'POST /api/releases/status': () => {
        current = release(3)
        return respond(200, { updated: [{ id: 7, status: 3, displayStatus: 3 }], refused: [] })
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Drive' })).toBeTruthy()
    expect(screen.getByTestId('release-status').textContent).toBe('Under review')
    expect(screen.getByRole('link', { name: 'Nina Vale' }).getAttribute('href')).toBe('/users/42')
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }))
    const options = await screen.findAllByRole('option')
    // Only the transitions the table allows from Under review.
    expect(options.map((option) => option.textContent)).toEqual(['Draft', 'Accepted', 'Needs documentation'])
    await userEvent.click(screen.getByRole('option', { name: 'Accepted' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)[0]).toMatchObject({ path: '/api/releases/status', body: { ids: [7], status: 3 } })
    expect(await screen.findByText('Status changed to Accepted.')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('release-status').textContent).toBe('Accepted'))
  })

  it('a takedown asks for a reason (the declared action asks in the palette) before it is sent', async () => {
    await signIn(me({ type: 'admin' }))
    const { requests } = renderTab('/releases/single/7', {
      'GET /api/releases/single/record/7': () => respond(200, { ...release(1), additional: ADDITIONAL }),
      'POST /api/releases/status': () => respond(200, { updated: [{ id: 7, status: 8, displayStatus: 8 }], refused: [] }),
    })
    await screen.findByRole('heading', { level: 1, name: 'Night Drive' })
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }))
    await userEvent.click(await screen.findByRole('option', { name: 'Takedown pending…' }))
    // Nothing is sent: the palette opens on the takedown's page, asking for the reason.
    await waitFor(() => expect(paletteState.initialCommand?.id).toBe('releases.status:takedown'))
    const asked = paletteState.initialCommand!
    paletteState.initialCommand = null
    expect(asked.title).toBe('Take down Night Drive…')
    expect(asked.placeholder).toBe('Why is it taken down? The reason is recorded with who asked.')
    expect(posts(requests)).toHaveLength(0)
    // No reason, nothing to confirm; too long a reason cannot be confirmed.
    expect(await asked.search!('   ', {} as never, {} as never, new AbortController().signal)).toEqual([])
    const [tooLong] = await asked.search!('x'.repeat(1001), {} as never, {} as never, new AbortController().signal)
    expect(tooLong.title).toBe('The reason is too long')
    expect(tooLong.when?.({} as never)).toBe('The reason is too long')
    const [confirm] = await asked.search!('Rights claim from the label', {} as never, {} as never, new AbortController().signal)
    expect(confirm.title).toBe('Takedown pending: take down Night Drive because “Rights claim from the label”')
    expect(posts(requests)).toHaveLength(0)
    await runCommand(confirm)
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)[0]).toMatchObject({
      path: '/api/releases/status',
      body: { ids: [7], status: 8, reason: 'Rights claim from the label' },
    })
    expect(await screen.findByText('Status changed to Takedown pending.')).toBeTruthy()
  })

  it('toggles delivery per platform and review flags', async () => {
    await signIn(me({ type: 'admin' }))
    const { requests } = renderTab('/releases/single/7?section=delivery', {
      'GET /api/releases/single/record/7': () => respond(200, { ...release(1), additional: ADDITIONAL }),
      'POST /api/releases/updateReleaseDeliveryStatus': () => respond(200, { delivery: [] }),
      'POST /api/releases/change-priority-review': () => respond(200, { updated: 1 }),
    })
    await userEvent.click(await screen.findByRole('switch', { name: 'Delivered to Beatport' }))
    await userEvent.click(screen.getByRole('switch', { name: 'Priority review' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(2))
    expect(posts(requests).map((request) => [request.path, request.body])).toEqual([
      ['/api/releases/updateReleaseDeliveryStatus', { releaseId: 7, platform: 'beatport' }],
      ['/api/releases/change-priority-review', { ids: [7], priorityReview: true }],
    ])
    expect(await screen.findByText('Beatport: delivered.')).toBeTruthy()
  })

  it('notes: adds the typed note through the declared action (an empty one is refused under the field), removes one; removes the release time', async () => {
    await signIn(me({ type: 'admin' }))
    const note = {
      id: 31,
      content: 'Label asked to hold the date',
      created: '2025-01-10T10:00:00.000Z',
      author: { id: 2, name: 'Ada Admin' },
    }
    const current = release(1, { notes: [note], releaseTime: '09:00', timeZone: 'Europe/Berlin' })
    const { requests } = renderTab('/releases/single/7?section=notes', {
      'GET /api/releases/single/record/7': () => respond(200, { ...current, additional: ADDITIONAL }),
      'POST /api/releases/notes/create': () => respond(201, { ...note, id: 32, content: 'Check the artwork' }),
      'POST /api/releases/notes/remove': () => respond(200, { ok: true }),
      'POST /api/releases/remove-release-time/7': () => respond(200, { releaseTime: null, timeZone: 'Europe/Berlin' }),
    })
    const form = await screen.findByRole('form', { name: 'Add a note' })
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }))
    expect((await within(form).findByRole('alert')).textContent).toBe('Write something first')
    expect(posts(requests)).toHaveLength(0)
    await userEvent.type(within(form).getByLabelText('Note'), 'Check the artwork{Enter}and the credits')
    await userEvent.click(within(form).getByRole('button', { name: 'Add note' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    expect(posts(requests)[0].body).toEqual({ releaseId: 7, content: 'Check the artwork\nand the credits' })
    expect(await screen.findByText('Note added.')).toBeTruthy()
    await waitFor(() => expect((within(form).getByLabelText('Note') as HTMLTextAreaElement).value).toBe(''))
    await userEvent.click(screen.getByRole('button', { name: 'Remove the note' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(2))
    expect(posts(requests)[1].body).toEqual({ releaseId: 7, noteId: 31 })
    expect(await screen.findByText('Note removed.')).toBeTruthy()

    navigate('/releases/single/7?section=time', { replace: true })
    await userEvent.click(await screen.findByRole('button', { name: 'Remove release time' }))
    await waitFor(() => expect(posts(requests)).toHaveLength(3))
    expect(posts(requests)[2].path).toBe('/api/releases/remove-release-time/7')
    expect(await screen.findByText('Release time removed.')).toBeTruthy()
  })

  it('edits the general details; the server’s message lands on the field it names', async () => {
    let answer = respond(400, { message: 'The given data was invalid.', errors: { upc: 'UPC check digit is wrong' } })
    const { requests } = renderTab('/releases/single/7', {
      'GET /api/releases/single/record/7': () => respond(200, { ...release(1), additional: ADDITIONAL }),
      'POST /api/releases/edit': () => answer,
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }))
    const form = screen.getByRole('form', { name: 'Edit release details' })
    const upc = within(form).getByLabelText('UPC')
    await userEvent.clear(upc)
    await userEvent.type(upc, '036000291453')
    await userEvent.clear(within(form).getByLabelText('Title'))
    await userEvent.click(within(form).getByRole('button', { name: 'Save details' }))
    expect(within(form).getByRole('alert').textContent).toBe('Title is required')
    expect(posts(requests)).toHaveLength(0)
    await userEvent.type(within(form).getByLabelText('Title'), 'Night Drive (Deluxe)')
    await userEvent.click(within(form).getByRole('button', { name: 'Save details' }))
    expect(await within(form).findByText('UPC check digit is wrong')).toBeTruthy()
    expect(posts(requests)[0].body).toMatchObject({
      releaseId: 7,
      title: 'Night Drive (Deluxe)',
      upc: '036000291453',
      artists: ['Nina Vale'],
    })
    answer = respond(200, release(1))
    await userEvent.click(within(form).getByRole('button', { name: 'Save details' }))
    expect(await screen.findByText('Release details saved.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit release details' })).toBeNull())
  })

  it('with ?compare= sets the other release beside it, differing fields marked', async () => {
    const other = release(1, { id: 9, title: 'Day Drive', upc: '4006381333931' })
    const tracks = (title: string) => ({ data: [{ ...TRACK, title }] })
    renderTab('/releases/single/7?compare=9', {
      'GET /api/releases/single/record/7': () => respond(200, { ...release(1), additional: ADDITIONAL }),
      // The comparison reads both sides as releases (general and tracks).
      'GET /api/releases/single/general/7': () => respond(200, release(1)),
      'GET /api/releases/single/general/9': () => respond(200, other),
      'GET /api/releases/tracks/7': () => respond(200, tracks('Intro')),
      'GET /api/releases/tracks/9': () => respond(200, tracks('Intro')),
    })
    const table = await screen.findByRole('table', { name: 'Compared with Day Drive' })
    const differing = Array.from(table.querySelectorAll('tr[data-differs]')).map((row) => row.querySelector('th')?.textContent)
    expect(differing).toEqual(['Titlediffers', 'UPCdiffers'])
    expect(screen.getByText('2 fields differ')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Close the comparison' }))
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Compared with Day Drive' })).toBeNull())
    expect(window.location.search).toBe('')
  })
})

describe('a release opened before', () => {
  it('shows its kept answer in the first commit, without a skeleton and without waiting for the network', async () => {
    await signIn(me({ type: 'admin' }))
    const first = renderTab('/releases/single/7', {
      'GET /api/releases/single/record/7': () => respond(200, { ...release(2), additional: ADDITIONAL }),
    })
    await screen.findByRole('heading', { level: 1, name: 'Night Drive' })
    first.spy.mockRestore()
    cleanup()
    // Opened again: the server does not answer, and each commit is looked at for the skeleton.
    const seen: string[] = []
    const commit = () => seen.push(document.querySelector('[aria-busy="true"]') ? 'skeleton' : document.querySelector('h1')?.textContent ?? 'nothing')
    navigate('/releases/single/7', { replace: true })
    serveRoutes({ 'GET /api/releases/single/record/7': () => new Promise<Response>(() => undefined) })
    render(
      <Theme>
        <Profiler id="release" onRender={commit}>
          <Routed />
        </Profiler>
      </Theme>,
    )
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(screen.getByRole('heading', { level: 1, name: 'Night Drive' })).toBeTruthy()
    // Before, the first commit drew the skeleton and the kept answer came a commit later.
    expect(seen[0]).toBe('Night Drive')
    expect(seen).not.toContain('skeleton')
  })
})
