import type { featureControlEndpoints } from '@contract/feature-controls'
import type { Handlers, IdsOf } from '@server/handlers'
import { greenlistKind } from './greenlist'
import { reviewQueue, reviewService } from './review'

const greenlist = reviewService(greenlistKind)

export const featureControlHandlers: Handlers<IdsOf<typeof featureControlEndpoints>> = {
  'featureRequests.queue': ({ ctx }) => reviewQueue(ctx),
  'greenlist.list': ({ ctx, params, query }) => greenlist.list(ctx, params, query),
  'greenlist.single': ({ ctx, params }) => greenlist.single(ctx, params.id),
  'greenlist.changeStatus': ({ ctx, body }) => greenlist.changeStatus(ctx, body),
  'greenlist.create': ({ ctx, body }) => greenlist.create(ctx, body),
  'greenlist.mine': ({ ctx, params, query }) => greenlist.mine(ctx, params, query),
}
