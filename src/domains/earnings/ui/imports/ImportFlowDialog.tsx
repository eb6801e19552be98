import { useEffect, useId, useState, type FormEvent } from 'react'
import { Box, Button, Callout, Dialog, Flex, Grid, SegmentedControl, Spinner, Text, TextField } from '@radix-ui/themes'
import {
  SOURCE_LABELS,
  STATEMENT_FIELDS,
  STATEMENT_FIELD_LABELS,
  type ImportDetail,
  type StatementField,
  type StatementSource,
} from '@contract/earnings-imports'
import { showNotice } from '@client/ui/notices/notices'
import { RecordLink } from '@client/ui/RecordLink'
import { ImportReview } from './ImportReview'
import { RollbackDialog } from './RollbackDialog'
import { useImportFlow, type UploadRequest } from './useImportFlow'

export const IMPORT_SUCCESS = 'Import Successfully.'

/** Last month, as the statement most often being imported: YYYY-MM. */
function lastMonth(now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  return date.toISOString().slice(0, 7)
}

const DEFAULT_HEADERS: Record<StatementSource, Partial<Record<StatementField, string>>> = {
  cms: {
    isrc: 'ISRC',
    upc: 'UPC',
    title: 'Asset Title',
    channel: 'Content Type',
    territory: 'Country',
    quantity: 'Owned Views',
    net: 'Partner Revenue',
    period: 'Month',
  },
  audiosalad: {
    isrc: 'ISRC',
    upc: 'UPC',
    title: 'Track Title',
    artist: 'Artist',
    channel: 'Store',
    territory: 'Country',
    quantity: 'Quantity',
    gross: 'Gross',
    net: 'Net',
    period: 'Sale Month',
  },
}

/**
 * "Import statement…": source, file, period, currency and an optional column mapping; then the dry
 * run with Commit or Cancel, driven by the import machine (machines/import).
 */
