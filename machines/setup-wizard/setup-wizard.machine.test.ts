import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { DnsRecord, InitialSettings } from '@contract/site'
import {
  LOAD_FAILED,
  SIGNATURE_REQUIRED,
  STEP_FAILED,
  nextIncompleteStep,
  openingStep,
  setupWizardMachine,
  shouldStart,
  type StepPayload,
  type WizardAccount,
} from './setup-wizard.machine'

const record = (id: number, type = 'TXT'): DnsRecord => ({
  id,
  record_type: type,
  name: 'mail.acme.test',
  value: 'v=spf1 include:_spf.platform.test ~all',
  priority: null,
  is_active: false,
  valid: false,
  last_checked_at: null,
})
const signed = [
  { id: 1, type: 'initial' as const, signed_at: '2026-11-21T10:00:00.000Z', signed_by: 'Olivia Park', text_version: 'wl-b2b-1' },
]
const smtpConfig = { host: 'smtp.acme.test', port: 587, encryption: 'starttls', username: 'mailer' }

function settings(overrides: Partial<InitialSettings> = {}): InitialSettings {
  return {
    agreements: [],
    mail_config: { type: 'default', config: null },
    support_email: null,
    default_dns_records: { sending: [], receiving: [] },
    ...overrides,
  }
}
const NOTHING = settings()
const SIGNED = settings({ agreements: signed })
const MAILED = settings({ agreements: signed, mail_config: { type: 'smtp', config: smtpConfig } })
const DONE = settings({ agreements: signed, mail_config: { type: 'smtp', config: smtpConfig }, support_email: 'help@acme.test' })
const operator: WizardAccount = { isOperator: true, hasInit: false, initDeferred: false }

const apiError = (message: string, status = 400) => Object.assign(new Error(message), { status })

function start(
  options: {
    fetchInitial?: () => Promise<InitialSettings>
    submitStep?: (payload: StepPayload) => Promise<InitialSettings>
    complete?: () => Promise<void>
    later?: () => Promise<void>
  } = {},
) {
  const fetchInitial = vi.fn(options.fetchInitial ?? (async () => NOTHING))
  const submitStep = vi.fn(options.submitStep ?? (async () => NOTHING))
  const complete = vi.fn(options.complete ?? (async () => undefined))
  const later = vi.fn(options.later ?? (async () => undefined))
  const machine = setupWizardMachine.provide({
    actors: {
      fetchInitial: fromPromise(() => fetchInitial()),
      submitStep: fromPromise(({ input }: { input: StepPayload }) => submitStep(input)),
      complete: fromPromise(() => complete()),
      later: fromPromise(() => later()),
    },
  })
  const actor = createActor(machine).start()
  return { actor, fetchInitial, submitStep, complete, later }
}

async function openWith(initial: InitialSettings, options: Parameters<typeof start>[0] = {}) {
  const wizard = start({ fetchInitial: async () => initial, ...options })
  wizard.actor.send({ type: 'START', account: operator })
  await waitFor(wizard.actor, (snapshot) => snapshot.matches('open') || snapshot.matches('closed') || snapshot.matches('failed'))
  return wizard
}

const editing = (wizard: ReturnType<typeof start>) => waitFor(wizard.actor, (snapshot) => snapshot.matches({ open: 'editing' }))

describe('who it opens for', () => {
  it('opens only for the operator, until the setup is done, and not after Later in this session', () => {
    expect(shouldStart(operator)).toBe(true)
    expect(shouldStart({ ...operator, isOperator: false })).toBe(false)
    expect(shouldStart({ ...operator, hasInit: true })).toBe(false)
    expect(shouldStart({ ...operator, initDeferred: true })).toBe(false)
  })

  it('does not even load for anyone else', async () => {
    for (const account of [
      { ...operator, isOperator: false },
      { ...operator, hasInit: true },
      { ...operator, initDeferred: true },
    ]) {
      const wizard = start()
      wizard.actor.send({ type: 'START', account })
      expect(wizard.actor.getSnapshot().value).toBe('closed')
      expect(wizard.fetchInitial).not.toHaveBeenCalled()
    }
  })
})

