import { useCallback, useState } from 'react'
import { Button, Card, Flex, Heading, IconButton, Table, Text, TextField, Tooltip, VisuallyHidden } from '@radix-ui/themes'
import { TrashIcon } from '@radix-ui/react-icons'
import type { ExchangeRate } from '@contract/ledger'
import { deleteRateCommand } from '@commands/ledger'
import { runCommand } from '@client/shell/run-command'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { Field } from '@client/ui/Field'
import { NamedTable } from '@client/ui/NamedTable'
import { When } from '@client/ui/When'
import { useSubmit } from '@client/ui/useSubmit'
import { ConfirmDialog } from '@client/ui/list/ConfirmDialog'
import { PagedCard } from './PagedCard'
import { saveForm } from '@client/ui/run-action'

const PER_PAGE = 25

const fetchRates = (key: string, signal: AbortSignal) => {
  const { page, currency } = JSON.parse(key) as { page: number; currency: string }
  return api.call('ledger.rates', { params: { id: page }, query: { currency: currency || undefined, per_page: PER_PAGE } }, { signal })
}

/**
 * Exchange rates per currency and month (USD is the base). Imports convert with the rate of their
 * month and keep it, so deleting a rate never changes an import that used it.
 */
export function RatesSection({ version = 0 }: { version?: number }) {
  const [page, setPage] = useState(1)
  const [filter, setFilter] = useState('')
  const [revision, setRevision] = useState(0)
  const [deleting, setDeleting] = useState<ExchangeRate | null>(null)
  const currencyFilter = filter.trim().toUpperCase()
  const load = useLoad(fetchRates, JSON.stringify({ page, currency: currencyFilter, version, revision }))

  const [currency, setCurrency] = useState('')
  const [period, setPeriod] = useState('')
  const [rate, setRate] = useState('')
  const add = useSubmit(
    useCallback(
      () =>
        saveForm(
          () => api.call('ledger.rateCreate', { body: { currency, period, rate } }),
          (created) => `${created.currency} rate for ${created.period} added.`,
        ),
      [currency, period, rate],
    ),
    useCallback(() => {
      setCurrency('')
      setRate('')
      setRevision((value) => value + 1)
    }, []),
  )
  const errors = add.fieldErrors
  const problem = add.formError

  return (
    <Flex direction="column" gap="4">
      <Card size="2" asChild>
        <form onSubmit={(event) => void add.submit(event)} aria-label="Add an exchange rate" noValidate>
          <Flex direction="column" gap="2">
            <Heading as="h2" size="3">
              Add an exchange rate
            </Heading>
            <Text size="2" color="gray">
              US dollars for one unit of the currency, for statements of that month. USD itself is always 1.
            </Text>
            <Flex gap="3" wrap="wrap" align="start">
              <Field
                label="Currency"
                placeholder="EUR"
                maxLength={3}
                value={currency}
                onValueChange={setCurrency}
                error={errors.currency}
              />
              <Field label="Month" type="month" placeholder="2025-03" value={period} onValueChange={setPeriod} error={errors.period} />
              <Field label="Rate" inputMode="decimal" placeholder="1.0825" value={rate} onValueChange={setRate} error={errors.rate} />
            </Flex>
            {problem && (
              <Text size="2" color="red" role="alert">
                {problem}
              </Text>
            )}
            <Flex justify="end">
              <Button type="submit" loading={add.submitting}>
                Add rate
              </Button>
            </Flex>
          </Flex>
        </form>
      </Card>
      <PagedCard
        title="Exchange rates"
        tools={
          <TextField.Root
            aria-label="Filter by currency"
            placeholder="Filter by currency"
            maxLength={3}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value)
              setPage(1)
            }}
          />
        }
        load={load}
        page={page}
        perPage={PER_PAGE}
        onPage={setPage}
        empty={currencyFilter ? `No rates for ${currencyFilter}.` : 'No exchange rates yet. Statements in USD need none.'}
      >
        {(rows) => (
          <NamedTable label="Exchange rates" size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Currency</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Month</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Rate (USD)</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Added</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.id}>
                  <Table.RowHeaderCell>{row.currency}</Table.RowHeaderCell>
                  <Table.Cell>{row.period}</Table.Cell>
                  <Table.Cell justify="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {row.rate}
                  </Table.Cell>
                  <Table.Cell>
                    <When value={row.created} />
                    {row.createdBy ? ` by ${row.createdBy.name}` : ''}
                  </Table.Cell>
                  <Table.Cell>
                    <Tooltip content="Delete">
                      <IconButton
                        size="1"
                        variant="ghost"
                        color="red"
                        aria-label={`Delete the ${row.currency} rate for ${row.period}`}
                        onClick={() => setDeleting(row)}
                      >
                        <TrashIcon />
                      </IconButton>
                    </Tooltip>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </NamedTable>
        )}
      </PagedCard>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this exchange rate?"
        description={
          deleting
            ? `The ${deleting.currency} rate for ${deleting.period} (${deleting.rate}) goes away. Imports that used it keep their own copy.`
            : ''
        }
        confirmLabel="Delete rate"
        color="red"
        onConfirm={async () => {
          if (!deleting) return
          // The palette's own delete (commands/ledger.ts): one call, one message.
          await runCommand(deleteRateCommand(deleting))
          setRevision((value) => value + 1)
        }}
      />
    </Flex>
  )
}