export function ImportFlowDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const flow = useImportFlow()
  const formId = useId()
  const [source, setSource] = useState<StatementSource>('audiosalad')
  const [file, setFile] = useState<File | null>(null)
  const [period, setPeriod] = useState(lastMonth)
  const [currency, setCurrency] = useState('USD')
  const [showMapping, setShowMapping] = useState(false)
  const [mapping, setMapping] = useState<Partial<Record<StatementField, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [confirmRollback, setConfirmRollback] = useState(false)
  const { step, detail, error, failedStep, send } = flow
  const full = detail && 'report' in detail ? (detail as ImportDetail) : null

  useEffect(() => {
    if (step === 'committed') showNotice(IMPORT_SUCCESS, { tone: 'success' })
  }, [step])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!file) return setFormError('Choose the statement file (CSV).')
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) return setFormError('Period must be a month like 2026-05')
    if (!/^[A-Za-z]{3}$/.test(currency.trim())) return setFormError('Currency must be a three-letter code such as USD or EUR')
    setFormError(null)
    const cleaned = Object.fromEntries(Object.entries(mapping).filter(([, header]) => header && header.trim())) as UploadRequest['mapping']
    send({
      type: 'UPLOAD',
      upload: { source, file, period, currency: currency.trim().toUpperCase(), mapping: cleaned } satisfies UploadRequest,
    })
  }

  const close = () => {
    onOpenChange(false)
    if (['committed', 'cancelled', 'rolledBack', 'error', 'idle'].includes(step)) {
      send({ type: 'RESET' })
      setFile(null)
    }
  }

  const showForm = step === 'idle' || (step === 'error' && failedStep === 'upload')
  const busy = step === 'uploading' || step === 'parsing' || step === 'committing' || step === 'cancelling'
  const blocked = full?.commitBlocked ?? null

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Content maxWidth={showForm ? '640px' : '1100px'} aria-describedby={undefined}>
        <Dialog.Title>{showForm ? 'Import statement' : full ? `Import #${full.id} · ${full.fileName}` : 'Import statement'}</Dialog.Title>
        {showForm && (
          <form id={formId} onSubmit={submit}>
            <Flex direction="column" gap="3">
              <Flex direction="column" gap="1">
                <Text size="2" weight="medium">
                  Source
                </Text>
                <SegmentedControl.Root value={source} onValueChange={(value) => setSource(value as StatementSource)} aria-label="Source">
                  {(Object.keys(SOURCE_LABELS) as StatementSource[]).map((key) => (
                    <SegmentedControl.Item key={key} value={key}>
                      {SOURCE_LABELS[key]}
                    </SegmentedControl.Item>
                  ))}
                </SegmentedControl.Root>
              </Flex>
              <Text as="label" size="2">
                <Text weight="medium">Statement file (CSV)</Text>
                <Box mt="1">
                  <input
                    type="file"
                    accept=".csv,text/csv"
                    aria-label="Statement file"
                    onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                  />
                </Box>
              </Text>
              <Grid columns="2" gap="3">
                <Text as="label" size="2">
                  <Text weight="medium">Period</Text>
                  <TextField.Root
                    mt="1"
                    type="month"
                    value={period}
                    onChange={(event) => setPeriod(event.target.value)}
                    aria-label="Period"
                  />
                </Text>
                <Text as="label" size="2">
                  <Text weight="medium">Currency</Text>
                  <TextField.Root
                    mt="1"
                    value={currency}
                    maxLength={3}
                    onChange={(event) => setCurrency(event.target.value)}
                    aria-label="Currency"
                  />
                </Text>
              </Grid>
              <Box>
                <Button
                  type="button"
                  variant="ghost"
                  size="1"
                  onClick={() => setShowMapping((value) => !value)}
                  aria-expanded={showMapping}
                >
                  {showMapping ? 'Hide column mapping' : 'Column mapping (for files laid out differently)…'}
                </Button>
                {showMapping && (
                  <Grid columns="2" gap="2" mt="2">
                    {STATEMENT_FIELDS.map((field) => (
                      <Text as="label" size="1" key={field}>
                        {STATEMENT_FIELD_LABELS[field]} column
                        <TextField.Root
                          size="1"
                          mt="1"
                          value={mapping[field] ?? ''}
                          placeholder={DEFAULT_HEADERS[source][field] ?? 'not used'}
                          onChange={(event) => setMapping((current) => ({ ...current, [field]: event.target.value }))}
                        />
                      </Text>
                    ))}
                  </Grid>
                )}
              </Box>
              {(formError || (step === 'error' && error)) && (
                <Callout.Root color="red" role="alert">
                  <Callout.Text>{formError ?? error}</Callout.Text>
                </Callout.Root>
              )}
              <Flex gap="3" justify="end">
                <Button type="button" variant="soft" color="gray" onClick={close}>
                  Close
                </Button>
                <Button type="submit">Upload and check</Button>
              </Flex>
            </Flex>
          </form>
        )}
        {busy && (
          <Flex align="center" gap="2" my="4" role="status">
            <Spinner />
            <Text size="2">
              {step === 'uploading'
                ? 'Uploading…'
                : step === 'parsing'
                  ? 'Reading the statement and matching its lines (dry run)…'
                  : step === 'committing'
                    ? 'Committing: crediting the balances…'
                    : 'Cancelling…'}
            </Text>
          </Flex>
        )}
        {(step === 'review' || (step === 'committing' && full)) && full && (
          <Flex direction="column" gap="3">
            <Text size="2" color="gray">
              Dry run: nothing is credited until you commit.
            </Text>
            <ImportReview detail={full} />
            {blocked && (
              <Callout.Root color="amber">
                <Callout.Text>{blocked}</Callout.Text>
              </Callout.Root>
            )}
            <Flex gap="3" justify="end">
              <Button variant="soft" color="gray" disabled={step !== 'review'} onClick={() => send({ type: 'CANCEL' })}>
                Cancel import
              </Button>
              <Button
                disabled={step !== 'review' || blocked !== null}
                loading={step === 'committing'}
                onClick={() => send({ type: 'COMMIT' })}
              >
                Commit
              </Button>
            </Flex>
          </Flex>
        )}
        {step === 'error' && !showForm && (
          <Flex direction="column" gap="3">
            <Callout.Root color="red" role="alert">
              <Callout.Text>{error ?? 'Something went wrong.'}</Callout.Text>
            </Callout.Root>
            <Flex gap="3" justify="end">
              <Button variant="soft" color="gray" onClick={() => send({ type: 'RESET' })}>
                Start over
              </Button>
              {failedStep === 'commit' && (
                <Button variant="soft" color="gray" onClick={() => send({ type: 'CANCEL' })}>
                  Cancel import
                </Button>
              )}
              <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
            </Flex>
          </Flex>
        )}
        {(step === 'committed' || step === 'cancelled' || step === 'rolledBack') && (
          <Flex direction="column" gap="3">
            <Callout.Root color={step === 'committed' ? 'green' : 'gray'} role="status">
              <Callout.Text>
                {step === 'committed'
                  ? `${IMPORT_SUCCESS} The balances were credited.`
                  : step === 'cancelled'
                    ? 'Import cancelled: nothing was credited.'
                    : 'Import rolled back: its credits were reversed.'}
              </Callout.Text>
            </Callout.Root>
            <Flex gap="3" justify="end" align="center">
              {detail && <RecordLink to={`/earnings/import/${detail.id}`}>Open import #{detail.id}</RecordLink>}
              {step === 'committed' && detail && (
                <Button color="orange" variant="soft" onClick={() => setConfirmRollback(true)}>
                  Roll back…
                </Button>
              )}
              <Button onClick={close}>Done</Button>
            </Flex>
          </Flex>
        )}
      </Dialog.Content>
      {/* The same confirmation as the import screen and the histories: the accounts a rollback would take below zero, and a reason. */}
      <RollbackDialog
        importId={confirmRollback && step === 'committed' && detail ? detail.id : null}
        onOpenChange={setConfirmRollback}
        onRolledBack={() => send({ type: 'ROLLED_BACK' })}
      />
    </Dialog.Root>
  )
}
