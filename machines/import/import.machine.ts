import { assign, fromPromise, setup } from 'xstate'

// The statement import flow, React-free (the UI binds it with @xstate/react):
// idle → uploading → parsing (polls the import until its dry run is ready or failed) → review →
// committing → committed | cancelling → cancelled; committed → rolledBack once the rollback dialog
// (which previews the balances it would take below zero and asks for a reason) has rolled it back;
// any failure → error, and RETRY repeats the step that failed.

/** The import as the server reports it: what the machine needs of it. */
export interface ImportSnapshot {
  id: number
  status: 'uploaded' | 'parsing' | 'review' | 'committing' | 'committed' | 'cancelled' | 'failed' | 'rolled_back'
  error?: string | null
}

export type ImportStep = 'upload' | 'parse' | 'commit' | 'cancel'

export interface ImportMachineContext<U = unknown, D extends ImportSnapshot = ImportSnapshot> {
  upload: U | null
  importId: number | null
  detail: D | null
  error: string | null
  failedStep: ImportStep | null
  polls: number
}

export type ImportMachineEvent =
  | { type: 'UPLOAD'; upload: unknown }
  | { type: 'OPEN'; id: number }
  | { type: 'COMMIT' }
  | { type: 'CANCEL' }
  /** The rollback dialog rolled the committed import back (it makes the call: preview, reason, confirm). */
  | { type: 'ROLLED_BACK' }
  | { type: 'RETRY' }
  | { type: 'RESET' }
  /**
   * A commit started elsewhere (a declared action that queues a job, as catalogue ingestion's):
   * follow the import until the job has finished, then committed, or error with the server's reason.
   */
  | { type: 'FOLLOW'; id: number }

/** How often the dry run is asked about while the file is read. */
export const POLL_MS = 750
export const GENERIC_ERROR = 'Something went wrong.'

const messageOf = (error: unknown) =>
  error &&
  typeof error === 'object' &&
  typeof (error as { message?: unknown }).message === 'string' &&
  (error as { message: string }).message
    ? (error as { message: string }).message
    : GENERIC_ERROR

