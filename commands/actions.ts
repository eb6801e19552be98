import type { EndpointId, EndpointInput, EndpointOutput, Endpoints } from '@contract/index'
import { ENDPOINT_ROUTES as ENDPOINTS } from './endpoint-routes'
import type { Availability, Command, CommandAccess, CommandContext, CommandEnv } from './types'
import type { RecordKind, RecordRef, RecordStates } from './records'
import type { ShortcutId } from './shortcuts'
import { promptCommand } from './prompt'

/** A signed-in call that changes something: what a record action may call. */
export type MutationId = {
  [K in EndpointId]: Endpoints[K]['method'] extends 'GET' ? never : Endpoints[K]['access'] extends 'guest' ? never : K
}[EndpointId]

export interface TargetItem<K extends RecordKind> {
  id: number
  title?: string
  /** Absent while the record loads, or when a list does not know its rows as records. */
  state?: RecordStates[K]
}

/** What an action acts on: the focused record, or a list's selected rows. */
export interface Target<K extends RecordKind = RecordKind> {
  kind: K
  from: 'record' | 'selection'
  items: readonly TargetItem<K>[]
}

/** What an action asks before it calls: a line of text (a reason, an amount), a yes/no, or one of some choices. */
export type Ask<K extends RecordKind, A> =
  | {
      kind: 'text'
      placeholder: string
      validate?(text: string): string | null
      /** The one choice offered for the typed text, e.g. `Ban Alice: “spam”`. */
      confirmTitle(text: string, target: Target<K>): string
    }
  | { kind: 'confirm'; question(target: Target<K>): string }
  | { kind: 'choose'; placeholder: string; choices(target: Target<K>): readonly { value: A; title: string }[] }
  /** One of many found on the server as the user types (a label account, say). */
  | {
      kind: 'find'
      placeholder: string
      find(query: string, target: Target<K>, env: CommandEnv, signal: AbortSignal): Promise<readonly { value: A; title: string }[]>
    }

/**
 * One record action, declared once. The palette, the record's header and menu, the list's bulk bar
 * and the shortcut are all rendered from it; access comes from the contract endpoint it calls.
 */
export interface RecordActionDef<K extends RecordKind, E extends MutationId, A> {
  /** The contract endpoint it calls: one search finds contract, handler, action and tests. */
  id: E
  /** When one endpoint backs several actions (approve and reject both call payouts.changeStatus). */
  variant?: string
  kinds: readonly K[]
  /** One record, a selection, or both. */
  scope: 'one' | 'many' | 'both'
  /** On a button: short ("Ban…", "Approve"). */
  label: string
  /** In the palette: names its target ("Ban Alice…", "Ban 3 selected accounts…"). */
  title(target: Target<K>): string
  group: string
  keywords?: readonly string[]
  /** The button's colour. */
  tone?: 'red' | 'green' | 'gray' | 'accent'
  shortcut?: ShortcutId
  /** Whether it applies to a record in this state: false hides it, a string disables it with that reason. */
  available?(state: RecordStates[K], context: CommandContext): Availability
  ask?: Ask<K, A>
  /** The call's input for one record. */
  input(item: TargetItem<K>, answer: A): EndpointInput<Endpoints[E]>
  /** When the endpoint takes many ids: the one call for a selection (otherwise it is called per record). */
  inputMany?(ids: readonly number[], answer: A): EndpointInput<Endpoints[E]>
  /** The success message (null: the action says nothing, e.g. it replaces the session). */
  success(result: EndpointOutput<Endpoints[E]>, target: Target<K>, answer: A): string | null
  /** For a selection called per record: the past verb of "Banned 2 of 3.". */
  past?: string
  /** After success (move on to the next item of a queue, replace the session...). */
  after?(result: EndpointOutput<Endpoints[E]>, target: Target<K>, env: CommandEnv): void
}

