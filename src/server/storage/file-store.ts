import { createHash, randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import { fileTypeFromBuffer } from 'file-type'
import type { UploadedFile } from '@contract/index'
import type { Queryable } from '../db/engine'
import { files } from '../db/schema/platform'
import { HttpError } from '../errors'
import type { ByteRange, StorageBackend } from './backends'

export type FileRow = typeof files.$inferSelect

/** What an upload may be, judged by its bytes, never by its name or declared type. */
export const FILE_KINDS = {
  image: { mimes: ['image/jpeg', 'image/png'], label: 'JPG or PNG image' },
  audio: {
    mimes: ['audio/wav', 'audio/x-wav', 'audio/vnd.wave', 'audio/flac', 'audio/x-flac', 'audio/mpeg'],
    label: 'WAV, FLAC or MP3 audio',
  },
  document: { mimes: ['application/pdf', 'image/jpeg', 'image/png'], label: 'PDF, JPG or PNG document' },
  csv: { mimes: ['text/csv'], label: 'CSV file' },
  /** A one-sheet or spreadsheet (a pitch's sheet): PDF, CSV or XLSX. */
  sheet: { mimes: ['application/pdf', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'], label: 'PDF, CSV or XLSX file' },
  /** Messages we write ourselves (DDEX ERN): UTF-8 text that opens with an XML declaration. */
  xml: { mimes: ['application/xml'], label: 'XML file' },
  /** Archives we write ourselves (the AudioSalad metadata export: one XML per release). */
  zip: { mimes: ['application/zip'], label: 'ZIP archive' },
} as const
export type FileKind = keyof typeof FILE_KINDS

/** Types a browser may render inline; everything else downloads as an attachment. */
const INLINE_SAFE = new Set(['image/jpeg', 'image/png', 'application/pdf', 'audio/wav', 'audio/mpeg', 'audio/flac'])

export interface SaveInput {
  tenantId: number
  purpose: string
  originalName: string
  data: Buffer
  kind: FileKind
  maxBytes: number
  visibility?: 'private' | 'public'
  createdBy?: number | null
}

/** `partial`: the first bytes of a longer file (a character may be cut at the end). */
async function detect(data: Buffer, kind: FileKind, partial = false): Promise<string | null> {
  if (kind === 'xml') return FileStore.isText(data, partial) && data.subarray(0, 5).toString('utf8') === '<?xml' ? 'application/xml' : null
  if (kind === 'csv') {
    // Text has no magic number: accept valid UTF-8 without NUL bytes that is not a known binary.
    if ((await fileTypeFromBuffer(data)) !== undefined) return null
    return FileStore.isText(data, partial) ? 'text/csv' : null
  }
  const type = await fileTypeFromBuffer(data)
  // A sheet may also be a CSV, which has no magic number: plain text, as for the csv kind.
  if (kind === 'sheet' && type === undefined) return FileStore.isText(data, partial) ? 'text/csv' : null
  return type?.mime ?? null
}

/** Files of a workspace: checks uploads by content, stores the bytes, keeps a row per file. */
export class FileStore {
  constructor(readonly backend: StorageBackend) {}

  async save(db: Queryable, input: SaveInput): Promise<FileRow> {
    const rule = FILE_KINDS[input.kind]
    if (input.data.length === 0) throw new HttpError(400, 'The file is empty.', 'upload_invalid')
    if (input.data.length > input.maxBytes) {
      throw new HttpError(413, `The file is larger than ${Math.round(input.maxBytes / 1024 / 1024)} MB.`, 'upload_too_large')
    }
    const mime = await detect(input.data, input.kind)
    if (!mime || !(rule.mimes as readonly string[]).includes(mime)) {
      throw new HttpError(415, `The file must be a ${rule.label}.`, 'upload_type')
    }
    const key = this.key(input)
    await this.backend.put(key, input.data, mime)
    return this.insertRow(db, input, key, mime, input.data.length, createHash('sha256').update(input.data).digest('hex'))
  }

  /**
   * Saves a spooled upload (streamed to a temporary file by the multipart reader, hashed on the
   * way): the content check reads its first bytes, the file is moved into storage, never read whole.
   */
  async saveSpooled(
    db: Queryable,
    input: Omit<SaveInput, 'data'> & { head: Buffer; spooled: NonNullable<UploadedFile['spooled']> },
  ): Promise<FileRow> {
    const rule = FILE_KINDS[input.kind]
    const { size, sha256, path } = input.spooled
    if (size === 0) throw new HttpError(400, 'The file is empty.', 'upload_invalid')
    if (size > input.maxBytes) {
      throw new HttpError(413, `The file is larger than ${Math.round(input.maxBytes / 1024 / 1024)} MB.`, 'upload_too_large')
    }
    const mime = await detect(input.head, input.kind, input.head.length < size)
    if (!mime || !(rule.mimes as readonly string[]).includes(mime)) {
      throw new HttpError(415, `The file must be a ${rule.label}.`, 'upload_type')
    }
    const key = this.key(input)
    await this.backend.putFile(key, path, mime)
    return this.insertRow(db, input, key, mime, size, sha256)
  }

  /** An upload as the multipart reader handed it over: a spooled one moved into storage (never read whole), else its bytes. */
  saveUpload(db: Queryable, input: Omit<SaveInput, 'data'>, file: Pick<UploadedFile, 'data' | 'spooled'>): Promise<FileRow> {
    return file.spooled
      ? this.saveSpooled(db, { ...input, head: file.data, spooled: file.spooled })
      : this.save(db, { ...input, data: file.data })
  }

  private key(input: { tenantId: number; purpose: string }) {
    return `${input.tenantId}/${input.purpose.replace(/[^a-z0-9-]/gi, '')}/${randomUUID()}`
  }

  private async insertRow(db: Queryable, input: Omit<SaveInput, 'data'>, key: string, mime: string, size: number, sha256: string) {
    const [row] = await db
      .insert(files)
      .values({
        tenantId: input.tenantId,
        storageKey: key,
        originalName: input.originalName.replace(/[\\/\r\n"]/g, '_').slice(0, 200) || 'file',
        contentType: mime,
        size,
        sha256,
        visibility: input.visibility ?? 'private',
        purpose: input.purpose,
        createdBy: input.createdBy ?? null,
      })
      .returning()
    return row
  }

  async find(db: Queryable, tenantId: number, id: number): Promise<FileRow | null> {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.tenantId, tenantId)))
    return row ?? null
  }

  /** The file's bytes as a stream; with `range`, only those bytes. */
  open(row: FileRow, range?: ByteRange): Promise<Readable> {
    return this.backend.get(row.storageKey, range)
  }

  async remove(db: Queryable, row: FileRow): Promise<void> {
    await db.delete(files).where(eq(files.id, row.id))
    await this.backend.delete(row.storageKey)
  }

  /** Text that is valid UTF-8 without NUL bytes: what a CSV must be, since text has no magic number. */
  static isText(data: Buffer, partial = false): boolean {
    if (data.includes(0)) return false
    try {
      // A cut multi-byte character at the end of a partial read is not an error.
      new TextDecoder('utf-8', { fatal: true }).decode(data, { stream: partial })
      return true
    } catch {
      return false
    }
  }

  /** Headers that keep a stored file from ever running as active content in our origin. */
  static responseHeaders(row: FileRow): Record<string, string> {
    const inline = INLINE_SAFE.has(row.contentType)
    const filename = encodeURIComponent(row.originalName)
    return {
      'content-type': inline ? row.contentType : 'application/octet-stream',
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${filename}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=300',
    }
  }
}
