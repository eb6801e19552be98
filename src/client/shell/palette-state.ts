import { proxy } from 'valtio'
import type { Command } from '@commands/types'

/** Opening the palette on a given nested page (e.g. a shortcut for a command with choices). */
export const paletteState = proxy<{ initialCommandId: string | null }>({ initialCommandId: null })
export type { Command }
