import { and, eq, or } from 'drizzle-orm'
import sharp from 'sharp'
import { fileTypeFromBuffer } from 'file-type'
import { COVER_RULES, MAX_AUDIO_BYTES, type TrackFileKind } from '@contract/releases'
import type { UploadedFile } from '@contract/define'
import type { AuthedContext } from '@server/context'
import { HttpError, notFound } from '@server/errors'
import { auditedMutation } from '@server/audit'
import { FILE_KINDS, type FileRow } from '@server/storage/file-store'
import { imageDimensions } from '@domains/site-setup/server/public'
import * as repo from './repository'
import { releases, tracks } from './schema'
import { NO_TRACK, loadTrack } from './service'
import { isAdmBwf, probeAudio } from './audio-probe'

/** Stored files are served at /api/files/{id}; the catalogue keeps that address on its rows. */
const FILE_URL = /^\/api\/files\/(\d+)$/
const fileUrl = (file: FileRow) => `/api/files/${file.id}`
/** The id of a file the catalogue stored, from the address its rows keep; null for any other address. */
export function storedFileId(url: string | null | undefined): number | null {
  const match = url ? FILE_URL.exec(url) : null
  return match ? Number(match[1]) : null
}

/** Files this service stores; only these are ever removed when nothing points at them any more. */
const COVER_PURPOSE = 'release-cover'
const AUDIO_PURPOSE = 'track-audio'
const MANAGED_PURPOSES = new Set([COVER_PURPOSE, AUDIO_PURPOSE])

const MEGABYTES = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

// ---------------------------------------------------------------------------------------------
// Cover art

export interface CoverPatch {
  coverUrl: string | null
  coverMediumUrl: string | null
  coverLargeUrl: string | null
}
export const NO_COVER: CoverPatch = { coverUrl: null, coverMediumUrl: null, coverLargeUrl: null }

/** A refusal shown beside the cover picker. */
const coverError = (status: number, message: string, code = 'upload_invalid') => new HttpError(status, message, code, { cover: message })

/** The bytes of the cover's data URL; the declared type is ignored, the content decides. */
function decodeCover(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',')
  const data = Buffer.from(comma >= 0 ? dataUrl.slice(comma + 1) : '', 'base64')
  if (data.length === 0) throw coverError(400, 'The cover file is empty.')
  if (data.length > COVER_RULES.maxBytes)
    throw coverError(413, `The cover is larger than ${MEGABYTES(COVER_RULES.maxBytes)}.`, 'upload_too_large')
  return data
}

/**
 * Checks cover art by its content: a JPG or PNG whose own header says it is square and between the
 * smallest and largest side allowed. Every refusal names the rule and the image's real size.
 */
export function checkCover(data: Buffer): { width: number; height: number } {
  let size: { width: number; height: number }
  try {
    size = imageDimensions(data)
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 413)
      throw coverError(400, `The cover must be at most ${COVER_RULES.maxSide} × ${COVER_RULES.maxSide} pixels.`)
    throw coverError(415, 'The cover must be a JPG or PNG image.', 'upload_type')
  }
  const { width, height } = size
  const actual = `this one is ${width} × ${height}`
  if (width !== height) throw coverError(400, `The cover must be square: ${actual} pixels.`)
  if (width < COVER_RULES.minSide)
    throw coverError(400, `The cover must be at least ${COVER_RULES.minSide} × ${COVER_RULES.minSide} pixels: ${actual}.`)
  if (width > COVER_RULES.maxSide)
    throw coverError(400, `The cover must be at most ${COVER_RULES.maxSide} × ${COVER_RULES.maxSide} pixels: ${actual}.`)
  return size
}

