import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Avatar, Badge, Box, Button, Dialog, Flex, Spinner, Text, TextField } from '@radix-ui/themes'
import { MagnifyingGlassIcon } from '@radix-ui/react-icons'
import type { UserCard } from '@contract/users'
import { api } from '../../api'
import { useLoad } from '../../state/useLoad'

export interface UserPickerDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  /** The chosen account; the parent decides whether the dialog closes. */
  onSelect(user: UserCard): void
  title?: string
  /** Only artists and labels, the accounts that own releases. */
  ownersOnly?: boolean
}

/** Spec: debounced 400 ms, 10 per page, alphabetical, searched by email. */
export const USER_SEARCH_DEBOUNCE_MS = 400
export const USER_PICKER_PAGE_SIZE = 10
export const USERS_FAILED = 'There was an error fetching the users. Please try again.'
export const USERS_EMPTY = 'No users found matching your search criteria.'

const TYPE_COLOR = { admin: 'purple', artist: 'blue', label: 'orange' } as const

interface Query {
  search: string
  page: number
  owners?: boolean
}

const fetchUsers = (key: string, signal: AbortSignal) => {
  const { search, page, owners } = JSON.parse(key) as Query
  return api.call(
    'users.fetchUsers',
    {
      query: {
        search,
        page,
        count: USER_PICKER_PAGE_SIZE,
        searchType: 'email',
        sort: 'asc',
        ...(owners ? { owners: 'true' as const } : {}),
      },
    },
    { signal },
  )
}

/** The text typed, settled for `ms` milliseconds. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

function PickerBody({ onSelect, ownersOnly }: { onSelect(user: UserCard): void; ownersOnly: boolean }) {
  const listId = useId()
  const [text, setText] = useState('')
  const search = useDebounced(text.trim(), USER_SEARCH_DEBOUNCE_MS)
  const [paging, setPaging] = useState<Query>({ search: '', page: 1 })
  // A new search starts again from page 1.
  const page = paging.search === search ? paging.page : 1
  const key = useMemo(() => JSON.stringify({ search, page, owners: ownersOnly }), [search, page, ownersOnly])
  const users = useLoad(fetchUsers, key)
  const rows = useMemo(() => users.data?.data ?? [], [users.data])
  const lastPage = users.data?.meta.last_page ?? 1
  const [active, setActive] = useState(0)
  const list = useRef<HTMLDivElement>(null)

  useEffect(() => setActive(0), [rows])
  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' })
  }, [active])

  const goTo = useCallback((next: number) => setPaging({ search, page: next }), [search])

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!rows.length) return
      const delta = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => Math.min(rows.length - 1, Math.max(0, current + delta)))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const user = rows[active]
      if (user && users.status === 'success') onSelect(user)
    } else if (event.key === 'PageDown' && page < lastPage) {
      event.preventDefault()
      goTo(page + 1)
    } else if (event.key === 'PageUp' && page > 1) {
      event.preventDefault()
      goTo(page - 1)
    }
  }

  const activeId = rows[active] ? `${listId}-${rows[active].id}` : undefined
  return (
    <Flex direction="column" gap="3">
      <TextField.Root
        autoFocus
        placeholder="Search by email"
        aria-label="Search users by email"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-autocomplete="list"
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
        {users.status === 'loading' && (
          <TextField.Slot>
            <Spinner />
          </TextField.Slot>
        )}
      </TextField.Root>
      {users.status === 'error' ? (
        <Flex direction="column" align="start" gap="2" role="alert">
          <Text color="red" size="2">
            {USERS_FAILED}
          </Text>
          <Button size="1" variant="soft" onClick={users.reload}>
            Try again
          </Button>
        </Flex>
      ) : users.status === 'success' && rows.length === 0 ? (
        <Text color="gray" size="2" role="status">
          {USERS_EMPTY}
        </Text>
      ) : null}
      <Box
        ref={list}
        id={listId}
        role="listbox"
        aria-label="Users"
        aria-busy={users.status === 'loading'}
        style={{ maxHeight: 420, overflowY: 'auto' }}
      >
        {rows.map((user, index) => (
          <Flex
            key={user.id}
            id={`${listId}-${user.id}`}
            data-index={index}
            role="option"
            aria-selected={index === active}
            align="center"
            gap="3"
            p="2"
            style={{
              cursor: 'pointer',
              borderRadius: 'var(--radius-2)',
              background: index === active ? 'var(--accent-a4)' : undefined,
            }}
            onMouseEnter={() => setActive(index)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onSelect(user)}
          >
            <Avatar size="2" radius="full" fallback={user.initials || '?'} />
            <Flex direction="column" style={{ minWidth: 0, flex: 1 }}>
              <Text size="2" weight="medium" truncate>
                {user.displayName}
              </Text>
              <Text size="1" color="gray" truncate>
                {user.email}
              </Text>
            </Flex>
            <Badge color={TYPE_COLOR[user.type]} variant="soft">
              {user.type}
            </Badge>
          </Flex>
        ))}
      </Box>
      <Flex align="center" justify="between" gap="3">
        <Button variant="soft" color="gray" disabled={page <= 1 || users.status === 'loading'} onClick={() => goTo(page - 1)}>
          Previous
        </Button>
        <Text size="2" color="gray" aria-live="polite">
          Page {page} of {lastPage}
        </Text>
        <Button variant="soft" color="gray" disabled={page >= lastPage || users.status === 'loading'} onClick={() => goTo(page + 1)}>
          Next
        </Button>
      </Flex>
    </Flex>
  )
}

/**
 * Picks one account of the workspace: search by email (debounced), ten a page, alphabetical.
 * Arrow keys move through the results, Enter chooses; a new search cancels the request in flight.
 */
export function UserPickerDialog({ open, onOpenChange, onSelect, title = 'Select a user', ownersOnly = false }: UserPickerDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="500px">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Search by email, then choose an account with the arrow keys and Enter, or click it.
        </Dialog.Description>
        {open && <PickerBody onSelect={onSelect} ownersOnly={ownersOnly} />}
      </Dialog.Content>
    </Dialog.Root>
  )
}
