import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react'
import { Badge, Button, Callout, Flex, Heading, TextField } from '@radix-ui/themes'
import { ExclamationTriangleIcon, MagnifyingGlassIcon, MixerHorizontalIcon } from '@radix-ui/react-icons'
import { deferred } from '../dialogs/deferred'
import { DEFAULT_PAGE_SIZES } from './list-query'
import type { ExportDef, FilterDef, ListAction, ListQuery, SortDef } from './list-types'
import type { ListSettingsSheetProps } from './ListSettingsSheet'

/** Spec error catalogue: "Toolbar action fails". */
export const TOOLBAR_FAILED = 'Something went wrong, try refreshing the site and try again.'
/** Spec section 9: typing settles for 400 ms before the list searches. */
export const SEARCH_DEBOUNCE_MS = 400

/** The query without its page: what the drawer edits. Applying it always starts again from page 1. */
export type ToolbarValues = Omit<ListQuery, 'page'>

export interface ToolbarProps {
  title: string
  /** The list's query as it is now (in the address). */
  query: ListQuery
  onApply(values: ToolbarValues, options?: { replace?: boolean }): void
  filters?: readonly FilterDef[]
  sorts?: readonly SortDef[]
  dateRange?: { label: string }
  pageSizes?: readonly number[]
  /** Downloads export.csv of what is loaded; absent hides the button. */
  onExportCsv?(): void | Promise<void>
  exports?: readonly ExportDef[]
  action?: ListAction
  /** After the action ran (the list reloads). */
  onActionDone?(): void
  /** The compact search field: what `/` and the palette's "Search this list" focus. */
  searchRef?: Ref<HTMLInputElement>
  /** Extra controls beside the settings button (the list puts its columns menu here). */
  children?: ReactNode
}

const ListSettingsSheet = deferred<ListSettingsSheetProps>(
  () => import('./ListSettingsSheet').then((module) => module.default),
  (props) => props.open,
)

/** How many drawer settings narrow or reorder the list, for the badge on the settings button. */
function activeCount(query: ListQuery): number {
  return Object.keys(query.filters).length + (query.from && query.to ? 1 : 0) + (query.sort ? 1 : 0)
}

/**
 * The shared list toolbar: the title, a compact search, and a right-hand settings drawer with search,
 * filters, sort, date range, page size, a Search button, the exports and a confirm-protected action.
 */
export function Toolbar({
  title,
  query,
  onApply,
  filters = [],
  sorts = [],
  dateRange,
  pageSizes = DEFAULT_PAGE_SIZES,
  onExportCsv,
  exports = [],
  action,
  onActionDone,
  searchRef,
  children,
}: ToolbarProps) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<ToolbarValues>(query)
  const [error, setError] = useState<string | null>(null)
  const [running, setRunning] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const settingsButton = useRef<HTMLButtonElement>(null)

  // The compact field follows the address (back/forward, the drawer) unless the user is typing in it.
  const [text, setText] = useState(query.search)
  const [seen, setSeen] = useState(query.search)
  if (seen !== query.search) {
    setSeen(query.search)
    setText(query.search)
  }
  useEffect(() => {
    if (text.trim() === query.search) return
    const timer = setTimeout(() => onApply({ ...query, search: text.trim() }, { replace: true }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, query, onApply])

  const handleSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      if (text.trim() !== query.search) onApply({ ...query, search: text.trim() })
    } else if (event.key === 'Escape') {
      // Hand the keyboard back to the list (j/k) without losing what was typed. A search field's own
      // Escape empties it, which reloaded the whole list and dropped the row just selected with x.
      event.preventDefault()
      event.currentTarget.blur()
    }
  }

  const handleOpenChange = (next: boolean) => {
    if (next) {
      setDraft({ ...query, search: text.trim() })
      setError(null)
    }
    setOpen(next)
  }
  const patch = (update: Partial<ToolbarValues>) => setDraft((current) => ({ ...current, ...update }))
  const setFilter = (id: string, value: string) =>
    setDraft((current) => {
      const next = { ...current.filters }
      if (value) next[id] = value
      else delete next[id]
      return { ...current, filters: next }
    })

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    onApply({ ...draft, search: draft.search.trim() })
    setOpen(false)
  }

  const run = async (id: string, task: () => void | Promise<void>) => {
    setError(null)
    setRunning(id)
    try {
      await task()
      return true
    } catch (failure) {
      console.error(`List toolbar: ${id} failed`, failure)
      setError(TOOLBAR_FAILED)
      return false
    } finally {
      setRunning(null)
    }
  }

  const count = activeCount(query)
  const alert = error && (
    <Callout.Root color="red" role="alert" size="1">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{error}</Callout.Text>
    </Callout.Root>
  )

  return (
    <Flex direction="column" gap="2">
      <Flex className="wl-list-toolbar" align="center" justify="between" gap="3">
        <Heading as="h1" size="6">
          {title}
        </Heading>
        <Flex className="wl-list-tools" align="center" justify="end" gap="2" wrap="wrap">
          <TextField.Root
            ref={searchRef}
            className="wl-list-search"
            type="search"
            placeholder="Search…"
            aria-label={`Search ${title}`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={handleSearchKey}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon aria-hidden />
            </TextField.Slot>
          </TextField.Root>
          {children}
          <Button
            ref={settingsButton}
            variant="soft"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => handleOpenChange(true)}
            aria-label={count ? `List settings, ${count} active` : 'List settings'}
          >
            <MixerHorizontalIcon aria-hidden /> Settings
            {count > 0 && (
              <Badge size="1" variant="solid" radius="full" aria-hidden>
                {count}
              </Badge>
            )}
          </Button>
          <ListSettingsSheet
            open={open}
            onOpenChange={handleOpenChange}
            returnFocus={settingsButton}
            title={title}
            query={query}
            draft={draft}
            patch={patch}
            setFilter={setFilter}
            reset={() => setDraft({ search: '', sort: null, dir: draft.dir, from: null, to: null, perPage: draft.perPage, filters: {} })}
            onSubmit={handleSubmit}
            filters={filters}
            sorts={sorts}
            dateRange={dateRange}
            pageSizes={pageSizes}
            onExportCsv={onExportCsv}
            exports={exports}
            action={action}
            onActionDone={onActionDone}
            run={run}
            running={running}
            confirming={confirming}
            setConfirming={setConfirming}
            alert={alert}
          />
        </Flex>
      </Flex>
      {!open && alert}
    </Flex>
  )
}
