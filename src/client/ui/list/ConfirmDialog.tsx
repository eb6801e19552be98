import { useState } from 'react'
import { AlertDialog, Button, Flex } from '@radix-ui/themes'

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  title: string
  /** The question, e.g. "Ban 3 accounts?". */
  description: string
  confirmLabel: string
  /** Runs on "yes"; the dialog closes when it settles, whatever the outcome (the caller reports failures). */
  onConfirm(): Promise<void> | void
  color?: 'red' | 'amber' | 'gray'
}

/** Asks before a bulk action or a toolbar action runs. Escape and Cancel leave everything as it was. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, color }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false)
  const handleConfirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
      onOpenChange(false)
    }
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={busy}>
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Button color={color} loading={busy} onClick={() => void handleConfirm()}>
            {confirmLabel}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  )
}
