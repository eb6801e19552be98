import { useCallback, useState } from 'react'
import { Button, Dialog, Flex, Text, TextArea } from '@radix-ui/themes'
import { formatMoney } from '@core/format'
import { api } from '@client/api'
import { Field } from '@client/ui/Field'
import { useSubmit } from '@client/ui/useSubmit'
import { saveForm } from '@client/ui/run-action'

/** A manual adjustment of an account's balance (positive credits, negative debits), with the reason kept in the ledger and history. */
export function AdjustmentDialog({
  accountId,
  accountName,
  open,
  onOpenChange,
}: {
  accountId: number
  accountName: string
  open: boolean
  onOpenChange(open: boolean): void
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="460px">
        {open && <AdjustmentForm accountId={accountId} accountName={accountName} onDone={() => onOpenChange(false)} />}
      </Dialog.Content>
    </Dialog.Root>
  )
}

function AdjustmentForm({ accountId, accountName, onDone }: { accountId: number; accountName: string; onDone(): void }) {
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const save = useSubmit(
    useCallback(
      () =>
        saveForm(
          () => api.call('ledger.adjust', { params: { id: accountId }, body: { amount, reason } }),
          (result) => `Adjustment added. Available balance: ${formatMoney(result.balance.available)}.`,
        ),
      [accountId, amount, reason],
    ),
    onDone,
  )
  const errors = save.fieldErrors
  const problem = save.formError
  return (
    <form onSubmit={(event) => void save.submit(event)} noValidate aria-label="Add an adjustment">
      <Dialog.Title>Add an adjustment</Dialog.Title>
      <Dialog.Description size="2" color="gray" mb="3">
        Changes the adjustments line of {accountName}’s balance. A negative amount takes money away.
      </Dialog.Description>
      <Flex direction="column" gap="3">
        <Field
          label="Amount (USD)"
          inputMode="decimal"
          placeholder="-12.50"
          value={amount}
          onValueChange={setAmount}
          error={errors.amount}
          autoFocus
        />
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={`adjustment-reason-${accountId}`}>
            Reason
          </Text>
          <TextArea
            id={`adjustment-reason-${accountId}`}
            rows={3}
            placeholder="Why? It is kept with the entry and in the account's history."
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={errors.reason ? true : undefined}
          />
          {errors.reason && (
            <Text size="1" color="red" role="alert">
              {errors.reason}
            </Text>
          )}
        </Flex>
        {problem && (
          <Text size="2" color="red" role="alert">
            {problem}
          </Text>
        )}
        <Flex gap="3" justify="end">
          <Dialog.Close>
            <Button type="button" variant="soft" color="gray" disabled={save.submitting}>
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit" loading={save.submitting}>
            Add adjustment
          </Button>
        </Flex>
      </Flex>
    </form>
  )
}
