import { assign, fromPromise, setup } from 'xstate'

/** What a load failure carries: the message for people and the HTTP status when there was one. */
export interface LoadError {
  message: string
  status?: number
}

/** An analytics answer that says "still computing": stay loading, show no error. */
export const STILL_PENDING_STATUS = 777
export const CANCELED_MESSAGE = 'Request canceled'
export const PENDING_RETRY_MS = 3000

export interface LoadContext {
  input: unknown
  data: unknown
  error: LoadError | null
  /** Requests superseded by a newer one (each was aborted with "Request canceled"). */
  canceled: number
}

/** `cached`: an earlier answer for this input, shown while the request refreshes it. */
export type LoadEvent = { type: 'FETCH'; input: unknown; cached?: unknown } | { type: 'RETRY' } | { type: 'RESET' }

function asLoadError(error: unknown): LoadError {
  if (error && typeof error === 'object') {
    const candidate = error as { message?: unknown; status?: unknown }
    return {
      message: typeof candidate.message === 'string' ? candidate.message : 'Something went wrong.',
      status: typeof candidate.status === 'number' ? candidate.status : undefined,
    }
  }
  return { message: String(error) }
}

/**
 * idle -> loading -> success | error, for every list and detail load. A FETCH while loading
 * re-enters loading: the older request's signal aborts ("Request canceled") and only the newest
 * answer counts. A 777 answer keeps it loading with no error and asks again a little later.
 */
export const loadMachine = setup({
  types: {} as { context: LoadContext; events: LoadEvent },
  actors: {
    /** Provided by the caller: `fromPromise(({ input, signal }) => ...)`; honour the signal. */
    fetch: fromPromise<unknown, unknown>(async () => {
      throw new Error('fetch is provided by the caller')
    }),
  },
  guards: {
    stillPending: ({ event }) => asLoadError((event as { error?: unknown }).error).status === STILL_PENDING_STATUS,
  },
}).createMachine({
  id: 'load',
  initial: 'idle',
  context: { input: null, data: null, error: null, canceled: 0 },
  on: {
    FETCH: {
      target: '.loading',
      reenter: true,
      actions: assign({
        input: ({ event }) => event.input,
        data: ({ context, event }) => (event.cached !== undefined ? event.cached : context.data),
        canceled: ({ context, self }) => context.canceled + (self.getSnapshot().matches('loading') ? 1 : 0),
      }),
    },
    RESET: { target: '.idle', actions: assign({ input: null, data: null, error: null }) },
  },
  states: {
    idle: {},
    loading: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            src: 'fetch',
            input: ({ context }: { context: LoadContext }) => context.input,
            onDone: { target: '#load.success', actions: assign({ data: ({ event }) => event.output, error: null }) },
            onError: [
              { guard: 'stillPending', target: 'waiting' },
              { target: '#load.error', actions: assign({ error: ({ event }) => asLoadError(event.error) }) },
            ],
          },
        },
        waiting: { after: { [PENDING_RETRY_MS]: 'fetching' } },
      },
    },
    success: { on: { RETRY: 'loading' } },
    error: { on: { RETRY: 'loading' } },
  },
})
