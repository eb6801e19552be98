import { stateOf } from './records'
import type { Command, CommandContext, CommandEnv } from './types'
import { formatMoney } from '@core/format'
import { promptCommand } from './prompt'
import type { EndpointOutput, Endpoints } from '@contract/index'
import { SHORTFALL_UNCONFIRMED } from '@contract/ledger-vocabulary'

// Palette actions of the royalties ledger: adjustments on the focused account, exchange rates and
// matching unmatched statement lines (docs/royalties.md).

const onAccount = (context: CommandContext) => context.record?.kind === 'account'
const accountId = (context: CommandContext) => Number(context.record?.id)
const nameOf = (context: CommandContext) => stateOf(context.record, 'account')?.displayName ?? context.record?.title ?? 'this account'

async function done(env: CommandEnv, text: string) {
  env.refresh()
  env.notify(text, 'success')
}

/** "-12.50 Chargeback from store" → amount and reason. */
export function parseAdjustment(text: string): { amount: string; reason: string } | string {
  const match = /^([-+]?\d{1,13}(?:\.\d{1,2})?)\s+(.+)$/.exec(text.trim())
  if (!match) return 'Type an amount (at most two decimals) and then the reason, e.g. -12.50 Chargeback'
  if (!/[1-9]/.test(match[1])) return 'An adjustment cannot be zero'
  if (match[2].trim().length > 500) return 'The reason is too long'
  return { amount: match[1].replace(/^\+/, ''), reason: match[2].trim() }
}

/** "EUR 2025-03 1.0825" → currency, month and rate. */
export function parseRate(text: string): { currency: string; period: string; rate: string } | string {
  const match = /^([A-Za-z]{3})\s+(\d{4}-(?:0[1-9]|1[0-2]))\s+(\d{1,10}(?:\.\d{1,10})?)$/.exec(text.trim())
  if (!match) return 'Type the currency, the month and the rate, e.g. EUR 2025-03 1.0825'
  if (!/[1-9]/.test(match[3])) return 'A rate must be greater than zero'
  return { currency: match[1].toUpperCase(), period: match[2], rate: match[3] }
}

function adjusted(env: CommandEnv, result: EndpointOutput<Endpoints['ledger.adjust']>) {
  return done(
    env,
    result.balance.debt !== '0.00'
      ? `Adjustment added. The account owes ${formatMoney(result.balance.debt)} of recoupable debt.`
      : `Adjustment added. Available balance: ${formatMoney(result.balance.available)}.`,
  )
}

/** The total shortfall the server asks to confirm, when it refused for want of that confirmation (else null). */
function shortfallToConfirm(error: unknown): string | null {
  const refusal = error as { code?: string; errors?: Record<string, string> }
  return refusal?.code === SHORTFALL_UNCONFIRMED ? (refusal.errors?.shortfall ?? null) : null
}

/** The follow-up question of an adjustment that would overdraw: record the shortfall as recoupable debt, or not. */
function confirmShortfall(id: number, name: string, adjustment: { amount: string; reason: string }, shortfall: string): Command {
  return {
    id: 'ledger.adjust.shortfall',
    title: `Adjust ${name} by ${adjustment.amount} below zero?`,
    group: 'Account',
    access: 'admin',
    placeholder: `${name} would be ${formatMoney(shortfall)} below zero`,
    children: () => [
      {
        id: 'ledger.adjust.shortfall.yes',
        title: `Yes: adjust by ${adjustment.amount} and record ${formatMoney(shortfall)} as recoupable debt (“${adjustment.reason}”)`,
        group: 'Confirm',
        run: async (_context, env) =>
          adjusted(env, await env.call('ledger.adjust', { params: { id }, body: { ...adjustment, confirmShortfall: shortfall } })),
      },
      {
        id: 'ledger.adjust.shortfall.no',
        title: 'No: leave the balance as it is',
        group: 'Confirm',
        run: (_context, env) => env.notify('Nothing was adjusted.', 'info'),
      },
    ],
  }
}

/** Deletes one exchange rate: a choice of the palette's "Delete an exchange rate…", and the rates table's confirmed delete. */
export function deleteRateCommand(rate: { id: number; currency: string; period: string; rate: string }): Command {
  return {
    id: `ledger.rateDelete.${rate.id}`,
    title: `Delete ${rate.currency} ${rate.period} (${rate.rate})`,
    group: 'Exchange rates',
    access: 'admin',
    run: async (_context: CommandContext, env: CommandEnv) => {
      await env.call('ledger.rateDelete', { params: { id: rate.id } })
      await done(env, `The ${rate.currency} rate for ${rate.period} was deleted.`)
    },
  }
}

