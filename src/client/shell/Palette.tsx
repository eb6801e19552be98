import { memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Command as Cmdk } from 'cmdk'
import { proxy, useSnapshot } from 'valtio'
import { Badge, Flex, Kbd, Text } from '@radix-ui/themes'
import type { SearchHit } from '@contract/search'
import type { Command, OpenWhere } from '@commands/types'
import { availability, rank, titleOf } from '@commands/registry'
import { ENTITY_KIND_UI, looksLikeIdentifier } from '@commands/entities'
import { registry, commandContext, commandEnv, useLoadedCommands } from './commands'
import { envOpeningIn } from './run-command'
import { recents, rememberCommand, rememberRecord } from './recents'
import { PALETTE_LAYER_CLASS, shellActions, shellState, useShell } from './ui-state'
import { paletteState } from './palette-state'
import { workspace } from '../workspace/store'
import { ApiError } from '../api'
import { showNotice } from '../ui/notices/notices'
import { formatShortcut } from './shortcut-format'
import { shortcutKeys } from '@commands/shortcuts'

interface Item {
  key: string
  title: string
  subtitle?: string
  group: string
  shortcut?: string
  disabledReason?: string | null
  badge?: string
  /** Runs it; returns a command when it opens a nested page instead. */
  select(where: OpenWhere): Promise<Command | void> | Command | void
}

interface Page {
  command: Command
  children: readonly Command[] | null
}

const SEARCH_DEBOUNCE_MS = 150
const NESTED_SEARCH_DEBOUNCE_MS = 250
/** Rows shown per group of results: a screenful and more; typing narrows the rest. */
export const MAX_PER_GROUP = 100
/**
 * Rows rendered at first, and added each time the selection or the scroll nears the last one: the
 * list holds two screenfuls, not every match, so opening the palette and each keystroke render ~30
 * rows whatever the registry's size (issue 18: palette visible < 50 ms, a keystroke < 16 ms).
 */
export const ROWS_RENDERED = 30
const ROWS_NEAR_END = 5
type View = { groups: [string, Item[]][]; query: string | null }
const NO_VIEW: View = { groups: [], query: null }
/** What the deferred view holds while keystrokes render their rows at once: it stays put, so typing schedules no deferred render. */
const IMMEDIATE: View = { groups: [], query: null }

function recordItem(hit: SearchHit, close: () => void): Item {
  const kind = ENTITY_KIND_UI[hit.kind]
  const path = kind.path(hit.id)
  return {
    key: `record:${hit.kind}:${hit.id}`,
    title: hit.title,
    subtitle: hit.subtitle,
    group: 'Records',
    badge: kind.label,
    select: (where) => {
      rememberRecord({ kind: hit.kind, id: hit.id, title: hit.title, subtitle: hit.subtitle, path })
      commandEnv.open(path, where)
      close()
    },
  }
}

/** Where focus may go while the palette is open: itself, or a layer opened above it (a dialog, a menu). */
const ABOVE_THE_PALETTE = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'

/**
 * The command palette: every route, record and action, opened with mod+k.
 *
 * It stays mounted once the shell has warmed up, hidden (`visibility: hidden`, out of the
 * accessibility tree and of the pointer's way) while closed, so opening it shows a panel whose style
 * and layout are already worked out and re-renders only its own rows. A Radix dialog mounted its
 * portal, focus scope, scroll lock and cmdk on every opening: 40–80 ms of script before the input
 * could paint (issue 18: palette visible < 50 ms; docs/decisions.md, "Tenth round"). What the dialog
 * gave is kept here: a modal dialog named "Command palette", focus held inside while open (a layer
 * opened above it keeps its own), Escape and a click outside close it, and focus goes back where it
 * was when it closes.
 */
