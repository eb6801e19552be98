import { imageSize } from 'image-size'
import type { Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { HttpError } from '@server/errors'
import type { FileRow } from '@server/storage/file-store'

const NOT_AN_IMAGE = 'The file must be a JPG or PNG image.'
/** Larger than any logo, favicon or slide needs; refuses decompression bombs before anything draws them. */
const MAX_SIDE = 8000

/** The bytes of a base64 data URL (its declared type is ignored: the content decides). */
export function dataUrlBytes(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',')
  return Buffer.from(comma >= 0 ? dataUrl.slice(comma + 1) : '', 'base64')
}

/** Width and height read from the image's own header; refuses what is not a readable JPG or PNG. */
export function imageDimensions(data: Buffer): { width: number; height: number; type: 'jpg' | 'png' } {
  let size: ReturnType<typeof imageSize>
  try {
    size = imageSize(data)
  } catch {
    throw new HttpError(415, NOT_AN_IMAGE, 'upload_type')
  }
  if ((size.type !== 'jpg' && size.type !== 'png') || !size.width || !size.height) throw new HttpError(415, NOT_AN_IMAGE, 'upload_type')
  if (size.width > MAX_SIDE || size.height > MAX_SIDE) {
    throw new HttpError(413, `The image must be at most ${MAX_SIDE} pixels on each side.`, 'upload_too_large')
  }
  return { width: size.width, height: size.height, type: size.type }
}

export interface SavedImage {
  file: FileRow
  width: number
  height: number
}

/** Checks an uploaded image by its content and stores it as a file of the workspace. */
export async function saveImage(
  db: Queryable,
  services: Services,
  input: {
    tenantId: number
    dataUrl: string
    purpose: string
    name: string
    maxBytes: number
    visibility: 'public' | 'private'
    createdBy: number
  },
): Promise<SavedImage> {
  const data = dataUrlBytes(input.dataUrl)
  if (data.length > input.maxBytes) {
    throw new HttpError(413, `The file is larger than ${Math.round((input.maxBytes / 1024 / 1024) * 10) / 10} MB.`, 'upload_too_large')
  }
  const { width, height, type } = imageDimensions(data)
  const file = await services.files.save(db, {
    tenantId: input.tenantId,
    purpose: input.purpose,
    originalName: `${input.name}.${type === 'jpg' ? 'jpg' : 'png'}`,
    data,
    kind: 'image',
    maxBytes: input.maxBytes,
    visibility: input.visibility,
    createdBy: input.createdBy,
  })
  return { file, width, height }
}

/** Removes files no row points at any more; after the change committed, so a rollback keeps them. */
export async function removeFiles(services: Services, tenantId: number, ids: readonly (number | null | undefined)[]): Promise<void> {
  for (const id of ids) {
    if (!id) continue
    const row = await services.files.find(services.db, tenantId, id)
    if (row) await services.files.remove(services.db, row)
  }
}
