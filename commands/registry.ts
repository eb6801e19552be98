import type { AvailableCommand, Command, CommandContext } from './types'
import { prepareQuery, scorePrepared } from './score'

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

/** Each command's lower-cased keywords and subject, made once (commands are static declarations). */
const loweredParts = new WeakMap<Command, { keywords: string[]; subject: string | null }>()
function partsOf(command: Command) {
  let parts = loweredParts.get(command)
  if (!parts) {
    parts = { keywords: (command.keywords ?? []).map((keyword) => keyword.toLowerCase()), subject: command.subject?.toLowerCase() ?? null }
    loweredParts.set(command, parts)
  }
  return parts
}

export function rank(items: readonly AvailableCommand[], query: string): AvailableCommand[] {
  if (!query.trim()) return [...items]
  const prepared = prepareQuery(query)
  const scored: { item: AvailableCommand; score: number; titleScore: number }[] = []
  for (const item of items) {
    const { keywords, subject } = partsOf(item.command)
    const titleScore = Math.max(scorePrepared(item.title.toLowerCase(), prepared), subject ? scorePrepared(subject, prepared) : 0)
    let score = titleScore
    for (const keyword of keywords) score = Math.max(score, scorePrepared(keyword, prepared) * 0.9)
    // An action on the focused record outranks a global command matching the same word ("approve":
    // "Approve payout #12" before "Export approved payouts…"); a loose match earns no lift. Nor does an
    // action that cannot run here (the list's "Approve 0 selected payouts"): its shorter title would
    // otherwise put it above the record's own action that applies.
    if (item.command.onRecord && !item.disabledReason && score >= RECORD_LIFT_FROM) score += RECORD_LIFT
    if (score > 0) scored.push({ item, score: item.disabledReason ? score - 0.01 : score, titleScore })
  }
  // Equal keyword scores ("users" is a keyword of Users and of User invites): the title decides.
  // Plain code-unit order for the last tie: localeCompare over thousands of pairs cost most of a frame.
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.titleScore - a.titleScore ||
      a.item.title.length - b.item.title.length ||
      (a.item.title < b.item.title ? -1 : a.item.title > b.item.title ? 1 : 0),
  )
  return scored.map((entry) => ({ ...entry.item, score: entry.score }))
}
