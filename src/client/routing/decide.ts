import type { Me } from '@contract/auth'
import type { SessionStatus } from '../state/session-status'
import type { RouteAccess } from './types'
import { safeNextPath } from './match'

export type RouteDecision =
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }
  | { kind: 'render'; framed: boolean }

/**
 * What the address shows for this session: guest-only routes send signed-in accounts on (to `next`
 * or the dashboard), auth and admin routes send guests to sign in and back, admin routes refuse
 * other accounts. Pure, so it is tested without a browser.
 */
export function decideRoute(input: {
  access: RouteAccess | null
  status: SessionStatus
  me: Pick<Me, 'account'> | null
  pathname: string
  search: string
}): RouteDecision {
  const { access, status, me } = input
  if (status === 'checking' || status === 'loggingOut' || status === 'banned') return { kind: 'loading' }
  if (access === null) return { kind: 'not-found' }
  const signedIn = status === 'authenticated' && me !== null
  if (access === 'guest-only' && signedIn) {
    return { kind: 'redirect', to: safeNextPath(new URLSearchParams(input.search).get('next')) ?? '/dashboard' }
  }
  if ((access === 'auth' || access === 'admin') && !signedIn) {
    return { kind: 'redirect', to: `/login?next=${encodeURIComponent(input.pathname + input.search)}` }
  }
  if (access === 'admin' && me?.account.type !== 'admin') return { kind: 'forbidden' }
  return { kind: 'render', framed: access === 'auth' || access === 'admin' }
}
