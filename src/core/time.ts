const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
]

const format = new Intl.RelativeTimeFormat('en', { numeric: 'always' })

/** "5 minutes ago", as table cells show dates (the full date goes in the hover title). */
export function timeAgo(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000)
  if (Math.abs(seconds) < 45) return 'just now'
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit)
  }
  return 'just now'
}

// One formatter for every call: `toLocaleString` with options builds a new one each time (~0.5 ms),
// which a list page of dates paid per cell.
const full = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' })

export function fullDate(value: string | Date): string {
  return full.format(typeof value === 'string' ? new Date(value) : value)
}
