import type { Command, CommandContext, CommandEnv, OpenWhere } from '@commands/types'
import { availability } from '@commands/registry'
import { ref } from 'valtio'
import { commandContext, commandEnv, registry } from './commands'
import { rememberCommand } from './recents'
import { shellActions } from './ui-state'
import { paletteState } from './palette-state'
import { showNotice } from '../ui/notices/notices'
import { ApiError } from '../api'

/** An env whose "open" defaults to a place (mod+Enter opens in a new pane to the right). */
export function envOpeningIn(where: OpenWhere): CommandEnv {
  return { ...commandEnv, open: (path, target) => commandEnv.open(path, target ?? where) }
}

/** Runs a command from a shortcut: commands with choices open the palette on their page. */
export async function runCommand(command: Command, where: OpenWhere = 'focused', contextOverride?: Partial<CommandContext>): Promise<void> {
  const context = { ...commandContext(), ...contextOverride }
  const state = availability(command, context)
  if (state === false) return
  if (typeof state === 'string') {
    showNotice(state, { tone: 'info' })
    return
  }
  if (command.children || command.search) {
    // A registered command opens by id; one bound to a target (a button's, the bulk bar's) is handed over.
    if (registry.get(command.id) === command) paletteState.initialCommandId = command.id
    else paletteState.initialCommand = ref(command)
    shellActions.open('palette')
    return
  }
  rememberCommand(command.id)
  try {
    await command.run?.(context, envOpeningIn(where))
  } catch (error) {
    showNotice(error instanceof ApiError ? error.message : 'Something went wrong, try refreshing the site and try again.', {
      tone: 'error',
    })
  }
}
