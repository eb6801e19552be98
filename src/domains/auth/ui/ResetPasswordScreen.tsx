import { useCallback, useEffect, useState } from 'react'
import { Button, Flex, Link as RadixLink, Text } from '@radix-ui/themes'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useSubmit } from '@client/ui/useSubmit'
import { Link } from '@client/routing/Link'
import { LoadingScreen } from '@client/pages/LoadingScreen'
import { AuthCard } from './AuthCard'
import { FormAlert } from './FormAlert'
import { NewPasswordFields } from './NewPasswordFields'

export default function ResetPasswordScreen({ params }: ScreenProps) {
  const token = params.token
  const [check, setCheck] = useState<{ valid: boolean; email: string | null } | null>(null)
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [done, setDone] = useState<string | null>(null)
  useEffect(() => {
    let active = true
    api
      .call('auth.recoverCheck', { body: { token } })
      .then((result) => active && setCheck(result))
      .catch(() => active && setCheck({ valid: false, email: null }))
    return () => {
      active = false
    }
  }, [token])
  const submit = useSubmit(
    useCallback(
      () => api.call('auth.recoverSubmit', { body: { token, password, passwordConfirmation: confirmation } }),
      [token, password, confirmation],
    ),
    useCallback((result: { message?: string }) => setDone(result.message ?? 'Your password has been changed.'), []),
  )

  if (!check) return <LoadingScreen />
  if (!check.valid) {
    return (
      <AuthCard title="This link has expired" subtitle="Recovery links work once and expire after an hour.">
        <Button asChild size="3">
          <Link to="/recover">Ask for a new link</Link>
        </Button>
      </AuthCard>
    )
  }
  if (done) {
    return (
      <AuthCard title="Password changed">
        <Text>{done}</Text>
        <Button asChild size="3">
          <Link to="/login">Sign in</Link>
        </Button>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Choose a new password"
      subtitle={check.email ? `For ${check.email}. Every open session will be signed out.` : undefined}
    >
      <FormAlert error={submit.error && !submit.fieldErrors.password && !submit.fieldErrors.passwordConfirmation ? submit.error : null} />
      <form onSubmit={submit.submit} noValidate aria-label="Choose a new password">
        <Flex direction="column" gap="4">
          <NewPasswordFields
            labels={{ password: 'New password', confirmation: 'Repeat the new password' }}
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            errors={submit.fieldErrors}
            autoFocus
          />
          <Button type="submit" size="3" loading={submit.submitting}>
            Change password
          </Button>
          <RadixLink asChild size="2">
            <Link to="/login">Back to sign in</Link>
          </RadixLink>
        </Flex>
      </form>
    </AuthCard>
  )
}
