import { useCallback, useEffect, useState } from 'react'
import { Button, Flex } from '@radix-ui/themes'
import type { ScreenProps } from '@client/routing/types'
import type { LoginResult } from '@contract/auth'
import { api, ApiError } from '@client/api'
import { Field } from '@client/ui/Field'
import { useSubmit } from '@client/ui/useSubmit'
import { Link } from '@client/routing/Link'
import { navigate } from '@client/routing/navigation'
import { LoadingScreen } from '@client/pages/LoadingScreen'
import { sessionActor } from '@client/state/session'
import { AuthCard } from './AuthCard'
import { FormAlert } from './FormAlert'
import { NewPasswordFields } from './NewPasswordFields'

interface Invite {
  email: string
  type: string
  firstName: string
  lastName: string
  workspace: string
}

export default function InviteAcceptScreen({ search }: ScreenProps) {
  const token = search.get('token') ?? ''
  const [invite, setInvite] = useState<Invite | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  useEffect(() => {
    let active = true
    if (!token) {
      setProblem('This invitation link is incomplete. Open the link from the email again.')
      return
    }
    api
      .call('auth.inviteVerify', { body: { token } })
      .then((result) => {
        if (!active) return
        setInvite(result)
        setFirstName(result.firstName)
        setLastName(result.lastName)
      })
      .catch((error) => active && setProblem(error instanceof ApiError ? error.message : 'This invitation could not be checked.'))
    return () => {
      active = false
    }
  }, [token])
  const accept = useSubmit(
    useCallback(
      () => api.call('auth.inviteAccept', { body: { token, firstName, lastName, password, passwordConfirmation: confirmation } }),
      [token, firstName, lastName, password, confirmation],
    ),
    useCallback((result: LoginResult) => {
      if (result.status === 'authenticated') {
        sessionActor.send({ type: 'SIGNED_IN', me: result })
        navigate('/dashboard', { replace: true })
      }
    }, []),
  )

  if (problem) {
    return (
      <AuthCard title="Invitation not valid" subtitle={problem}>
        <Button asChild size="3">
          <Link to="/login">Go to sign in</Link>
        </Button>
      </AuthCard>
    )
  }
  if (!invite) return <LoadingScreen />
  return (
    <AuthCard
      title={`Join ${invite.workspace}`}
      subtitle={`You are invited as ${invite.type === 'label' ? 'a label' : `an ${invite.type}`} with ${invite.email}.`}
    >
      <FormAlert error={accept.formError} />
      <form onSubmit={accept.submit} noValidate aria-label="Accept invitation">
        <Flex direction="column" gap="4">
          <Flex gap="3">
            <Field
              label="First name"
              name="firstName"
              autoComplete="given-name"
              value={firstName}
              onValueChange={setFirstName}
              error={accept.fieldErrors.firstName}
            />
            <Field
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              value={lastName}
              onValueChange={setLastName}
              error={accept.fieldErrors.lastName}
            />
          </Flex>
          <NewPasswordFields
            labels={{ password: 'Password', confirmation: 'Repeat the password' }}
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            errors={accept.fieldErrors}
          />
          <Button type="submit" size="3" loading={accept.submitting}>
            Accept and sign in
          </Button>
        </Flex>
      </form>
    </AuthCard>
  )
}
