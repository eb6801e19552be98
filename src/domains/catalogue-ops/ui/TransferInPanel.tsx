import { useState, type FormEvent } from 'react'
import { Badge, Button, Callout, Card, Flex, Grid, Heading, Select, Table, Text, TextArea, TextField } from '@radix-ui/themes'
import type { TransferInResult } from '@contract/catalogue-ops'
import { statusLabel } from '@core/release-status'
import { TRANSFER_IN_CALL } from '@commands/catalogue-ops'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { NamedTable } from '@client/ui/NamedTable'
import { RecordLink } from '@client/ui/RecordLink'
import { Empty, When } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'
import { workspaceActions } from '@client/workspace/store'
import { readTrackLines } from './transfer-in-lines'

const PER_PAGE = 25
const TYPES = ['Single', 'EP', 'Album'] as const

interface Form {
  email: string
  fromDistributor: string
  title: string
  artists: string
  type: (typeof TYPES)[number]
  upc: string
  label: string
  primaryGenre: string
  originalReleaseDate: string
  tracks: string
}

const EMPTY: Form = {
  email: '',
  fromDistributor: '',
  title: '',
  artists: '',
  type: 'Single',
  upc: '',
  label: '',
  primaryGenre: '',
  originalReleaseDate: '',
  tracks: '',
}

/** The account is named by email in the form; the call takes its id (an artist or label of the workspace). */
async function accountIdOf(email: string): Promise<number | null> {
  const wanted = email.trim().toLowerCase()
  if (!wanted) return null
  const found = await api.call('users.list', { query: { search: wanted, page: 1, per_page: 25 } })
  return found.data.find((user) => user.email.toLowerCase() === wanted)?.id ?? null
}

const fetchHistory = (input: string, signal: AbortSignal) =>
  api.call('transfers.inHistory', { query: { page: Number(input.split(':')[0]), per_page: PER_PAGE } }, { signal })

/** Transfer-in: preview a release from another distributor, bring it in, and the transfer-in history. */
export function TransferInPanel() {
  const [form, setForm] = useState<Form>(EMPTY)
  const [preview, setPreview] = useState<TransferInResult | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const [page, setPage] = useState(1)
  const version = useDataVersion()
  const history = useLoad(fetchHistory, `${page}:${version}`)
  const set = (key: keyof Form) => (value: string) => {
    setForm((current) => ({ ...current, [key]: value }))
    setPreview(null)
  }

  const run = async (dryRun: boolean) => {
    setBusy(true)
    setError(null)
    setDone(null)
    try {
      const accountId = await accountIdOf(form.email)
      if (!accountId) throw new Error('No artist or label account of the workspace has this email.')
      const body = {
        accountId,
        fromDistributor: form.fromDistributor,
        title: form.title,
        artists: form.artists
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
        type: form.type,
        upc: form.upc,
        label: form.label,
        primaryGenre: form.primaryGenre,
        originalReleaseDate: form.originalReleaseDate,
        tracks: readTrackLines(form.tracks),
        dryRun,
      }
      const result = await api.call(TRANSFER_IN_CALL, { body })
      if (dryRun) setPreview(result)
      else {
        setForm(EMPTY)
        setPreview(null)
        setDone(`“${body.title}” came in as release #${result.releaseId} (a draft).`)
        workspaceActions.refreshData()
      }
    } catch (caught) {
      const fields = caught instanceof ApiError ? Object.entries(caught.errors) : []
      setError(fields.length ? fields.map(([field, message]) => `${field}: ${message}`).join(' · ') : (caught as Error).message)
    } finally {
      setBusy(false)
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run(!preview || preview.problems.length > 0)
  }
  const ready = preview !== null && preview.problems.length === 0
  const field = (key: keyof Form, label: string, placeholder = '') => (
    <label>
      <Text size="2">{label}</Text>
      <TextField.Root aria-label={label} value={form[key]} placeholder={placeholder} onChange={(event) => set(key)(event.target.value)} />
    </label>
  )

  return (
    <Card>
      <Flex direction="column" gap="3" role="region" aria-label="Transfer in">
        <Heading as="h3" size="3">
          Transfer in from another distributor
        </Heading>
        <Text size="2" color="gray">
          A release already in the stores keeps its UPC, its ISRCs and its original release date; it comes in as a draft for the account.
          Preview it first: every problem is listed before anything is created.
        </Text>
        <form onSubmit={submit}>
          <Flex direction="column" gap="2">
            <Grid columns={{ initial: '1', md: '3' }} gap="2">
              {field('email', 'Account email', 'artist@example.com')}
              {field('fromDistributor', 'Previous distributor')}
              {field('title', 'Release title')}
              {field('artists', 'Artists (comma separated)')}
              <label>
                <Text size="2">Type</Text>
                <Select.Root value={form.type} onValueChange={(value) => set('type')(value)}>
                  <Select.Trigger aria-label="Type" style={{ width: '100%' }} />
                  <Select.Content>
                    {TYPES.map((type) => (
                      <Select.Item key={type} value={type}>
                        {type}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </label>
              {field('upc', 'UPC')}
              {field('label', 'Label')}
              {field('primaryGenre', 'Genre')}
              {field('originalReleaseDate', 'Original release date', 'YYYY-MM-DD')}
            </Grid>
            <label>
              <Text size="2">Tracks, one a line: ISRC, title[, explicit]</Text>
              <TextArea
                aria-label="Tracks"
                rows={4}
                value={form.tracks}
                placeholder={'US-RC1-19-00001, First song\nUS-RC1-19-00002, Second song, explicit'}
                onChange={(event) => set('tracks')(event.target.value)}
              />
            </label>
            <Flex gap="2" align="center">
              <Button type="submit" disabled={busy} variant={ready ? 'solid' : 'soft'}>
                {ready ? 'Transfer in' : 'Preview'}
              </Button>
              {ready && (
                <Badge color="green">
                  Ready: UPC {preview.upc}, {preview.isrcs.length === 1 ? '1 ISRC' : `${preview.isrcs.length} ISRCs`} kept
                </Badge>
              )}
            </Flex>
          </Flex>
        </form>
        {done && (
          <Callout.Root color="green" role="status">
            <Callout.Text>{done}</Callout.Text>
          </Callout.Root>
        )}
        {error && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        {preview && preview.problems.length > 0 && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>It cannot come in: {preview.problems.map((problem) => problem.message).join(' · ')}</Callout.Text>
          </Callout.Root>
        )}
        <NamedTable label="Transfer-in history" size="1" variant="surface">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Release</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Account</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>From</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>UPC</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">ISRCs</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Original date</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {history.data?.data.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>
                  <RecordLink to={`/releases/single/${row.releaseId}`}>{row.title}</RecordLink>
                </Table.Cell>
                <Table.Cell>{row.account.email}</Table.Cell>
                <Table.Cell>{row.fromDistributor}</Table.Cell>
                <Table.Cell>{row.upc}</Table.Cell>
                <Table.Cell justify="end">{row.isrcs.length}</Table.Cell>
                <Table.Cell>{row.originalReleaseDate}</Table.Cell>
                <Table.Cell>{row.status === null ? 'Removed' : statusLabel(row.status)}</Table.Cell>
                <Table.Cell>
                  <When value={row.created} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </NamedTable>
        {history.data && history.data.data.length === 0 && <Empty>No release has been transferred in yet.</Empty>}
        {history.data && (
          <Pagination
            page={page}
            lastPage={history.data.meta.last_page}
            perPage={PER_PAGE}
            total={history.data.meta.total}
            onPage={setPage}
          />
        )}
      </Flex>
    </Card>
  )
}
