import type { ReactNode } from 'react'
import { Badge, Button, Card, Flex, Heading, Switch, Table, Text } from '@radix-ui/themes'
import { NamedTable } from '@client/ui/NamedTable'

/** One aligned line of a comparison: the same field of two records, as text. */
export interface CompareRow {
  section?: string
  label: string
  left: string
  right: string
}

const norm = (value: string) => value.trim().replace(/\s+/g, ' ')
export const differs = (row: Pick<CompareRow, 'left' | 'right'>) => norm(row.left) !== norm(row.right)

const highlight = { background: 'var(--amber-a3)' }

/**
 * Two records field by field, aligned in two columns; a line whose values differ is tinted and
 * marked "differs" (for screen readers too), and a filter shows only the differences.
 */
export function CompareTable({
  label,
  leftTitle,
  rightTitle,
  rows,
  onlyDifferences,
  actions,
}: {
  label: string
  leftTitle: ReactNode
  rightTitle: ReactNode
  rows: readonly CompareRow[]
  onlyDifferences?: boolean
  actions?: ReactNode
}) {
  const count = rows.filter(differs).length
  const shown = onlyDifferences ? rows.filter(differs) : rows
  let lastSection: string | undefined
  return (
    <Card size="2">
      <Flex justify="between" align="center" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4">
          {label}
        </Heading>
        <Flex gap="3" align="center">
          <Text size="2" color="gray" role="status">
            {count === 0 ? 'No differences' : count === 1 ? '1 field differs' : `${count} fields differ`}
          </Text>
          {actions}
        </Flex>
      </Flex>
      <NamedTable size="1" label={label} layout="fixed">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell width="22%">Field</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{leftTitle}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{rightTitle}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shown.flatMap((row) => {
            const different = differs(row)
            const lines: ReactNode[] = []
            if (row.section && row.section !== lastSection) {
              lastSection = row.section
              lines.push(
                <Table.Row key={`section:${row.section}`}>
                  <Table.Cell colSpan={3}>
                    <Text size="1" weight="bold" color="gray">
                      {row.section.toUpperCase()}
                    </Text>
                  </Table.Cell>
                </Table.Row>,
              )
            }
            lines.push(
              <Table.Row
                key={`${row.section ?? ''}:${row.label}`}
                data-differs={different ? '' : undefined}
                style={different ? highlight : undefined}
              >
                <Table.RowHeaderCell>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text weight="medium">{row.label}</Text>
                    {different && (
                      <Badge color="amber" size="1">
                        differs
                      </Badge>
                    )}
                  </Flex>
                </Table.RowHeaderCell>
                <Table.Cell style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {row.left || <Text color="gray">—</Text>}
                </Table.Cell>
                <Table.Cell style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {row.right || <Text color="gray">—</Text>}
                </Table.Cell>
              </Table.Row>,
            )
            return lines
          })}
        </Table.Body>
      </NamedTable>
    </Card>
  )
}

/** A comparison's own controls: show only the differing lines, and close it. */
export function CompareActions({
  onlyDifferences,
  onOnlyDifferences,
  onClose,
}: {
  onlyDifferences: boolean
  onOnlyDifferences(value: boolean): void
  onClose(): void
}) {
  return (
    <Flex gap="3" align="center">
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch size="1" checked={onlyDifferences} onCheckedChange={onOnlyDifferences} />
          Only differences
        </Flex>
      </Text>
      <Button size="1" variant="soft" color="gray" onClick={onClose}>
        Close the comparison
      </Button>
    </Flex>
  )
}
