import { DayPicker } from 'react-day-picker'
import 'react-day-picker/style.css'

export interface DateRangeCalendarProps {
  /** The days picked so far, in order: none, the start, or both ends. */
  picks: readonly Date[]
  onPick(day: Date): void
  month?: Date
  /** Which screen this filters, for the calendar's accessible name. */
  label: string
}

const START = new Date(2000, 0)

/** The calendar half of the date-range filter; a chunk of its own, fetched when the picker first opens. */
export default function DateRangeCalendar({ picks, onPick, month, label }: DateRangeCalendarProps) {
  const [from, to] = picks
  const end = new Date(new Date().getFullYear() + 1, 11)
  return (
    <DayPicker
      className="wl-calendar"
      mode="range"
      selected={from ? { from, to } : undefined}
      // The picks are counted here, not by DayPicker: it would close a range on the first click.
      onSelect={(_range, day) => onPick(day)}
      defaultMonth={month ?? from ?? new Date()}
      captionLayout="dropdown"
      startMonth={START}
      endMonth={end}
      weekStartsOn={1}
      showOutsideDays
      fixedWeeks
      aria-label={label}
    />
  )
}
