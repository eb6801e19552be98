import type { Key, ReactNode } from 'react'
import { Table, Text } from '@radix-ui/themes'
import { formatCount } from '@core/format'
import { NamedTable } from '@client/ui/NamedTable'
import { Money } from './parts'

/**
 * The earnings screens' money table: one named row per thing sold (a release, a track, a channel,
 * a month, a territory), then its Units and its Net. Every sales list draws its rows the same way.
 */
export function SalesTable<Row>({
  label,
  first,
  rows,
  rowKey,
  head,
  units,
  net,
  extra,
  align,
}: {
  /** The table's accessible name. */
  label: string
  /** The first column's header ("Release", "Month", …). */
  first: string
  rows: readonly Row[]
  rowKey(row: Row): Key
  /** What the row header cell shows. */
  head(row: Row): ReactNode
  units(row: Row): number
  /** The row's net, a decimal string. */
  net(row: Row): string
  /** A further money column after Net (its header and value), e.g. the Discovery Mode part of the net. */
  extra?: { header: string; value(row: Row): string }
  /** Rows whose header has two lines (artwork, a subtitle) centre their cells. */
  align?: 'center'
}) {
  return (
    <NamedTable size="1" label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>{first}</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Units</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Net</Table.ColumnHeaderCell>
          {extra && <Table.ColumnHeaderCell justify="end">{extra.header}</Table.ColumnHeaderCell>}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={rowKey(row)} align={align}>
            <Table.RowHeaderCell>{head(row)}</Table.RowHeaderCell>
            <Table.Cell justify="end">{formatCount(units(row))}</Table.Cell>
            <Table.Cell justify="end">
              <Money value={net(row)} />
            </Table.Cell>
            {extra && (
              <Table.Cell justify="end">
                <Money value={extra.value(row)} />
              </Table.Cell>
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </NamedTable>
  )
}

/** A name with a grey note after it: "Spotify (“SPOTIFY_US” in statements)", "France (FR)". */
export function NamedWithNote({ name, note }: { name: string; note?: string | null }) {
  return (
    <>
      {name}
      {note && (
        <Text size="1" color="gray">
          {' '}
          {note}
        </Text>
      )}
    </>
  )
}

/** Channels by their labels; the statement's own name shows beside a label that differs from it. */
export function ChannelTable({
  label,
  rows,
}: {
  label: string
  rows: readonly { raw: string; label: string; quantity: number; net: string }[]
}) {
  return (
    <SalesTable
      label={label}
      first="Channel"
      rows={rows}
      rowKey={(row) => row.raw}
      head={(row) => (
        <NamedWithNote name={row.label} note={row.raw.trim() && row.raw.trim() !== row.label ? `(“${row.raw}” in statements)` : null} />
      )}
      units={(row) => row.quantity}
      net={(row) => row.net}
    />
  )
}
