import { assign, fromPromise, setup } from 'xstate'
import type { DnsRecord, InitialSettings, SmtpInput } from '@contract/site'

/** 0 welcome, 1 agreement, 2 mail configuration, 3 support settings, 4 finish. */
export type WizardStep = 0 | 1 | 2 | 3 | 4
export const WIZARD_STEPS = ['Welcome', 'Agreement', 'Mail Configuration', 'Support Settings', 'Finish'] as const

export const LOAD_FAILED = 'Something went wrong please. Please contact the administrator.'
export const STEP_FAILED = 'Something went wrong! Please try again.'
export const SIGNATURE_REQUIRED = 'Please sign the agreement to continue.'

export interface WizardAccount {
  isOperator: boolean
  hasInit: boolean
  initDeferred: boolean
}

/** What Continue submits on each step that submits. */
export type StepPayload =
  | { step: 1; signature: string | null }
  | { step: 2; mail: { type: 'default' } | { type: 'smtp'; smtp: SmtpInput } }
  | { step: 3; supportEmail: string }

export interface WizardContext {
  settings: InitialSettings | null
  step: WizardStep
  error: string | null
}

export type WizardEvent =
  /** The signed-in account is known: open if the rules say so. */
  | { type: 'START'; account: WizardAccount }
  /** Open on request (the palette), whatever the rules say. */
  | { type: 'OPEN' }
  | { type: 'GOTO'; step: WizardStep }
  | { type: 'GET_STARTED' }
  | { type: 'CONTINUE'; payload?: StepPayload }
  | { type: 'LATER' }
  /** The mail step generated or verified DNS records outside the machine. */
  | { type: 'RECORDS_UPDATED'; records: { sending: DnsRecord[]; receiving: DnsRecord[] } }
  | { type: 'RETRY' }

// ---------------------------------------------------------------------------------------------
// The rules, as pure functions (the server applies the same ones in auth/init/complete)

export function agreementComplete(settings: InitialSettings): boolean {
  return settings.agreements.some((agreement) => agreement.type === 'initial')
}

/** Host, port, encryption and username; for the default option the server fills in the platform's once sending records exist. */
export function mailComplete(settings: InitialSettings): boolean {
  const config = settings.mail_config.config
  return Boolean(config?.host && config.port && config.encryption && config.username)
}

export function supportComplete(settings: InitialSettings): boolean {
  return Boolean(settings.support_email?.trim())
}

export function stepComplete(settings: InitialSettings, step: WizardStep): boolean {
  if (step === 1) return agreementComplete(settings)
  if (step === 2) return mailComplete(settings)
  if (step === 3) return supportComplete(settings)
  return false
}

export function allComplete(settings: InitialSettings): boolean {
  return agreementComplete(settings) && mailComplete(settings) && supportComplete(settings)
}

/** Where the wizard opens, or null when there is nothing left to do. */
export function openingStep(settings: InitialSettings): WizardStep | null {
  if (!agreementComplete(settings)) return 0
  if (!mailComplete(settings)) return 2
  if (!supportComplete(settings)) return 3
  return null
}

/** After a step is submitted: the next incomplete step (then any earlier one skipped), or the finish. */
export function nextIncompleteStep(settings: InitialSettings, after: WizardStep): WizardStep {
  const order = ([1, 2, 3] as const).filter((step) => step > after).concat(([1, 2, 3] as const).filter((step) => step < after))
  return order.find((step) => !stepComplete(settings, step)) ?? 4
}

/** It opens by itself only for the operator, only until the setup is done, and not after Later in this session. */
export function shouldStart(account: WizardAccount): boolean {
  return account.isOperator && !account.hasInit && !account.initDeferred
}

/** The message of an error the server answered with, or null for anything else (offline, aborted, a bug). */
export function serverMessage(error: unknown): string | null {
  const candidate = error as { message?: unknown; status?: unknown } | null
  return candidate &&
    typeof candidate.status === 'number' &&
    candidate.status > 0 &&
    typeof candidate.message === 'string' &&
    candidate.message
    ? candidate.message
    : null
}

// ---------------------------------------------------------------------------------------------

/**
 * The first-run setup wizard: idle -> loading -> open (editing, submitting, completing, deferring)
 * -> closed. Loading, submitting a step, completing and postponing are actors the client provides
 * (tests provide mocks); the rules above decide where it opens and where Continue goes.
 */
