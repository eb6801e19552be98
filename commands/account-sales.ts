import type { Command, CommandContext } from './types'

// An account's sales reports in the palette: on a focused account, open its Reports section.

const accountOf = (context: CommandContext) => (context.record?.kind === 'account' ? context.record : null)
const nameOf = (context: CommandContext) => {
  const state = context.record?.state as { displayName?: unknown } | undefined
  const name = state?.displayName ?? context.record?.title
  return typeof name === 'string' && name ? name : 'this account'
}

export const ACCOUNT_SALES_COMMANDS: readonly Command[] = [
  {
    id: 'accountSales.reports',
    title: (context) => `Sales reports of ${nameOf(context)}`,
    group: 'Account',
    keywords: ['reports', 'sales', 'artists', 'releases', 'tracks', 'gross', 'countries', 'territories', 'channels', 'stores', 'royalties'],
    access: 'admin',
    when: (context) => Boolean(accountOf(context)),
    run: (context, env) => env.open(`/users/${accountOf(context)!.id}?section=reports`),
  },
]
