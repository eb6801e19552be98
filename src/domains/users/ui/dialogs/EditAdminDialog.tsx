import { useCallback, useEffect, useState } from 'react'
import { Button, Dialog, Flex } from '@radix-ui/themes'
import { api } from '@client/api'
import { Field } from '@client/ui/Field'
import { useSubmit } from '@client/ui/useSubmit'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'

/** Update an admin's first and last name. */
export function EditAdminDialog({ adminId, onClose }: { adminId: number | null; onClose(): void }) {
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [email, setEmail] = useState('')
  useEffect(() => {
    if (!adminId) return
    let active = true
    api
      .call('admins.single', { params: { id: adminId } })
      .then((admin) => {
        if (!active) return
        setFirstName(admin.firstName)
        setLastName(admin.lastName)
        setEmail(admin.email)
      })
      .catch(() => active && onClose())
    return () => {
      active = false
    }
  }, [adminId, onClose])
  const save = useSubmit(
    useCallback(
      () => api.call('admins.update', { params: { id: adminId ?? 0 }, body: { first_name: firstName, last_name: lastName } }),
      [adminId, firstName, lastName],
    ),
    useCallback(() => {
      showNotice('Admin updated.', { tone: 'success' })
      workspaceActions.refreshData()
      onClose()
    }, [onClose]),
  )
  return (
    <Dialog.Root open={adminId !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="440px">
        <Dialog.Title>Edit admin</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {email}
        </Dialog.Description>
        <form onSubmit={save.submit} noValidate aria-label="Edit admin">
          <Flex direction="column" gap="3">
            <Field
              label="First name"
              name="first_name"
              autoFocus
              value={firstName}
              onValueChange={setFirstName}
              error={save.fieldErrors.first_name}
            />
            <Field label="Last name" name="last_name" value={lastName} onValueChange={setLastName} error={save.fieldErrors.last_name} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={save.submitting}>
                Save
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
