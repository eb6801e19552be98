import sharp, { type Sharp } from 'sharp'
import { and, eq } from 'drizzle-orm'
import { ASSET_KINDS, ASSET_SPECS, type AssetKind, type ReleaseAssetResult } from '@contract/release-links'
import { displayName } from '@core/names'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { accounts, files } from '@server/db/schema/platform'
import { conflict, notFound } from '@server/errors'
import { auditedMutation } from '@server/audit'
import { removeFiles } from '@domains/site-setup/server/public'
import * as repo from './repository'
import { NO_RELEASE } from './service'
import { storedFileId } from './media.service'
import { releaseAssets, releases } from './schema'
import { escapeMarkup } from '@server/markup'

const NO_COVER = 'This release has no cover art: add one before generating images from it.'
/** Covers are at most a few MB; anything far larger is not one. */
const MAX_COVER_BYTES = 40 * 1024 * 1024
const MAX_ASSET_BYTES = 20 * 1024 * 1024
const FONT = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"

type AssetRow = typeof releaseAssets.$inferSelect

function toAsset(kind: AssetKind, row: { asset: AssetRow; size: number; by: string | null } | undefined): ReleaseAssetResult {
  const spec = ASSET_SPECS[kind]
  return {
    kind,
    label: spec.label,
    width: spec.width,
    height: spec.height,
    file: row
      ? { id: row.asset.fileId, url: `/api/files/${row.asset.fileId}`, size: row.size, created: row.asset.createdAt, createdBy: row.by }
      : null,
  }
}

async function assetRows(db: Queryable, tenantId: number, releaseId: number) {
  const rows = await db
    .select({
      asset: releaseAssets,
      size: files.size,
      by: { email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName },
    })
    .from(releaseAssets)
    .innerJoin(files, eq(files.id, releaseAssets.fileId))
    .leftJoin(accounts, eq(accounts.id, releaseAssets.createdBy))
    .where(and(eq(releaseAssets.tenantId, tenantId), eq(releaseAssets.releaseId, releaseId)))
  return new Map(rows.map((row) => [row.asset.kind, { asset: row.asset, size: Number(row.size), by: row.by ? displayName(row.by) : null }]))
}

const coverFileId = (release: repo.ReleaseRecord) =>
  storedFileId(release.coverLargeUrl) ?? storedFileId(release.coverUrl) ?? storedFileId(release.coverMediumUrl)
const hasCover = (release: repo.ReleaseRecord) => Boolean(release.coverLargeUrl || release.coverUrl || release.coverMediumUrl)

export async function loadAssets(ctx: AuthedContext, releaseId: number) {
  const { db } = ctx.services
  const release = await repo.findRelease(db, ctx.tenant.id, releaseId)
  if (!release) throw notFound(NO_RELEASE)
  const rows = await assetRows(db, ctx.tenant.id, releaseId)
  return { releaseId, hasCover: hasCover(release), data: ASSET_KINDS.map((kind) => toAsset(kind, rows.get(kind))) }
}

