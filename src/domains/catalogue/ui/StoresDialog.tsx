import { useEffect, useState } from 'react'
import { Box, Button, Checkbox, Dialog, Flex, Grid, RadioGroup, ScrollArea, Text } from '@radix-ui/themes'
import { PLATFORMS, type PlatformKind } from '@core/platforms'
import { api, ApiError } from '@client/api'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'
import { ACTION_FAILED } from './actions'

type Mode = 'replace' | 'add' | 'remove'

const KIND_LABELS: Record<PlatformKind, string> = {
  streaming: 'Streaming',
  download: 'Download',
  video: 'Video',
  social: 'Social',
  fingerprint: 'Fingerprinting',
  rights: 'Rights',
}
const KINDS = Object.keys(KIND_LABELS) as PlatformKind[]

const VERBS: Record<Mode, string> = { replace: 'Set the stores of', add: 'Added stores to', remove: 'Removed stores from' }

/** Sets, adds or removes delivery stores on the selected releases at once. */
export function StoresDialog({ ids, onOpenChange }: { ids: readonly number[] | null; onOpenChange(open: boolean): void }) {
  const [mode, setMode] = useState<Mode>('add')
  const [chosen, setChosen] = useState<number[]>([])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const open = ids !== null
  useEffect(() => {
    if (!open) return
    setMode('add')
    setChosen([])
    setError(null)
  }, [open])

  const toggle = (id: number, on: boolean) => setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)))

  const submit = async () => {
    if (chosen.length === 0) {
      setError('Choose at least one store')
      return
    }
    setBusy(true)
    try {
      const result = await api.call('releases.storesBulk', { body: { ids: [...(ids ?? [])], stores: chosen, mode } })
      showNotice(`${VERBS[mode]} ${result.updated} release${result.updated === 1 ? '' : 's'}.`, { tone: 'success' })
      workspaceActions.refreshData()
      onOpenChange(false)
    } catch (failure) {
      setError(failure instanceof ApiError ? (Object.values(failure.errors)[0] ?? failure.message) : ACTION_FAILED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        <Dialog.Title>{`Stores of ${ids?.length ?? 0} release${ids?.length === 1 ? '' : 's'}`}</Dialog.Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
        >
          <Flex direction="column" gap="3">
            <RadioGroup.Root
              value={mode}
              onValueChange={(value) => setMode(value as Mode)}
              aria-label="What to do"
              orientation="horizontal"
            >
              <Flex gap="4">
                <RadioGroup.Item value="add">Add these stores</RadioGroup.Item>
                <RadioGroup.Item value="remove">Remove these stores</RadioGroup.Item>
                <RadioGroup.Item value="replace">Deliver to these only</RadioGroup.Item>
              </Flex>
            </RadioGroup.Root>
            <ScrollArea style={{ maxHeight: 340 }} type="auto" scrollbars="vertical">
              <Flex direction="column" gap="3" pr="3">
                {KINDS.map((kind) => {
                  const platforms = PLATFORMS.filter((platform) => platform.kind === kind)
                  if (platforms.length === 0) return null
                  return (
                    <Box key={kind} role="group" aria-label={KIND_LABELS[kind]}>
                      <Text size="1" weight="bold" color="gray">
                        {KIND_LABELS[kind].toUpperCase()}
                      </Text>
                      <Grid columns="2" gap="1" mt="1">
                        {platforms.map((platform) => (
                          <Text as="label" size="2" key={platform.id}>
                            <Flex gap="2" align="center">
                              <Checkbox
                                checked={chosen.includes(platform.id)}
                                onCheckedChange={(checked) => toggle(platform.id, checked === true)}
                              />
                              {platform.name}
                            </Flex>
                          </Text>
                        ))}
                      </Grid>
                    </Box>
                  )
                })}
              </Flex>
            </ScrollArea>
            {error && (
              <Text size="2" color="red" role="alert">
                {error}
              </Text>
            )}
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={busy}>
                Save stores
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