describe('where it opens', () => {
  it('opens at the welcome step with no agreements, or none of type initial', async () => {
    expect((await openWith(NOTHING)).actor.getSnapshot().context.step).toBe(0)
    const other = settings({ agreements: [{ ...signed[0], type: 'amendment' as never }] })
    expect(openingStep(other)).toBe(0)
    // Even with mail and support done, an unsigned agreement starts from the beginning.
    expect(openingStep(settings({ mail_config: DONE.mail_config, support_email: 'a@b.test' }))).toBe(0)
  })

  it('opens at the mail step once signed, while the mail configuration is incomplete', async () => {
    expect((await openWith(SIGNED)).actor.getSnapshot().context.step).toBe(2)
    // An own server without a username is not complete.
    expect(openingStep(settings({ agreements: signed, mail_config: { type: 'smtp', config: { ...smtpConfig, username: '' } } }))).toBe(2)
  })

  it('opens at the support step once mail is complete but there is no support email', async () => {
    expect((await openWith(MAILED)).actor.getSnapshot().context.step).toBe(3)
  })

  it('treats the default option as complete once the server gives the platform’s values (sending records exist)', () => {
    const defaultReady = settings({
      agreements: signed,
      mail_config: { type: 'default', config: { host: 'outbox', port: 587, encryption: 'none', username: 'outbox' } },
    })
    expect(openingStep(defaultReady)).toBe(3)
  })

  it('does not open when everything is present', async () => {
    const wizard = await openWith(DONE)
    expect(wizard.actor.getSnapshot().value).toBe('closed')
  })

  it('shows the server’s message, or the administrator message, when the settings cannot be loaded', async () => {
    const refused = await openWith(NOTHING, {
      fetchInitial: async () => Promise.reject(apiError('Only the workspace’s admins can see the workspace’s setup.', 403)),
    })
    expect(refused.actor.getSnapshot().value).toBe('failed')
    expect(refused.actor.getSnapshot().context.error).toBe('Only the workspace’s admins can see the workspace’s setup.')
    const offline = await openWith(NOTHING, { fetchInitial: async () => Promise.reject(new TypeError('Failed to fetch')) })
    expect(offline.actor.getSnapshot().context.error).toBe(LOAD_FAILED)
    offline.fetchInitial.mockResolvedValueOnce(SIGNED)
    offline.actor.send({ type: 'RETRY' })
    await waitFor(offline.actor, (snapshot) => snapshot.matches('open'))
    expect(offline.actor.getSnapshot().context.step).toBe(2)
  })

  it('opens on request even when complete, at the finish', async () => {
    const wizard = await openWith(DONE)
    wizard.actor.send({ type: 'OPEN' })
    await editing(wizard)
    expect(wizard.actor.getSnapshot().context.step).toBe(4)
  })
})