export const setupWizardMachine = setup({
  types: {} as { context: WizardContext; events: WizardEvent },
  actors: {
    fetchInitial: fromPromise<InitialSettings>(async () => {
      throw new Error('fetchInitial is provided by the client')
    }),
    /** Saves one step and answers the settings as they are afterwards. */
    submitStep: fromPromise<InitialSettings, StepPayload>(async () => {
      throw new Error('submitStep is provided by the client')
    }),
    complete: fromPromise<void>(async () => {
      throw new Error('complete is provided by the client')
    }),
    later: fromPromise<void>(async () => {
      throw new Error('later is provided by the client')
    }),
  },
  guards: {
    shouldStart: ({ event }) => event.type === 'START' && shouldStart(event.account),
    onFinish: ({ context }) => context.step === 4,
    onWelcome: ({ context }) => context.step === 0,
    /** Step 1 without a drawing: already signed moves on; not signed asks for the signature. */
    alreadySigned: ({ context, event }) =>
      context.step === 1 &&
      event.type === 'CONTINUE' &&
      !(event.payload?.step === 1 && event.payload.signature) &&
      agreementComplete(context.settings!),
    signatureMissing: ({ context, event }) =>
      context.step === 1 && event.type === 'CONTINUE' && !(event.payload?.step === 1 && event.payload.signature),
    /** The default option cannot be submitted while no sending records exist: silently blocked. */
    defaultWithoutRecords: ({ context, event }) =>
      event.type === 'CONTINUE' &&
      event.payload?.step === 2 &&
      event.payload.mail.type === 'default' &&
      (context.settings?.default_dns_records.sending.length ?? 0) === 0,
    submitsThisStep: ({ context, event }) => event.type === 'CONTINUE' && event.payload?.step === context.step,
  },
}).createMachine({
  id: 'setupWizard',
  initial: 'idle',
  context: { settings: null, step: 0, error: null },
  states: {
    idle: {
      on: {
        START: [{ guard: 'shouldStart', target: 'checking' }, { target: 'closed' }],
        OPEN: 'loading',
      },
    },
    /** Opened by the rules: stays closed when everything is done. */
    checking: {
      invoke: {
        src: 'fetchInitial',
        onDone: [
          {
            guard: ({ event }) => openingStep(event.output) === null,
            target: 'closed',
            actions: assign({ settings: ({ event }) => event.output }),
          },
          {
            target: 'open',
            actions: assign({ settings: ({ event }) => event.output, step: ({ event }) => openingStep(event.output)!, error: null }),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => serverMessage(event.error) ?? LOAD_FAILED }) },
      },
    },
    /** Opened on request: at the rules' step, or at the finish when all is done. */
    loading: {
      invoke: {
        src: 'fetchInitial',
        onDone: {
          target: 'open',
          actions: assign({ settings: ({ event }) => event.output, step: ({ event }) => openingStep(event.output) ?? 4, error: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => serverMessage(event.error) ?? LOAD_FAILED }) },
      },
    },
    failed: {
      on: { RETRY: 'loading', OPEN: 'loading' },
    },
    open: {
      initial: 'editing',
      on: {
        RECORDS_UPDATED: {
          actions: assign({
            settings: ({ context, event }) => context.settings && { ...context.settings, default_dns_records: event.records },
          }),
        },
      },
      states: {
        editing: {
          on: {
            GOTO: { actions: assign({ step: ({ event }) => event.step, error: null }) },
            GET_STARTED: { guard: 'onWelcome', actions: assign({ step: 1, error: null }) },
            CONTINUE: [
              { guard: 'onWelcome', actions: assign({ step: 1, error: null }) },
              { guard: 'onFinish', target: 'completing' },
              {
                guard: 'alreadySigned',
                actions: assign({ step: ({ context }) => nextIncompleteStep(context.settings!, 1), error: null }),
              },
              { guard: 'signatureMissing', actions: assign({ error: SIGNATURE_REQUIRED }) },
              { guard: 'defaultWithoutRecords' },
              { guard: 'submitsThisStep', target: 'submitting' },
            ],
            LATER: 'deferring',
          },
        },
        submitting: {
          entry: assign({ error: null }),
          invoke: {
            src: 'submitStep',
            input: ({ event }) => (event as Extract<WizardEvent, { type: 'CONTINUE' }>).payload!,
            onDone: {
              target: 'editing',
              actions: assign({
                settings: ({ event }) => event.output,
                step: ({ context, event }) => nextIncompleteStep(event.output, context.step),
              }),
            },
            onError: { target: 'editing', actions: assign({ error: ({ event }) => serverMessage(event.error) ?? STEP_FAILED }) },
          },
        },
        completing: {
          entry: assign({ error: null }),
          invoke: {
            src: 'complete',
            onDone: { target: '#setupWizard.closed' },
            onError: { target: 'editing', actions: assign({ error: ({ event }) => serverMessage(event.error) ?? STEP_FAILED }) },
          },
        },
        deferring: {
          entry: assign({ error: null }),
          invoke: {
            src: 'later',
            onDone: { target: '#setupWizard.closed' },
            onError: { target: 'editing', actions: assign({ error: ({ event }) => serverMessage(event.error) ?? STEP_FAILED }) },
          },
        },
      },
    },
    closed: {
      on: { OPEN: 'loading' },
    },
  },
})
