import { Card, Table, Text } from '@radix-ui/themes'
import { NamedTable } from './NamedTable'
import { Empty, When } from './When'

export interface AuditRow {
  id: number | string
  when: string
  /** Already readable: "banned", "status changed". */
  action: string
  by: string | null
  before: unknown
  after: unknown
}

/** A before/after value as one line: "status: 2, reason: Wrong artwork". */
export function describeChange(value: unknown): string {
  if (value && typeof value === 'object')
    return Object.entries(value)
      .map(([key, v]) => `${key}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join(', ')
  return value === null || value === undefined ? '' : String(value)
}

/** What staff did to a record, newest first, from the audit log. */
export function AuditTable({ label, rows }: { label: string; rows: readonly AuditRow[] }) {
  return (
    <NamedTable size="1" label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Action</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>By</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Before</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>After</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.id}>
            <Table.Cell>
              <When value={row.when} />
            </Table.Cell>
            <Table.Cell>{row.action}</Table.Cell>
            <Table.Cell>{row.by ?? 'System'}</Table.Cell>
            <Table.Cell>
              <Text size="1" color="gray">
                {describeChange(row.before)}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Text size="1">{describeChange(row.after)}</Text>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </NamedTable>
  )
}

/** A record's History section: its audit rows, or why there are none. */
export function AuditSection({
  label,
  empty,
  load,
  rows,
}: {
  label: string
  empty: string
  load: { status: string; error?: { message: string } | null }
  rows: readonly AuditRow[]
}) {
  return (
    <Card size="2">
      {load.status === 'error' && <Text color="red">{load.error?.message}</Text>}
      {load.status === 'success' && rows.length === 0 && <Empty>{empty}</Empty>}
      {rows.length > 0 && <AuditTable label={label} rows={rows} />}
    </Card>
  )
}
