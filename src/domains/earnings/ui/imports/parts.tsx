import { Box, Callout } from '@radix-ui/themes'
import { Pagination } from '@client/ui/list/Pagination'

/** A list's load failure: the server's message in a red callout. */
export function LoadError({ message }: { message: string }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  )
}

/** The pages under an import list (the import's lines, a source's history), from the page's meta. */
export function PageFooter({
  meta,
  onPage,
}: {
  meta: { page: number; last_page: number; per_page: number; total: number; totalIsEstimate?: boolean }
  onPage(page: number): void
}) {
  return (
    <Box mt="2">
      <Pagination
        page={meta.page}
        lastPage={meta.last_page}
        perPage={meta.per_page}
        total={meta.total}
        totalIsEstimate={meta.totalIsEstimate}
        onPage={onPage}
      />
    </Box>
  )
}
