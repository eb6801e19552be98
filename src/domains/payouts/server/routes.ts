import type { payoutsEndpoints } from '@contract/payouts'
import type { Handlers, IdsOf } from '@server/handlers'
import * as payouts from './service'

export const payoutsHandlers: Handlers<IdsOf<typeof payoutsEndpoints>> = {
  // The Tipalti link needs the provider's configuration (providers/); without it both fields are null.
  'payouts.list': ({ ctx, query }) => payouts.listPayouts(ctx, query, ctx.services.config.payoutProviders.tipaltiPortal),
  'payouts.pendingTotals': ({ ctx }) => payouts.pendingTotals(ctx),
  'payouts.single': ({ ctx, params }) => payouts.single(ctx, params.id),
  'payouts.request': ({ ctx, body }) => payouts.requestWithdrawal(ctx, body),
  'payouts.changeStatus': ({ ctx, body }) => payouts.changeStatus(ctx, body),
  'payouts.bulkStatus': ({ ctx, body }) => payouts.bulkStatus(ctx, body),
  'payouts.forceWithdraw': ({ ctx, body }) => payouts.forceWithdraw(ctx, body),
  'payouts.settings': ({ ctx }) => payouts.getSettings(ctx),
  'payouts.updateSettings': ({ ctx, body }) => payouts.updateSettings(ctx, body),
}