/** The cover's bytes, read through the storage backend (local disk or S3) like /api/files/{id} serves them. */
async function coverBytes(ctx: AuthedContext, release: repo.ReleaseRecord): Promise<Buffer> {
  if (!hasCover(release)) throw conflict(NO_COVER)
  const fileId = coverFileId(release)
  if (!fileId) throw conflict('The cover art is not a file of this workspace, so images cannot be made from it. Upload it again.')
  const { services } = ctx
  const row = await services.files.find(services.db, ctx.tenant.id, fileId)
  if (!row) throw conflict('The cover art file is missing. Upload the cover again.')
  if (row.size > MAX_COVER_BYTES) throw conflict('The cover art file is too large to read.')
  const chunks: Buffer[] = []
  for await (const chunk of await services.files.open(row)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/** At most `max` characters (whole code points), with an ellipsis when cut. */
function clip(text: string, max: number): string {
  const chars = [...text.trim()]
  return chars.length <= max
    ? chars.join('')
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
}

const jpeg = (image: Sharp) => image.jpeg({ quality: 88, mozjpeg: true }).toBuffer()

/** A readable image or a clear refusal: a broken cover is the release's problem, not a server error. */
async function decoded(cover: Buffer): Promise<Sharp> {
  try {
    const image = sharp(cover, { failOn: 'error' }).rotate()
    await image.metadata()
    return image
  } catch {
    throw conflict('The cover art cannot be read as an image. Upload it again as a JPG or PNG.')
  }
}

async function renderPost(cover: Buffer): Promise<Buffer> {
  const { width, height } = ASSET_SPECS.post
  return jpeg((await decoded(cover)).resize(width, height, { fit: 'cover' }))
}

async function renderStory(cover: Buffer, title: string, artist: string): Promise<Buffer> {
  const { width, height } = ASSET_SPECS.story
  const image = await decoded(cover)
  const background = await image.clone().resize(width, height, { fit: 'cover' }).blur(40).modulate({ brightness: 0.45 }).toBuffer()
  const side = 860
  const top = 380
  const art = await image.clone().resize(side, side, { fit: 'cover' }).toBuffer()
  const textTop = top + side + 130
  const overlay = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="${width / 2}" y="${textTop}" text-anchor="middle" font-family="${FONT}" font-size="64" font-weight="700" fill="#FFFFFF">${escapeMarkup(clip(title, 26))}</text>` +
      `<text x="${width / 2}" y="${textTop + 80}" text-anchor="middle" font-family="${FONT}" font-size="44" fill="#FFFFFF" fill-opacity="0.85">${escapeMarkup(clip(artist, 36))}</text>` +
      `</svg>`,
  )
  return jpeg(
    sharp(background).composite([
      { input: art, left: (width - side) / 2, top },
      { input: overlay, left: 0, top: 0 },
    ]),
  )
}

async function renderCanvas(cover: Buffer): Promise<Buffer> {
  const { width, height } = ASSET_SPECS.canvas
  const image = await decoded(cover)
  const { dominant } = await image.clone().stats()
  const side = 880
  const art = await image.clone().resize(side, side, { fit: 'cover' }).toBuffer()
  return jpeg(
    sharp({ create: { width, height, channels: 3, background: dominant } }).composite([
      { input: art, left: (width - side) / 2, top: Math.round((height - side) / 2) },
    ]),
  )
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'release'

/**
 * Makes one kind of image from the cover and keeps it as the release's current one: the new file
 * and its row in one transaction (audited), the replaced file removed once that committed.
 */
export async function generateAsset(ctx: AuthedContext, releaseId: number, kind: AssetKind): Promise<ReleaseAssetResult> {
  const { services } = ctx
  const release = await repo.findRelease(services.db, ctx.tenant.id, releaseId)
  if (!release) throw notFound(NO_RELEASE)
  const cover = await coverBytes(ctx, release)
  // Drawing takes a moment of CPU: done before the transaction, so no lock is held meanwhile.
  const data =
    kind === 'post'
      ? await renderPost(cover)
      : kind === 'story'
        ? await renderStory(cover, release.title, release.artistText)
        : await renderCanvas(cover)
  const spec = ASSET_SPECS[kind]
  const lock = { table: releases, id: releaseId, tenantId: ctx.tenant.id, missing: NO_RELEASE }
  const replaced = await auditedMutation(ctx, { action: 'release.asset_generated', entityType: 'release', lock }, async (tx) => {
    const [before] = await tx
      .select()
      .from(releaseAssets)
      .where(and(eq(releaseAssets.releaseId, releaseId), eq(releaseAssets.kind, kind)))
    const file = await services.files.save(tx, {
      tenantId: ctx.tenant.id,
      purpose: 'release-asset',
      originalName: `${slug(release.title)}-${kind}.jpg`,
      data,
      kind: 'image',
      maxBytes: MAX_ASSET_BYTES,
      visibility: 'public',
      createdBy: ctx.session.account.id,
    })
    const values = { fileId: file.id, width: spec.width, height: spec.height, createdBy: ctx.session.account.id, createdAt: services.now() }
    await tx
      .insert(releaseAssets)
      .values({ tenantId: ctx.tenant.id, releaseId, kind, ...values })
      .onConflictDoUpdate({ target: [releaseAssets.releaseId, releaseAssets.kind], set: values })
    return {
      result: before?.fileId ?? null,
      before: before ? { kind, fileId: before.fileId } : null,
      after: { kind, fileId: file.id, width: spec.width, height: spec.height },
    }
  })
  await removeFiles(services, ctx.tenant.id, [replaced])
  const rows = await assetRows(services.db, ctx.tenant.id, releaseId)
  return toAsset(kind, rows.get(kind))
}
