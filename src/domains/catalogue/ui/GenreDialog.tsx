import { useEffect, useState } from 'react'
import { Button, Dialog, Flex, Text } from '@radix-ui/themes'
import { api, ApiError } from '@client/api'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'
import { TextInput } from './inputs'
import { ACTION_FAILED } from './actions'

/** Maps the selected releases to a primary (and optional secondary) genre in one call. */
export function GenreDialog({ ids, onOpenChange }: { ids: readonly number[] | null; onOpenChange(open: boolean): void }) {
  const [primary, setPrimary] = useState('')
  const [secondary, setSecondary] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const open = ids !== null
  useEffect(() => {
    if (!open) return
    setPrimary('')
    setSecondary('')
    setErrors({})
  }, [open])

  const submit = async () => {
    if (!primary.trim()) {
      setErrors({ primaryGenre: 'Primary genre is required' })
      return
    }
    setBusy(true)
    try {
      const result = await api.call('releases.mapGenre', {
        body: { ids: [...(ids ?? [])], primaryGenre: primary.trim(), secondaryGenre: secondary.trim() || null },
      })
      showNotice(`Mapped ${result.updated} release${result.updated === 1 ? '' : 's'} to ${primary.trim()}.`, { tone: 'success' })
      workspaceActions.refreshData()
      onOpenChange(false)
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.errors)
      else showNotice(error instanceof ApiError ? error.message : ACTION_FAILED, { tone: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Content maxWidth="440px">
        <Dialog.Title>{`Map the genre of ${ids?.length ?? 0} release${ids?.length === 1 ? '' : 's'}`}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Stores receive the new genres with the next delivery.
        </Dialog.Description>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
        >
          <Flex direction="column" gap="3">
            <TextInput label="Primary genre" value={primary} onChange={setPrimary} error={errors.primaryGenre} />
            <TextInput label="Secondary genre" value={secondary} onChange={setSecondary} error={errors.secondaryGenre} hint="Optional" />
            <Flex gap="3" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={busy}>
                Map genre
              </Button>
            </Flex>
            {errors.ids && (
              <Text size="1" color="red" role="alert">
                {errors.ids}
              </Text>
            )}
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
