import type { LoginResult } from '@contract/auth'
import { sessionActor } from '@client/state/session'

export interface Challenge {
  challenge: string
  emailHint: string
}

/** A finished sign-in goes to the session; a second-factor challenge goes to the code step. */
export function acceptLoginResult(result: LoginResult, onChallenge: (challenge: Challenge) => void): void {
  if (result.status === 'two_factor_required') onChallenge({ challenge: result.challenge, emailHint: result.emailHint })
  else sessionActor.send({ type: 'SIGNED_IN', me: result })
}
