import type { earningsImportsEndpoints } from '@contract/earnings-imports'
import type { Handlers, IdsOf } from '@server/handlers'
import * as service from './service'

export const earningsImportsHandlers: Handlers<IdsOf<typeof earningsImportsEndpoints>> = {
  'earnings.importCms': ({ ctx, body, files }) => service.uploadStatement(ctx, 'cms', body, files.file),
  'earnings.importAudiosalad': ({ ctx, body, files }) => service.uploadStatement(ctx, 'audiosalad', body, files.file),
  'earnings.cmsHistory': ({ ctx, query }) => service.importHistory(ctx, 'cms', query.page, query.per_page),
  'earnings.audiosaladHistory': ({ ctx, query }) => service.importHistory(ctx, 'audiosalad', query.page, query.per_page),
  'earnings.import': ({ ctx, params }) => service.loadImport(ctx, params.id),
  'earnings.importLines': ({ ctx, params, query }) => service.importLines(ctx, params.id, query.page, query.per_page, query.filter),
  'earnings.importCommit': ({ ctx, params }) => service.commitAction(ctx, params.id),
  'earnings.importCancel': ({ ctx, params }) => service.cancelAction(ctx, params.id),
  'earnings.importRollbackPreview': ({ ctx, params }) => service.rollbackPreview(ctx, params.id),
  'earnings.importRollback': ({ ctx, params, body }) => service.rollbackAction(ctx, params.id, body),
}
