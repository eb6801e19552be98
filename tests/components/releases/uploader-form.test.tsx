import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { navigate } from '../../../src/client/routing/navigation'
import UploaderScreen from '../../../src/domains/catalogue/ui/uploader/UploaderScreen'
import { dropDraft } from '../../../src/domains/catalogue/ui/uploader/drafts'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { respond, type Request } from '../dialogs/fetch-mock'
import { ADDITIONAL, TRACK as INTRO, release, serveRoutes } from './fixtures'

afterEach(() => {
  noticeState.items.splice(0)
  dropDraft('window')
  vi.restoreAllMocks()
})

const TRACK = {
  ...INTRO,
  tiktokStart: null,
  writers: [{ firstName: 'Nina', lastName: 'Vale', roles: 'Composer' }],
}
const DRAFT = release(0, { title: 'Night Drive', participants: [] })
const CARD = { id: 42, email: 'nina@demo.test', type: 'artist', displayName: 'Nina Vale', initials: 'NV' }

function renderDraft(routes: Record<string, (request: Request) => Response> = {}) {
  navigate('/uploader/edit/7', { replace: true })
  const mock = serveRoutes({
    'GET /api/releases/single/general/7': () => respond(200, DRAFT),
    'GET /api/releases/single/additional/7': () => respond(200, ADDITIONAL),
    'GET /api/releases/tracks/7': () => respond(200, { data: [TRACK] }),
    'GET /api/users/card/42': () => respond(200, CARD),
    'POST /api/releases/album-details': () => respond(200, DRAFT),
    'POST /api/releases/album-tracks': () => respond(200, { data: [TRACK] }),
    ...routes,
  })
  render(
    <Theme>
      <UploaderScreen params={{ id: '7' }} search={new URLSearchParams()} />
      <Notices />
    </Theme>,
  )
  return mock
}

/** Types a value at once (a paste), as people often do; keystroke by keystroke is slow here. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input)
  await userEvent.paste(text)
}

const posts = (requests: Request[], path: string) => requests.filter((request) => request.method === 'POST' && request.path === path)

describe('uploader form', () => {
  it('suggests this year in the C and P lines and years, whatever year it is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] })
    vi.setSystemTime(new Date('2031-03-04T10:00:00Z'))
    try {
      renderDraft()
      const form = await screen.findByRole('form', { name: 'Edit release' })
      for (const label of ['C year', 'P year']) expect(within(form).getByLabelText(label).getAttribute('placeholder')).toBe('2031')
      for (const label of ['C line', 'P line'])
        expect(within(form).getByLabelText(label).getAttribute('placeholder')).toBe('2031 Label Name')
    } finally {
      vi.useRealTimers()
    }
  })

  it('drops fully empty rows before saving, and marks a half-filled one on the part it lacks', async () => {
    const { requests } = renderDraft()
    const form = await screen.findByRole('form', { name: 'Edit release' })
    const track = within(form).getByRole('region', { name: 'Track 1: Intro' })

    // An empty participant row on the release, and a writer with a first name but no role.
    await userEvent.click(
      within(within(form).getByRole('region', { name: 'Release participants' })).getByRole('button', { name: 'Add participant' }),
    )
    await userEvent.click(within(track).getByRole('button', { name: 'Add writer' }))
    await fill(within(track).getByLabelText('Writers 2: First name'), 'Sam')
    await userEvent.click(within(form).getAllByRole('button', { name: 'Save draft' })[0])
    expect(within(track).getByText('Give at least one role, or clear the row')).toBeTruthy()
    expect(within(track).getByLabelText('Writers 2: Roles (; between)').getAttribute('aria-invalid')).toBe('true')
    expect(posts(requests, '/api/releases/album-details')).toHaveLength(0)

    // Emptied, the row is simply left out, as is the untouched participant row.
    await userEvent.clear(within(track).getByLabelText('Writers 2: First name'))
    await userEvent.click(within(form).getAllByRole('button', { name: 'Save draft' })[0])
    await waitFor(() => expect(posts(requests, '/api/releases/album-tracks')).toHaveLength(1))
    expect(posts(requests, '/api/releases/album-details')[0].body).toMatchObject({ releaseId: 7, title: 'Night Drive', participants: [] })
    expect(posts(requests, '/api/releases/album-tracks')[0].body).toEqual({
      releaseId: 7,
      tracks: [
        expect.objectContaining({
          id: 11,
          title: 'Intro',
          duration: 185,
          writers: [{ firstName: 'Nina', lastName: 'Vale', roles: 'Composer' }],
          participants: [],
          credits: [],
        }),
      ],
    })
    expect(await screen.findByText('Draft saved.')).toBeTruthy()
    expect(within(form).queryByLabelText('Writers 2: First name')).toBeNull()
  }, 20_000)

  it('checks UPC and ISRC at once, and puts the server’s messages beside the rows they name', async () => {
    const { requests } = renderDraft({
      'POST /api/releases/album-tracks': () =>
        respond(400, {
          message: 'Check the fields marked.',
          errors: { 'tracks.0.participants.0.spotify': 'Spotify link must be a link starting with http:// or https://' },
        }),
    })
    const form = await screen.findByRole('form', { name: 'Edit release' })
    const track = within(form).getByRole('region', { name: 'Track 1: Intro' })
    await userEvent.clear(within(form).getByLabelText('UPC'))
    await fill(within(form).getByLabelText('UPC'), '036000291453')
    await userEvent.clear(within(track).getByLabelText('ISRC'))
    await fill(within(track).getByLabelText('ISRC'), 'GB-AYE')
    await userEvent.click(within(form).getAllByRole('button', { name: 'Save draft' })[0])
    expect(within(form).getByText('UPC check digit is wrong')).toBeTruthy()
    expect(within(track).getByText('ISRC must look like CC-XXX-YY-NNNNN')).toBeTruthy()
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0)

    await userEvent.clear(within(form).getByLabelText('UPC'))
    await userEvent.clear(within(track).getByLabelText('ISRC'))
    // Row 1 is empty and dropped, so the server's "participants.0" is the form's second row.
    await userEvent.click(within(track).getByRole('button', { name: 'Add participant' }))
    await userEvent.click(within(track).getByRole('button', { name: 'Add participant' }))
    await fill(within(track).getByLabelText('Participants 2: Name'), 'Nina Vale')
    await fill(within(track).getByLabelText('Participants 2: Roles (; between)'), 'Primary Artist')
    await fill(within(track).getByLabelText('Participants 2: Spotify link'), 'https://open.spotify.com/artist/x')
    await userEvent.click(within(form).getAllByRole('button', { name: 'Save draft' })[0])
    await waitFor(() => expect(posts(requests, '/api/releases/album-tracks')).toHaveLength(1))
    expect(posts(requests, '/api/releases/album-tracks')[0].body).toMatchObject({
      tracks: [{ participants: [{ name: 'Nina Vale', roles: 'Primary Artist', spotify: 'https://open.spotify.com/artist/x' }] }],
    })
    const spotify = within(track).getByLabelText('Participants 2: Spotify link')
    await waitFor(() => expect(spotify.getAttribute('aria-invalid')).toBe('true'))
    expect(within(track).getByText('Spotify link must be a link starting with http:// or https://')).toBeTruthy()
    expect(within(form).getByText('Unsaved changes')).toBeTruthy()
  }, 20_000)
})
