import { useEffect, useMemo } from 'react'
import { useHotkeys, useHotkeysContext } from 'react-hotkeys-hook'
import { useSnapshot } from 'valtio'
import type { Command } from '@commands/types'
import { registry } from './commands'
import { runCommand } from './run-command'
import { shellActions, shellState } from './ui-state'
import { workspace, workspaceActions } from '../workspace/store'
import { toHotkey } from './hotkey-notation'

function ShortcutBinding({ command, hotkey }: { command: Command; hotkey: string }) {
  useHotkeys(
    hotkey,
    (event) => {
      // Another dialog (or the palette) owns the keyboard while it is open.
      if (shellState.dialog) return
      event.preventDefault()
      void runCommand(command)
    },
    { scopes: ['global'], sequenceTimeoutMs: 1200 },
    [command],
  )
  return null
}

/**
 * The keyboard map: mod+k opens the palette anywhere (and does nothing else); every command with a
 * shortcut is bound; alt+1..9 focuses a pane. The focused tab's scope is the only tab scope
 * enabled, so list keys (j/k/x/Enter) act on the focused pane alone.
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
    'mod+k',
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

  const bindings = useMemo(
    () =>
      registry
        .all()
        .map((command) => ({ command, hotkey: command.shortcut ? toHotkey(command.shortcut) : null }))
        .filter((binding): binding is { command: Command; hotkey: string } => Boolean(binding.hotkey)),
    [],
  )
  return (
    <>
      {bindings.map(({ command, hotkey }) => (
        <ShortcutBinding key={command.id} command={command} hotkey={hotkey} />
      ))}
    </>
  )
}
