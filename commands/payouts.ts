import type { Command } from './types'
import { promptCommand } from './prompt'
import { defineAction, type RecordAction, type Target } from './actions'
import { formatMoney } from '@core/format'
import {
  PAYOUT_PROVIDER_LABELS,
  PAYOUT_PROVIDERS,
  payoutTransitionRefusal,
  type PayoutProvider,
  type PayoutStatus,
} from '@core/payout-status'

const payoutKind = ['payout'] as const

/** "payout #12 of $120.00 to Nina Vale", or "3 selected payouts". */
const describe = (target: Target<'payout'>) => {
  if (target.items.length !== 1) return `${target.items.length} selected payouts`
  const { id, state } = target.items[0]
  return `payout #${id}${state ? ` of ${formatMoney(state.amount)} to ${state.accountName}` : ''}`
}

/** Offered when the payout may move to `to`; otherwise hidden (the transition does not exist). */
const canBecome = (to: PayoutStatus) => (state: { status: PayoutStatus }) => payoutTransitionRefusal(state.status, to) === null

const REASON = {
  kind: 'text',
  validate: (text: string) => (text.length > 500 ? 'The reason is too long (500 characters at most)' : null),
} as const

/** A decision on one payout (its pane, the palette) and on a selection of the list (one all-or-nothing call). */
function decision(options: {
  status: 'approved' | 'rejected' | 'paid' | 'failed'
  label: string
  /** The palette title for what it acts on: "Mark payout #12 … as paid". */
  phrase(what: string): string
  keywords: string[]
  tone?: 'red' | 'green'
  reason?: { placeholder: string }
  /** Asked before a selection is changed (no reason asked). */
  bulkConfirm?: string
  bulk: boolean
}): RecordAction[] {
  const { status, reason } = options
  const single = reason
    ? defineAction({
        id: 'payouts.changeStatus',
        variant: status,
        kinds: payoutKind,
        scope: 'one',
        label: `${options.label}…`,
        tone: options.tone,
        title: (target) => `${options.phrase(describe(target))}…`,
        group: 'Payout',
        keywords: options.keywords,
        available: canBecome(status),
        ask: {
          ...REASON,
          placeholder: reason.placeholder,
          confirmTitle: (text, target) => `${options.phrase(describe(target))}: “${text}”`,
        },
        input: (item, text: string) => ({ body: { id: item.id, status, reason: text } }),
        success: (result) => result.message,
      })
    : defineAction({
        id: 'payouts.changeStatus',
        variant: status,
        kinds: payoutKind,
        scope: 'one',
        label: options.label,
        tone: options.tone,
        title: (target) => options.phrase(describe(target)),
        group: 'Payout',
        keywords: options.keywords,
        available: canBecome(status),
        input: (item) => ({ body: { id: item.id, status } }),
        success: (result) => result.message,
      })
  if (!options.bulk) return [single]
  const question = options.bulkConfirm
  const bulk = defineAction({
    id: 'payouts.bulkStatus',
    variant: status,
    kinds: payoutKind,
    scope: 'many',
    label: options.label,
    tone: options.tone,
    title: (target) => `${options.phrase(describe(target))}${question ? '…' : ''}`,
    group: 'Payouts',
    keywords: options.keywords,
    available: canBecome(status),
    ask: question ? { kind: 'confirm', question: () => question } : undefined,
    input: (item) => ({ body: { ids: [item.id], status } }),
    inputMany: (ids) => ({ body: { ids: [...ids], status } }),
    success: (result) => result.message,
  })
  return [single, bulk]
}

