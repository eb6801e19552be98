import { useState } from 'react'
import { Badge, Button, Callout, Card, Flex, Heading, Select, Table, Tabs, Text, TextField } from '@radix-ui/themes'
import type { BulkPreview } from '@contract/splits'
import { splitStatusLabel } from '@core/split-status'
import { BATCH_STATUSES } from '@commands/splits'
import { runRecordAction } from '@client/ui/RecordActions'
import { formatIsrc, checkIsrc } from '@core/identifiers'
import type { ScreenProps } from '@client/routing/types'
import { api, ApiError } from '@client/api'
import { useTab } from '@client/workspace/tab-context'
import { workspaceActions } from '@client/workspace/store'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { showNotice } from '@client/ui/notices/notices'

type Kind = 'splits' | 'creator'

const KIND_TEXT: Record<Kind, { intro: string; columns: string }> = {
  splits: {
    intro: 'One row per payee: every payee of each track, its owner among them; the shares of a track add up to exactly 1.',
    columns: 'isrc, email, share, starts_on',
  },
  creator: {
    intro: "One row per payee added to a track's owner (the creator), who keeps the rest of the share.",
    columns: 'isrc, email, share, starts_on',
  },
}

function showIsrc(raw: string) {
  const checked = checkIsrc(raw)
  return checked.ok ? formatIsrc(checked.value) : raw
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong, try again.')

function BatchStatus({ batchId: initial }: { batchId?: number }) {
  const [batchId, setBatchId] = useState(initial ? String(initial) : '')
  const [status, setStatus] = useState<(typeof BATCH_STATUSES)[number]>('active')
  const [busy, setBusy] = useState(false)
  // The upload's declared action with the answer picked here; its result is the action's notice.
  const apply = async () => {
    setBusy(true)
    try {
      await runRecordAction({ kind: 'splitBatch', id: batchId, state: {} }, 'splits.bulkStatus', status)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="2">
        Status of a whole upload
      </Heading>
      <Flex gap="2" align="end" wrap="wrap">
        <label>
          <Text as="div" size="2" mb="1">
            Upload number
          </Text>
          <TextField.Root
            aria-label="Upload number"
            inputMode="numeric"
            value={batchId}
            onChange={(event) => setBatchId(event.target.value.replace(/\D/g, ''))}
          />
        </label>
        <Select.Root value={status} onValueChange={(value) => setStatus(BATCH_STATUSES.find((known) => known === value) ?? 'active')}>
          <Select.Trigger aria-label="New status" />
          <Select.Content>
            {BATCH_STATUSES.map((value) => (
              <Select.Item key={value} value={value}>
                {splitStatusLabel(value)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Button onClick={apply} disabled={!batchId} loading={busy}>
          Change every split of the upload
        </Button>
      </Flex>
    </Card>
  )
}

function BulkPanel({ kind }: { kind: Kind }) {
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<BulkPreview | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState<{ batchId: number; splitIds: number[]; skippedRows: number } | null>(null)

  const process = async () => {
    if (!file) return
    setBusy(true)
    setError(null)
    setCreated(null)
    try {
      setPreview(await api.upload(kind === 'creator' ? 'splits.creatorProcess' : 'splits.bulkProcess', { body: {}, files: { file } }))
    } catch (failure) {
      setPreview(null)
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }
  const submit = async (skipInvalid: boolean) => {
    if (!preview) return
    setBusy(true)
    setError(null)
    try {
      const answer = await api.call(kind === 'creator' ? 'splits.creatorSubmit' : 'splits.bulkSubmit', {
        body: { token: preview.token, skipInvalid },
      })
      setCreated(answer)
      setPreview(null)
      workspaceActions.refreshData()
      showNotice(`${answer.created} ${answer.created === 1 ? 'split' : 'splits'} created; the payees were emailed.`, { tone: 'success' })
    } catch (failure) {
      setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Flex direction="column" gap="3">
      <Text size="2" color="gray">
        {KIND_TEXT[kind].intro} Columns: <code>{KIND_TEXT[kind].columns}</code> (starts_on is a month such as 2025-01). See
        docs/formats/splits-bulk.md.
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label={kind === 'creator' ? 'Creator splits CSV file' : 'Splits CSV file'}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null)
            setPreview(null)
          }}
        />
        <Button onClick={process} disabled={!file} loading={busy && !preview}>
          Preview
        </Button>
      </Flex>
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
      {created && (
        <Callout.Root color="green" role="status">
          <Callout.Text>
            Upload #{created.batchId}: {created.splitIds.length} {created.splitIds.length === 1 ? 'split' : 'splits'} created
            {created.skippedRows ? `, ${created.skippedRows} rows skipped` : ''}.{' '}
            {created.splitIds.slice(0, 10).map((id) => (
              <span key={id}>
                <RecordLink to={`/royalty-shares/single/${id}`}>#{id}</RecordLink>{' '}
              </span>
            ))}
          </Callout.Text>
        </Callout.Root>
      )}
      {preview && (
        <Flex direction="column" gap="3">
          <Flex gap="2" align="center" wrap="wrap">
            <Badge color="green">{preview.valid} valid rows</Badge>
            <Badge color={preview.invalid ? 'red' : 'gray'}>{preview.invalid} with errors</Badge>
            <Text size="2">
              {preview.splits} {preview.splits === 1 ? 'split' : 'splits'} to create
            </Text>
          </Flex>
          <NamedTable size="1" label="Rows of the file">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Row</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>ISRC</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Track</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Share</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>From</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Errors</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {preview.rows.map((row) => (
                <Table.Row key={row.row} style={row.errors.length ? { background: 'var(--red-a2)' } : undefined}>
                  <Table.RowHeaderCell>{row.row}</Table.RowHeaderCell>
                  <Table.Cell>{showIsrc(row.isrc)}</Table.Cell>
                  <Table.Cell>{row.trackTitle ?? '—'}</Table.Cell>
                  <Table.Cell>{row.email}</Table.Cell>
                  <Table.Cell>{row.share}</Table.Cell>
                  <Table.Cell>{row.startsOn}</Table.Cell>
                  <Table.Cell>
                    {row.errors.length ? <Text color="red">{row.errors.join('; ')}</Text> : <Text color="green">OK</Text>}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </NamedTable>
          <Flex gap="2" wrap="wrap">
            <Button onClick={() => submit(false)} disabled={preview.invalid > 0 || preview.splits === 0} loading={busy}>
              Create {preview.splits} {preview.splits === 1 ? 'split' : 'splits'}
            </Button>
            {preview.invalid > 0 && preview.splits > 0 && (
              <Button color="amber" variant="soft" onClick={() => submit(true)} loading={busy}>
                Create {preview.splits}, skipping the tracks with errors
              </Button>
            )}
          </Flex>
        </Flex>
      )}
      {created && <BatchStatus batchId={created.batchId} />}
    </Flex>
  )
}

/** /royalty-shares/bulk: splits from a CSV with a preview of every row, creator splits, and the status of a whole upload. */
export default function BulkSplitsScreen({ search }: ScreenProps) {
  const tab = useTab()
  const current = search.get('tab') === 'creator' ? 'creator' : search.get('tab') === 'status' ? 'status' : 'splits'
  return (
    <Flex direction="column" gap="4" p="4">
      <Heading as="h1" size="6">
        Bulk splits
      </Heading>
      <Tabs.Root value={current} onValueChange={(value) => tab.setSearch({ tab: value === 'splits' ? null : value }, { replace: true })}>
        <Tabs.List>
          <Tabs.Trigger value="splits">Splits from CSV</Tabs.Trigger>
          <Tabs.Trigger value="creator">Creator splits</Tabs.Trigger>
          <Tabs.Trigger value="status">Upload status</Tabs.Trigger>
        </Tabs.List>
        <Flex direction="column" pt="3">
          {current === 'splits' && <BulkPanel key="splits" kind="splits" />}
          {current === 'creator' && <BulkPanel key="creator" kind="creator" />}
          {current === 'status' && <BatchStatus />}
        </Flex>
      </Tabs.Root>
    </Flex>
  )
}
