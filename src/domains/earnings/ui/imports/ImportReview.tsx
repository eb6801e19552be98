import { useState } from 'react'
import { Badge, Box, Callout, Card, Flex, Heading, SegmentedControl, Table, Text } from '@radix-ui/themes'
import type { ImportDetail, ImportLine } from '@contract/earnings-imports'
import { formatCount, formatPercent } from '@core/format'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'
import { Empty } from '@client/ui/When'
import { RecordLink } from '@client/ui/RecordLink'
import { amountIn, baseMoney, changeText } from './format'
import { LoadError, PageFooter } from './parts'

type Filter = 'unmatched' | 'matched' | 'all'

const fetchLines = (input: string, signal: AbortSignal) => {
  const [id, filter, page] = input.split(':')
  return api.call(
    'earnings.importLines',
    { params: { id: Number(id) }, query: { filter: filter as Filter, page: Number(page), per_page: 25 } },
    { signal },
  )
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card size="1" role="group" aria-label={label}>
      <Text as="div" size="1" color="gray">
        {label}
      </Text>
      <Text as="div" size="4" weight="bold">
        {value}
      </Text>
      {detail && (
        <Text as="div" size="1" color="gray">
          {detail}
        </Text>
      )}
    </Card>
  )
}

/** The dry run of an import: what committing would credit, how well it matched, and its lines. */
export function ImportReview({ detail, version = 0 }: { detail: ImportDetail; version?: number }) {
  const report = detail.report
  const [filter, setFilter] = useState<Filter>(report && report.unmatched.rows > 0 ? 'unmatched' : 'all')
  const [page, setPage] = useState(1)
  const lines = useLoad(fetchLines, `${detail.id}:${filter}:${page}:${version}:${detail.status}`)
  if (!report) return <Empty>The dry run is not ready yet.</Empty>
  const previous = report.previous
  return (
    <Flex direction="column" gap="4">
      <Box style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 'var(--space-3)' }}>
        <Figure
          label="Rows"
          value={formatCount(report.rows)}
          detail={report.errors.count ? `${formatCount(report.errors.count)} with errors` : undefined}
        />
        <Figure label="Gross" value={amountIn(report.gross, report.currency)} />
        <Figure label={`Net (${report.currency})`} value={amountIn(report.net, report.currency)} />
        <Figure label="Exchange rate" value={report.rate ?? '—'} detail={`${report.currency} → USD for ${detail.period}`} />
        <Figure label="Net in USD (credited)" value={baseMoney(report.netBase)} />
        <Figure label="Matched by ISRC" value={formatPercent(report.matchRate.isrc)} detail={`${formatCount(report.matched.isrc)} lines`} />
        <Figure label="Matched by UPC" value={formatPercent(report.matchRate.upc)} detail={`${formatCount(report.matched.upc)} lines`} />
        <Figure
          label="Matched by hand earlier"
          value={formatPercent(report.matchRate.manual)}
          detail={`${formatCount(report.matched.manual)} lines`}
        />
        <Figure label="Unmatched" value={formatCount(report.unmatched.rows)} detail={`${baseMoney(report.unmatched.net)} to suspense`} />
        {report.discoveryMode && (
          <Figure
            label="Spotify Discovery Mode (USD)"
            value={baseMoney(report.discoveryMode.net)}
            detail={`${formatCount(report.discoveryMode.lines)} lines of tracks in Discovery Mode that month`}
          />
        )}
        <Figure
          label="Change vs previous period"
          value={previous ? changeText(previous.netChange, previous.netChangePercent, true) : '—'}
          detail={
            previous
              ? `${previous.period}: ${baseMoney(previous.netBase)}, rows ${changeText(previous.rowsChange, previous.rowsChangePercent, false)}`
              : 'No earlier committed statement of this source'
          }
        />
      </Box>
      {report.errors.count > 0 && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            {formatCount(report.errors.count)} line{report.errors.count === 1 ? ' has an error' : 's have errors'} and{' '}
            {report.errors.count === 1 ? 'is' : 'are'} not counted:{' '}
            {report.errors.samples
              .slice(0, 5)
              .map((error) => `line ${error.line}: ${error.message}`)
              .join('; ')}
            {report.errors.count > 5 ? '; …' : ''}
          </Callout.Text>
        </Callout.Root>
      )}
      {report.channels.length > 0 && (
        <Box>
          <Heading as="h3" size="3" mb="2">
            By channel
          </Heading>
          <Flex gap="2" wrap="wrap">
            {report.channels.slice(0, 12).map((channel) => (
              <Badge key={channel.channel} color="gray" variant="soft" size="2">
                {channel.label}: {baseMoney(channel.net)} · {formatCount(channel.rows)}
              </Badge>
            ))}
          </Flex>
        </Box>
      )}
      <Box>
        <Flex justify="between" align="center" mb="2" gap="3" wrap="wrap">
          <Heading as="h3" size="3">
            Lines
          </Heading>
          <SegmentedControl.Root
            size="1"
            value={filter}
            onValueChange={(value) => {
              setFilter(value as Filter)
              setPage(1)
            }}
          >
            <SegmentedControl.Item value="unmatched">Unmatched</SegmentedControl.Item>
            <SegmentedControl.Item value="matched">Matched</SegmentedControl.Item>
            <SegmentedControl.Item value="all">All</SegmentedControl.Item>
          </SegmentedControl.Root>
        </Flex>
        <LinesTable
          lines={lines.data?.data ?? []}
          filter={filter}
          loading={lines.status === 'loading' && !lines.data}
          error={lines.error?.message ?? null}
        />
        {lines.data && <PageFooter meta={lines.data.meta} onPage={setPage} />}
      </Box>
    </Flex>
  )
}

