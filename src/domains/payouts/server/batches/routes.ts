import type { payoutBatchesEndpoints } from '@contract/payout-batches'
import type { AuthedContext } from '@server/context'
import type { Handlers, IdsOf } from '@server/handlers'
import { actorOf } from '@server/audit'
import { connections, exportApproved, listBatches, syncBatch, type BatchActor } from './service'

const actor = (ctx: AuthedContext): BatchActor => ({
  tenantId: ctx.tenant.id,
  tenantName: ctx.tenant.name,
  actorId: ctx.session.account.id,
  audit: actorOf(ctx, ctx.tenant.id),
})

export const payoutBatchesHandlers: Handlers<IdsOf<typeof payoutBatchesEndpoints>> = {
  'payouts.export': ({ ctx, body }) => exportApproved(ctx.services, actor(ctx), body),
  'payouts.history': ({ ctx, params, query }) =>
    listBatches(ctx.services.db, ctx.tenant.id, { page: params.page, perPage: query.per_page, provider: query.provider }),
  'payouts.connections': async ({ ctx }) => ({ data: await connections(ctx.services, ctx.tenant.id) }),
  'payouts.batchSync': ({ ctx, params }) => syncBatch(ctx.services, actor(ctx), params.id),
}
