import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { ProfileSection } from '../../../src/domains/users/ui/account/ProfileSection'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { mockFetch, respond, type Request } from '../dialogs/fetch-mock'

const ARTIST = {
  artistName: 'Nina Vale',
  about: null,
  primaryGenre: 'Pop',
  secondaryGenre: null,
  releaseTime: '09:00',
  timeZone: 'utc',
  labelName: null,
  cLine: 'Nina Vale',
  pLine: 'Nina Vale',
  platformLinks: {},
  socials: {},
  extraIds: {},
  stores: [],
  territories: ['WW'],
  defaultArtists: [],
  defaultWriters: [],
  defaultCredits: [],
  deliveryFlags: {},
}

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

function renderProfile(save: (request: Request) => Response) {
  const mock = mockFetch((request) => (request.method === 'GET' ? respond(200, { artist: ARTIST, label: null }) : save(request)))
  render(
    <Theme>
      <ProfileSection userId={5} type="artist" version={0} />
      <Notices />
    </Theme>,
  )
  return mock
}

const saves = (requests: Request[]) => requests.filter((request) => request.method === 'POST')

describe('artist profile form', () => {
  it('checks the fields before sending: a name is needed and the release time is HH:MM', async () => {
    const { requests } = renderProfile(() => respond(200, { artist: ARTIST, label: null }))
    const name = await screen.findByLabelText('Artist name')
    expect((name as HTMLInputElement).value).toBe('Nina Vale')
    await userEvent.clear(name)
    const time = screen.getByLabelText('Release time (HH:MM)')
    await userEvent.clear(time)
    await userEvent.type(time, '25:00')
    await userEvent.click(screen.getByRole('button', { name: /Save/ }))
    expect(await screen.findByText('Artist name is required')).toBeTruthy()
    expect(screen.getByText('Release time must be HH:MM')).toBeTruthy()
    expect(saves(requests)).toHaveLength(0)
  })

  it('sends the edited profile, and shows the server’s message on the field it names', async () => {
    let answer = respond(400, { message: 'The given data was invalid.', errors: { 'artist.cLine': 'C line is taken by another label' } })
    const { requests } = renderProfile(() => answer)
    const cLine = await screen.findByLabelText('C line (licensing name)')
    await userEvent.clear(cLine)
    await userEvent.type(cLine, 'Vale Music')
    await userEvent.click(screen.getByRole('button', { name: /Save/ }))
    expect(await screen.findByText('C line is taken by another label')).toBeTruthy()
    expect(saves(requests)[0]).toMatchObject({
      path: '/api/users/edit/artist',
      body: { userId: 5, artist: { artistName: 'Nina Vale', cLine: 'Vale Music', releaseTime: '09:00' } },
    })

    answer = respond(200, { artist: { ...ARTIST, cLine: 'Vale Records' }, label: null })
    await userEvent.clear(cLine)
    await userEvent.type(cLine, 'Vale Records')
    await userEvent.click(screen.getByRole('button', { name: /Save/ }))
    expect(await screen.findByText('Artist profile saved.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('C line is taken by another label')).toBeNull())
    expect(saves(requests)).toHaveLength(2)
  })
})
