import { useCallback, useState } from 'react'
import { Button, Flex, Link as RadixLink } from '@radix-ui/themes'
import { api } from '@client/api'
import { Field } from '@client/ui/Field'
import { useSubmit } from '@client/ui/useSubmit'
import { Link } from '@client/routing/Link'
import { AuthCard } from './AuthCard'
import { FormAlert } from './FormAlert'

export default function RecoverScreen() {
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState<string | null>(null)
  const request = useSubmit(
    useCallback(() => api.call('auth.recover', { body: { email } }), [email]),
    useCallback((result: { message?: string }) => setSent(result.message ?? 'Check your inbox.'), []),
  )
  return (
    <AuthCard title="Recover your password" subtitle="We will email you a link to choose a new password.">
      <FormAlert error={request.error} notice={sent} />
      <form onSubmit={request.submit} noValidate aria-label="Recover password">
        <Flex direction="column" gap="4">
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            value={email}
            onValueChange={setEmail}
            error={request.fieldErrors.email}
          />
          <Button type="submit" size="3" loading={request.submitting}>
            Send the link
          </Button>
          <RadixLink asChild size="2">
            <Link to="/login">Back to sign in</Link>
          </RadixLink>
        </Flex>
      </form>
    </AuthCard>
  )
}
