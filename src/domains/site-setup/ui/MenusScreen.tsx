import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Button, Callout, Card, Flex, Heading, IconButton, Skeleton, Switch, Text, TextField, Tooltip } from '@radix-ui/themes'
import { ArrowDownIcon, ArrowUpIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons'
import type { MenuItem } from '@contract/site'
import { api, ApiError } from '@client/api'
import { useSession } from '@client/state/session'
import { useLoad } from '@client/state/useLoad'
import { showNotice } from '@client/ui/notices/notices'
import { failureText, loadFailureText, moveItem } from './site-ui'

type Row = Pick<MenuItem, 'key' | 'label' | 'visible'>

const fetchMenu = (_key: string, signal: AbortSignal) => api.call('site.menus', undefined, { signal })

/** The client portal's menu: rename, show or hide, and reorder (buttons, or Alt+Arrow keys on a row); saved together. */
export default function MenusScreen() {
  const { me } = useSession()
  const canEdit = me?.account.type === 'admin'
  const menu = useLoad(fetchMenu, 'menus')
  const [rows, setRows] = useState<Row[] | null>(null)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const rowRefs = useRef(new Map<string, HTMLLIElement>())
  const pendingFocus = useRef<string | null>(null)

  useEffect(() => {
    if (menu.data) setRows(menu.data.data.map(({ key, label, visible }) => ({ key, label, visible })))
  }, [menu.data])

  // After a keyboard move, the moved row keeps the focus.
  useEffect(() => {
    if (!pendingFocus.current) return
    rowRefs.current.get(pendingFocus.current)?.focus()
    pendingFocus.current = null
  }, [rows])

  const saved = menu.data?.data.map(({ key, label, visible }) => ({ key, label, visible })) ?? []
  const dirty = rows !== null && JSON.stringify(rows) !== JSON.stringify(saved)

  const update = (index: number, patch: Partial<Row>) =>
    setRows((now) => now && now.map((row, i) => (i === index ? { ...row, ...patch } : row)))
  const move = (index: number, delta: -1 | 1) => {
    setRows((now) => now && moveItem(now, index, delta))
  }
  const handleRowKey = (event: KeyboardEvent<HTMLLIElement>, index: number, key: string) => {
    if (!canEdit || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return
    event.preventDefault()
    pendingFocus.current = key
    move(index, event.key === 'ArrowUp' ? -1 : 1)
  }

  const handleSave = async () => {
    if (!rows) return
    const blank = rows.findIndex((row) => !row.label.trim())
    if (blank >= 0) return setFieldErrors({ [`items.${blank}.label`]: 'Label is required' })
    setSaving(true)
    setError(null)
    setFieldErrors({})
    try {
      const answer = await api.call('site.saveMenus', { body: { items: rows.map((row) => ({ ...row, label: row.label.trim() })) } })
      setRows(answer.data.map(({ key, label, visible }) => ({ key, label, visible })))
      menu.reload()
      showNotice('Menu saved.', { tone: 'success' })
    } catch (caught) {
      setError(failureText(caught))
      if (caught instanceof ApiError) setFieldErrors(caught.errors)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Flex direction="column" gap="4" style={{ maxWidth: 760 }}>
      <Heading as="h1" size="6">
        Menu settings
      </Heading>
      <Text size="2" color="gray">
        The menu your artists and labels see in the client portal. Move an item with its arrows, or focus it and press Alt+↑ or Alt+↓.
      </Text>
      {menu.status === 'error' && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{loadFailureText(menu.error)}</Callout.Text>
        </Callout.Root>
      )}
      {error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      )}
      {!rows ? (
        menu.status !== 'error' && <Skeleton height="320px" />
      ) : (
        <Flex asChild direction="column" gap="2">
          <ol aria-label="Menu items" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((row, index) => {
              const labelError = fieldErrors[`items.${index}.label`]
              return (
                <Card asChild key={row.key} size="1">
                  <li
                    ref={(element) => {
                      if (element) rowRefs.current.set(row.key, element)
                      else rowRefs.current.delete(row.key)
                    }}
                    tabIndex={0}
                    aria-label={`${row.label || row.key}, position ${index + 1} of ${rows.length}${row.visible ? '' : ', hidden'}`}
                    onKeyDown={(event) => handleRowKey(event, index, row.key)}
                  >
                    <Flex align="center" gap="3">
                      <Text size="2" color="gray" style={{ width: 24 }} aria-hidden>
                        {index + 1}.
                      </Text>
                      <Flex direction="column" gap="1" style={{ flex: 1 }}>
                        <TextField.Root
                          aria-label={`Label of ${row.key}`}
                          value={row.label}
                          maxLength={40}
                          disabled={!canEdit}
                          aria-invalid={labelError ? true : undefined}
                          onChange={(event) => update(index, { label: event.target.value })}
                        />
                        {labelError && (
                          <Text size="1" color="red" role="alert">
                            {labelError}
                          </Text>
                        )}
                      </Flex>
                      <Text as="label" size="2">
                        <Flex gap="2" align="center">
                          <Switch
                            checked={row.visible}
                            disabled={!canEdit}
                            onCheckedChange={(visible) => update(index, { visible })}
                            aria-label={`Show ${row.label || row.key}`}
                          />
                          {row.visible ? 'Shown' : 'Hidden'}
                        </Flex>
                      </Text>
                      <Tooltip content="Move up">
                        <IconButton
                          variant="soft"
                          color="gray"
                          aria-label={`Move ${row.label || row.key} up`}
                          disabled={!canEdit || index === 0}
                          onClick={() => move(index, -1)}
                        >
                          <ArrowUpIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip content="Move down">
                        <IconButton
                          variant="soft"
                          color="gray"
                          aria-label={`Move ${row.label || row.key} down`}
                          disabled={!canEdit || index === rows.length - 1}
                          onClick={() => move(index, 1)}
                        >
                          <ArrowDownIcon />
                        </IconButton>
                      </Tooltip>
                    </Flex>
                  </li>
                </Card>
              )
            })}
          </ol>
        </Flex>
      )}
      {canEdit && rows && (
        <Flex justify="end" gap="2">
          <Button variant="soft" color="gray" disabled={!dirty || saving} onClick={() => setRows(saved)}>
            Discard changes
          </Button>
          <Button onClick={() => void handleSave()} loading={saving} disabled={!dirty}>
            Save menu
          </Button>
        </Flex>
      )}
    </Flex>
  )
}
