import {
  LOW_POOL_THRESHOLD,
  type catalogueOpsEndpoints,
  type deliveryEndpoints,
  type exportEndpoints,
  type ingestionEndpoints,
  type releaseImportEndpoints,
  type releaseRecordEndpoints,
  releaseDeliveriesQuery,
  type transferEndpoints,
} from '@contract/catalogue-ops'
import type { Handlers, IdsOf } from '@server/handlers'
import { loadReleaseAdditional, loadReleaseGeneral } from '@domains/catalogue/server/public'
import { assignCodes, codeImportHistory, importPool, poolStats } from './codes.service'
import {
  clearIngestions,
  commitIngestion,
  downloadLogs,
  getIngestion,
  ingestionGraph,
  ingestionHistory,
  ingestionLines,
  removeIngestion,
  uploadIngestion,
} from './ingestion.service'
import { deliveryQueue, queueDelivery, removeDelivery, retryDeliveries, retryDelivery } from './delivery.service'
import { transferRelease, transferReleases } from './transfers.service'
import { transferIn, transferInHistory } from './transfer-in.service'
import { getDdexSettings, updateDdexSettings } from './ddex-settings'
import { downloadMismatches, getValidation, uploadValidation, validationHistory, validationMismatches } from './validation.service'
import { getReleaseImport, releaseImportHistory, releaseImportLines, uploadReleaseImport } from './release-import.service'
import { exportFile, exportHistory, getExport, queueCatalogNumberExport, queueExport, queueExportFromCsv } from './exports.service'

export const catalogueOpsHandlers: Handlers<
  | IdsOf<typeof catalogueOpsEndpoints>
  | IdsOf<typeof ingestionEndpoints>
  | IdsOf<typeof exportEndpoints>
  | IdsOf<typeof deliveryEndpoints>
  | IdsOf<typeof transferEndpoints>
  | IdsOf<typeof releaseImportEndpoints>
  | IdsOf<typeof releaseRecordEndpoints>
> = {
  'codes.importUpc': ({ ctx, files }) => importPool(ctx, 'upc', { file: files.file }),
  'codes.importIsrc': ({ ctx, files, body }) => importPool(ctx, 'isrc', { file: files.file, range: body }),
  'codes.upcHistory': ({ ctx, query }) => codeImportHistory(ctx, 'upc', query.page, query.per_page),
  'codes.isrcHistory': ({ ctx, query }) => codeImportHistory(ctx, 'isrc', query.page, query.per_page),
  'codes.pools': async ({ ctx }) => ({ data: await poolStats(ctx.services.db, ctx.tenant.id), threshold: LOW_POOL_THRESHOLD }),
  'codes.assignUpc': ({ ctx, files }) => assignCodes(ctx, 'upc', files.file!),
  'codes.assignIsrc': ({ ctx, files }) => assignCodes(ctx, 'isrc', files.file!),
  'ingestion.upload': ({ ctx, body, files }) => uploadIngestion(ctx, body, files.file),
  'ingestion.single': ({ ctx, params }) => getIngestion(ctx, params.id),
  'ingestion.commit': ({ ctx, body }) => commitIngestion(ctx, body.id),
  'ingestion.history': ({ ctx, query }) => ingestionHistory(ctx, query.page, query.per_page),
  'ingestion.errorLogs': ({ ctx, query }) => ingestionLines(ctx, query),
  'ingestion.logsDownload': ({ ctx, query }) => downloadLogs(ctx, query.id),
  'ingestion.graph': ({ ctx, query }) => ingestionGraph(ctx, query.days),
  'ingestion.remove': ({ ctx, body }) => removeIngestion(ctx, body.id),
  'ingestion.clear': ({ ctx }) => clearIngestions(ctx),
  'validation.upload': ({ ctx, files }) => uploadValidation(ctx, files.file),
  'validation.history': ({ ctx, query }) => validationHistory(ctx, query.page, query.per_page),
  'validation.single': ({ ctx, params }) => getValidation(ctx, params.id),
  'validation.mismatches': ({ ctx, query }) => validationMismatches(ctx, query),
  'validation.download': ({ ctx, query }) => downloadMismatches(ctx, query.id),
  'exports.cms': ({ ctx, body }) => queueExport(ctx, 'cms', body),
  'exports.audiosalad': ({ ctx, body }) => queueExport(ctx, 'audiosalad', body),
  'exports.cmsCsv': ({ ctx, files }) => queueExportFromCsv(ctx, files.file!),
  'exports.bulkConvertCsv': ({ ctx, files }) => queueExportFromCsv(ctx, files.file!, 'convert'),
  'exports.cmsSingle': ({ ctx, params }) => queueExport(ctx, 'cms', { ids: [params.id] }),
  'exports.release': ({ ctx, params }) => queueExport(ctx, 'release', { ids: [params.id] }),
  'exports.ddex': ({ ctx, params }) => queueExport(ctx, 'ddex', { ids: [params.id] }),
  'exports.catalogNumber': ({ ctx, params }) => queueCatalogNumberExport(ctx, params.id),
  'exports.bulkConvert': ({ ctx, body }) => queueExport(ctx, 'convert', body),
  'exports.history': ({ ctx, query }) => exportHistory(ctx, query.page, query.per_page),
  'exports.single': ({ ctx, params }) => getExport(ctx, params.id),
  'exports.file': ({ ctx, params }) => exportFile(ctx, params.id),
  'exports.ddexSettings': ({ ctx }) => getDdexSettings(ctx),
  'exports.updateDdexSettings': ({ ctx, body }) => updateDdexSettings(ctx, body),
  'delivery.queue': ({ ctx, query }) => deliveryQueue(ctx, query),
  'releases.record': async ({ ctx, params }) => {
    // The tab's whole first screen in one round trip; the three reads run side by side. The release is
    // read first in the sense that matters: another workspace's id answers 404 from it, and the
    // deliveries' read filters by this workspace too, so it finds nothing of the other one.
    const [general, additional, deliveries] = await Promise.all([
      loadReleaseGeneral(ctx.services.db, ctx, params.id),
      loadReleaseAdditional(ctx, params.id),
      deliveryQueue(ctx, releaseDeliveriesQuery(params.id)),
    ])
    return { ...general, additional, deliveries }
  },
  'delivery.add': ({ ctx, params }) => queueDelivery(ctx, params.type, params.id),
  'delivery.remove': ({ ctx, params }) => removeDelivery(ctx, params.id),
  'delivery.retry': ({ ctx, params }) => retryDelivery(ctx, params.id),
  'delivery.retryMany': ({ ctx, body }) => retryDeliveries(ctx, body),
  'transfers.single': ({ ctx, body }) => transferRelease(ctx, body),
  'transfers.bulk': ({ ctx, body }) => transferReleases(ctx, body),
  'transfers.in': ({ ctx, body }) => transferIn(ctx, body),
  'transfers.inHistory': ({ ctx, query }) => transferInHistory(ctx, query.page, query.per_page),
  'releaseImport.upload': ({ ctx, files }) => uploadReleaseImport(ctx, files.file),
  'releaseImport.history': ({ ctx, query }) => releaseImportHistory(ctx, query.page, query.per_page),
  'releaseImport.single': ({ ctx, params }) => getReleaseImport(ctx, params.id),
  'releaseImport.rows': ({ ctx, query }) => releaseImportLines(ctx, query),
}
