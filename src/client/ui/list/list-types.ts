import type { ComponentProps, ComponentType, SVGAttributes } from 'react'
import type { z } from 'zod'
import type { Badge } from '@radix-ui/themes'
import type { pageOf } from '@contract/common'

/** One server page, exactly what `pageOf(item)` in the contract answers. */
export type ListResult<Row> = z.output<ReturnType<typeof pageOf<z.ZodType<Row>>>>

/** What a list asks the server for. It lives in the tab's address, so a view can be shared. */
export interface ListQuery {
  page: number
  perPage: number
  search: string
  /** A SortDef id; null lets the server use its default order. */
  sort: string | null
  dir: 'asc' | 'desc'
  /** Inclusive calendar days, yyyy-MM-dd. */
  from: string | null
  to: string | null
  /** By FilterDef id; a filter left at "any" is absent. */
  filters: Record<string, string>
}

export interface FilterOption {
  value: string
  label: string
}

/**
 * A drawer filter, kept in the address under its id (which must not be one of the query's own keys:
 * search, sort, dir, per_page, from, to, page). A boolean filter is sent as 'true' or 'false'.
 */
export interface FilterDef {
  id: string
  label: string
  type: 'select' | 'boolean' | 'text'
  options?: FilterOption[]
}

export interface SortDef {
  id: string
  label: string
}

/** A server export: it gets the list's current query and does the rest (usually queues a job). */
export interface ExportDef {
  id: string
  label: string
  run(query: ListQuery): Promise<void>
}

/** A toolbar button that asks `confirm` first, e.g. "Mark every listed payout as processed?". */
export interface ListAction {
  label: string
  confirm: string
  run(query: ListQuery): Promise<void>
}

export type BadgeColor = NonNullable<ComponentProps<typeof Badge>['color']>
/** Any @radix-ui/react-icons icon fits. */
export type IconComponent = ComponentType<
  Pick<SVGAttributes<SVGElement>, 'width' | 'height' | 'aria-hidden' | 'className'> & { color?: string }
>

/** status cells: server value -> what the badge says and its colour. */
export type StatusMap = Record<string, { label: string; color: BadgeColor }>

/** img cells. A bare string is the image address, with the column header as its text alternative. */
export type ImageValue = string | { src: string; alt: string }

/** user and newAdmin cells. Links to `/users/{id}` unless `href` says otherwise. */
export interface UserCardValue {
  id: string | number
  name: string
  /** Defaults to initials(name): at most two letters. */
  initials?: string
  /** A second, quieter line such as the email. */
  detail?: string | null
  avatarUrl?: string | null
  href?: string
}

/** release cells. Links to `/releases/single/{id}`. */
export interface ReleaseCardValue {
  id: string | number
  title: string
  artwork?: string | null
}

/** delivery cells: one mark per platform. */
export interface DeliveryMark {
  platform: string
  delivered: boolean
}

/** icon and icons cells. The label is the icon's accessible name and its tooltip. */
export interface IconMark {
  icon: IconComponent
  label: string
  /** A CSS colour, e.g. 'var(--green-11)'. */
  color?: string
}

type Empty = null | undefined

/**
 * One cell type of the spec per variant; `value(row)` answers the shape its renderer expects:
 * - text: string or number · hoverText: string (title defaults to the same text)
 * - img: ImageValue · money: decimal string or number ("1234.5" -> $1,234.50)
 * - date: ISO string or Date (shown as "5 minutes ago", full date on hover)
 * - message: string, truncated to `maxLength` (default 80) with the whole text on hover
 * - status: a key of `statuses` · delivery: DeliveryMark[] · icons: IconMark[] · icon: IconMark
 * - user / newAdmin: UserCardValue · group: string[] shown as chips · release: ReleaseCardValue
 */
export type CellSpec<Row> =
  | { type: 'text'; value(row: Row): string | number | Empty }
  | { type: 'hoverText'; value(row: Row): string | Empty; title?(row: Row): string | Empty }
  | { type: 'img'; value(row: Row): ImageValue | Empty }
  | { type: 'money'; value(row: Row): string | number | Empty }
  | { type: 'date'; value(row: Row): string | Date | Empty }
  | { type: 'message'; value(row: Row): string | Empty; maxLength?: number }
  | { type: 'status'; value(row: Row): string | number | Empty; statuses: StatusMap }
  | { type: 'delivery'; value(row: Row): readonly DeliveryMark[] | Empty }
  | { type: 'icons'; value(row: Row): readonly IconMark[] | Empty }
  | { type: 'icon'; value(row: Row): IconMark | Empty }
  | { type: 'user'; value(row: Row): UserCardValue | Empty }
  | { type: 'newAdmin'; value(row: Row): UserCardValue | Empty }
  | { type: 'group'; value(row: Row): readonly string[] | Empty }
  | { type: 'release'; value(row: Row): ReleaseCardValue | Empty }

export type CellType = CellSpec<unknown>['type']

export type ColumnDef<Row> = CellSpec<Row> & {
  /** Stable id: the remembered width and visibility are stored under it. */
  id: string
  header: string
  /** Initial width in pixels (a remembered width wins). */
  width?: number
  minWidth?: number
  /** Share of the spare width, when no width is set. */
  flex?: number
  /** Hidden until the user shows it from the columns menu. */
  hidden?: boolean
  /** The CSV text for this column; defaults to the cell's plain text. */
  csv?(row: Row): string
}
