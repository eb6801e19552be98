import type { earningsEndpoints } from '@contract/earnings'
import type { Handlers, IdsOf } from '@server/handlers'
import * as service from './service'

export const earningsReportsHandlers: Handlers<IdsOf<typeof earningsEndpoints>> = {
  'earnings.overview': ({ ctx, params, query }) => service.earningsOverview(ctx, params.id, query),
  'dashboard.balance': ({ ctx }) => service.dashboardBalance(ctx),
  'users.sales': ({ ctx, params, query }) => service.accountSales(ctx, params.id, query.page, query.per_page),
  'users.salesOverview': ({ ctx, params }) => service.accountSalesOverview(ctx, params.id),
  'releases.salesMonthly': ({ ctx, params, query }) => service.releaseSalesMonthly(ctx, params.release, params.user, query),
  'releases.salesChannel': ({ ctx, params, query }) => service.releaseSalesChannels(ctx, params.release, params.user, query),
  'releases.salesTerritory': ({ ctx, params, query }) => service.releaseSalesTerritories(ctx, params.release, params.user, query),
}