describe('moving through it', () => {
  it('Get Started goes from the welcome to the agreement, and the stepper moves freely', async () => {
    const wizard = await openWith(NOTHING)
    wizard.actor.send({ type: 'GET_STARTED' })
    expect(wizard.actor.getSnapshot().context.step).toBe(1)
    wizard.actor.send({ type: 'GOTO', step: 3 })
    expect(wizard.actor.getSnapshot().context.step).toBe(3)
    wizard.actor.send({ type: 'GOTO', step: 0 })
    expect(wizard.actor.getSnapshot().context.step).toBe(0)
    expect(wizard.submitStep).not.toHaveBeenCalled()
  })

  it('Continue on the agreement submits the signature, then goes to the next incomplete step', async () => {
    const wizard = await openWith(NOTHING, { submitStep: async () => SIGNED })
    wizard.actor.send({ type: 'GET_STARTED' })
    wizard.actor.send({ type: 'CONTINUE', payload: { step: 1, signature: 'data:image/jpeg;base64,AAA' } })
    expect(wizard.actor.getSnapshot().matches({ open: 'submitting' })).toBe(true)
    await editing(wizard)
    expect(wizard.submitStep).toHaveBeenCalledWith({ step: 1, signature: 'data:image/jpeg;base64,AAA' })
    expect(wizard.actor.getSnapshot().context).toMatchObject({ step: 2, error: null, settings: SIGNED })
  })

  it('asks for a signature before Continue on the agreement, unless it is already signed', async () => {
    const wizard = await openWith(NOTHING)
    wizard.actor.send({ type: 'GOTO', step: 1 })
    wizard.actor.send({ type: 'CONTINUE', payload: { step: 1, signature: null } })
    expect(wizard.actor.getSnapshot().context).toMatchObject({ step: 1, error: SIGNATURE_REQUIRED })
    expect(wizard.submitStep).not.toHaveBeenCalled()

    const signedAlready = await openWith(SIGNED)
    signedAlready.actor.send({ type: 'GOTO', step: 1 })
    signedAlready.actor.send({ type: 'CONTINUE', payload: { step: 1, signature: null } })
    expect(signedAlready.actor.getSnapshot().context.step).toBe(2)
    expect(signedAlready.submitStep).not.toHaveBeenCalled()
  })

  it('silently blocks the default mail option while no sending records exist', async () => {
    const wizard = await openWith(SIGNED)
    wizard.actor.send({ type: 'CONTINUE', payload: { step: 2, mail: { type: 'default' } } })
    expect(wizard.actor.getSnapshot().matches({ open: 'editing' })).toBe(true)
    expect(wizard.actor.getSnapshot().context).toMatchObject({ step: 2, error: null })
    expect(wizard.submitStep).not.toHaveBeenCalled()

    // Records generated in the step: now Continue submits.
    wizard.submitStep.mockResolvedValueOnce(MAILED)
    wizard.actor.send({ type: 'RECORDS_UPDATED', records: { sending: [record(1), record(2, 'CNAME')], receiving: [record(3, 'MX')] } })
    expect(wizard.actor.getSnapshot().context.settings?.default_dns_records.sending).toHaveLength(2)
    wizard.actor.send({ type: 'CONTINUE', payload: { step: 2, mail: { type: 'default' } } })
    await editing(wizard)
    expect(wizard.submitStep).toHaveBeenCalledWith({ step: 2, mail: { type: 'default' } })
    expect(wizard.actor.getSnapshot().context.step).toBe(3)
  })

  it('Continue on the mail step with an own server submits it', async () => {
    const wizard = await openWith(SIGNED, { submitStep: async () => MAILED })
    const smtp = {
      host: 'smtp.acme.test',
      port: 587,
      encryption: 'starttls' as const,
      username: 'mailer',
      password: 'x',
      from: { name: '', address: 'a@acme.test' },
    }
    wizard.actor.send({ type: 'CONTINUE', payload: { step: 2, mail: { type: 'smtp', smtp } } })
    await editing(wizard)
    expect(wizard.submitStep).toHaveBeenCalledWith({ step: 2, mail: { type: 'smtp', smtp } })
    expect(wizard.actor.getSnapshot().context.step).toBe(3)
  })

  it('goes to the finish when the last step is done, and back to a step skipped earlier', async () => {
    const wizard = await openWith(MAILED, { submitStep: async () => DONE })
    wizard.actor.send({ type: 'CONTINUE', payload: { step: 3, supportEmail: 'help@acme.test' } })
    await editing(wizard)
    expect(wizard.actor.getSnapshot().context.step).toBe(4)

    // Support done first while unsigned: Continue goes back round to the agreement.
    expect(nextIncompleteStep(settings({ support_email: 'help@acme.test' }), 3)).toBe(1)
    expect(nextIncompleteStep(settings({ support_email: 'help@acme.test', agreements: signed }), 1)).toBe(2)
    expect(nextIncompleteStep(DONE, 2)).toBe(4)
  })

  it('ignores a Continue that carries another step’s values', async () => {
    const wizard = await openWith(SIGNED)
    wizard.actor.send({ type: 'CONTINUE', payload: { step: 3, supportEmail: 'help@acme.test' } })
    expect(wizard.actor.getSnapshot().matches({ open: 'editing' })).toBe(true)
    expect(wizard.submitStep).not.toHaveBeenCalled()
  })

  it('keeps the step and shows the server’s message, or the generic one, when a step fails', async () => {
    const wizard = await openWith(MAILED, { submitStep: async () => Promise.reject(apiError('Email must be valid')) })
    wizard.actor.send({ type: 'CONTINUE', payload: { step: 3, supportEmail: 'nope' } })
    await editing(wizard)
    expect(wizard.actor.getSnapshot().context).toMatchObject({ step: 3, error: 'Email must be valid' })

    wizard.submitStep.mockRejectedValueOnce(new Error('socket hang up'))
    wizard.actor.send({ type: 'CONTINUE', payload: { step: 3, supportEmail: 'help@acme.test' } })
    await editing(wizard)
    expect(wizard.actor.getSnapshot().context).toMatchObject({ step: 3, error: STEP_FAILED })
    // Moving on clears it.
    wizard.actor.send({ type: 'GOTO', step: 2 })
    expect(wizard.actor.getSnapshot().context.error).toBeNull()
  })
})

describe('closing it', () => {
  it('Complete on the finish completes the setup and closes', async () => {
    const wizard = await openWith(DONE)
    wizard.actor.send({ type: 'OPEN' })
    await editing(wizard)
    wizard.actor.send({ type: 'CONTINUE' })
    await waitFor(wizard.actor, (snapshot) => snapshot.matches('closed'))
    expect(wizard.complete).toHaveBeenCalledOnce()
  })

  it('stays open with the server’s refusal when a step is still incomplete', async () => {
    const wizard = await openWith(SIGNED, {
      complete: async () => Promise.reject(apiError('Finish the setup first: configure mail, set the support email.', 409)),
    })
    wizard.actor.send({ type: 'GOTO', step: 4 })
    wizard.actor.send({ type: 'CONTINUE' })
    await editing(wizard)
    expect(wizard.actor.getSnapshot().context).toMatchObject({
      step: 4,
      error: 'Finish the setup first: configure mail, set the support email.',
    })
  })

  it('Later postpones it and closes, from any step', async () => {
    const wizard = await openWith(NOTHING)
    wizard.actor.send({ type: 'GOTO', step: 2 })
    wizard.actor.send({ type: 'LATER' })
    await waitFor(wizard.actor, (snapshot) => snapshot.matches('closed'))
    expect(wizard.later).toHaveBeenCalledOnce()
    expect(wizard.complete).not.toHaveBeenCalled()
  })

  it('stays open when Later fails', async () => {
    const wizard = await openWith(NOTHING, { later: async () => Promise.reject(new Error('offline')) })
    wizard.actor.send({ type: 'LATER' })
    await editing(wizard)
    expect(wizard.actor.getSnapshot().context.error).toBe(STEP_FAILED)
  })
})
