import { stateOf } from './records'
import type { Command, CommandContext } from './types'
import { monthOf } from '@core/months'

// Earnings in the palette: "Go to Earnings" comes from the route; these open it for a range, and
// open the sales of the account or release in the focused tab.

const recordOf = (context: CommandContext, kind: string) => (context.record?.kind === kind ? context.record : null)
const nameOf = (context: CommandContext, fallback: string) => {
  const record = context.record
  const name = stateOf(record, 'account')?.displayName ?? stateOf(record, 'release')?.title ?? record?.title
  return name || fallback
}

export const EARNINGS_COMMANDS: readonly Command[] = [
  {
    id: 'earnings.thisYear',
    title: 'Earnings this year',
    subject: 'Earnings',
    group: 'Earnings',
    keywords: ['earnings', 'royalties', 'revenue', 'year to date', 'ytd', 'statements'],
    access: 'admin',
    run: (_context, env) => {
      const to = monthOf(new Date())
      env.open(`/earnings/overview/1?from=${to.slice(0, 4)}-01&to=${to}`)
    },
  },
  {
    id: 'earnings.ofAccount',
    title: (context) => `Earnings of ${nameOf(context, 'this account')}`,
    group: 'Account',
    keywords: ['earnings', 'sales', 'royalties', 'revenue', 'statement'],
    access: 'admin',
    when: (context) => Boolean(recordOf(context, 'account')),
    run: (context, env) => env.open(`/users/${recordOf(context, 'account')!.id}?section=sales`),
  },
  {
    id: 'earnings.ofRelease',
    title: (context) => `Sales of ${nameOf(context, 'this release')}`,
    group: 'Release',
    keywords: ['sales', 'earnings', 'royalties', 'channels', 'territories', 'countries'],
    access: 'admin',
    when: (context) => Boolean(recordOf(context, 'release')),
    run: (context, env) => env.open(`/releases/single/${recordOf(context, 'release')!.id}?section=sales`),
  },
]