export function Palette() {
  const shell = useShell()
  const open = shell.dialog === 'palette'
  const layer = useRef<HTMLDivElement>(null)
  // The keys typed after Escape or Enter belong to the page at once: shellActions.close() lets go of
  // the keyboard in the same event (mod+k's closing too). Where focus goes back to is decided below.
  const close = shellActions.close
  const returnFocus = useRef<Element | null>(null)
  const input = () => layer.current?.querySelector<HTMLInputElement>('[cmdk-input]') ?? null

  useLayoutEffect(() => {
    if (!open) {
      // Back where it was, unless what the palette ran moved it on (a dialog it opened, a new
      // screen's field). Here rather than in the cleanup below: React puts back the focus a commit
      // found after its layout cleanups ran, which would be the palette's input again.
      const previous = returnFocus.current
      returnFocus.current = null
      const active = document.activeElement
      const inside = active instanceof HTMLElement && Boolean(layer.current?.contains(active))
      if ((inside || !active || active === document.body) && previous instanceof HTMLElement && previous.isConnected) {
        previous.focus({ preventScroll: true })
      } else if (inside) (active as HTMLElement).blur()
      return
    }
    returnFocus.current = document.activeElement
    input()?.focus()
    // A menu item that opens the palette (the bulk bar's Ban…, a record's Actions) closes its menu,
    // and the menu hands focus back to its trigger a moment later: typing belongs in the input.
    const holdFocus = (event: FocusEvent) => {
      // Closed already (Escape, a command run), only not yet rendered so: focus goes where it is sent.
      if (shellState.dialog !== 'palette') return
      const target = event.target
      if (!(target instanceof Element) || layer.current?.contains(target) || target.closest(ABOVE_THE_PALETTE)) return
      input()?.focus()
    }
    document.addEventListener('focusin', holdFocus)
    return () => document.removeEventListener('focusin', holdFocus)
  }, [open])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close()
    } else if (event.key === 'Tab') {
      // Nothing in the palette but its input takes focus: Tab stays there.
      event.preventDefault()
    }
  }

  return (
    <div ref={layer} className={PALETTE_LAYER_CLASS} data-open={open || undefined} aria-hidden={!open || undefined}>
      <div className="wl-palette-layer__backdrop" onPointerDown={close} />
      <div role="dialog" aria-modal="true" aria-label="Command palette" className="wl-palette" onKeyDown={onKeyDown}>
        <PaletteBody open={open} close={close} />
      </div>
    </div>
  )
}

/** What the palette reads of the workspace while it is closed: nothing changes, so nothing re-renders. */
const CLOSED_WORKSPACE = proxy({ state: { focusedTab: '' }, records: {}, lists: {} }) as unknown as typeof workspace
/** Likewise the recents: a record opened (which remembers it) must not render the hidden palette. */
const CLOSED_RECENTS = proxy({ owner: null, records: [], commands: [] }) as typeof recents

