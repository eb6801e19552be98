import { Text } from '@radix-ui/themes'
import { fullDate, timeAgo } from '@core/time'

/** A moment as "3 days ago", the full date on hover; a dash when there is none. */
export function When({ value }: { value: string | null | undefined }) {
  if (!value) return <Text color="gray">—</Text>
  return (
    <time dateTime={value} title={fullDate(value)}>
      {timeAgo(value)}
    </time>
  )
}

/** The quiet line a section shows when it has nothing to list. */
export function Empty({ children }: { children: string }) {
  return (
    <Text color="gray" size="2">
      {children}
    </Text>
  )
}
