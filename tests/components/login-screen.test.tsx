import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import LoginScreen from '../../src/domains/auth/ui/LoginScreen'
import { sessionActor } from '../../src/client/state/session'

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

afterEach(() => vi.restoreAllMocks())

describe('login screen', () => {
  it('shows the server message when sign-in fails, keeping what was typed', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      respond(422, {
        message: 'These credentials do not match our records.',
        code: 'invalid_credentials',
        errors: { email: 'These credentials do not match our records.' },
      }),
    )
    render(
      <Theme>
        <LoginScreen />
      </Theme>,
    )
    await userEvent.type(screen.getByLabelText('Email'), 'admin@demo.test')
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'These credentials do not match our records.')
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('admin@demo.test')
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/auth/login')
    expect(JSON.parse(String(init.body))).toEqual({ email: 'admin@demo.test', password: 'wrong password' })
  })

  it('asks for the emailed code when the account has a second factor', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      respond(200, { status: 'two_factor_required', challenge: 'abc', emailHint: 'a•••@demo.test' }),
    )
    render(
      <Theme>
        <LoginScreen />
      </Theme>,
    )
    await userEvent.type(screen.getByLabelText('Email'), 'admin@demo.test')
    await userEvent.type(screen.getByLabelText('Password'), 'demo-password')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByText('We sent a 6-digit code to a•••@demo.test.')).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Code'), '12ab34 56')
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('123456')
  })

  it('hands a successful sign-in to the session', async () => {
    const me = {
      status: 'authenticated',
      account: {
        id: 1,
        email: 'admin@demo.test',
        type: 'admin',
        firstName: 'A',
        lastName: 'R',
        displayName: 'A R',
        initials: 'AR',
        isOperator: false,
        hasInit: true,
        initDeferred: false,
        twoFactorEnabled: false,
        emailVerified: true,
        changelogUnread: false,
      },
      tenant: { id: 1, slug: 'demo', name: 'Demo Music' },
      session: { id: 1, createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-08T00:00:00.000Z' },
      csrfToken: 'c',
      actingAs: null,
    }
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).endsWith('/auth/session') ? respond(200, { me: null }) : respond(200, me),
    )
    sessionActor.start()
    await waitFor(() => expect(sessionActor.getSnapshot().value).toBe('unauthenticated'))
    render(
      <Theme>
        <LoginScreen />
      </Theme>,
    )
    await userEvent.type(screen.getByLabelText('Email'), 'admin@demo.test')
    await userEvent.type(screen.getByLabelText('Password'), 'demo-password')
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(sessionActor.getSnapshot().value).toBe('authenticated'))
    expect(sessionActor.getSnapshot().context.me?.account.email).toBe('admin@demo.test')
  })
})