function PaletteBody({ open, close }: { open: boolean; close(): void }) {
  const recent = useSnapshot(open ? recents : CLOSED_RECENTS)
  // Closed, it follows nothing: a navigation must not render the hidden palette's rows again.
  const snap = useSnapshot(open ? workspace : CLOSED_WORKSPACE)
  const [query, setQuery] = useState('')
  const [pages, setPages] = useState<Page[]>([])
  const [hits, setHits] = useState<SearchHit[]>([])
  const [nestedResults, setNestedResults] = useState<readonly Command[] | null>(null)
  const [searching, setSearching] = useState(false)
  const [selected, setSelected] = useState('')
  // How far the rows were grown, and for which query and page: a new one starts from the first rows.
  const [grown, setGrown] = useState<{ query: string; page: Page | null; limit: number } | null>(null)
  // Each opening starts afresh (no query, no page, nothing found), decided while rendering it: an
  // effect would paint the last opening's query first.
  const [wasOpen, setWasOpen] = useState(open)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) {
      setQuery('')
      setPages([])
      setHits([])
      setNestedResults(null)
      setSearching(false)
      setSelected('')
      setGrown(null)
    }
  }
  const inputRef = useRef<HTMLInputElement>(null)
  const page = pages[pages.length - 1] ?? null
  // The context is read when the palette opens and again whenever the workspace changes under it: the
  // focused tab, its list, and its record as its data arrives (a palette opened while a record loads
  // shows that record's actions the moment they apply).
  const focusedRecord = snap.records[snap.state.focusedTab]
  const focusedList = snap.lists[snap.state.focusedTab]
  const context = useMemo(() => commandContext(), [snap.state.focusedTab, focusedList, focusedRecord]) // eslint-disable-line react-hooks/exhaustive-deps

  const openPage = useCallback(async (command: Command) => {
    const children = command.children ? await command.children(commandContext(), commandEnv) : null
    setPages((current) => [...current, { command, children }])
    setQuery('')
    setNestedResults(null)
    // A page chosen with the mouse would leave focus on the list: typing belongs in the input.
    inputRef.current?.focus()
  }, [])

  // A shortcut may open the palette straight on a command's page.
  useEffect(() => {
    if (!open) return
    const id = paletteState.initialCommandId
    const bound = paletteState.initialCommand
    paletteState.initialCommandId = null
    paletteState.initialCommand = null
    const command = bound ?? (id ? registry.get(id) : undefined)
    if (command) void openPage(command)
  }, [open, openPage])

  // Records from the server: debounced, and each new query cancels the one in flight.
  const runSearch = useCallback(async (text: string, signal: AbortSignal) => {
    setSearching(true)
    try {
      const found = await commandEnv.search(text, signal)
      if (!signal.aborted) setHits(found)
      return found
    } catch (error) {
      if (!signal.aborted && !(error instanceof ApiError && error.canceled)) setHits([])
      return []
    } finally {
      if (!signal.aborted) setSearching(false)
    }
  }, [])
  useEffect(() => {
    if (page || !open) return
    const text = query.trim()
    if (!text) {
      setHits([])
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => void runSearch(text, controller.signal), SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query, page, open, runSearch])

  // Nested pages filled by the server (pick an account...).
  useEffect(() => {
    if (!page?.command.search || !open) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setSearching(true)
      page.command.search!(query.trim(), commandContext(), commandEnv, controller.signal)
        .then((results) => !controller.signal.aborted && setNestedResults(results))
        .catch(() => !controller.signal.aborted && setNestedResults([]))
        .finally(() => !controller.signal.aborted && setSearching(false))
    }, NESTED_SEARCH_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [page, query, open])

  const commandItem = useCallback(
    (command: Command, options: { group?: string; recordRecent?: boolean } = {}): Item => {
      const state = availability(command, context)
      return {
        key: `command:${command.id}`,
        title: titleOf(command, context),
        group: options.group ?? command.group,
        // The keys, not the registry id: the hint reads 'w q', not 'workspace.closeTab'.
        shortcut: command.shortcut ? shortcutKeys(command.shortcut) : undefined,
        disabledReason: typeof state === 'string' ? state : null,
        select: async (where) => {
          if (command.children || command.search) return command
          if (options.recordRecent) rememberCommand(command.id)
          close()
          try {
            await command.run?.(commandContext(), envOpeningIn(where))
          } catch (error) {
            showNotice(error instanceof ApiError ? error.message : 'Something went wrong, try refreshing the site and try again.', {
              tone: 'error',
            })
          }
        },
      }
    },
    [context, close],
  )

  // What the palette offers here, worked out once per opening (the context), not per keystroke.
  // The areas' commands may still be on their way when the palette opens first: they join when they arrive.
  const loaded = useLoadedCommands()
  const availableHere = useMemo(() => (open ? registry.available(context) : []), [open, context, loaded]) // eslint-disable-line react-hooks/exhaustive-deps

  const items = useMemo<Item[]>(() => {
    if (!open) return []
    if (page) {
      const source = page.command.search ? (nestedResults ?? []) : (page.children ?? [])
      const ranked = page.command.search ? registry.available(context, source) : rank(registry.available(context, source), query)
      return ranked.map((entry) => commandItem(entry.command))
    }
    const text = query.trim()
    if (!text) {
      const recentRecords = recent.records
        .map((record) =>
          recordItem(
            {
              kind: record.kind as SearchHit['kind'],
              id: Number(record.id),
              title: record.title,
              subtitle: record.subtitle ?? '',
              score: 0,
            },
            close,
          ),
        )
        .map((item) => ({ ...item, group: 'Recent records' }))
      const recentCommands = recent.commands
        .map((id) => registry.get(id))
        .filter((command): command is Command => Boolean(command) && availability(command!, context) !== false)
        .map((command) => commandItem(command, { group: 'Recent commands', recordRecent: true }))
      const all = availableHere.map((entry) => commandItem(entry.command, { recordRecent: true }))
      return [...recentRecords, ...recentCommands, ...all]
    }
    const ranked = rank(availableHere, text)
    const commands = ranked.map((entry) => commandItem(entry.command, { recordRecent: true }))
    const records = hits.map((hit) => recordItem(hit, close))
    // Whichever group has the better best match comes first; identifiers always name a record.
    const bestCommand = ranked[0]?.score ?? 0
    const bestRecord = hits[0]?.score ?? 0
    return looksLikeIdentifier(text) || bestRecord > bestCommand ? [...records, ...commands] : [...commands, ...records]
  }, [open, page, nestedResults, context, availableHere, query, recent.records, recent.commands, hits, commandItem, close])

  const rowLimit = grown && grown.query === query && grown.page === page ? grown.limit : ROWS_RENDERED

  const { groups, more } = useMemo(() => {
    const map = new Map<string, Item[]>()
    // Best first, and no more than a screenful per group: thousands of rows would cost every
    // keystroke its frame, and nobody scrolls past the first hundred (typing narrows them).
    for (const item of items) {
      const group = map.get(item.group)
      if (!group) map.set(item.group, [item])
      else if (group.length < MAX_PER_GROUP) group.push(item)
    }
    // Then only the first rowLimit of them are rendered; the rest join as the user moves down.
    const shown: [string, Item[]][] = []
    let left = rowLimit
    let more = false
    for (const [group, entries] of map) {
      if (left <= 0) {
        more = true
        break
      }
      if (entries.length > left) more = true
      shown.push([group, entries.slice(0, left)])
      left -= Math.min(left, entries.length)
    }
    return { groups: shown, more }
  }, [items, rowLimit])
  // The input paints first and the rows right after, in a render of their own: opening the palette
  // costs a frame, not the frame plus every row (a keystroke's rows likewise follow its letter).
  // While the rows shown are behind the query, Enter takes the best match of the query typed.
  // The rows with the query they answer: the list says which query its rows are for (the front-end
  // bench times a keystroke to the rows of what was typed, not to a later answer of the record search).
  // Only the opening defers its rows (the input paints first, then the rows of an empty query): once
  // the palette is open, a keystroke's rows are rendered in the key's own task and painted in its
  // frame. Deferred, they came a frame or two after the letter (traced: the rows' render ran as a
  // task of its own after the letter's frame, 25-60 ms after the key at load ~7).
  const view = useMemo(() => ({ groups, query }), [groups, query])
  const immediate = open && (page !== null || query !== '')
  const deferred = useDeferredValue(immediate ? IMMEDIATE : view, NO_VIEW)
  const shown = immediate || deferred === IMMEDIATE ? view : deferred
  const shownGroups = shown.groups
  const behind = shown !== view
  // The rows shown by key, in order: the keys for the selection, the items for a row's choice.
  const shownByKey = useMemo(
    () => new Map(shownGroups.flatMap(([, entries]) => entries.map((item) => [item.key, item] as const))),
    [shownGroups],
  )
  const shownKeys = useMemo(() => [...shownByKey.keys()], [shownByKey])
  const showMore = useCallback(() => {
    if (more) setGrown({ query, page, limit: rowLimit + ROWS_RENDERED })
  }, [more, query, page, rowLimit])
  // Arrowing onto one of the last rows rendered brings the next ones.
  const select = useCallback(
    (key: string) => {
      setSelected(key)
      const at = shownKeys.indexOf(key)
      if (at >= 0 && at >= shownKeys.length - ROWS_NEAR_END) showMore()
    },
    [shownKeys, showMore],
  )

  // Results that arrive after typing (a nested page's server search) leave cmdk with nothing
  // selected, so Enter would do nothing: keep the first item selected while the choice is gone.
  // Likewise when a better match arrives on top (the focused record's action once its data loads, for
  // a palette opened at once): Enter takes the best match, not the one that was first a moment ago.
  // Decided while rendering, not in an effect: the rows of a keystroke render with the letter, and
  // the selection must change in the same commit. Chosen a commit later, cmdk still marked the row
  // that held the old choice (now further down) as selected when it chose the first row for the new
  // search, and scrolled the list to it, hiding the first row.
  const [firstKey, setFirstKey] = useState<string | null>(null)
  const first = shownGroups[0]?.[1][0]
  if ((first?.key ?? null) !== firstKey) setFirstKey(first?.key ?? null)
  if (first && selected !== first.key && (first.key !== firstKey || !shownKeys.includes(selected))) setSelected(first.key)

  const choose = useCallback(
    async (item: Item, where: OpenWhere) => {
      if (item.disabledReason) return
      const next = await item.select(where)
      if (next) await openPage(next)
    },
    [openPage],
  )

  // A row chooses by its key, read from the rows last rendered: a row whose text did not change
  // skips its render (PaletteRow), so it must not hold on to an older item's select.
  const shownItems = useRef(shownByKey)
  useLayoutEffect(() => {
    shownItems.current = shownByKey
  }, [shownByKey])
  const chooseKey = useCallback(
    (key: string) => {
      const item = shownItems.current.get(key)
      if (item) void choose(item, 'focused')
    },
    [choose],
  )

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Backspace' && query === '' && pages.length) {
      event.preventDefault()
      setPages((current) => current.slice(0, -1))
      setNestedResults(null)
      return
    }
    if (event.key === 'Enter' && behind) {
      event.preventDefault()
      const best = groups[0]?.[1][0]
      if (best) void choose(best, event.metaKey || event.ctrlKey ? 'right' : 'focused')
      return
    }
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault()
      const item = items.find((candidate) => candidate.key === selected)
      if (item) void choose(item, 'right')
    }
  }

  // Pasting an email or a prefixed id jumps straight to its record.
  const handlePaste = async (text: string) => {
    if (page || !looksLikeIdentifier(text)) return
    const controller = new AbortController()
    const found = await runSearch(text.trim(), controller.signal)
    const exact = found.filter((hit) => hit.score === 1)
    if (exact.length === 1) recordItem(exact[0], close).select('focused')
  }

  return (
    <Cmdk label="Command palette" shouldFilter={false} loop value={selected} onValueChange={select} onKeyDown={handleKeyDown}>
      <Flex align="center" gap="2" px="3" className="wl-palette__header">
        {pages.map((entry) => (
          <Badge key={entry.command.id} color="gray">
            {titleOf(entry.command, context).replace(/…$/, '')}
          </Badge>
        ))}
        <Cmdk.Input
          ref={inputRef}
          value={query}
          onValueChange={setQuery}
          onPaste={(event) => void handlePaste(event.clipboardData.getData('text'))}
          placeholder={
            page ? (page.command.placeholder ?? 'Choose…') : 'Search screens, records and actions… (paste an email or user:42 to jump)'
          }
          className="wl-palette__input"
        />
      </Flex>
      <Cmdk.List
        className="wl-palette__list"
        data-shown-query={shown.query ?? undefined}
        onScroll={(event) => {
          const list = event.currentTarget
          if (list.scrollTop + list.clientHeight >= list.scrollHeight - 120) showMore()
        }}
      >
        {/* Closed, it says nothing: its text is in the page though hidden, and a search for "No results" must not find it. */}
        {open && searching && items.length === 0 && <Cmdk.Loading>Searching…</Cmdk.Loading>}
        {open && !searching && !behind && (
          <Cmdk.Empty>{page?.command.search && !query ? (page.command.placeholder ?? 'Type to search.') : 'No results.'}</Cmdk.Empty>
        )}
        {shownGroups.map(([group, groupItems]) => (
          <Cmdk.Group key={group} heading={group}>
            {groupItems.map((item, slot) => (
              // By place, not by command: the next query's rows reuse these elements (new text and
              // attributes) instead of removing thirty rows and making thirty others.
              <PaletteRow key={slot} item={item} onChoose={chooseKey} />
            ))}
          </Cmdk.Group>
        ))}
      </Cmdk.List>
      <PaletteFooter nested={page !== null} />
    </Cmdk>
  )
}

