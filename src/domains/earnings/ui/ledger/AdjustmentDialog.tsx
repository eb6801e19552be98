import { useCallback, useState } from 'react'
import { Button, Callout, Checkbox, Dialog, Flex, Text, TextArea } from '@radix-ui/themes'
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
  // The shortfall the admin accepted as recoupable debt, after the server said the adjustment overdraws.
  const [confirmShortfall, setConfirmShortfall] = useState<string | undefined>()
  const save = useSubmit(
    useCallback(
      () =>
        saveForm(
          () => api.call('ledger.adjust', { params: { id: accountId }, body: { amount, reason, confirmShortfall } }),
          (result) =>
            result.balance.debt !== '0.00'
              ? `Adjustment added. The account owes ${formatMoney(result.balance.debt)} of recoupable debt.`
              : `Adjustment added. Available balance: ${formatMoney(result.balance.available)}.`,
        ),
      [accountId, amount, reason, confirmShortfall],
    ),
    onDone,
  )
  const errors = save.fieldErrors
  const shortfall = errors.shortfall
  const problem = shortfall ? null : save.formError
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
        {shortfall && (
          <Callout.Root color="red" role="alert" aria-label="Balance below zero">
            <Callout.Text>{save.error}</Callout.Text>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox
                  checked={confirmShortfall === shortfall}
                  onCheckedChange={(checked) => setConfirmShortfall(checked === true ? shortfall : undefined)}
                />
                Record {formatMoney(shortfall)} as a recoupable debt (withdrawals are blocked until later earnings repay it)
              </Flex>
            </Text>
          </Callout.Root>
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
