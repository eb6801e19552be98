import { useCallback, useState } from 'react'
import { Button, Callout, Dialog, Flex, Select, Text } from '@radix-ui/themes'
import { api } from '@client/api'
import { Field } from '@client/ui/Field'
import { useSubmit } from '@client/ui/useSubmit'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'

export interface InviteDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  /** Users are invited as artists or labels; admins as admins. */
  kind: 'user' | 'admin'
}

/** Invite someone by email: they get a link to set up their account. */
export function InviteDialog({ open, onOpenChange, kind }: InviteDialogProps) {
  const [email, setEmail] = useState('')
  const [type, setType] = useState<'artist' | 'label'>('artist')
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const send = useSubmit(
    useCallback(
      () =>
        kind === 'admin'
          ? api.call('admins.invite', { body: { email, firstName, lastName } })
          : api.call('users.invite', { body: { email, type, firstName, lastName } }),
      [kind, email, type, firstName, lastName],
    ),
    useCallback(
      (invite: { email: string }) => {
        showNotice(`Invitation sent to ${invite.email}.`, { tone: 'success' })
        workspaceActions.refreshData()
        setEmail('')
        setFirstName('')
        setLastName('')
        onOpenChange(false)
      },
      [onOpenChange],
    ),
  )
  const fieldError = (name: string) => (send.fieldErrors[name] === send.error ? undefined : send.fieldErrors[name])
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{kind === 'admin' ? 'Invite an admin' : 'Invite a user'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          They receive an email with a link to set their name and password. The link works for 7 days.
        </Dialog.Description>
        <form onSubmit={send.submit} noValidate aria-label="Invite">
          <Flex direction="column" gap="3">
            {send.formError && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{send.error}</Callout.Text>
              </Callout.Root>
            )}
            <Field
              label="Email"
              type="email"
              name="email"
              autoFocus
              value={email}
              onValueChange={setEmail}
              error={send.fieldErrors.email ?? fieldError('email')}
            />
            {kind === 'user' && (
              <Flex direction="column" gap="1">
                <Text as="label" size="2" weight="medium" id="invite-type">
                  Account type
                </Text>
                <Select.Root value={type} onValueChange={(value) => setType(value as 'artist' | 'label')}>
                  <Select.Trigger aria-labelledby="invite-type" />
                  <Select.Content>
                    <Select.Item value="artist">Artist</Select.Item>
                    <Select.Item value="label">Label</Select.Item>
                  </Select.Content>
                </Select.Root>
              </Flex>
            )}
            <Flex gap="3">
              <Field
                label="First name"
                name="firstName"
                value={firstName}
                onValueChange={setFirstName}
                error={send.fieldErrors.firstName}
              />
              <Field label="Last name" name="lastName" value={lastName} onValueChange={setLastName} error={send.fieldErrors.lastName} />
            </Flex>
            <Flex gap="3" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={send.submitting}>
                Send invitation
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
