import { LOW_POOL_THRESHOLD, type catalogueOpsEndpoints } from '@contract/catalogue-ops'
import type { Handlers, IdsOf } from '@server/handlers'
import { assignCodes, codeImportHistory, importPool, poolStats } from './codes.service'

export const catalogueOpsHandlers: Handlers<IdsOf<typeof catalogueOpsEndpoints>> = {
  'codes.importUpc': ({ ctx, files }) => importPool(ctx, 'upc', { file: files.file }),
  'codes.importIsrc': ({ ctx, files, body }) => importPool(ctx, 'isrc', { file: files.file, range: body }),
  'codes.upcHistory': ({ ctx, query }) => codeImportHistory(ctx, 'upc', query.page, query.per_page),
  'codes.isrcHistory': ({ ctx, query }) => codeImportHistory(ctx, 'isrc', query.page, query.per_page),
  'codes.pools': async ({ ctx }) => ({ data: await poolStats(ctx.services.db, ctx.tenant.id), threshold: LOW_POOL_THRESHOLD }),
  'codes.assignUpc': ({ ctx, files }) => assignCodes(ctx, 'upc', files.file!),
  'codes.assignIsrc': ({ ctx, files }) => assignCodes(ctx, 'isrc', files.file!),
}