/** Small, medium and large square JPEGs, drawn once from the decoded image. */
async function coverRenditions(data: Buffer): Promise<Record<keyof typeof COVER_RULES.renditions, Buffer>> {
  const { small, medium, large } = COVER_RULES.renditions
  try {
    // Decode once, at the largest rendition; the smaller ones are drawn from that.
    const master = await sharp(data, { limitInputPixels: COVER_RULES.maxSide * COVER_RULES.maxSide, failOn: 'error' })
      .rotate()
      .resize(large, large, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { raw: { width: master.info.width, height: master.info.height, channels: master.info.channels } }
    const jpeg = (side: number) =>
      sharp(master.data, raw).resize(side, side, { fit: 'cover' }).jpeg({ quality: 88, progressive: true }).toBuffer()
    const [smallJpeg, mediumJpeg, largeJpeg] = await Promise.all([jpeg(small), jpeg(medium), jpeg(large)])
    return { small: smallJpeg, medium: mediumJpeg, large: largeJpeg }
  } catch {
    throw coverError(415, 'The cover could not be read as an image; save it again as JPG or PNG.', 'upload_type')
  }
}

/**
 * Checks a new cover and stores its renditions as files of the workspace, before the release is
 * changed (so no transaction waits on image work). The caller removes them if its change fails.
 */
export async function storeCover(ctx: AuthedContext, dataUrl: string): Promise<{ patch: CoverPatch; files: FileRow[] }> {
  const data = decodeCover(dataUrl)
  checkCover(data)
  const renditions = await coverRenditions(data)
  const { services, tenant, session } = ctx
  const files: FileRow[] = []
  try {
    for (const [name, bytes] of Object.entries(renditions)) {
      files.push(
        await services.files.save(services.db, {
          tenantId: tenant.id,
          purpose: COVER_PURPOSE,
          originalName: `cover-${name}.jpg`,
          data: bytes,
          kind: 'image',
          maxBytes: COVER_RULES.maxBytes,
          // Covers are shown wherever the release is, as the seeded ones are.
          visibility: 'public',
          createdBy: session.account.id,
        }),
      )
    }
  } catch (error) {
    await discardFiles(ctx, files)
    throw error
  }
  const [small, medium, large] = files
  return { patch: { coverUrl: fileUrl(small), coverMediumUrl: fileUrl(medium), coverLargeUrl: fileUrl(large) }, files }
}

// ---------------------------------------------------------------------------------------------
// Removing files nothing points at

/** Files stored for a change that did not happen. */
export async function discardFiles(ctx: AuthedContext, files: readonly FileRow[]): Promise<void> {
  for (const file of files) {
    try {
      await ctx.services.files.remove(ctx.services.db, file)
    } catch (error) {
      ctx.req.log.warn({ err: error, fileId: file.id }, 'could not remove a file of a failed change')
    }
  }
}

async function stillUsed(ctx: AuthedContext, url: string): Promise<boolean> {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const [release] = await db
    .select({ id: releases.id })
    .from(releases)
    .where(
      and(
        eq(releases.tenantId, tenantId),
        or(eq(releases.coverUrl, url), eq(releases.coverMediumUrl, url), eq(releases.coverLargeUrl, url)),
      ),
    )
    .limit(1)
  if (release) return true
  const [track] = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.tenantId, tenantId), or(eq(tracks.audioUrl, url), eq(tracks.instrumentUrl, url), eq(tracks.dolbyUrl, url))))
    .limit(1)
  return Boolean(track)
}

/**
 * Removes the catalogue's files no release or track points at any more. Called after the change
 * committed, so a rollback keeps them; a file still shared (the demo's covers are) stays.
 */
