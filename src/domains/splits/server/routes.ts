import type { splitsEndpoints } from '@contract/splits'
import type { Handlers, IdsOf } from '@server/handlers'
import { badRequest } from '@server/errors'
import * as service from './service'
import { batchStatus, processBulk, submitBulk } from './bulk.service'

const fileOf = (files: { file?: { filename: string; data: Buffer } }) => {
  if (!files.file) throw badRequest('Choose a CSV file.', { file: 'Choose a CSV file.' })
  return files.file
}

export const splitsHandlers: Handlers<IdsOf<typeof splitsEndpoints>> = {
  'splits.list': ({ ctx, query }) => service.listSplits(ctx, query),
  'splits.single': ({ ctx, params }) => service.getSplit(ctx, params.id),
  'splits.ofRelease': ({ ctx, params }) => service.releaseSummaries(ctx, params.id),
  'splits.releaseTab': ({ ctx, params }) => service.releaseSummaries(ctx, params.id),
  'splits.changeStatus': ({ ctx, body }) => service.changeStatus(ctx, body),
  'splits.confirmRemoval': ({ ctx, body }) => service.confirmRemoval(ctx, body),
  'splits.data': ({ ctx, body }) => service.splitData(ctx, body),
  'splits.submit': ({ ctx, body }) => service.submitSplit(ctx, body),
  'splits.remove': ({ ctx, body }) => service.requestRemoval(ctx, body),
  'splits.confirm': ({ ctx, body }) => service.confirmPayee(ctx, body),
  'splits.bulkProcess': ({ ctx, files }) => processBulk(ctx, 'splits', fileOf(files)),
  'splits.bulkSubmit': ({ ctx, body }) => submitBulk(ctx, 'splits', body),
  'splits.bulkStatus': ({ ctx, params }) => batchStatus(ctx, params.id, params.status),
  'splits.lock': ({ ctx, body }) => service.setLocked(ctx, body.id, true),
  'splits.unlock': ({ ctx, body }) => service.setLocked(ctx, body.id, false),
  'splits.isValidUser': ({ ctx, body }) => service.isValidUser(ctx, body.email),
  'splits.creatorProcess': ({ ctx, files }) => processBulk(ctx, 'creator', fileOf(files)),
  'splits.creatorSubmit': ({ ctx, body }) => submitBulk(ctx, 'creator', body),
}
