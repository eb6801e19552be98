import { useCallback, useState } from 'react'
import { Button, Flex, Link as RadixLink, Separator } from '@radix-ui/themes'
import type { LoginResult } from '@contract/auth'
import { api } from '@client/api'
import { Field } from '@client/ui/Field'
import { useSubmit } from '@client/ui/useSubmit'
import { Link } from '@client/routing/Link'
import { takeSignedOutReason } from '@client/state/session'
import { useSite } from '@client/state/site'
import { AuthCard } from './AuthCard'
import { FormAlert } from './FormAlert'
import { GoogleButton } from './GoogleButton'
import { acceptLoginResult, type Challenge } from './login-result'
import { LoginSlider } from '@domains/site-setup/ui/LoginSlider'

/** Shown under the field only when it says something the form-level alert does not. */
const own = (fieldError: string | undefined, formError: string | null) => (fieldError === formError ? undefined : fieldError)

export default function LoginScreen() {
  const site = useSite()
  const [reason] = useState(() => takeSignedOutReason())
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [challenge, setChallenge] = useState<Challenge | null>(null)
  const login = useSubmit(
    useCallback(() => api.call('auth.login', { body: { email, password } }), [email, password]),
    useCallback((result: LoginResult) => acceptLoginResult(result, setChallenge), []),
  )

  if (challenge) return <SecondFactorStep challenge={challenge} onRestart={() => setChallenge(null)} />

  return (
    <AuthCard
      title="Sign in"
      subtitle="Sign in to the back-office of your workspace."
      aside={site.slides.length ? <LoginSlider slides={site.slides} /> : undefined}
    >
      <FormAlert error={login.error} notice={reason} />
      <form onSubmit={login.submit} noValidate aria-label="Sign in">
        <Flex direction="column" gap="4">
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            value={email}
            onValueChange={setEmail}
            error={own(login.fieldErrors.email, login.error)}
          />
          <Field
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={own(login.fieldErrors.password, login.error)}
          />
          <Button type="submit" size="3" loading={login.submitting}>
            Sign in
          </Button>
          <RadixLink asChild size="2">
            <Link to="/recover">Forgot your password?</Link>
          </RadixLink>
        </Flex>
      </form>
      {site.googleClientId && (
        <>
          <Separator size="4" />
          <GoogleButton clientId={site.googleClientId} onChallenge={setChallenge} />
        </>
      )}
    </AuthCard>
  )
}

function SecondFactorStep({ challenge, onRestart }: { challenge: Challenge; onRestart(): void }) {
  const [code, setCode] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const verify = useSubmit(
    useCallback(() => api.call('auth.verifyLogin', { body: { challenge: challenge.challenge, code } }), [challenge, code]),
    useCallback((result: LoginResult) => acceptLoginResult(result, () => undefined), []),
  )
  const resend = useSubmit(
    useCallback(() => api.call('auth.resendAuthCode', { body: { challenge: challenge.challenge } }), [challenge]),
    useCallback((result: { sent: boolean; retryAfterSeconds: number }) => {
      setNotice(result.sent ? 'A new code is on its way.' : `You can ask for a new code in ${result.retryAfterSeconds} seconds.`)
    }, []),
  )
  const error = verify.error ?? resend.error
  return (
    <AuthCard title="Check your email" subtitle={`We sent a 6-digit code to ${challenge.emailHint}.`}>
      <FormAlert error={error} notice={notice} />
      <form onSubmit={verify.submit} noValidate aria-label="Second factor">
        <Flex direction="column" gap="4">
          <Field
            label="Code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={6}
            value={code}
            onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
            error={own(verify.fieldErrors.code, verify.error)}
          />
          <Button type="submit" size="3" loading={verify.submitting}>
            Verify and sign in
          </Button>
          <Flex justify="between">
            <Button type="button" variant="ghost" onClick={() => void resend.submit()} disabled={resend.submitting}>
              Send a new code
            </Button>
            <Button type="button" variant="ghost" color="gray" onClick={onRestart}>
              Start over
            </Button>
          </Flex>
        </Flex>
      </form>
    </AuthCard>
  )
}
