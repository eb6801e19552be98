import type { Key, ReactNode } from 'react'
import { Button, Table } from '@radix-ui/themes'
import { ArrowDownIcon, ArrowUpIcon } from '@radix-ui/react-icons'
import type { ReportSort } from '@contract/account-sales'
import { NamedTable } from '@client/ui/NamedTable'

export interface ReportColumn<Row> {
  header: string
  /** The figure this column sorts by, when it sorts. */
  sort?: ReportSort
  numeric?: boolean
  cell(row: Row): ReactNode
  /** The column's cell in the totals row. */
  total?: ReactNode
}

export interface SortState {
  sort: ReportSort
  dir: 'asc' | 'desc'
}

/**
 * A report's table: the first column names the row, the others are figures; sortable headers ask
 * the server for another order (a second press turns the direction), and a totals row closes it.
 */
export function ReportTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
}: {
  label: string
  columns: readonly ReportColumn<Row>[]
  rows: readonly Row[]
  rowKey(row: Row): Key
  sort: SortState
  onSort(next: SortState): void
}) {
  const press = (key: ReportSort) =>
    onSort(
      sort.sort === key ? { sort: key, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { sort: key, dir: key === 'name' ? 'asc' : 'desc' },
    )
  return (
    <NamedTable size="1" label={label}>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => {
            const active = column.sort && sort.sort === column.sort
            return (
              <Table.ColumnHeaderCell
                key={column.header}
                justify={column.numeric ? 'end' : 'start'}
                aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {column.sort ? (
                  <Button size="1" variant="ghost" color={active ? undefined : 'gray'} onClick={() => press(column.sort!)}>
                    {column.header}
                    {active && (sort.dir === 'asc' ? <ArrowUpIcon aria-hidden /> : <ArrowDownIcon aria-hidden />)}
                  </Button>
                ) : (
                  column.header
                )}
              </Table.ColumnHeaderCell>
            )
          })}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={rowKey(row)} align="center">
            {columns.map((column, index) =>
              index === 0 ? (
                <Table.RowHeaderCell key={column.header}>{column.cell(row)}</Table.RowHeaderCell>
              ) : (
                <Table.Cell key={column.header} justify={column.numeric ? 'end' : 'start'}>
                  {column.cell(row)}
                </Table.Cell>
              ),
            )}
          </Table.Row>
        ))}
      </Table.Body>
      <tfoot>
        <Table.Row style={{ fontWeight: 600 }}>
          {columns.map((column, index) =>
            index === 0 ? (
              <Table.RowHeaderCell key={column.header}>Total</Table.RowHeaderCell>
            ) : (
              <Table.Cell key={column.header} justify={column.numeric ? 'end' : 'start'}>
                {column.total ?? null}
              </Table.Cell>
            ),
          )}
        </Table.Row>
      </tfoot>
    </NamedTable>
  )
}
