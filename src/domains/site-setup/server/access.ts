import type { AuthedContext } from '@server/context'
import { forbidden } from '@server/errors'

/**
 * Settings that change the workspace (and what reveals how it is run: mail servers, DNS, billing)
 * belong to its admins, even where endpoints.tsv lets any signed-in account call the path.
 */
export function requireAdmin(ctx: AuthedContext, what = 'change the workspace’s settings'): void {
  if (ctx.session.account.type !== 'admin') throw forbidden(`Only the workspace’s admins can ${what}.`)
}
