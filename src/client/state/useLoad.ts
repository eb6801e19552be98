import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import { loadMachine, type LoadError } from '@machines/load/load.machine'

export interface LoadState<T> {
  status: 'idle' | 'loading' | 'success' | 'error'
  data: T | null
  error: LoadError | null
  reload(): void
}

/**
 * Binds one load (list or detail) to the load machine: a new `input` cancels the request in flight,
 * failures keep their message, 777 answers stay loading. `input` must be stable (a string or memo).
 */
export function useLoad<TInput, TData>(fetcher: (input: TInput, signal: AbortSignal) => Promise<TData>, input: TInput): LoadState<TData> {
  const actor = useActorRef(
    loadMachine.provide({
      actors: { fetch: fromPromise<unknown, unknown>(({ input: value, signal }) => fetcher(value as TInput, signal)) },
    }),
  )
  useEffect(() => {
    actor.send({ type: 'FETCH', input })
  }, [actor, input])
  const status = useSelector(actor, (snapshot) =>
    snapshot.matches('loading') ? 'loading' : snapshot.matches('success') ? 'success' : snapshot.matches('error') ? 'error' : 'idle',
  )
  const data = useSelector(actor, (snapshot) => snapshot.context.data as TData | null)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  return { status, data, error, reload: () => actor.send({ type: 'FETCH', input }) }
}
