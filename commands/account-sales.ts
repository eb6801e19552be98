import { stateOf } from './records'
import type { Command, CommandContext } from './types'

// An account's sales reports in the palette: on a focused account, open its Reports section.

const accountOf = (context: CommandContext) => (context.record?.kind === 'account' ? context.record : null)
const nameOf = (context: CommandContext) => {
  return stateOf(context.record, 'account')?.displayName || context.record?.title || 'this account'
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