export const importMachine = setup({
  types: {} as { context: ImportMachineContext; events: ImportMachineEvent },
  actors: {
    /** Sends the file: answers the new import ({ id, status }). Provided by the caller. */
    upload: fromPromise<ImportSnapshot, unknown>(async () => {
      throw new Error('upload is provided by the caller')
    }),
    /** Reads the import (with its report). */
    fetchImport: fromPromise<ImportSnapshot, { id: number }>(async () => {
      throw new Error('fetchImport is provided by the caller')
    }),
    commit: fromPromise<ImportSnapshot, { id: number }>(async () => {
      throw new Error('commit is provided by the caller')
    }),
    cancel: fromPromise<ImportSnapshot, { id: number }>(async () => {
      throw new Error('cancel is provided by the caller')
    }),
  },
  guards: {
    stillReading: ({ event }) => ['uploaded', 'parsing'].includes((event as unknown as { output: ImportSnapshot }).output.status),
    inReview: ({ event }) => (event as unknown as { output: ImportSnapshot }).output.status === 'review',
    stillCommitting: ({ event }) => (event as unknown as { output: ImportSnapshot }).output.status === 'committing',
    isCommitted: ({ event }) => ['committed', 'committing'].includes((event as unknown as { output: ImportSnapshot }).output.status),
    isCancelled: ({ event }) => (event as unknown as { output: ImportSnapshot }).output.status === 'cancelled',
    isRolledBack: ({ event }) => (event as unknown as { output: ImportSnapshot }).output.status === 'rolled_back',
    retryUpload: ({ context }) =>
      context.failedStep === 'upload' || (context.failedStep === 'parse' && context.detail?.status === 'failed'),
    retryParse: ({ context }) => context.failedStep === 'parse',
    retryCommit: ({ context }) => context.failedStep === 'commit',
    retryCancel: ({ context }) => context.failedStep === 'cancel',
  },
  actions: {
    remember: assign(({ event }) => {
      const output = (event as unknown as { output: ImportSnapshot }).output
      return { detail: output, importId: output.id, error: null, failedStep: null }
    }),
    fail: assign(({ event }, params: { step: ImportStep }) => ({
      error: messageOf((event as { error?: unknown }).error),
      failedStep: params.step,
    })),
  },
  delays: { poll: POLL_MS },
}).createMachine({
  id: 'import',
  initial: 'idle',
  context: { upload: null, importId: null, detail: null, error: null, failedStep: null, polls: 0 },
  on: {
    RESET: { target: '.idle', actions: assign({ upload: null, importId: null, detail: null, error: null, failedStep: null, polls: 0 }) },
    FOLLOW: {
      target: '.following',
      actions: assign({ importId: ({ event }) => event.id, error: null, failedStep: null, polls: 0 }),
    },
    OPEN: {
      target: '.parsing',
      actions: assign({ importId: ({ event }) => event.id, detail: null, error: null, failedStep: null, polls: 0 }),
    },
  },
  states: {
    idle: {
      on: { UPLOAD: { target: 'uploading', actions: assign({ upload: ({ event }) => event.upload, error: null, failedStep: null }) } },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ context }: { context: ImportMachineContext }) => context.upload,
        onDone: { target: 'parsing', actions: ['remember', assign({ polls: 0 })] },
        onError: { target: 'error', actions: { type: 'fail', params: { step: 'upload' } } },
      },
    },
    parsing: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            src: 'fetchImport',
            input: ({ context }) => ({ id: context.importId! }),
            onDone: [
              { guard: 'stillReading', target: 'waiting', actions: ['remember', assign({ polls: ({ context }) => context.polls + 1 })] },
              { guard: 'inReview', target: '#import.review', actions: 'remember' },
              { guard: 'isCommitted', target: '#import.committed', actions: 'remember' },
              { guard: 'isCancelled', target: '#import.cancelled', actions: 'remember' },
              { guard: 'isRolledBack', target: '#import.rolledBack', actions: 'remember' },
              {
                // failed: the dry run could not be made; the server says why.
                target: '#import.error',
                actions: ['remember', assign({ error: ({ event }) => event.output.error || GENERIC_ERROR, failedStep: 'parse' as const })],
              },
            ],
            onError: { target: '#import.error', actions: { type: 'fail', params: { step: 'parse' } } },
          },
        },
        waiting: { after: { poll: 'fetching' } },
      },
    },
    review: {
      on: { COMMIT: 'committing', CANCEL: 'cancelling' },
    },
    committing: {
      invoke: {
        src: 'commit',
        input: ({ context }) => ({ id: context.importId! }),
        onDone: { target: 'committed', actions: 'remember' },
        onError: { target: 'error', actions: { type: 'fail', params: { step: 'commit' } } },
      },
    },
    cancelling: {
      invoke: {
        src: 'cancel',
        input: ({ context }) => ({ id: context.importId! }),
        onDone: { target: 'cancelled', actions: 'remember' },
        onError: { target: 'error', actions: { type: 'fail', params: { step: 'cancel' } } },
      },
    },
    following: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            src: 'fetchImport',
            input: ({ context }) => ({ id: context.importId! }),
            onDone: [
              { guard: 'stillCommitting', target: 'waiting', actions: ['remember', assign({ polls: ({ context }) => context.polls + 1 })] },
              // Followed while its dry run is still being made (opened from a history).
              { guard: 'stillReading', target: 'waiting', actions: ['remember', assign({ polls: ({ context }) => context.polls + 1 })] },
              { guard: 'isCommitted', target: '#import.committed', actions: 'remember' },
              { guard: 'inReview', target: '#import.review', actions: 'remember' },
              {
                target: '#import.error',
                actions: ['remember', assign({ error: ({ event }) => event.output.error || GENERIC_ERROR, failedStep: 'commit' as const })],
              },
            ],
            onError: { target: '#import.error', actions: { type: 'fail', params: { step: 'commit' } } },
          },
        },
        waiting: { after: { poll: 'fetching' } },
      },
    },
    committed: { on: { ROLLED_BACK: 'rolledBack' } },
    cancelled: {},
    rolledBack: {},
    error: {
      on: {
        RETRY: [
          { guard: 'retryUpload', target: 'uploading', actions: assign({ error: null, importId: null, detail: null }) },
          { guard: 'retryParse', target: 'parsing', actions: assign({ error: null, polls: 0 }) },
          { guard: 'retryCommit', target: 'committing', actions: assign({ error: null }) },
          { guard: 'retryCancel', target: 'cancelling', actions: assign({ error: null }) },
        ],
        // Back to the dry run after a refused commit or cancel (e.g. someone else acted first).
        CANCEL: { guard: ({ context }) => context.failedStep === 'commit', target: 'cancelling', actions: assign({ error: null }) },
      },
    },
  },
})