/** A declared action as the shell uses it: its identity, and its commands for a target. */
export interface RecordAction {
  /** `id`, or `id:variant`: unique. Also the palette command's id on the focused record. */
  key: string
  id: MutationId
  kinds: readonly RecordKind[]
  scope: 'one' | 'many' | 'both'
  label: string
  group: string
  tone?: 'red' | 'green' | 'gray' | 'accent'
  shortcut?: ShortcutId
  access: CommandAccess
  /** Whether it asks first (a button shows "…"). */
  asks: boolean
  /** What it asks, when it does. */
  askKind: 'text' | 'confirm' | 'choose' | 'find' | null
  /**
   * The action with its answer already given, by a control of the screen that asked in its own way
   * (a picker dialog): the same call, success message and refresh as from the palette.
   */
  answered(target: Target, answer: unknown): Command
  /** Enabled, hidden (false) or disabled with a reason, for this target. */
  availability(target: Target, context: CommandContext): Availability
  /** Its palette command bound to one target (a button or the bulk bar runs it through `runCommand`). */
  command(target: Target): Command
  /** The registry's commands: on the focused record, and on the focused list's selection. */
  commands: readonly Command[]
}

const SELECTION_SUFFIX = '.selection'

export function defineAction<K extends RecordKind, E extends MutationId, A = undefined>(def: RecordActionDef<K, E, A>): RecordAction {
  const key = def.variant ? `${def.id}:${def.variant}` : def.id
  const endpointAccess = ENDPOINTS[def.id].access
  const access: CommandAccess = endpointAccess === 'admin' ? 'admin' : 'auth'
  const kinds: readonly RecordKind[] = def.kinds
  const isMine = (target: Target): target is Target<K> => kinds.includes(target.kind)
  const many = def.scope !== 'one'
  const one = def.scope !== 'many'

  const availabilityOf = (target: Target, context: CommandContext): Availability => {
    if (!isMine(target)) return false
    if (target.from === 'record' && !one) return false
    if (target.from === 'selection' && !many) return false
    if (target.items.length === 0) return target.from === 'selection' ? 'Select rows first (x, or shift+x for all)' : false
    if (!def.available) return true
    if (target.from === 'record') {
      const state = target.items[0].state
      return state ? def.available(state, context) : false
    }
    // A selection: offered when any selected row may take it (the server refuses the others, said in the summary).
    let reason: Availability = false
    for (const item of target.items) {
      if (!item.state) return true
      const verdict = def.available(item.state, context)
      if (verdict === true) return true
      if (typeof verdict === 'string' && reason === false) reason = verdict
    }
    return reason
  }

  const perform = async (target: Target<K>, answer: A, env: CommandEnv): Promise<void> => {
    const items = target.items
    if (items.length === 1) {
      const result = await env.call(def.id, def.input(items[0], answer))
      return finish(result, target, answer, env)
    }
    if (def.inputMany) {
      const result = await env.call(
        def.id,
        def.inputMany(
          items.map((item) => item.id),
          answer,
        ),
      )
      return finish(result, target, answer, env)
    }
    let done = 0
    const problems = new Set<string>()
    for (const item of items) {
      try {
        await env.call(def.id, def.input(item, answer))
        done += 1
      } catch (error) {
        problems.add(error instanceof Error ? error.message : String(error))
      }
    }
    env.refresh()
    const summary = `${def.past ?? def.label.replace(/…$/, '')} ${done} of ${items.length}.`
    env.notify(problems.size ? `${summary} ${[...problems].join(' ')}` : summary, problems.size ? 'error' : 'success')
  }

  const finish = (result: EndpointOutput<Endpoints[E]>, target: Target<K>, answer: A, env: CommandEnv) => {
    env.refresh()
    const message = def.success(result, target, answer)
    if (message) env.notify(message, 'success')
    def.after?.(result, target, env)
  }

  const bound = (target: Target, id: string): Command => {
    const base = {
      id,
      title: isMine(target) ? def.title(target) : def.label,
      group: def.group,
      keywords: def.keywords,
      access,
      shortcut: target.from === 'record' ? def.shortcut : undefined,
      onRecord: true,
      when: (context: CommandContext) => availabilityOf(target, context),
    }
    if (!isMine(target)) return base
    const ask = def.ask
    if (!ask) {
      // No question: the answer type is `undefined` (A's default) for every action without `ask`.
      const none: A | undefined = undefined
      return { ...base, run: (_context, env) => perform(target, none as A, env) }
    }
    if (ask.kind === 'text')
      return promptCommand({
        ...base,
        placeholder: ask.placeholder,
        validate: ask.validate,
        confirmTitle: (text) => ask.confirmTitle(text, target),
        // A text question's answer is the text: declarations asking for text take `string`.
        submit: (text, _context, env) => perform(target, text as A, env),
      })
    if (ask.kind === 'confirm')
      return {
        ...base,
        placeholder: ask.question(target),
        children: () => [
          {
            id: `${id}.yes`,
            title: `Yes: ${ask.question(target)}`,
            group: 'Confirm',
            run: (_context, env) => perform(target, undefined as A, env),
          },
          { id: `${id}.no`, title: 'No, cancel', group: 'Confirm', run: () => undefined },
        ],
      }
    if (ask.kind === 'find')
      return {
        ...base,
        placeholder: ask.placeholder,
        search: async (query, _context, env, signal) =>
          (await ask.find(query, target, env, signal)).map((choice) => ({
            id: `${id}.${String(choice.value)}`,
            title: choice.title,
            group: def.group,
            run: (_context: CommandContext, runEnv: CommandEnv) => perform(target, choice.value, runEnv),
          })),
      }
    return {
      ...base,
      placeholder: ask.placeholder,
      children: () =>
        ask.choices(target).map((choice) => ({
          id: `${id}.${String(choice.value)}`,
          title: choice.title,
          group: def.group,
          run: (_context: CommandContext, env: CommandEnv) => perform(target, choice.value, env),
        })),
    }
  }

  /** A registry command whose target is read from the context each time it is asked. */
  const contextual = (id: string, targetOf: (context: CommandContext) => Target | null, shortcut?: ShortcutId): Command => {
    const at = (context: CommandContext) => {
      const target = targetOf(context)
      return target ? bound(target, id) : null
    }
    const asks = def.ask?.kind
    const command: Command = {
      id,
      title: (context) => {
        const target = targetOf(context)
        return target && isMine(target) ? def.title(target) : def.label
      },
      group: def.group,
      keywords: def.keywords,
      access,
      shortcut,
      onRecord: true,
      when: (context) => {
        const target = targetOf(context)
        return target ? availabilityOf(target, context) : false
      },
    }
    if (asks === 'text' || asks === 'find')
      command.search = async (query, context, env, signal) => (await at(context)?.search?.(query, context, env, signal)) ?? []
    else if (asks) command.children = async (context, env) => (await at(context)?.children?.(context, env)) ?? []
    else command.run = (context, env) => at(context)?.run?.(context, env)
    if (asks === 'text' && def.ask?.kind === 'text') command.placeholder = def.ask.placeholder
    else if (def.ask?.kind === 'choose' || def.ask?.kind === 'find') command.placeholder = def.ask.placeholder
    return command
  }

  const commands: Command[] = []
  if (one) commands.push(contextual(key, (context) => recordTarget(context), def.shortcut))
  if (many) commands.push(contextual(`${key}${SELECTION_SUFFIX}`, (context) => selectionTarget(context)))

  return {
    key,
    id: def.id,
    kinds,
    scope: def.scope,
    label: def.label,
    group: def.group,
    tone: def.tone,
    shortcut: def.shortcut,
    access,
    asks: Boolean(def.ask),
    askKind: def.ask?.kind ?? null,
    answered: (target, answer) => {
      const base = bound(target, `${key}.answered`)
      // The screen's control gave the answer (typed as the declaration's A by the caller's key).
      return isMine(target) ? { ...base, search: undefined, children: undefined, run: (_context, env) => perform(target, answer as A, env) } : base
    },
    availability: availabilityOf,
    command: (target) => bound(target, target.from === 'selection' ? `${key}${SELECTION_SUFFIX}` : key),
    commands,
  }
}

/** The focused record as a target. */
export function recordTarget(context: CommandContext): Target | null {
  return context.record ? targetOfRecord(context.record) : null
}

/** One record (a tab's, a header's) as a target. */
export function targetOfRecord(record: RecordRef): Target | null {
  const id = Number(record.id)
  if (!Number.isInteger(id) || id <= 0) return null
  return { kind: record.kind, from: 'record', items: [{ id, title: record.title, state: record.state }] }
}

/** The focused list's selection as a target (when its rows are records). */
export function selectionTarget(context: CommandContext): Target | null {
  return context.list?.selection ?? null
}

/** A list's selected rows as a target of their kind. */
export function selectionOf<K extends RecordKind>(kind: K, items: readonly TargetItem<K>[]): Target<K> {
  return { kind, from: 'selection', items }
}

/** Declared actions for a kind of record, in declaration order, that apply to a target from `from`. */
export function actionsFor(actions: readonly RecordAction[], kind: RecordKind, from: Target['from']): RecordAction[] {
  return actions.filter((action) => action.kinds.includes(kind) && (from === 'record' ? action.scope !== 'many' : action.scope !== 'one'))
}
