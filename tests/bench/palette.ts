import { readFileSync } from 'node:fs'
import path from 'node:path'
import { CommandRegistry } from '../../commands/registry'
import { navigationCommands, type RouteMeta } from '../../commands/navigation'
import { WORKSPACE_COMMANDS } from '../../commands/workspace'
import { SHELL_COMMANDS } from '../../commands/shell'
import type { Command, CommandContext } from '../../commands/types'

export interface PaletteResult {
  commands: number
  keystrokes: number
  p50Micros: number
  p99Micros: number
  maxMicros: number
}

const context: CommandContext = { account: { id: 1, type: 'admin', isOperator: true }, route: null, record: null, list: null, paneCount: 2 }

/**
 * Time per keystroke of the palette's local filtering, over every route of the spec (as if all were
 * built) plus the registered actions, padded with synthetic actions to `total` commands.
 */
export function measurePalette(total = 1000): PaletteResult {
  const tsv = readFileSync(path.resolve(import.meta.dirname, '../fixtures/spec/routes.tsv'), 'utf8')
  const routes: RouteMeta[] = tsv
    .split('\n')
    .filter((line) => line.startsWith('/'))
    .map((line) => {
      const [routePath, access, title] = line.split('\t')
      return { path: routePath, access: access as RouteMeta['access'], title }
    })
  const registry = new CommandRegistry()
  registry.register(navigationCommands(routes))
  registry.register(WORKSPACE_COMMANDS)
  registry.register(SHELL_COMMANDS)
  const verbs = ['Approve', 'Reject', 'Ban', 'Verify', 'Lock', 'Unlock', 'Export', 'Change status of', 'Mark paid', 'Take down']
  const nouns = ['release', 'split', 'payout', 'account', 'ticket', 'news item', 'edit request', 'report', 'import', 'track']
  const padding: Command[] = []
  for (let i = 0; registry.all().length + padding.length < total; i++) {
    padding.push({
      id: `bench.${i}`,
      title: `${verbs[i % verbs.length]} ${nouns[Math.floor(i / verbs.length) % nouns.length]} ${i}`,
      group: 'Bench',
      keywords: ['bench'],
    })
  }
  registry.register(padding)
  const phrases = ['go to users', 'approve payout', 'split right', 'royalty', 'tgsb', 'notif']
  const samples: number[] = []
  for (let round = 0; round < 20; round++) {
    for (const phrase of phrases) {
      for (let length = 1; length <= phrase.length; length++) {
        const started = performance.now()
        registry.filter(phrase.slice(0, length), context)
        samples.push((performance.now() - started) * 1000)
      }
    }
  }
  samples.sort((a, b) => a - b)
  const at = (q: number) => Math.round(samples[Math.min(samples.length - 1, Math.floor(samples.length * q))])
  return {
    commands: registry.all().length,
    keystrokes: samples.length,
    p50Micros: at(0.5),
    p99Micros: at(0.99),
    maxMicros: Math.round(samples[samples.length - 1]),
  }
}
