import { useCallback, useState } from 'react'
import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes'
import { api } from '@client/api'
import { Field } from '@client/ui/Field'
import { useSubmit } from '@client/ui/useSubmit'
import { sessionActor, useSession } from '@client/state/session'
import { FormAlert } from './FormAlert'

/** Turn the emailed second factor on or off; each change is confirmed with a code sent by email. */
export function TwoFactorPanel() {
  const { me } = useSession()
  const [step, setStep] = useState<'idle' | 'code'>('idle')
  const [code, setCode] = useState('')
  const enabled = me?.account.twoFactorEnabled ?? false
  const send = useSubmit(
    useCallback(() => api.call('auth.stepUpOtpSend'), []),
    useCallback(() => setStep('code'), []),
  )
  const confirm = useSubmit(
    useCallback(() => api.call('auth.twoFactor', { body: { enabled: !enabled, code } }), [enabled, code]),
    useCallback(async () => {
      setStep('idle')
      setCode('')
      sessionActor.send({ type: 'ME_UPDATED', me: await api.call('auth.me') })
    }, []),
  )
  if (!me) return null
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Flex align="center" gap="3">
          <Heading as="h2" size="4">
            Two-step sign-in
          </Heading>
          <Badge color={enabled ? 'green' : 'gray'}>{enabled ? 'On' : 'Off'}</Badge>
        </Flex>
        <Text size="2" color="gray">
          {enabled
            ? `Every sign-in asks for a code emailed to ${me.account.email}.`
            : `Ask for a code emailed to ${me.account.email} at every sign-in, on top of the password.`}
        </Text>
        <FormAlert error={send.error ?? confirm.formError} notice={step === 'code' ? `We sent a code to ${me.account.email}.` : null} />
        {step === 'idle' ? (
          <div>
            <Button variant="soft" onClick={() => void send.submit()} loading={send.submitting}>
              {enabled ? 'Turn off two-step sign-in' : 'Turn on two-step sign-in'}
            </Button>
          </div>
        ) : (
          <form onSubmit={confirm.submit} noValidate aria-label="Confirm two-step sign-in">
            <Flex gap="3" align="end">
              <Field
                label="Code from the email"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
                maxLength={6}
                value={code}
                onValueChange={(value) => setCode(value.replace(/\D/g, ''))}
                error={confirm.fieldErrors.code}
              />
              <Button type="submit" size="3" loading={confirm.submitting}>
                Confirm
              </Button>
              <Button type="button" size="3" variant="ghost" color="gray" onClick={() => setStep('idle')}>
                Cancel
              </Button>
            </Flex>
          </form>
        )}
      </Flex>
    </Card>
  )
}