function LinesTable({ lines, filter, loading, error }: { lines: ImportLine[]; filter: Filter; loading: boolean; error: string | null }) {
  if (error) return <LoadError message={error} />
  if (loading) return <Empty>Loading lines…</Empty>
  if (!lines.length) return <Empty>{filter === 'unmatched' ? 'Every line matched a track or release.' : 'No lines.'}</Empty>
  return (
    <NamedTable label={`${filter === 'all' ? 'All' : filter === 'matched' ? 'Matched' : 'Unmatched'} lines`} size="1" variant="surface">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Line</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>ISRC / UPC</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Title</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Channel</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Territory</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Quantity</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Net (USD)</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Match</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {lines.map((line) => (
          <Table.Row key={line.lineNo}>
            <Table.Cell>{line.lineNo}</Table.Cell>
            <Table.Cell>
              <Text size="1" style={{ fontFamily: 'var(--code-font-family)' }}>
                {line.isrc ?? line.upc ?? '—'}
              </Text>
            </Table.Cell>
            <Table.Cell>{line.title ?? '—'}</Table.Cell>
            <Table.Cell>{line.channel || 'Other Revenue'}</Table.Cell>
            <Table.Cell>{line.territory || '—'}</Table.Cell>
            <Table.Cell justify="end">{formatCount(line.quantity)}</Table.Cell>
            <Table.Cell justify="end">{baseMoney(line.netBase)}</Table.Cell>
            <Table.Cell>
              {line.matchedBy === null ? (
                <Badge color="amber">Unmatched</Badge>
              ) : line.track ? (
                <RecordLink to={`/releases/track/${line.track.id}`}>{line.track.title}</RecordLink>
              ) : line.release ? (
                <RecordLink to={`/releases/single/${line.release.id}`}>{line.release.title}</RecordLink>
              ) : null}
              {line.matchedBy && (
                <Text size="1" color="gray">
                  {' '}
                  by {line.matchedBy === 'manual' ? 'hand' : line.matchedBy.toUpperCase()}
                </Text>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </NamedTable>
  )
}
