import type { ledgerEndpoints } from '@contract/ledger'
import type { Handlers, IdsOf } from '@server/handlers'
import * as ledger from './service'

export const ledgerHandlers: Handlers<IdsOf<typeof ledgerEndpoints>> = {
  'ledger.rates': ({ ctx, params, query }) => ledger.listRates(ctx, params.id, query.per_page, query.currency),
  'ledger.rateCreate': ({ ctx, body }) => ledger.createRate(ctx, body),
  'ledger.rateDelete': ({ ctx, params }) => ledger.deleteRate(ctx, params.id),
  'ledger.adjust': ({ ctx, params, body }) => ledger.addAdjustment(ctx, params.id, body),
  'ledger.entries': ({ ctx, params, query }) => ledger.listEntries(ctx, params.id, query.page, query.per_page, query.category),
  'ledger.unmatched': ({ ctx, params, query }) => ledger.listUnmatched(ctx, params.page, query.per_page, query.search),
  'ledger.match': ({ ctx, body }) => ledger.matchKey(ctx, body),
}
