import { proxy } from 'valtio'
import type { Command } from '@commands/types'

/**
 * Opening the palette on a given nested page: a shortcut for a command with choices names it by id;
 * a button or the bulk bar hands the command bound to its own target (a record, a selection).
 */
export const paletteState = proxy<{ initialCommandId: string | null; initialCommand: Command | null }>({
  initialCommandId: null,
  initialCommand: null,
})
export type { Command }