export const LEDGER_COMMANDS: readonly Command[] = [
  promptCommand({
    id: 'ledger.adjust',
    title: (context) => `Add adjustment to ${nameOf(context)}…`,
    group: 'Account',
    keywords: ['adjustment', 'balance', 'credit', 'debit', 'correct', 'money'],
    access: 'admin',
    placeholder: 'Amount and reason, e.g. -12.50 Chargeback from store',
    when: onAccount,
    validate: (text) => {
      const parsed = parseAdjustment(text)
      return typeof parsed === 'string' ? parsed : null
    },
    confirmTitle: (text, context) => {
      const parsed = parseAdjustment(text) as { amount: string; reason: string }
      return `Adjust ${nameOf(context)} by ${parsed.amount}: “${parsed.reason}”`
    },
    submit: async (text, context, env) => {
      const parsed = parseAdjustment(text) as { amount: string; reason: string }
      const id = accountId(context)
      try {
        await adjusted(env, await env.call('ledger.adjust', { params: { id }, body: parsed }))
      } catch (error) {
        const shortfall = shortfallToConfirm(error)
        if (!shortfall) throw error
        // Below zero is never silent: the server said by how much; the palette asks before recording the debt.
        env.notify((error as Error).message, 'info')
        env.ask(confirmShortfall(id, nameOf(context), parsed, shortfall))
      }
    },
  }),
  promptCommand({
    id: 'ledger.rateCreate',
    title: 'Add an exchange rate…',
    group: 'Earnings',
    keywords: ['exchange', 'rate', 'currency', 'fx', 'conversion'],
    access: 'admin',
    placeholder: 'Currency, month and rate, e.g. EUR 2025-03 1.0825',
    validate: (text) => {
      const parsed = parseRate(text)
      return typeof parsed === 'string' ? parsed : null
    },
    confirmTitle: (text) => {
      const parsed = parseRate(text) as { currency: string; period: string; rate: string }
      return `Add ${parsed.currency} for ${parsed.period} at ${parsed.rate}`
    },
    submit: async (text, _context, env) => {
      const parsed = parseRate(text) as { currency: string; period: string; rate: string }
      await env.call('ledger.rateCreate', { body: parsed })
      await done(env, `${parsed.currency} rate for ${parsed.period} added.`)
    },
  }),
  {
    id: 'ledger.rateDelete',
    title: 'Delete an exchange rate…',
    group: 'Earnings',
    keywords: ['exchange', 'rate', 'currency', 'remove', 'delete'],
    access: 'admin',
    placeholder: 'Currency code, e.g. EUR',
    search: async (query, _context, env) => {
      const rates = await env.call('ledger.rates', {
        params: { id: 1 },
        query: { currency: query.replace(/[^A-Za-z]/g, '').slice(0, 3) || undefined, per_page: 25 },
      })
      return rates.data.map(deleteRateCommand)
    },
  },
  {
    id: 'ledger.match',
    title: 'Match unmatched statement lines…',
    group: 'Earnings',
    keywords: ['unmatched', 'match', 'isrc', 'upc', 'suspense', 'statement'],
    access: 'admin',
    placeholder: 'ISRC, UPC or title of unmatched lines',
    search: async (query, _context, env) => {
      const keys = await env.call('ledger.unmatched', { params: { page: 1 }, query: { search: query.trim() || undefined, per_page: 25 } })
      return keys.data.map((key) => ({
        id: `ledger.match.${key.kind}.${key.key}`,
        title: `${key.kind.toUpperCase()} ${key.key} · ${key.lines} line${key.lines === 1 ? '' : 's'}${key.titles[0] ? ` · ${key.titles[0]}` : ''}`,
        group: 'Unmatched',
        placeholder: 'Search the track or release to match to',
        search: async (text: string, _ctx: CommandContext, searchEnv: CommandEnv, signal: AbortSignal) => {
          if (!text.trim()) return []
          const hits = await searchEnv.search(text.trim(), signal)
          return hits
            .filter((hit) => hit.kind === 'track' || hit.kind === 'release')
            .map((hit) => ({
              id: `ledger.match.to.${hit.kind}.${hit.id}`,
              title: `Match to ${hit.kind} “${hit.title}”`,
              group: hit.subtitle || 'Targets',
              run: async (_runContext: CommandContext, runEnv: CommandEnv) => {
                const result = await runEnv.call('ledger.match', {
                  body: { kind: key.kind, key: key.key, ...(hit.kind === 'track' ? { trackId: hit.id } : { releaseId: hit.id }) },
                })
                await done(runEnv, `${result.lines} line${result.lines === 1 ? '' : 's'} matched to “${result.target.title}”.`)
              },
            }))
        },
      }))
    },
  },
]