/** Decisions on payouts (the payouts list's pane and bulk bar, the palette) and force withdrawals on an account. */
export const PAYOUT_ACTIONS: readonly RecordAction[] = [
  ...decision({
    status: 'approved',
    label: 'Approve',
    phrase: (what) => `Approve ${what}`,
    keywords: ['approve', 'accept', 'payout', 'withdrawal'],
    bulk: true,
  }),
  ...decision({
    status: 'paid',
    label: 'Mark paid',
    phrase: (what) => `Mark ${what} as paid`,
    tone: 'green',
    keywords: ['paid', 'settle', 'payout'],
    bulk: true,
    bulkConfirm: 'Mark the selected payouts as paid by the provider?',
  }),
  ...decision({
    status: 'rejected',
    label: 'Reject',
    phrase: (what) => `Reject ${what}`,
    tone: 'red',
    keywords: ['reject', 'refuse', 'decline', 'payout'],
    reason: { placeholder: 'Why? The account is told the reason.' },
    bulk: true,
    bulkConfirm: 'Reject the selected payouts? Their amounts go back to the accounts’ balances.',
  }),
  ...decision({
    status: 'failed',
    label: 'Mark failed',
    phrase: (what) => `Mark ${what} as failed`,
    tone: 'red',
    keywords: ['failed', 'bounce', 'payout'],
    reason: { placeholder: 'What did the provider say?' },
    bulk: false,
  }),
  defineAction({
    id: 'payouts.forceWithdraw',
    kinds: ['account'],
    scope: 'one',
    label: 'Force withdraw…',
    title: (target) => `Force withdraw the balance of ${target.items[0]?.state?.displayName ?? 'this account'}…`,
    group: 'Account',
    keywords: ['force', 'withdraw', 'payout', 'balance'],
    available: (state) => (state.type === 'admin' ? false : state.banned ? 'The account is banned: it cannot withdraw' : true),
    ask: {
      kind: 'choose',
      placeholder: 'Pay through',
      choices: () => [
        { value: 'confirmed' as const, title: 'Through its confirmed payout method' },
        ...PAYOUT_PROVIDERS.map((provider) => ({ value: provider, title: `Through ${PAYOUT_PROVIDER_LABELS[provider]}` })),
      ],
    },
    input: (item, provider: PayoutProvider | 'confirmed') => ({
      body: { userId: item.id, provider: provider === 'confirmed' ? undefined : provider },
    }),
    success: (created) => `Payout #${created.id} of ${formatMoney(created.amount)} created: the whole available balance.`,
  }),
]

function withdrawalPrompt(provider: PayoutProvider): Command {
  return promptCommand({
    id: `payouts.request.${provider}`,
    title: `Through ${PAYOUT_PROVIDER_LABELS[provider]}…`,
    group: 'Withdrawal',
    placeholder: 'The amount, such as 120.50',
    validate: (text) => (/^\d{1,13}(\.\d{1,2})?$/.test(text) && /[1-9]/.test(text) ? null : 'Type an amount like 120.50'),
    confirmTitle: (text) => `Withdraw ${formatMoney(text)} through ${PAYOUT_PROVIDER_LABELS[provider]}`,
    submit: async (text, _context, env) => {
      const created = await env.call('payouts.request', { body: { amount: text, provider } })
      env.refresh()
      env.notify(`Withdrawal of ${formatMoney(created.amount)} requested: it is reserved from your balance.`, 'success')
    },
  })
}

export const PAYOUT_COMMANDS: readonly Command[] = [
  {
    id: 'payouts.request',
    title: 'Ask for a withdrawal…',
    group: 'Payouts',
    keywords: ['withdraw', 'payout', 'cash out', 'balance'],
    access: 'auth',
    placeholder: 'Pay through',
    when: (context) => context.account !== null && context.account.type !== 'admin',
    children: () => PAYOUT_PROVIDERS.map(withdrawalPrompt),
  },
  {
    id: 'payouts.settings',
    title: 'Payout settings…',
    subject: 'Payout settings',
    group: 'Payouts',
    keywords: ['minimum', 'threshold', 'fee', 'paypal', 'tipalti', 'withdrawal'],
    access: 'admin',
    run: (_, env) => env.open('/payouts/manage/1?settings=1', 'tab'),
  },
]
