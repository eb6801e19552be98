import { useEffect, useState } from 'react'
import { AlertDialog, Button, Callout, Flex, Table, Text, TextArea } from '@radix-ui/themes'
import type { RollbackPreview } from '@contract/earnings-imports'
import { SHORTFALL_UNCONFIRMED } from '@contract/ledger'
import { formatMoney } from '@core/format'
import { api, ApiError } from '@client/api'
import { NamedTable } from '@client/ui/NamedTable'
import { showNotice } from '@client/ui/notices/notices'
import { workspaceActions } from '@client/workspace/store'

type Load = { status: 'loading' } | { status: 'ready'; preview: RollbackPreview } | { status: 'error'; message: string }

/**
 * Asks before rolling a committed import back. It first asks the server which accounts the rollback
 * would take below zero (the preview); when there are any it lists them with their shortfall and
 * rolls back only with a reason, confirming exactly the total shown, which the server records as
 * recoupable debts (docs/royalties.md). Balances that moved meanwhile bring the new preview back.
 */
export function RollbackDialog({
  importId,
  description,
  onOpenChange,
  onRolledBack,
}: {
  /** The import to roll back; null keeps the dialog closed. */
  importId: number | null
  /** What is rolled back; by default the import's number and what a rollback does. */
  description?: string
  onOpenChange(open: boolean): void
  /** After the rollback succeeded (the import flow moves its machine on). */
  onRolledBack?(): void
}) {
  const open = importId !== null
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Content maxWidth="640px">
        {open && (
          <RollbackForm
            key={importId}
            importId={importId}
            description={
              description ??
              `Import #${importId} credited its net to the balances. Rolling it back posts compensating entries that take all of it out again. The history is kept.`
            }
            onClose={() => onOpenChange(false)}
            onRolledBack={onRolledBack}
          />
        )}
      </AlertDialog.Content>
    </AlertDialog.Root>
  )
}

function RollbackForm({
  importId,
  description,
  onClose,
  onRolledBack,
}: {
  importId: number
  description: string
  onClose(): void
  onRolledBack?(): void
}) {
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    api
      .call('earnings.importRollbackPreview', { params: { id: importId } }, { signal: controller.signal })
      .then((preview) => setLoad({ status: 'ready', preview }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        setLoad({ status: 'error', message: error instanceof ApiError ? error.message : 'The rollback could not be checked.' })
      })
    return () => controller.abort()
  }, [importId, attempt])

  const preview = load.status === 'ready' ? load.preview : null
  const overdraws = preview?.needsConfirmation ?? false

  const confirm = async () => {
    if (!preview) return
    if (overdraws && !reason.trim()) {
      setReasonError('A reason is required to record the shortfall as a recoupable debt')
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await api.call('earnings.importRollback', {
        params: { id: importId },
        body: overdraws ? { confirmShortfall: preview.totalShortfall, reason: reason.trim() } : {},
      })
      showNotice(
        overdraws
          ? `Import #${importId} rolled back: ${formatMoney(preview.totalShortfall)} is recorded as recoupable debt.`
          : `Import #${importId} rolled back: its credits were reversed.`,
        { tone: 'success' },
      )
      workspaceActions.refreshData()
      onRolledBack?.()
      onClose()
    } catch (error) {
      if (error instanceof ApiError && error.code === SHORTFALL_UNCONFIRMED) {
        // The balances moved since the preview: show the new one and ask again.
        setProblem(`${error.message}`)
        setLoad({ status: 'loading' })
        setAttempt((value) => value + 1)
      } else if (error instanceof ApiError && error.errors?.reason) setReasonError(error.errors.reason)
      else setProblem(error instanceof ApiError ? error.message : 'Something went wrong.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <AlertDialog.Title>Roll back this import?</AlertDialog.Title>
      <AlertDialog.Description size="2">{description}</AlertDialog.Description>
      <Flex direction="column" gap="3" mt="3">
        {load.status === 'loading' && <Text size="2">Checking what the rollback does to the balances…</Text>}
        {load.status === 'error' && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{load.message}</Callout.Text>
          </Callout.Root>
        )}
        {preview && overdraws && (
          <>
            <Callout.Root color="red" role="alert" aria-label="Balances below zero">
              <Callout.Text>
                This rollback takes {preview.shortfalls.length === 1 ? '1 account' : `${preview.shortfalls.length} accounts`} below zero,{' '}
                {formatMoney(preview.totalShortfall)} in all: money already withdrawn. Rolling back anyway records each shortfall as a
                recoupable debt: withdrawals are blocked while it stands and later earnings repay it first.
              </Callout.Text>
            </Callout.Root>
            <NamedTable label="Accounts below zero" size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Account</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Balance now</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Rollback</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">After</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Shortfall</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {preview.shortfalls.map((account) => (
                  <Table.Row key={account.id}>
                    <Table.RowHeaderCell>
                      {account.name}
                      <Text as="div" size="1" color="gray">
                        {account.email}
                      </Text>
                    </Table.RowHeaderCell>
                    <Table.Cell justify="end">{formatMoney(account.before)}</Table.Cell>
                    <Table.Cell justify="end">{formatMoney(account.change)}</Table.Cell>
                    <Table.Cell justify="end">
                      <Text color="red">{formatMoney(account.after)}</Text>
                    </Table.Cell>
                    <Table.Cell justify="end">
                      <Text weight="bold">{formatMoney(account.shortfall)}</Text>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </NamedTable>
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium" htmlFor={`rollback-reason-${importId}`}>
                Reason
              </Text>
              <TextArea
                id={`rollback-reason-${importId}`}
                rows={2}
                placeholder="Why roll back although the money was withdrawn? Kept with each debt and in the history."
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value)
                  setReasonError(null)
                }}
                aria-invalid={reasonError ? true : undefined}
              />
              {reasonError && (
                <Text size="1" color="red" role="alert">
                  {reasonError}
                </Text>
              )}
            </Flex>
          </>
        )}
        {problem && (
          <Text size="2" color="red" role="alert">
            {problem}
          </Text>
        )}
      </Flex>
      <Flex gap="3" mt="4" justify="end">
        <AlertDialog.Cancel>
          <Button variant="soft" color="gray" disabled={busy}>
            Cancel
          </Button>
        </AlertDialog.Cancel>
        <Button color="red" loading={busy} disabled={!preview} onClick={() => void confirm()}>
          {overdraws && preview ? `Roll back and record ${formatMoney(preview.totalShortfall)} of debt` : 'Roll back'}
        </Button>
      </Flex>
    </>
  )
}
