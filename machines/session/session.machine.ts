import { assign, fromPromise, setup } from 'xstate'
import type { Me } from '@contract/auth'

export interface SessionContext {
  me: Me | null
  /** Why the last session ended, for the sign-in screen ("Your session has expired..."). */
  reason: string | null
}

export type SessionEvent =
  | { type: 'SIGNED_IN'; me: Me }
  | { type: 'ME_UPDATED'; me: Me }
  | { type: 'LOGOUT' }
  | { type: 'UNAUTHORIZED'; message?: string }
  | { type: 'BANNED'; message?: string }
  | { type: 'CHECK' }

/**
 * checking -> authenticated | unauthenticated. A failed auth/me clears what the client knows of
 * the session; a 401 anywhere logs out; a banned account is logged out and the page reloads.
 * Actors and side effects are provided by the client (and by tests), so this stays React-free.
 */
export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent },
  actors: {
    /** The signed-in account, or null when nobody is signed in (a normal answer, not an error). */
    fetchMe: fromPromise<Me | null>(async () => {
      throw new Error('fetchMe is provided by the client')
    }),
    logout: fromPromise<void>(async () => undefined),
  },
  actions: {
    /** Forget the client-side session state (CSRF token, cached account). */
    clearToken: assign({ me: null }),
    /** Side effect provided by the client: reload the page. */
    reload: () => undefined,
  },
}).createMachine({
  id: 'session',
  initial: 'checking',
  context: { me: null, reason: null },
  states: {
    checking: {
      invoke: {
        src: 'fetchMe',
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'unauthenticated', actions: 'clearToken' },
          { target: 'authenticated', actions: assign({ me: ({ event }) => event.output, reason: null }) },
        ],
        onError: { target: 'unauthenticated', actions: 'clearToken' },
      },
    },
    authenticated: {
      on: {
        ME_UPDATED: { actions: assign({ me: ({ event }) => event.me }) },
        SIGNED_IN: { actions: assign({ me: ({ event }) => event.me }) },
        LOGOUT: { target: 'loggingOut' },
        UNAUTHORIZED: {
          target: 'unauthenticated',
          actions: ['clearToken', assign({ reason: ({ event }) => event.message ?? 'Your session has ended. Sign in again.' })],
        },
        BANNED: { target: 'banned', actions: assign({ reason: ({ event }) => event.message ?? 'Your account has been banned.' }) },
        CHECK: { target: 'checking' },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        onDone: { target: 'unauthenticated', actions: ['clearToken', assign({ reason: null })] },
        // Signed out locally even if the server could not be told: the cookie dies with the session row anyway.
        onError: { target: 'unauthenticated', actions: ['clearToken', assign({ reason: null })] },
      },
    },
    unauthenticated: {
      on: {
        SIGNED_IN: { target: 'authenticated', actions: assign({ me: ({ event }) => event.me, reason: null }) },
        CHECK: { target: 'checking' },
        BANNED: { target: 'banned', actions: assign({ reason: ({ event }) => event.message ?? 'Your account has been banned.' }) },
      },
    },
    banned: {
      entry: ['clearToken', 'reload'],
      type: 'final',
    },
  },
})