export async function removeUnreferenced(ctx: AuthedContext, urls: readonly (string | null | undefined)[]): Promise<void> {
  for (const url of new Set(urls)) {
    const fileId = storedFileId(url)
    if (!url || !fileId) continue
    try {
      if (await stillUsed(ctx, url)) continue
      const file = await ctx.services.files.find(ctx.services.db, ctx.tenant.id, fileId)
      if (file && MANAGED_PURPOSES.has(file.purpose)) await ctx.services.files.remove(ctx.services.db, file)
    } catch (error) {
      // The change stands; a file left behind is only space.
      ctx.req.log.warn({ err: error, url }, 'could not remove a replaced file')
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Track audio

const COLUMN = { audio: 'audioUrl', instrument: 'instrumentUrl', dolby: 'dolbyUrl' } as const

const fileError = (status: number, message: string, code = 'upload_type') => new HttpError(status, message, code, { file: message })

/**
 * Checks an audio upload by its bytes: WAV, FLAC or MP3, a WAV whose chunks hold together, and for
 * the Dolby version an ADM BWF (chna and axml chunks). Answers the length it found, if any.
 */
async function checkAudio(kind: TrackFileKind, data: Buffer): Promise<{ duration: number | null }> {
  if (data.length === 0) throw fileError(400, 'The file is empty.', 'upload_invalid')
  if (data.length > MAX_AUDIO_BYTES) throw fileError(413, `The file is larger than ${MEGABYTES(MAX_AUDIO_BYTES)}.`, 'upload_too_large')
  const mime = (await fileTypeFromBuffer(data))?.mime
  if (!mime || !(FILE_KINDS.audio.mimes as readonly string[]).includes(mime)) {
    throw fileError(
      415,
      kind === 'dolby' ? 'The Dolby Atmos version must be an ADM BWF WAV file.' : `The file must be a ${FILE_KINDS.audio.label}.`,
    )
  }
  const probe = probeAudio(data, mime)
  if (!probe && mime !== 'audio/mpeg' && !mime.includes('flac'))
    throw fileError(415, 'The WAV file is damaged: it has no format or no audio data.')
  if (kind === 'dolby' && !isAdmBwf(probe)) {
    throw fileError(
      415,
      'The Dolby Atmos version must be an ADM BWF WAV file (with chna and axml chunks), as the Dolby Atmos Renderer exports it.',
    )
  }
  return { duration: probe?.duration ?? null }
}

/**
 * Sets a track's audio, instrumental or Dolby file: checked by content, stored, swapped in one
 * audited transaction, the old file removed after it commits. New main audio needs a new scan, so
 * its scan status is reset; its length comes from the file when the header says it.
 */
export async function replaceTrackAudio(ctx: AuthedContext, trackId: number, kind: TrackFileKind, upload: UploadedFile) {
  const { services, tenant, session } = ctx
  if (!(await repo.findTrack(services.db, tenant.id, trackId))) throw notFound(NO_TRACK)
  const { duration } = await checkAudio(kind, upload.data)
  const stored = await services.files.save(services.db, {
    tenantId: tenant.id,
    purpose: AUDIO_PURPOSE,
    originalName: upload.filename || `${kind}.wav`,
    data: upload.data,
    kind: 'audio',
    maxBytes: MAX_AUDIO_BYTES,
    visibility: 'private',
    createdBy: session.account.id,
  })
  const url = fileUrl(stored)
  const column = COLUMN[kind]
  let previous: string | null = null
  let result: Awaited<ReturnType<typeof loadTrack>>
  try {
    result = await auditedMutation(ctx, { action: 'track.file_replaced', entityType: 'release' }, async (tx) => {
      const current = await repo.findTrack(tx, tenant.id, trackId)
      if (!current) throw notFound(NO_TRACK)
      // The release row is the lock every change to it and its tracks takes.
      await repo.findRelease(tx, tenant.id, current.releaseId, true)
      previous = current[column]
      const resetScan = kind === 'audio'
      const patch = {
        [column]: url,
        updatedAt: services.now(),
        ...(resetScan ? { scanStatus: null, ...(duration ? { duration } : {}) } : {}),
      }
      await tx.update(tracks).set(patch).where(eq(tracks.id, trackId))
      return {
        result: await loadTrack(tx, ctx, trackId),
        entityId: current.releaseId,
        before: {
          trackId,
          kind,
          [column]: previous,
          ...(resetScan ? { scanStatus: current.scanStatus, duration: current.duration } : {}),
        },
        after: {
          trackId,
          kind,
          [column]: url,
          fileName: stored.originalName,
          size: stored.size,
          ...(resetScan ? { scanStatus: null, duration: duration ?? current.duration } : {}),
        },
      }
    })
  } catch (error) {
    await discardFiles(ctx, [stored])
    throw error
  }
  await removeUnreferenced(ctx, [previous])
  const { release: _release, ...track } = result
  return track
}

/** Files of tracks removed from a draft, to drop once the removal committed. */
export function trackFileUrls(rows: readonly { audioUrl: string | null; instrumentUrl: string | null; dolbyUrl: string | null }[]) {
  return rows.flatMap((row) => [row.audioUrl, row.instrumentUrl, row.dolbyUrl])
}
