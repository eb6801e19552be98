import type { ReactNode } from 'react'
import { Avatar, VisuallyHidden } from '@radix-ui/themes'
import { CheckIcon, ClockIcon } from '@radix-ui/react-icons'
import { formatMoney } from '@core/format'
import { initials } from '@core/names'
import { fullDate, timeAgo } from '@core/time'
import { Link } from '../../routing/Link'
import { Thumb } from './Thumb'
import type { BadgeColor, ColumnDef, IconMark, UserCardValue } from './list-types'

const DEFAULT_MESSAGE_LENGTH = 80

function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length > max ? `${chars.slice(0, Math.max(1, max - 1)).join('')}…` : text
}

// A page of rows draws hundreds of badges and texts, twice when the grid takes over from the plain
// table: Radix Themes' components work out their props and merge refs each time, a third of a row's
// rendering. Cells write the same elements and classes plainly (tests/components/list/cell-markup
// checks them against Radix's own).

/** Radix Themes' `<Badge size="1">`, as plain markup. */
export function CellBadge({
  color,
  variant,
  radius,
  title,
  children,
}: {
  color: BadgeColor
  variant: 'soft' | 'surface'
  radius?: 'full'
  title?: string
  children: ReactNode
}) {
  return (
    <span data-accent-color={color} data-radius={radius} title={title} className={`rt-reset rt-Badge rt-r-size-1 rt-variant-${variant}`}>
      {children}
    </span>
  )
}

/** Radix Themes' `<Text size={size} truncate>` (medium weight or gray colour), as plain markup. */
export function CellText({ size, weight, color, children }: { size: '1' | '2'; weight?: 'medium'; color?: 'gray'; children: ReactNode }) {
  return (
    <span data-accent-color={color} className={`rt-Text rt-r-size-${size}${weight ? ` rt-r-weight-${weight}` : ''} rt-truncate`}>
      {children}
    </span>
  )
}

function Mark({ mark }: { mark: IconMark }) {
  const Icon = mark.icon
  return (
    <span role="img" aria-label={mark.label} title={mark.label} className="wl-cell-icon" style={{ color: mark.color }}>
      <Icon aria-hidden width={16} height={16} />
    </span>
  )
}

function UserCard({ user, admin }: { user: UserCardValue; admin: boolean }) {
  return (
    <Link to={user.href ?? `/users/${user.id}`} className="wl-cell-card">
      <Avatar
        size="1"
        radius="full"
        src={user.avatarUrl ?? undefined}
        color={admin ? 'purple' : undefined}
        variant={admin ? 'solid' : 'soft'}
        fallback={user.initials || initials(user.name) || '?'}
        alt=""
      />
      <div style={{ minWidth: 0 }} className="rt-Flex rt-r-fd-column">
        <div style={{ minWidth: 0 }} className="rt-Flex rt-r-ai-center rt-r-gap-1">
          <CellText size="2" weight="medium">
            {user.name}
          </CellText>
          {admin && (
            <CellBadge color="purple" variant="soft">
              Admin
            </CellBadge>
          )}
        </div>
        {user.detail && (
          <CellText size="1" color="gray">
            {user.detail}
          </CellText>
        )}
      </div>
    </Link>
  )
}

/** One table cell of the spec's types; `column.value(row)` gives the shape documented on CellSpec. */
export function Cell<Row>({ column, row }: { column: ColumnDef<Row>; row: Row }) {
  switch (column.type) {
    case 'text': {
      const value = column.value(row)
      return <span className="wl-cell-text">{value ?? ''}</span>
    }
    case 'hoverText': {
      const value = column.value(row) ?? ''
      return (
        <span className="wl-cell-text" title={column.title?.(row) ?? value}>
          {value}
        </span>
      )
    }
    case 'img': {
      const value = column.value(row)
      if (!value) return <Thumb src={null} />
      const image = typeof value === 'string' ? { src: value, alt: column.header } : value
      return <Thumb src={image.src} alt={image.alt} />
    }
    case 'money': {
      const value = column.value(row)
      return <span className="wl-cell-number">{value === null || value === undefined || value === '' ? '' : formatMoney(value)}</span>
    }
    case 'date': {
      const value = column.value(row)
      if (!value) return null
      const date = typeof value === 'string' ? new Date(value) : value
      if (Number.isNaN(date.getTime())) return <span className="wl-cell-text">{String(value)}</span>
      return (
        <time className="wl-cell-text" dateTime={date.toISOString()} title={fullDate(date)}>
          {timeAgo(date)}
        </time>
      )
    }
    case 'message': {
      const value = column.value(row) ?? ''
      const short = truncate(value.replace(/\s+/g, ' ').trim(), column.maxLength ?? DEFAULT_MESSAGE_LENGTH)
      return (
        <span className="wl-cell-text" title={short === value ? undefined : value}>
          {short}
        </span>
      )
    }
    case 'status': {
      const value = column.value(row)
      if (value === null || value === undefined) return null
      const status = column.statuses[String(value)]
      return (
        <CellBadge color={status?.color ?? 'gray'} variant="soft" radius="full">
          {status?.label ?? String(value)}
        </CellBadge>
      )
    }
    case 'delivery': {
      const marks = column.value(row) ?? []
      return (
        <div className="rt-Flex rt-r-fw-nowrap rt-r-gap-1 wl-cell-chips">
          {marks.map((mark) => (
            <CellBadge
              key={mark.platform}
              color={mark.delivered ? 'green' : 'gray'}
              variant="soft"
              title={`${mark.platform}: ${mark.delivered ? 'delivered' : 'pending'}`}
            >
              {mark.delivered ? <CheckIcon aria-hidden /> : <ClockIcon aria-hidden />}
              {mark.platform}
              <VisuallyHidden>{mark.delivered ? ' delivered' : ' pending'}</VisuallyHidden>
            </CellBadge>
          ))}
        </div>
      )
    }
    case 'icons': {
      const marks = column.value(row) ?? []
      return (
        <div className="rt-Flex rt-r-ai-center rt-r-gap-2">
          {marks.map((mark) => (
            <Mark key={mark.label} mark={mark} />
          ))}
        </div>
      )
    }
    case 'icon': {
      const mark = column.value(row)
      return mark ? <Mark mark={mark} /> : null
    }
    case 'user':
    case 'newAdmin': {
      const user = column.value(row)
      return user ? <UserCard user={user} admin={column.type === 'newAdmin'} /> : null
    }
    case 'group': {
      const values = column.value(row) ?? []
      return (
        <div className="rt-Flex rt-r-fw-nowrap rt-r-gap-1 wl-cell-chips">
          {values.map((value) => (
            <CellBadge key={value} color="gray" variant="surface">
              {value}
            </CellBadge>
          ))}
        </div>
      )
    }
    case 'release': {
      const release = column.value(row)
      if (!release) return null
      return (
        <Link to={`/releases/single/${release.id}`} className="wl-cell-card">
          <Thumb src={release.artwork || null} />
          <CellText size="2" weight="medium">
            {release.title}
          </CellText>
        </Link>
      )
    }
  }
}
