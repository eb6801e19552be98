import { useId, type FormEvent, type ReactNode, type RefObject } from 'react'
import { Box, Button, Dialog, Flex, IconButton, Separator, Text, TextField } from '@radix-ui/themes'
import { Cross2Icon, DownloadIcon, MagnifyingGlassIcon } from '@radix-ui/react-icons'
import { ConfirmDialog } from './ConfirmDialog'
import { DateRangeField } from './DateRangeField'
import type { ExportDef, FilterDef, ListAction, ListQuery, SortDef } from './list-types'
import type { ToolbarValues } from './Toolbar'

// The list toolbar's settings sheet: its own chunk (with the date range's calendar field and the
// action's confirmation), fetched when the sheet first opens or when the browser is idle after the
// first list (src/client/ui/dialogs/deferred.tsx). The toolbar keeps the state; this draws it.

export interface ListSettingsSheetProps {
  open: boolean
  onOpenChange(open: boolean): void
  /** The toolbar's settings button, which gets the focus back when the sheet closes. */
  returnFocus: RefObject<HTMLButtonElement | null>
  title: string
  query: ListQuery
  draft: ToolbarValues
  patch(update: Partial<ToolbarValues>): void
  setFilter(id: string, value: string): void
  reset(): void
  onSubmit(event: FormEvent): void
  filters: readonly FilterDef[]
  sorts: readonly SortDef[]
  dateRange?: { label: string }
  pageSizes: readonly number[]
  onExportCsv?(): void | Promise<void>
  exports: readonly ExportDef[]
  action?: ListAction
  onActionDone?(): void
  run(id: string, task: () => void | Promise<void>): Promise<boolean>
  running: string | null
  confirming: boolean
  setConfirming(confirming: boolean): void
  alert: ReactNode
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

export default function ListSettingsSheet({
  open,
  onOpenChange,
  returnFocus,
  title,
  query,
  draft,
  patch,
  setFilter,
  reset,
  onSubmit,
  filters,
  sorts,
  dateRange,
  pageSizes,
  onExportCsv,
  exports,
  action,
  onActionDone,
  run,
  running,
  confirming,
  setConfirming,
  alert,
}: ListSettingsSheetProps) {
  const hasExports = Boolean(onExportCsv) || exports.length > 0
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        className="wl-sheet"
        size="3"
        onCloseAutoFocus={(event) => {
          // No Dialog.Trigger here (the button lives in the toolbar): hand the focus back to it.
          event.preventDefault()
          returnFocus.current?.focus()
        }}
      >
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
        <form onSubmit={onSubmit} aria-label={`${title} settings`}>
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
                  <NativeSelect label="Direction" value={draft.dir} onChange={(value) => patch({ dir: value === 'asc' ? 'asc' : 'desc' })}>
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
              <Button type="button" variant="soft" color="gray" onClick={reset}>
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
  )
}
