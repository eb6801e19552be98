import { useCallback, useRef, useState } from 'react'
import { ApiError } from '../api'

export interface SubmitState {
  submitting: boolean
  error: string | null
  fieldErrors: Record<string, string>
}

const FALLBACK = 'Something went wrong, try refreshing the site and try again.'

/**
 * Runs a form's call once at a time and keeps its failure as a message plus per-field messages.
 * What the user typed is never cleared by a failure.
 */
export function useSubmit<T>(action: () => Promise<T>, onSuccess?: (result: T) => void) {
  const busy = useRef(false)
  const [state, setState] = useState<SubmitState>({ submitting: false, error: null, fieldErrors: {} })
  const submit = useCallback(
    async (event?: { preventDefault(): void }) => {
      event?.preventDefault()
      if (busy.current) return
      busy.current = true
      setState({ submitting: true, error: null, fieldErrors: {} })
      try {
        const result = await action()
        setState({ submitting: false, error: null, fieldErrors: {} })
        onSuccess?.(result)
      } catch (error) {
        const apiError = error instanceof ApiError ? error : null
        setState({ submitting: false, error: apiError?.message ?? FALLBACK, fieldErrors: apiError?.errors ?? {} })
      } finally {
        busy.current = false
      }
    },
    [action, onSuccess],
  )
  const setError = useCallback((error: string | null) => setState((current) => ({ ...current, error })), [])
  // The message for the form as a whole: a failure no field message already explains.
  const formError = Object.keys(state.fieldErrors).length ? null : state.error
  return { ...state, formError, submit, setError }
}
