import { useEffect, useId, useState } from 'react'
import { Button, Dialog, Flex, Select, Text, TextArea } from '@radix-ui/themes'
import { requiresReason } from '@core/release-status'

export interface StatusChoice {
  status: number
  label: string
}

/**
 * Chooses a release status (for one release or a selection); a takedown asks for its reason and
 * says it takes the release out of the stores, so confirming is a deliberate second step.
 */
export function StatusDialog({
  open,
  onOpenChange,
  title,
  description,
  choices,
  initialStatus,
  onSubmit,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  title: string
  description: string
  choices: readonly StatusChoice[]
  initialStatus?: number | null
  /** Answers true when done (the dialog closes), false to keep it open. */
  onSubmit(status: number, reason: string): Promise<boolean>
}) {
  const [status, setStatus] = useState<string>('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const statusLabelId = useId()
  const reasonId = useId()
  useEffect(() => {
    if (!open) return
    setStatus(initialStatus === null || initialStatus === undefined ? '' : String(initialStatus))
    setReason('')
    setError(null)
  }, [open, initialStatus])
  const chosen = status === '' ? null : Number(status)
  const needsReason = chosen !== null && requiresReason(chosen)

  const submit = async () => {
    if (chosen === null) {
      setError('Choose a status')
      return
    }
    if (needsReason && !reason.trim()) {
      setError('Give a reason for the takedown')
      return
    }
    setBusy(true)
    try {
      if (await onSubmit(chosen, reason.trim())) onOpenChange(false)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          {description}
        </Dialog.Description>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
          noValidate
        >
          <Flex direction="column" gap="3">
            <Flex direction="column" gap="1">
              <Text size="2" weight="medium" id={statusLabelId}>
                New status
              </Text>
              <Select.Root value={status} onValueChange={setStatus}>
                <Select.Trigger aria-labelledby={statusLabelId} placeholder="Choose a status" />
                <Select.Content>
                  {choices.map((choice) => (
                    <Select.Item key={choice.status} value={String(choice.status)}>
                      {choice.label}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Flex>
            {needsReason && (
              <Flex direction="column" gap="1">
                <Text as="label" size="2" weight="medium" htmlFor={reasonId}>
                  Reason for the takedown
                </Text>
                <TextArea
                  id={reasonId}
                  rows={3}
                  value={reason}
                  autoFocus
                  onChange={(event) => setReason(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                      event.preventDefault()
                      void submit()
                    }
                  }}
                />
                <Text size="1" color="gray">
                  The release leaves the stores. The reason is recorded with your name.
                </Text>
              </Flex>
            )}
            {error && (
              <Text size="2" color="red" role="alert">
                {error}
              </Text>
            )}
            <Flex gap="3" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={busy} color={needsReason ? 'red' : undefined}>
                {needsReason ? 'Take down' : 'Change status'}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
