import type { AvailableCommand, Command, CommandContext } from './types'
import { scoreMatch } from './score'

/** Commands as data: domains register theirs, the palette lists and filters them. */
export class CommandRegistry {
  private commands = new Map<string, Command>()

  register(commands: readonly Command[]): () => void {
    for (const command of commands) {
      if (this.commands.has(command.id)) throw new Error(`Command ${command.id} is registered twice`)
      this.commands.set(command.id, command)
    }
    return () => commands.forEach((command) => this.commands.delete(command.id))
  }

  get(id: string): Command | undefined {
    return this.commands.get(id)
  }

  all(): Command[] {
    return [...this.commands.values()]
  }

  /** Commands that apply here: hidden ones dropped, others enabled or disabled with a reason. */
  available(context: CommandContext, commands: readonly Command[] = this.all()): AvailableCommand[] {
    const result: AvailableCommand[] = []
    for (const command of commands) {
      const state = availability(command, context)
      if (state === false) continue
      result.push({ command, title: titleOf(command, context), disabledReason: typeof state === 'string' ? state : null })
    }
    return result
  }

  /** Available commands matching the query, best first (enabled before disabled at equal score). */
  filter(query: string, context: CommandContext, commands?: readonly Command[]): AvailableCommand[] {
    return rank(this.available(context, commands), query)
  }
}

export function availability(command: Command, context: CommandContext): boolean | string {
  if (command.access && !context.account) return false
  if (command.access === 'admin' && context.account?.type !== 'admin') return false
  return command.when ? command.when(context) : true
}

export function titleOf(command: Command, context: CommandContext): string {
  return typeof command.title === 'function' ? command.title(context) : command.title
}

const RECORD_LIFT = 0.2
const RECORD_LIFT_FROM = 0.6

export function rank(items: readonly AvailableCommand[], query: string): AvailableCommand[] {
  if (!query.trim()) return [...items]
  const scored: { item: AvailableCommand; score: number; titleScore: number }[] = []
  for (const item of items) {
    const titleScore = Math.max(scoreMatch(item.title, query), item.command.subject ? scoreMatch(item.command.subject, query) : 0)
    let score = titleScore
    for (const keyword of item.command.keywords ?? []) score = Math.max(score, scoreMatch(keyword, query) * 0.9)
    // An action on the focused record outranks a global command matching the same word ("approve":
    // "Approve payout #12" before "Export approved payouts…"); a loose match earns no lift. Nor does an
    // action that cannot run here (the list's "Approve 0 selected payouts"): its shorter title would
    // otherwise put it above the record's own action that applies.
    if (item.command.onRecord && !item.disabledReason && score >= RECORD_LIFT_FROM) score += RECORD_LIFT
    if (score > 0) scored.push({ item, score: item.disabledReason ? score - 0.01 : score, titleScore })
  }
  // Equal keyword scores ("users" is a keyword of Users and of User invites): the title decides.
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.titleScore - a.titleScore ||
      a.item.title.length - b.item.title.length ||
      a.item.title.localeCompare(b.item.title),
  )
  return scored.map((entry) => ({ ...entry.item, score: entry.score }))
}
