import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { Me } from '@contract/auth'
import { sessionMachine } from './session.machine'

const me = {
  account: {
    id: 7,
    email: 'admin@demo.test',
    type: 'admin',
    firstName: 'Adam',
    lastName: 'Reed',
    displayName: 'Adam Reed',
    initials: 'AR',
    isOperator: false,
    hasInit: true,
    initDeferred: false,
    twoFactorEnabled: false,
    emailVerified: true,
    changelogUnread: false,
  },
  tenant: { id: 1, slug: 'demo', name: 'Demo Music' },
  session: { id: 3, createdAt: '2026-11-21T10:00:00.000Z', expiresAt: '2026-11-28T10:00:00.000Z' },
  csrfToken: 'csrf',
  actingAs: null,
} satisfies Me

function start(options: { fetchMe?: () => Promise<Me | null>; logout?: () => Promise<void>; reload?: () => void } = {}) {
  const machine = sessionMachine.provide({
    actors: {
      fetchMe: fromPromise<Me | null>(options.fetchMe ?? (async () => me)),
      logout: fromPromise(options.logout ?? (async () => undefined)),
    },
    actions: { reload: options.reload ?? (() => undefined) },
  })
  return createActor(machine).start()
}

describe('session machine', () => {
  it('takes "nobody is signed in" (a null account) as an answer: unauthenticated, no reason to show', async () => {
    const actor = start({ fetchMe: async () => null })
    await waitFor(actor, (snapshot) => snapshot.value !== 'checking')
    expect(actor.getSnapshot().value).toBe('unauthenticated')
    expect(actor.getSnapshot().context).toEqual({ me: null, reason: null })
  })

  it('starts checking and becomes authenticated with the account from auth/me', async () => {
    const actor = start()
    expect(actor.getSnapshot().value).toBe('checking')
    await waitFor(actor, (s) => s.matches('authenticated'))
    expect(actor.getSnapshot().context.me?.account.email).toBe('admin@demo.test')
  })

  it('a failed auth/me clears the session state and is unauthenticated', async () => {
    const actor = start({ fetchMe: async () => Promise.reject(Object.assign(new Error('You need to sign in.'), { status: 401 })) })
    await waitFor(actor, (s) => s.matches('unauthenticated'))
    expect(actor.getSnapshot().context.me).toBeNull()
  })

  it('a 401 anywhere logs out and remembers why', async () => {
    const actor = start()
    await waitFor(actor, (s) => s.matches('authenticated'))
    actor.send({ type: 'UNAUTHORIZED', message: 'Your session has expired. Sign in again.' })
    expect(actor.getSnapshot().value).toBe('unauthenticated')
    expect(actor.getSnapshot().context).toMatchObject({ me: null, reason: 'Your session has expired. Sign in again.' })
  })

  it('signing in from the login screen authenticates without another auth/me', async () => {
    const fetchMe = vi.fn(async () => Promise.reject(new Error('no session')))
    const actor = start({ fetchMe })
    await waitFor(actor, (s) => s.matches('unauthenticated'))
    actor.send({ type: 'SIGNED_IN', me })
    expect(actor.getSnapshot().matches('authenticated')).toBe(true)
    expect(fetchMe).toHaveBeenCalledTimes(1)
  })

  it('logout calls the server and ends unauthenticated even when the call fails', async () => {
    const logout = vi.fn(async () => Promise.reject(new Error('offline')))
    const actor = start({ logout })
    await waitFor(actor, (s) => s.matches('authenticated'))
    actor.send({ type: 'LOGOUT' })
    await waitFor(actor, (s) => s.matches('unauthenticated'))
    expect(logout).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().context.me).toBeNull()
  })

  it('a banned account is logged out and the page reloads', async () => {
    const reload = vi.fn()
    const actor = start({ reload })
    await waitFor(actor, (s) => s.matches('authenticated'))
    actor.send({ type: 'BANNED' })
    expect(actor.getSnapshot().value).toBe('banned')
    expect(actor.getSnapshot().context.me).toBeNull()
    expect(reload).toHaveBeenCalledOnce()
  })

  it('ignores a 401 while signed out (the login form handles its own errors)', async () => {
    const actor = start({ fetchMe: async () => Promise.reject(new Error('no')) })
    await waitFor(actor, (s) => s.matches('unauthenticated'))
    actor.send({ type: 'UNAUTHORIZED' })
    expect(actor.getSnapshot().value).toBe('unauthenticated')
    expect(actor.getSnapshot().context.reason).toBeNull()
  })
})
