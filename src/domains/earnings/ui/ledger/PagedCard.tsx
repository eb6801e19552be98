import type { ReactNode } from 'react'
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes'
import type { LoadState } from '@client/state/useLoad'
import { Empty } from '@client/ui/When'
import { Pagination } from '@client/ui/list/Pagination'

interface Paged<Row> {
  data: readonly Row[]
  meta: { last_page: number; total: number; totalIsEstimate?: boolean }
}

/**
 * The ledger's paged lists (rates, unmatched lines, an account's entries): a card with its heading
 * and a filter, the load's failure with Try again, the empty line once loaded, the table, and the
 * pages when there is more than one.
 */
export function PagedCard<Row>({
  title,
  tools,
  load,
  page,
  perPage,
  onPage,
  empty,
  children,
}: {
  title: ReactNode
  /** The filter or search beside the heading. */
  tools: ReactNode
  load: LoadState<Paged<Row>>
  page: number
  perPage: number
  onPage(page: number): void
  /** What shows when the loaded page has no rows. */
  empty: string
  /** The table of the page's rows (there is at least one). */
  children(rows: readonly Row[]): ReactNode
}) {
  const rows = load.data?.data ?? []
  return (
    <Card size="2">
      <Flex justify="between" align="center" gap="3" mb="2" wrap="wrap">
        <Heading as="h2" size="3">
          {title}
        </Heading>
        {tools}
      </Flex>
      {load.status === 'error' && (
        <Flex gap="2" align="center" role="alert">
          <Text color="red">{load.error?.message}</Text>
          <Button variant="soft" size="1" onClick={load.reload}>
            Try again
          </Button>
        </Flex>
      )}
      {load.status === 'success' && rows.length === 0 && <Empty>{empty}</Empty>}
      {rows.length > 0 && children(rows)}
      {load.data && load.data.meta.last_page > 1 && (
        <Pagination
          page={page}
          lastPage={load.data.meta.last_page}
          perPage={perPage}
          total={load.data.meta.total}
          totalIsEstimate={load.data.meta.totalIsEstimate}
          onPage={onPage}
        />
      )}
    </Card>
  )
}
