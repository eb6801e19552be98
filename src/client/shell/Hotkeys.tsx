import { useEffect } from 'react'
import { useHotkeys, useHotkeysContext } from 'react-hotkeys-hook'
import { useSnapshot } from 'valtio'
import type { Command } from '@commands/types'
import { availability } from '@commands/registry'
import { SHORTCUTS, SHORTCUT_IDS, toHotkey, type ShortcutDef, type ShortcutId } from '@commands/shortcuts'
import { commandContext, commandsLoaded, loadCommands, registry } from './commands'
import { runCommand } from './run-command'
import { shellActions, shellState } from './ui-state'
import { workspace, workspaceActions } from '../workspace/store'

interface Binding {
  hotkey: string
  run(event: KeyboardEvent): void
}

/** The commands carrying a shortcut (several record actions may share one: a on each kind's approve). */
const carriersOf = (id: ShortcutId): Command[] => registry.all().filter((command) => command.shortcut === id)

/**
 * Every shortcut the table says a command carries, bound from start-up: the key is the first command
 * carrying it that applies here; elsewhere it leaves the key alone. A key pressed before the areas'
 * commands have arrived (`loadCommands`) waits for them and then acts where it was pressed.
 */
function commandBindings(): Binding[] {
  return SHORTCUT_IDS.flatMap((id) => {
    const hotkey = SHORTCUTS[id].bound === 'command' ? toHotkey(SHORTCUTS[id].keys) : null
    if (!hotkey) return []
    const run = (event: KeyboardEvent) => {
      const context = commandContext()
      const pick = () => carriersOf(id).find((candidate) => availability(candidate, context) !== false)
      if (!commandsLoaded()) {
        void loadCommands().then(
          () => {
            const command = pick()
            if (command) void runCommand(command, 'focused', context)
          },
          () => undefined,
        )
        return
      }
      const command = pick()
      if (!command) return
      event.preventDefault()
      void runCommand(command)
    }
    return [{ hotkey, run }]
  })
}

/** "g then key": opens the sidebar group's screen in the focused pane. */
function goBindings(): Binding[] {
  return SHORTCUT_IDS.flatMap((id) => {
    const def: ShortcutDef = SHORTCUTS[id]
    const hotkey = def.bound === 'go' && def.to ? toHotkey(def.keys) : null
    if (!hotkey || !def.to) return []
    const to = def.to
    return [
      {
        hotkey,
        run: (event: KeyboardEvent) => {
          event.preventDefault()
          workspaceActions.open(to, 'focused')
        },
      },
    ]
  })
}

/** Made once: the table is static, and each binding finds its command when its key is pressed. */
const BINDINGS: readonly Binding[] = [...commandBindings(), ...goBindings()]
const BY_HOTKEY = new Map<string, Binding[]>()
// Keyed as the hook hands them back (it lower-cases the list it is given).
for (const binding of BINDINGS) {
  const key = binding.hotkey.toLowerCase()
  BY_HOTKEY.set(key, [...(BY_HOTKEY.get(key) ?? []), binding])
}
const HOTKEYS = [...BY_HOTKEY.keys()]

/**
 * The keyboard map, from the one shortcut registry (commands/shortcuts.ts): mod+k opens the palette
 * anywhere (and does nothing else); every command carrying a shortcut is bound; "g then key" opens
 * each sidebar group; alt+1..9 focuses a pane. The focused tab's scope is the only tab scope
 * enabled, so page keys (j/k/x/Enter) act on the focused pane alone.
 */
export function Hotkeys() {
  const snap = useSnapshot(workspace)
  const { enableScope, disableScope, activeScopes } = useHotkeysContext()
  const focusedScope = `tab:${snap.state.focusedTab}`
  useEffect(() => {
    for (const scope of activeScopes) if (scope.startsWith('tab:') && scope !== focusedScope) disableScope(scope)
    if (!activeScopes.includes(focusedScope)) enableScope(focusedScope)
  }, [focusedScope, activeScopes, enableScope, disableScope])

  useHotkeys(
    SHORTCUTS['palette.open'].keys,
    (event) => {
      event.preventDefault()
      if (shellState.dialog === 'palette') shellActions.close()
      else shellActions.open('palette')
    },
    { enableOnFormTags: true, enableOnContentEditable: true, scopes: ['global'], preventDefault: true },
  )
  useHotkeys(
    ['alt+1', 'alt+2', 'alt+3', 'alt+4', 'alt+5', 'alt+6', 'alt+7', 'alt+8', 'alt+9'],
    (event, handler) => {
      if (shellState.dialog) return
      event.preventDefault()
      const digit = Number(handler.keys?.[0] ?? event.code.replace('Digit', ''))
      if (digit >= 1) workspaceActions.focusPane(digit - 1)
    },
    { scopes: ['global'] },
  )

  // One hook for the whole table: one listener and one context consumer, where a component per
  // shortcut re-rendered them all (34) on every change of the focused tab's scope.
  useHotkeys(
    HOTKEYS,
    (event, handler) => {
      // Another dialog (or the palette) owns the keyboard while it is open.
      if (shellState.dialog) return
      for (const binding of BY_HOTKEY.get(handler.hotkey) ?? []) binding.run(event)
    },
    { scopes: ['global'], sequenceTimeoutMs: 1200 },
  )
  return null
}
