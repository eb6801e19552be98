import { useEffect, useState } from 'react'
import { Button, Table, Text, TextField, VisuallyHidden } from '@radix-ui/themes'
import { MagnifyingGlassIcon } from '@radix-ui/react-icons'
import type { UnmatchedKey } from '@contract/ledger'
import { formatCount, formatMoney } from '@core/format'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { PagedCard } from './PagedCard'
import { MatchDialog } from './MatchDialog'

const PER_PAGE = 25
export const UNMATCHED_SEARCH_DEBOUNCE_MS = 300

const fetchUnmatched = (key: string, signal: AbortSignal) => {
  const { page, search } = JSON.parse(key) as { page: number; search: string }
  return api.call('ledger.unmatched', { params: { page }, query: { search: search || undefined, per_page: PER_PAGE } }, { signal })
}

/**
 * Statement lines no track or release matched (their money waits in suspense), grouped by ISRC or
 * UPC. Matching a key moves its money to the owner and payees and remembers it for later statements.
 */
export function UnmatchedSection({ version = 0 }: { version?: number }) {
  const [page, setPage] = useState(1)
  const [text, setText] = useState('')
  const [search, setSearch] = useState('')
  const [revision, setRevision] = useState(0)
  const [matching, setMatching] = useState<UnmatchedKey | null>(null)
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim())
      setPage(1)
    }, UNMATCHED_SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  const load = useLoad(fetchUnmatched, JSON.stringify({ page, search, version, revision }))
  return (
    <>
      <PagedCard
        title={
          <>Unmatched lines {load.data ? `(${formatCount(load.data.meta.total)} ${load.data.meta.total === 1 ? 'key' : 'keys'})` : ''}</>
        }
        tools={
          <TextField.Root
            aria-label="Search unmatched lines"
            placeholder="ISRC, UPC, title or artist"
            value={text}
            onChange={(event) => setText(event.target.value)}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
        }
        load={load}
        page={page}
        perPage={PER_PAGE}
        onPage={setPage}
        empty={search ? `No unmatched lines match “${search}”.` : 'Every line of the committed statements is matched.'}
      >
        {(rows) => (
          <NamedTable label="Unmatched lines by ISRC or UPC" size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Key</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Titles on the statements</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Lines</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Net (USD)</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Imports</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={`${row.kind}:${row.key}`}>
                  <Table.RowHeaderCell>
                    <Text size="1" color="gray">
                      {row.kind.toUpperCase()}
                    </Text>{' '}
                    <Text style={{ fontFamily: 'var(--code-font-family)' }}>{row.key}</Text>
                  </Table.RowHeaderCell>
                  <Table.Cell>{row.titles.length ? row.titles.join(' · ') : '—'}</Table.Cell>
                  <Table.Cell justify="end">{formatCount(row.lines)}</Table.Cell>
                  <Table.Cell justify="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(row.total)}
                  </Table.Cell>
                  <Table.Cell>{row.importIds.map((id) => `#${id}`).join(', ')}</Table.Cell>
                  <Table.Cell>
                    <Button
                      size="1"
                      variant="soft"
                      aria-label={`Match ${row.kind.toUpperCase()} ${row.key}`}
                      onClick={() => setMatching(row)}
                    >
                      Match…
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </NamedTable>
        )}
      </PagedCard>
      <MatchDialog
        entry={matching}
        onOpenChange={(open) => {
          if (!open) {
            setMatching(null)
            setRevision((value) => value + 1)
          }
        }}
      />
    </>
  )
}
