import { createActor, fromPromise } from 'xstate'
import { useSelector } from '@xstate/react'
import { sessionMachine } from '@machines/session/session.machine'
import type { Me } from '@contract/auth'
import { api, onUnauthorized } from '../api'
import type { SessionStatus } from './session-status'

const SIGNED_OUT_REASON = 'wl_signed_out_reason'

/** The one session actor of the page. */
export const sessionActor = createActor(
  sessionMachine.provide({
    actors: {
      // auth/session answers 200 with null when signed out: a guest page logs no failed request.
      fetchMe: fromPromise<Me | null>(async () => (await api.call('auth.session')).me),
      logout: fromPromise<void>(async () => {
        await api.call('auth.logout')
      }),
    },
    actions: {
      reload: ({ context }) => {
        // The reason survives the reload so the sign-in screen can say why.
        if (context.reason) sessionStorage.setItem(SIGNED_OUT_REASON, context.reason)
        window.location.reload()
      },
    },
  }),
)

onUnauthorized((error) => {
  sessionActor.send(error.code === 'banned' ? { type: 'BANNED', message: error.message } : { type: 'UNAUTHORIZED', message: error.message })
})

/** Why the previous session ended, once. */
export function takeSignedOutReason(): string | null {
  const reason = sessionStorage.getItem(SIGNED_OUT_REASON)
  if (reason) sessionStorage.removeItem(SIGNED_OUT_REASON)
  return reason ?? sessionActor.getSnapshot().context.reason
}

export function useSession(): { status: SessionStatus; me: Me | null } {
  const status = useSelector(sessionActor, (snapshot) => snapshot.value as SessionStatus)
  const me = useSelector(sessionActor, (snapshot) => snapshot.context.me)
  return { status, me }
}
