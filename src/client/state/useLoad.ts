import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import { loadMachine, type LoadError } from '@machines/load/load.machine'
import { queryCache } from './query-cache'

export interface LoadState<T> {
  status: 'idle' | 'loading' | 'success' | 'error'
  data: T | null
  error: LoadError | null
  reload(): void
}

interface Asked<T> {
  value: T
  key?: string
}

export interface LoadOptions {
  /**
   * Where this answer is kept in the session's query cache (one key per list page or record, the
   * same wherever it is opened): opening it again shows the kept answer at once and refreshes it.
   */
  cacheKey?: string
}

/**
 * Binds one load (list or detail) to the load machine: a new `input` cancels the request in flight,
 * failures keep their message, 777 answers stay loading. `input` must be stable (a string or memo).
 */
export function useLoad<TInput, TData>(
  fetcher: (input: TInput, signal: AbortSignal) => Promise<TData>,
  input: TInput,
  options: LoadOptions = {},
): LoadState<TData> {
  const { cacheKey } = options
  const actor = useActorRef(
    loadMachine.provide({
      actors: {
        // The answer is kept under the key it was asked for, when it arrives (not when a later render sees it).
        fetch: fromPromise<unknown, unknown>(async ({ input: asked, signal }) => {
          const { value, key } = asked as Asked<TInput>
          const data = await fetcher(value, signal)
          if (key) queryCache.set(key, data)
          return data
        }),
      },
    }),
  )
  useEffect(() => {
    actor.send({ type: 'FETCH', input: { value: input, key: cacheKey }, cached: cacheKey ? queryCache.get(cacheKey) : undefined })
  }, [actor, input, cacheKey])
  const status = useSelector(actor, (snapshot) =>
    snapshot.matches('loading') ? 'loading' : snapshot.matches('success') ? 'success' : snapshot.matches('error') ? 'error' : 'idle',
  )
  const data = useSelector(actor, (snapshot) => snapshot.context.data as TData | null)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const asked = useSelector(actor, (snapshot) => snapshot.context.input as Asked<TInput> | null)
  const reload = () => actor.send({ type: 'FETCH', input: { value: input, key: cacheKey } })
  // Until the effect above has asked for this input, a kept answer is shown from the first render: a
  // record or page opened before paints in the navigation's own commit, not a skeleton first and the
  // answer a commit later (issue 18: a record opened again < 50 ms).
  if (cacheKey && (asked === null || asked.value !== input || asked.key !== cacheKey)) {
    const kept = queryCache.peek(cacheKey) as TData | undefined
    if (kept !== undefined) return { status: 'loading', data: kept, error: null, reload }
  }
  return { status, data, error, reload }
}
