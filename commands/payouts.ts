import type { Command, CommandContext, CommandEnv } from './types'
import { promptCommand } from './prompt'
import { formatMoney } from '@core/format'
import {
  PAYOUT_PROVIDER_LABELS,
  PAYOUT_PROVIDERS,
  payoutTransitionRefusal,
  type PayoutProvider,
  type PayoutStatus,
} from '@core/payout-status'

/** What the payouts screen publishes about the payout its detail pane shows (`publishRecord`, kind 'payout'). */
export interface PayoutRecordState {
  status?: PayoutStatus
  amount?: string
  accountName?: string
  accountId?: number
}

const payout = (context: CommandContext) =>
  context.record?.kind === 'payout' && context.record.state ? (context.record.state as PayoutRecordState) : null
const payoutId = (context: CommandContext) => Number(context.record?.id)
const describe = (context: CommandContext) => {
  const state = payout(context)
  return `payout #${context.record?.id}${state?.amount ? ` of ${formatMoney(state.amount)}` : ''}${state?.accountName ? ` to ${state.accountName}` : ''}`
}

/** Offered when the focused payout may move to `to`; otherwise hidden (the edge does not exist) or disabled with the reason. */
const canBecome = (to: PayoutStatus) => (context: CommandContext) => {
  const state = payout(context)
  if (!state?.status) return false
  return payoutTransitionRefusal(state.status, to) === null
}

async function decide(context: CommandContext, env: CommandEnv, status: PayoutStatus, reason?: string) {
  const result = await env.call('payouts.changeStatus', { body: { id: payoutId(context), status: status as 'approved', reason } })
  env.refresh()
  env.notify(result.message, 'success')
}

const account = (context: CommandContext) =>
  context.record?.kind === 'account' ? ((context.record.state ?? {}) as { type?: string; displayName?: string; banned?: boolean }) : null

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
    id: 'payouts.approve',
    title: (context) => `Approve ${describe(context)}`,
    group: 'Payout',
    keywords: ['approve', 'accept', 'payout', 'withdrawal'],
    access: 'admin',
    when: canBecome('approved'),
    run: (context, env) => decide(context, env, 'approved'),
  },
  promptCommand({
    id: 'payouts.reject',
    title: (context) => `Reject ${describe(context)}…`,
    group: 'Payout',
    keywords: ['reject', 'refuse', 'decline', 'payout'],
    access: 'admin',
    placeholder: 'Why? The account is told the reason.',
    when: canBecome('rejected'),
    validate: (text) => (text.length > 500 ? 'The reason is too long (500 characters at most)' : null),
    confirmTitle: (text, context) => `Reject ${describe(context)}: “${text}”`,
    submit: (text, context, env) => decide(context, env, 'rejected', text),
  }),
  {
    id: 'payouts.markPaid',
    title: (context) => `Mark ${describe(context)} as paid`,
    group: 'Payout',
    keywords: ['paid', 'settle', 'payout'],
    access: 'admin',
    when: canBecome('paid'),
    run: (context, env) => decide(context, env, 'paid'),
  },
  promptCommand({
    id: 'payouts.markFailed',
    title: (context) => `Mark ${describe(context)} as failed…`,
    group: 'Payout',
    keywords: ['failed', 'bounce', 'payout'],
    access: 'admin',
    placeholder: 'What did the provider say?',
    when: canBecome('failed'),
    validate: (text) => (text.length > 500 ? 'The reason is too long (500 characters at most)' : null),
    confirmTitle: (text, context) => `Mark ${describe(context)} as failed: “${text}”`,
    submit: (text, context, env) => decide(context, env, 'failed', text),
  }),
  {
    id: 'payouts.forceWithdraw',
    title: (context) => `Force withdraw the balance of ${account(context)?.displayName ?? 'this account'}…`,
    group: 'Account',
    keywords: ['force', 'withdraw', 'payout', 'balance'],
    access: 'admin',
    placeholder: 'Pay through',
    when: (context) => {
      const state = account(context)
      if (!state || state.type === 'admin') return false
      return state.banned ? 'The account is banned: it cannot withdraw' : true
    },
    children: (context) =>
      [
        { provider: undefined, title: 'Through its confirmed payout method' },
        ...PAYOUT_PROVIDERS.map((provider) => ({ provider, title: `Through ${PAYOUT_PROVIDER_LABELS[provider]}` })),
      ].map(({ provider, title }) => ({
        id: `payouts.forceWithdraw.${provider ?? 'confirmed'}`,
        title,
        group: 'Force withdraw',
        run: async (_, env) => {
          const created = await env.call('payouts.forceWithdraw', { body: { userId: Number(context.record?.id), provider } })
          env.refresh()
          env.notify(`Payout #${created.id} of ${formatMoney(created.amount)} created: the whole available balance.`, 'success')
        },
      })),
  },
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
