import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import InviteAcceptScreen from '../../src/domains/auth/ui/InviteAcceptScreen'
import { sessionActor } from '../../src/client/state/session'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

afterEach(() => vi.restoreAllMocks())

function renderWith(token: string) {
  return render(
    <Theme>
      <InviteAcceptScreen params={{}} search={new URLSearchParams(token ? { token } : {})} />
    </Theme>,
  )
}

describe('invitation screen', () => {
  it('says the link is incomplete without a token', async () => {
    renderWith('')
    expect(await screen.findByRole('heading', { name: 'Invitation not valid' })).toBeTruthy()
    expect(screen.getByText('This invitation link is incomplete. Open the link from the email again.')).toBeTruthy()
  })

  it('shows the server message for an expired invitation', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(400, { message: 'This invitation is invalid or has expired. Ask for a new one.' }))
    renderWith('old')
    expect(await screen.findByText('This invitation is invalid or has expired. Ask for a new one.')).toBeTruthy()
  })

  it('pre-fills the invited name, shows field errors, then signs in', async () => {
    const me = {
      status: 'authenticated',
      account: {
        id: 9,
        email: 'new@demo.test',
        type: 'admin',
        firstName: 'Nia',
        lastName: 'Ward',
        displayName: 'Nia Ward',
        initials: 'NW',
        isOperator: false,
        hasInit: false,
        initDeferred: false,
        twoFactorEnabled: false,
        emailVerified: true,
        changelogUnread: true,
      },
      tenant: { id: 1, slug: 'demo', name: 'Demo Music' },
      session: { id: 4, createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-08T00:00:00.000Z' },
      csrfToken: 'c',
      actingAs: null,
    }
    let accepted = 0
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input)
      if (url.endsWith('/auth/invite/verify'))
        return json(200, {
          email: 'new@demo.test',
          type: 'admin',
          firstName: 'Nia',
          lastName: '',
          workspace: 'Demo Music',
          expiresAt: '2026-12-01T00:00:00.000Z',
        })
      if (url.endsWith('/auth/invite/accept')) {
        accepted += 1
        const body = JSON.parse(String(init?.body)) as { password: string }
        if (body.password.length < 8)
          return json(400, {
            message: 'Password must be at least 8 characters',
            errors: { password: 'Password must be at least 8 characters', lastName: 'Last name is required' },
          })
        return json(200, me)
      }
      return json(401, { message: 'no' })
    })
    renderWith('good-token')
    expect(await screen.findByRole('heading', { name: 'Join Demo Music' })).toBeTruthy()
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Nia')
    await userEvent.type(screen.getByLabelText('Password'), 'short')
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'short')
    await userEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }))
    expect(await screen.findByText('Last name is required')).toBeTruthy()
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Last name'), 'Ward')
    await userEvent.type(screen.getByLabelText('Password'), ' and longer')
    await userEvent.type(screen.getByLabelText('Repeat the password'), ' and longer')
    sessionActor.start()
    await userEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }))
    await waitFor(() => expect(sessionActor.getSnapshot().context.me?.account.email).toBe('new@demo.test'))
    expect(accepted).toBe(2)
  })
})
