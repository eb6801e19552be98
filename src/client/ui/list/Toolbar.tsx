import { useEffect, useId, useState, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react'
import { Badge, Box, Button, Callout, Dialog, Flex, Heading, IconButton, Separator, Text, TextField } from '@radix-ui/themes'
import { Cross2Icon, DownloadIcon, ExclamationTriangleIcon, MagnifyingGlassIcon, MixerHorizontalIcon } from '@radix-ui/react-icons'
import { ConfirmDialog } from './ConfirmDialog'
import { DateRangeField } from './DateRangeField'
import { DEFAULT_PAGE_SIZES } from './list-query'
import type { ExportDef, FilterDef, ListAction, ListQuery, SortDef } from './list-types'

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

const ANY = ''

function NativeSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string
  value: string
  onChange(value: string): void
  children: ReactNode
}) {
  const id = useId()
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <select id={id} className="wl-native-select" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </Flex>
  )
}

function TextInput({
  label,
  value,
  onChange,
  type = 'text',
}: {
  label: string
  value: string
  onChange(value: string): void
  type?: 'text' | 'search'
}) {
  const id = useId()
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root id={id} type={type} value={value} onChange={(event) => onChange(event.target.value)} />
    </Flex>
  )
}

function FilterField({ filter, value, onChange }: { filter: FilterDef; value: string; onChange(value: string): void }) {
  if (filter.type === 'text') return <TextInput label={filter.label} value={value} onChange={onChange} />
  const options =
    filter.type === 'boolean' && !filter.options
      ? [
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]
      : (filter.options ?? [])
  return (
    <NativeSelect label={filter.label} value={value} onChange={onChange}>
      <option value={ANY}>Any</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  )
}

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

  const hasExports = Boolean(onExportCsv) || exports.length > 0
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
          <Dialog.Root open={open} onOpenChange={handleOpenChange}>
            <Dialog.Trigger>
              <Button variant="soft" aria-label={count ? `List settings, ${count} active` : 'List settings'}>
                <MixerHorizontalIcon aria-hidden /> Settings
                {count > 0 && (
                  <Badge size="1" variant="solid" radius="full" aria-hidden>
                    {count}
                  </Badge>
                )}
              </Button>
            </Dialog.Trigger>
            <Dialog.Content className="wl-sheet" size="3">
              <Flex align="start" justify="between" gap="3">
                <Box>
                  <Dialog.Title mb="1">{title}: settings</Dialog.Title>
                  <Dialog.Description size="2" color="gray">
                    Narrow and order the list, then press Search.
                  </Dialog.Description>
                </Box>
                <Dialog.Close>
                  <IconButton variant="ghost" color="gray" aria-label="Close settings">
                    <Cross2Icon aria-hidden />
                  </IconButton>
                </Dialog.Close>
              </Flex>
              <form onSubmit={handleSubmit} aria-label={`${title} settings`}>
                <Flex direction="column" gap="4" mt="5">
                  <TextInput label="Search" type="search" value={draft.search} onChange={(value) => patch({ search: value })} />
                  {filters.map((filter) => (
                    <FilterField
                      key={filter.id}
                      filter={filter}
                      value={draft.filters[filter.id] ?? ANY}
                      onChange={(value) => setFilter(filter.id, value)}
                    />
                  ))}
                  {sorts.length > 0 && (
                    <Flex gap="3">
                      <Box style={{ flex: 2 }}>
                        <NativeSelect label="Sort by" value={draft.sort ?? ANY} onChange={(value) => patch({ sort: value || null })}>
                          <option value={ANY}>Default order</option>
                          {sorts.map((sort) => (
                            <option key={sort.id} value={sort.id}>
                              {sort.label}
                            </option>
                          ))}
                        </NativeSelect>
                      </Box>
                      <Box style={{ flex: 1 }}>
                        <NativeSelect
                          label="Direction"
                          value={draft.dir}
                          onChange={(value) => patch({ dir: value === 'asc' ? 'asc' : 'desc' })}
                        >
                          <option value="asc">Ascending</option>
                          <option value="desc">Descending</option>
                        </NativeSelect>
                      </Box>
                    </Flex>
                  )}
                  {dateRange && (
                    <DateRangeField label={dateRange.label} from={draft.from} to={draft.to} onChange={(from, to) => patch({ from, to })} />
                  )}
                  <NativeSelect label="Rows per page" value={String(draft.perPage)} onChange={(value) => patch({ perPage: Number(value) })}>
                    {pageSizes.map((size) => (
                      <option key={size} value={size}>
                        {size}
                      </option>
                    ))}
                  </NativeSelect>
                  <Flex gap="2" justify="end">
                    <Button
                      type="button"
                      variant="soft"
                      color="gray"
                      onClick={() =>
                        setDraft({ search: '', sort: null, dir: draft.dir, from: null, to: null, perPage: draft.perPage, filters: {} })
                      }
                    >
                      Reset
                    </Button>
                    <Button type="submit">
                      <MagnifyingGlassIcon aria-hidden /> Search
                    </Button>
                  </Flex>
                </Flex>
              </form>
              {(hasExports || action) && <Separator size="4" my="5" />}
              {hasExports && (
                <Flex direction="column" gap="2" role="group" aria-label="Export">
                  <Text size="2" weight="medium">
                    Export
                  </Text>
                  <Flex gap="2" wrap="wrap">
                    {onExportCsv && (
                      <Button variant="surface" loading={running === 'csv'} onClick={() => void run('csv', onExportCsv)}>
                        <DownloadIcon aria-hidden /> Export CSV
                      </Button>
                    )}
                    {exports.map((item) => (
                      <Button
                        key={item.id}
                        variant="surface"
                        loading={running === item.id}
                        onClick={() => void run(item.id, () => item.run(query))}
                      >
                        <DownloadIcon aria-hidden /> {item.label}
                      </Button>
                    ))}
                  </Flex>
                </Flex>
              )}
              {action && (
                <Flex direction="column" gap="2" mt={hasExports ? '4' : '0'}>
                  <Button color="red" variant="soft" loading={running === 'action'} onClick={() => setConfirming(true)}>
                    {action.label}
                  </Button>
                  <ConfirmDialog
                    open={confirming}
                    onOpenChange={setConfirming}
                    title={action.label}
                    description={action.confirm}
                    confirmLabel={action.label}
                    color="red"
                    onConfirm={async () => {
                      if (await run('action', () => action.run(query))) onActionDone?.()
                    }}
                  />
                </Flex>
              )}
              {alert && <Box mt="4">{alert}</Box>}
            </Dialog.Content>
          </Dialog.Root>
        </Flex>
      </Flex>
      {!open && alert}
    </Flex>
  )
}
