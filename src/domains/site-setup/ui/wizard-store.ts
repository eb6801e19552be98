import { createActor, fromPromise, type ActorRefFrom } from 'xstate'
import { proxy } from 'valtio'
import type { InitialSettings } from '@contract/site'
import { api } from '@client/api'
import { sessionActor } from '@client/state/session'
import { setupWizardMachine, type StepPayload } from '@machines/setup-wizard/setup-wizard.machine'

export type WizardActor = ActorRefFrom<typeof setupWizardMachine>

/** What other parts of the shell need to know: whether the wizard shows, and whether it has decided for this session. */
export const wizardStatus = proxy({ open: false, settled: false })

/** Saves one step with its own call, then reads the settings again so the rules see what the server kept. */
async function submitStep(payload: StepPayload): Promise<InitialSettings> {
  if (payload.step === 1) await api.call('site.signAgreement', { body: { signature: payload.signature ?? '' } })
  if (payload.step === 2) await api.call('site.saveMail', { body: payload.mail })
  if (payload.step === 3) await api.call('site.saveSupportEmail', { body: { supportEmail: payload.supportEmail } })
  return api.call('site.initial')
}

/** hasInit and initDeferred changed on the server: the session shows the new account. */
async function refreshMe(): Promise<void> {
  sessionActor.send({ type: 'ME_UPDATED', me: await api.call('auth.me') })
}

function createWizard(): WizardActor {
  const actor = createActor(
    setupWizardMachine.provide({
      actors: {
        fetchInitial: fromPromise(() => api.call('site.initial')),
        submitStep: fromPromise(({ input }: { input: StepPayload }) => submitStep(input)),
        complete: fromPromise(async () => {
          await api.call('auth.initComplete')
          await refreshMe()
        }),
        later: fromPromise(async () => {
          await api.call('auth.initCompleteLater')
          await refreshMe()
        }),
      },
    }),
  )
  actor.subscribe((snapshot) => {
    wizardStatus.open = snapshot.matches('open')
    wizardStatus.settled = snapshot.matches('closed') || snapshot.matches('failed')
  })
  return actor.start()
}

let current: { key: string; actor: WizardActor } | null = null

/**
 * The wizard of one signed-in session: a new session (another account, or signing in again after
 * Later) starts a fresh one, so the opening rules are asked again.
 */
export function wizardFor(sessionKey: string): WizardActor {
  if (current?.key !== sessionKey) {
    current?.actor.stop()
    wizardStatus.open = false
    wizardStatus.settled = false
    current = { key: sessionKey, actor: createWizard() }
  }
  return current.actor
}

/** Opens the wizard from anywhere (the palette); false when no session has one. */
export function openSetupWizard(): boolean {
  if (!current) return false
  current.actor.send({ type: 'OPEN' })
  return true
}
