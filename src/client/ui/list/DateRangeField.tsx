import { lazy, Suspense, useId, useState } from 'react'
import { Button, Flex, IconButton, Popover, Skeleton, Text } from '@radix-ui/themes'
import { CalendarIcon, Cross2Icon } from '@radix-ui/react-icons'
import { format, isValid, parseISO } from 'date-fns'

const DateRangeCalendar = lazy(() => import('./DateRangeCalendar'))

const DAY_FORMAT = 'yyyy-MM-dd'

function toDate(day: string | null): Date | null {
  if (!day) return null
  const date = parseISO(day)
  return isValid(date) ? date : null
}

function show(day: string): string {
  const date = toDate(day)
  return date ? format(date, 'd MMM yyyy') : day
}

export interface DateRangeFieldProps {
  label: string
  /** yyyy-MM-dd, both or neither. */
  from: string | null
  to: string | null
  onChange(from: string | null, to: string | null): void
}

/**
 * A from/to filter: a calendar in a popover. OK is enabled once exactly two days are picked (spec);
 * a third pick starts again. The choice lands in the drawer, and the drawer's Search applies it.
 */
export function DateRangeField({ label, from, to, onChange }: DateRangeFieldProps) {
  const labelId = useId()
  const [open, setOpen] = useState(false)
  const [picks, setPicks] = useState<Date[]>([])

  const handleOpenChange = (next: boolean) => {
    if (next) {
      const start = toDate(from)
      const end = toDate(to)
      setPicks(start && end ? [start, end] : [])
    }
    setOpen(next)
  }
  const pick = (day: Date) =>
    setPicks((current) => {
      if (current.length !== 1) return [day]
      return current[0] <= day ? [current[0], day] : [day, current[0]]
    })
  const confirm = () => {
    if (picks.length !== 2) return
    onChange(format(picks[0], DAY_FORMAT), format(picks[1], DAY_FORMAT))
    setOpen(false)
  }

  const value = from && to ? `${show(from)} – ${show(to)}` : 'Any date'
  const hint =
    picks.length === 0
      ? 'Pick the first day.'
      : picks.length === 1
        ? 'Now pick the last day.'
        : `${format(picks[0], 'd MMM yyyy')} – ${format(picks[1], 'd MMM yyyy')}`

  return (
    <Flex direction="column" gap="1">
      <Text id={labelId} as="div" size="2" weight="medium">
        {label}
      </Text>
      <Flex gap="2" align="center">
        <Popover.Root open={open} onOpenChange={handleOpenChange}>
          <Popover.Trigger>
            <Button
              variant="surface"
              color="gray"
              aria-labelledby={`${labelId} ${labelId}-value`}
              style={{ flex: 1, justifyContent: 'flex-start' }}
            >
              <CalendarIcon aria-hidden />
              <span id={`${labelId}-value`}>{value}</span>
            </Button>
          </Popover.Trigger>
          <Popover.Content aria-label={`${label}: choose dates`} width="320px">
            <Suspense fallback={<Skeleton height="300px" />}>
              <DateRangeCalendar picks={picks} onPick={pick} label={label} />
            </Suspense>
            <Text as="p" size="1" color="gray" mt="2" aria-live="polite">
              {hint}
            </Text>
            <Flex gap="2" mt="3" justify="end">
              <Popover.Close>
                <Button variant="soft" color="gray">
                  Cancel
                </Button>
              </Popover.Close>
              <Button disabled={picks.length !== 2} onClick={confirm}>
                OK
              </Button>
            </Flex>
          </Popover.Content>
        </Popover.Root>
        {from && to && (
          <IconButton variant="ghost" color="gray" aria-label={`Clear ${label.toLowerCase()}`} onClick={() => onChange(null, null)}>
            <Cross2Icon aria-hidden />
          </IconButton>
        )}
      </Flex>
    </Flex>
  )
}
