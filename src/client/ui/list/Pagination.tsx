import { Button, Flex, Text } from '@radix-ui/themes'
import { ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons'
import { formatCount } from '@core/format'

export interface PaginationProps {
  page: number
  lastPage: number
  perPage: number
  total: number
  /** The server capped or estimated the total: say "about". */
  totalIsEstimate?: boolean
  onPage(page: number): void
  disabled?: boolean
}

/** The page numbers to offer: the first, the last, and two either side of the current one, with gaps. */
export function pageWindow(page: number, lastPage: number, spread = 2): (number | 'gap')[] {
  const pages = new Set<number>([1, lastPage])
  for (let candidate = page - spread; candidate <= page + spread; candidate++)
    if (candidate >= 1 && candidate <= lastPage) pages.add(candidate)
  const sorted = [...pages].filter((value) => value >= 1).sort((a, b) => a - b)
  const out: (number | 'gap')[] = []
  sorted.forEach((value, index) => {
    const previous = sorted[index - 1]
    // A gap of exactly one page shows that page instead of an ellipsis.
    if (previous !== undefined && value - previous === 2) out.push(previous + 1)
    else if (previous !== undefined && value - previous > 2) out.push('gap')
    out.push(value)
  })
  return out
}

export function Pagination({ page, lastPage, perPage, total, totalIsEstimate = false, onPage, disabled = false }: PaginationProps) {
  const last = Math.max(1, lastPage)
  const first = total === 0 ? 0 : (page - 1) * perPage + 1
  const end = Math.min(total, page * perPage)
  const summary =
    total === 0
      ? 'No results'
      : `Showing ${formatCount(first)}–${formatCount(Math.max(first, end))} of ${totalIsEstimate ? 'about ' : ''}${formatCount(total)}`
  return (
    <Flex align="center" justify="between" gap="3" wrap="wrap" asChild>
      <nav aria-label="Pagination">
        <Text size="2" color="gray" aria-live="polite">
          {summary}
        </Text>
        {last > 1 && (
          <Flex align="center" gap="1" wrap="wrap">
            <Button
              size="1"
              variant="soft"
              color="gray"
              disabled={disabled || page <= 1}
              onClick={() => onPage(page - 1)}
              aria-label="Previous page"
            >
              <ChevronLeftIcon aria-hidden /> Previous
            </Button>
            {pageWindow(page, last).map((entry, index) =>
              entry === 'gap' ? (
                <Text key={`gap-${index}`} size="2" color="gray" aria-hidden style={{ padding: '0 var(--space-1)' }}>
                  …
                </Text>
              ) : (
                <Button
                  key={entry}
                  size="1"
                  variant={entry === page ? 'solid' : 'ghost'}
                  color={entry === page ? undefined : 'gray'}
                  aria-label={`Page ${entry}`}
                  aria-current={entry === page ? 'page' : undefined}
                  disabled={disabled && entry !== page}
                  onClick={() => entry !== page && onPage(entry)}
                  style={{ minWidth: 32 }}
                >
                  {formatCount(entry)}
                </Button>
              ),
            )}
            <Button
              size="1"
              variant="soft"
              color="gray"
              disabled={disabled || page >= last}
              onClick={() => onPage(page + 1)}
              aria-label="Next page"
            >
              Next <ChevronRightIcon aria-hidden />
            </Button>
          </Flex>
        )}
      </nav>
    </Flex>
  )
}