/** One row, rendered again only when what it shows changes (a keystroke that keeps the top rows keeps their elements). */
const PaletteRow = memo(
  function PaletteRow({ item, onChoose }: { item: Item; onChoose(key: string): void }) {
    return (
      <Cmdk.Item value={item.key} disabled={Boolean(item.disabledReason)} onSelect={() => onChoose(item.key)} className="wl-palette__item">
        {/* Plain elements: a hundred rows of themed components cost a keystroke its frame. */}
        <span className="wl-palette__text">
          <span className="wl-palette__title">{item.title}</span>
          {(item.subtitle || item.disabledReason) && <span className="wl-palette__subtitle">{item.disabledReason ?? item.subtitle}</span>}
        </span>
        {/* Radix Themes' Badge and Kbd as the markup they render (their classes), without the
            components' prop handling: ~1.2 ms of a keystroke's 30 rows in the CPU profile. */}
        {item.badge && (
          <span data-accent-color="gray" className="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">
            {item.badge}
          </span>
        )}
        {item.shortcut && <kbd className="rt-reset rt-Kbd rt-r-size-1 rt-variant-classic">{formatShortcut(item.shortcut)}</kbd>}
      </Cmdk.Item>
    )
  },
  (a, b) =>
    a.onChoose === b.onChoose &&
    a.item.key === b.item.key &&
    a.item.title === b.item.title &&
    a.item.subtitle === b.item.subtitle &&
    a.item.disabledReason === b.item.disabledReason &&
    a.item.badge === b.item.badge &&
    a.item.shortcut === b.item.shortcut,
)

/** The keys the palette answers; the same on every keystroke, so rendered once per page kind. */
const PaletteFooter = memo(function PaletteFooter({ nested }: { nested: boolean }) {
  return (
    <Flex gap="3" px="3" py="2" className="wl-palette__footer">
      <Text size="1" color="gray">
        {nested ? (
          <>
            <Kbd size="1">Enter</Kbd> choose · <Kbd size="1">Backspace</Kbd> back · <Kbd size="1">Esc</Kbd> close
          </>
        ) : (
          <>
            <Kbd size="1">Enter</Kbd> open · <Kbd size="1">{formatShortcut('mod+enter')}</Kbd> open in a new pane ·{' '}
            <Kbd size="1">Backspace</Kbd> back · <Kbd size="1">Esc</Kbd> close
          </>
        )}
      </Text>
    </Flex>
  )
})
