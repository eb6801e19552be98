import type { UploadedFile } from '@contract/define'
import type { AuthedContext } from '@server/context'
import type { Tx } from '@server/db/engine'
import { HttpError, badRequest } from '@server/errors'
import { FileStore } from '@server/storage/file-store'
import { INGESTION_MAX_BYTES } from '@contract/catalogue-ops'

/** An uploaded catalogue file is there, not empty, and text by its bytes (a CSV), or a 400/415 naming it. */
export function checkCsvFile(file: UploadedFile | undefined): asserts file is UploadedFile {
  if (!file) throw badRequest('Please provide the file.', { file: 'Please provide the file.' })
  const size = file.spooled?.size ?? file.data.length
  if (size === 0) throw badRequest('The file is empty.', { file: 'The file is empty.' })
  if (!FileStore.isText(file.data, size > file.data.length))
    throw new HttpError(415, 'The file must be a CSV file.', 'upload_type', { file: 'The file must be a CSV file.' })
}

/** Keeps a checked catalogue CSV in the file store, spooled uploads without reading them whole: its stored row. */
export async function storeCsvFile(tx: Tx, ctx: AuthedContext, file: UploadedFile, purpose: string, fallbackName: string) {
  const what = {
    tenantId: ctx.tenant.id,
    purpose,
    originalName: file.filename || fallbackName,
    kind: 'csv' as const,
    maxBytes: INGESTION_MAX_BYTES,
    createdBy: ctx.session.account.id,
  }
  return ctx.services.files.saveUpload(tx, what, file)
}
