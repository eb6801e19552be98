import { memo, useEffect, useMemo } from 'react'
import { useHotkeys, useHotkeysContext } from 'react-hotkeys-hook'
import { useSnapshot } from 'valtio'
import type { Command } from '@commands/types'
import { availability } from '@commands/registry'
import { SHORTCUTS, SHORTCUT_IDS, toHotkey, type ShortcutDef, type ShortcutId } from '@commands/shortcuts'
import { commandContext, registry } from './commands'
import { runCommand } from './run-command'
import { shellActions, shellState } from './ui-state'
import { workspace, workspaceActions } from '../workspace/store'

// Memoised: the keyboard map re-renders when the focused tab changes; its bindings need not.
const ShortcutBinding = memo(function ShortcutBinding({ hotkey, run }: { hotkey: string; run(event: KeyboardEvent): void }) {
  useHotkeys(
    hotkey,
    (event) => {
      // Another dialog (or the palette) owns the keyboard while it is open.
      if (shellState.dialog) return
      run(event)
    },
    { scopes: ['global'], sequenceTimeoutMs: 1200 },
    [run],
  )
  return null
})

interface Binding {
  key: string
  hotkey: string
  run(event: KeyboardEvent): void
}

/** The commands carrying each key: several record actions may share one (a on each kind's approve). */
function commandBindings(commands: readonly Command[]): Binding[] {
  const byKey = new Map<ShortcutId, Command[]>()
  for (const command of commands) {
    if (!command.shortcut || SHORTCUTS[command.shortcut].bound !== 'command') continue
    byKey.set(command.shortcut, [...(byKey.get(command.shortcut) ?? []), command])
  }
  const bindings: Binding[] = []
  for (const [id, carriers] of byKey) {
    const hotkey = toHotkey(SHORTCUTS[id].keys)
    if (!hotkey) continue
    bindings.push({
      key: id,
      hotkey,
      run: (event) => {
        // The key is the first command that applies here; elsewhere it leaves the key alone.
        const context = commandContext()
        const command = carriers.find((candidate) => availability(candidate, context) !== false)
        if (!command) return
        event.preventDefault()
        void runCommand(command)
      },
    })
  }
  return bindings
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
        key: id,
        hotkey,
        run: (event: KeyboardEvent) => {
          event.preventDefault()
          workspaceActions.open(to, 'focused')
        },
      },
    ]
  })
}

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

  const bindings = useMemo(() => [...commandBindings(registry.all()), ...goBindings()], [])
  return (
    <>
      {bindings.map((binding) => (
        <ShortcutBinding key={binding.key} hotkey={binding.hotkey} run={binding.run} />
      ))}
    </>
  )
}
