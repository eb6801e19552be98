import { useEffect, useRef, useState } from 'react'
import { Text } from '@radix-ui/themes'
import { api, ApiError } from '@client/api'
import { acceptLoginResult, type Challenge } from './login-result'

interface GoogleAccounts {
  id: {
    initialize(options: { client_id: string; callback(response: { credential: string }): void }): void
    renderButton(element: HTMLElement, options: Record<string, unknown>): void
  }
}

declare global {
  interface Window {
    google?: { accounts: GoogleAccounts }
  }
}

let scriptLoading: Promise<void> | undefined

function loadGoogleScript(): Promise<void> {
  scriptLoading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = 'https://accounts.google.com/gsi/client'
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      scriptLoading = undefined
      reject(new Error('Google sign-in could not be loaded.'))
    }
    document.head.appendChild(script)
  })
  return scriptLoading
}

/** Google Identity Services button: Google hands an ID token, the server verifies it (OIDC). */
export function GoogleButton({ clientId, onChallenge }: { clientId: string; onChallenge(challenge: Challenge): void }) {
  const container = useRef<HTMLDivElement>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let active = true
    loadGoogleScript()
      .then(() => {
        if (!active || !container.current || !window.google) return
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: async ({ credential }) => {
            try {
              acceptLoginResult(await api.call('auth.loginGoogle', { body: { credential } }), onChallenge)
            } catch (failure) {
              setError(failure instanceof ApiError ? failure.message : 'Google sign-in failed.')
            }
          },
        })
        window.google.accounts.id.renderButton(container.current, { theme: 'outline', size: 'large', width: 340, text: 'signin_with' })
      })
      .catch((failure: Error) => active && setError(failure.message))
    return () => {
      active = false
    }
  }, [clientId, onChallenge])
  return (
    <div>
      <div ref={container} />
      {error && (
        <Text size="2" color="red" role="alert">
          {error}
        </Text>
      )}
    </div>
  )
}
