import { and, asc, eq, inArray } from 'drizzle-orm'
import { RELEASE_STATUS, checkTransition } from '@core/release-status'
import type { AlbumDetailsBody, AlbumTrackInput } from '@contract/releases'
import type { AuthedContext } from '@server/context'
import type { Tx } from '@server/db/engine'
import { accounts, artistProfiles, labelProfiles } from '@server/db/schema/platform'
import { HttpError, badRequest, fieldError, notFound } from '@server/errors'
import { actorOf, audit, auditedMutation } from '@server/audit'
import { ERROR_CODES } from '@core/session'
import * as repo from './repository'
import { releases, tracks } from './schema'
import { NO_RELEASE, diffOf, loadGeneral, releasePatch, toTrack, trackPatch } from './service'
import { fillCodesAtSubmission } from './codes.service'
import { NO_COVER, discardFiles, removeUnreferenced, storeCover, trackFileUrls, type CoverPatch } from './media.service'

/** Drafts (and releases sent back for documents) are what the uploader may change. */
const EDITABLE = [RELEASE_STATUS.draft, RELEASE_STATUS.needsDocumentation] as number[]

function requireDraft(release: repo.ReleaseRecord) {
  if (!EDITABLE.includes(release.status))
    throw new HttpError(
      409,
      'Only a draft (or a release that needs documentation) is edited in the uploader; use the release tab.',
      ERROR_CODES.conflict,
    )
}

async function owner(tx: Tx, tenantId: number, userId: number) {
  const [row] = await tx
    .select({
      id: accounts.id,
      type: accounts.type,
      banned: accounts.banned,
      restrictRelease: accounts.restrictRelease,
      restrictNewRelease: accounts.restrictNewRelease,
      artistName: artistProfiles.artistName,
      labelName: labelProfiles.labelName,
    })
    .from(accounts)
    .leftJoin(artistProfiles, eq(artistProfiles.accountId, accounts.id))
    .leftJoin(labelProfiles, eq(labelProfiles.accountId, accounts.id))
    .where(and(eq(accounts.id, userId), eq(accounts.tenantId, tenantId)))
  if (!row) throw fieldError('userId', 'There is no such account in this workspace.')
  if (row.type === 'admin') throw fieldError('userId', 'Releases belong to an artist or a label, not to staff.')
  if (row.banned || row.restrictRelease || row.restrictNewRelease)
    throw fieldError('userId', 'This account may not release: it is banned or restricted from new releases.')
  return row
}

/** What review needs before a draft can be submitted, as field messages. */
async function missingForReview(tx: Tx, release: repo.ReleaseRecord): Promise<Record<string, string>> {
  const errors: Record<string, string> = {}
  if (!release.title.trim()) errors.title = 'Title is required'
  if (release.artists.length === 0) errors.artists = 'Name at least one artist'
  if (!release.releaseDate) errors.releaseDate = 'Release date is required'
  if (!release.primaryGenre) errors.primaryGenre = 'Primary genre is required'
  if (!release.label) errors.label = 'Label is required'
  if (release.territories.length === 0) errors.territories = 'Choose at least one territory (or worldwide)'
  const rows = await tx.select({ id: tracks.id }).from(tracks).where(eq(tracks.releaseId, release.id))
  if (rows.length === 0) errors.tracks = 'Add at least one track'
  return errors
}

/**
 * The uploader's save: creates a draft for the chosen account or updates one, then (with submit)
 * moves it to 2 Under review when nothing required is missing. One transaction, audited. A new
 * cover is checked and its renditions stored first; the replaced files go once the change committed.
 */
export async function saveAlbumDetails(ctx: AuthedContext, body: AlbumDetailsBody) {
  const { cover, ...fields } = body
  if (cover === undefined) return (await saveDraft(ctx, fields)).general
  if (fields.releaseId !== undefined) {
    // Refuse a missing or non-draft release before any image work.
    const current = await repo.findRelease(ctx.services.db, ctx.tenant.id, fields.releaseId)
    if (!current) throw notFound(NO_RELEASE)
    requireDraft(current)
  }
  const stored = cover === null ? null : await storeCover(ctx, cover)
  let saved: Awaited<ReturnType<typeof saveDraft>>
  try {
    saved = await saveDraft(ctx, fields, stored?.patch ?? NO_COVER)
  } catch (error) {
    if (stored) await discardFiles(ctx, stored.files)
    throw error
  }
  await removeUnreferenced(ctx, saved.replacedCover)
  return saved.general
}

async function saveDraft(ctx: AuthedContext, body: Omit<AlbumDetailsBody, 'cover'>, cover?: CoverPatch) {
  const { releaseId, userId, submit, ...fields } = body
  const now = ctx.services.now()
  // audit() stays below: one transaction writes two kinds of row (created or edited, then submitted).
  return ctx.services.db.transaction(async (tx) => {
    let release: repo.ReleaseRecord | undefined
    let replacedCover: (string | null)[] = []
    if (releaseId === undefined) {
      if (userId === undefined) throw fieldError('userId', 'Choose the account the release is for')
      const account = await owner(tx, ctx.tenant.id, userId)
      const name = account.artistName ?? account.labelName
      const patch = { ...releasePatch(fields), ...cover }
      const [created] = await tx
        .insert(releases)
        .values({
          tenantId: ctx.tenant.id,
          accountId: account.id,
          title: patch.title ?? '',
          artists: patch.artists ?? (name ? [name] : []),
          artistText: patch.artistText ?? name ?? '',
          territories: ['WW'],
          ...patch,
          status: RELEASE_STATUS.draft,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      await audit(tx, actorOf(ctx), {
        action: 'release.created',
        entityType: 'release',
        entityId: created.id,
        after: { ...patch, accountId: account.id },
      })
      release = created
    } else {
      release = await repo.findRelease(tx, ctx.tenant.id, releaseId, true)
      if (!release) throw notFound(NO_RELEASE)
      requireDraft(release)
      if (userId !== undefined && userId !== release.accountId) await owner(tx, ctx.tenant.id, userId)
      const patch = { ...releasePatch(fields), ...cover, ...(userId !== undefined ? { accountId: userId } : {}) }
      if (cover) replacedCover = [release.coverUrl, release.coverMediumUrl, release.coverLargeUrl]
      const diff = diffOf(release as unknown as Record<string, unknown>, patch as Record<string, unknown>)
      if (diff.changed) {
        await tx
          .update(releases)
          .set({ ...patch, updatedAt: now })
          .where(eq(releases.id, release.id))
        await audit(tx, actorOf(ctx), {
          action: 'release.edited',
          entityType: 'release',
          entityId: release.id,
          before: diff.before,
          after: diff.after,
        })
      }
      release = (await repo.findRelease(tx, ctx.tenant.id, release.id)) as repo.ReleaseRecord
    }
    if (submit) {
      const check = checkTransition(release.status, RELEASE_STATUS.underReview)
      if (!check.ok) throw new HttpError(409, check.reason, ERROR_CODES.conflict, { status: check.reason })
      const missing = await missingForReview(tx, release)
      if (Object.keys(missing).length) throw badRequest('The release is not ready for review.', missing)
      await tx
        .update(releases)
        .set({ status: RELEASE_STATUS.underReview, publishDate: now.toISOString().slice(0, 10), updatedAt: now })
        .where(eq(releases.id, release.id))
      // Codes come from the pools inside this transaction: a failed submission hands them back.
      const codes = await fillCodesAtSubmission(tx, ctx.services, ctx.tenant.id, release.id)
      await audit(tx, actorOf(ctx), {
        action: 'release.submitted',
        entityType: 'release',
        entityId: release.id,
        before: { status: release.status },
        after: { status: RELEASE_STATUS.underReview, ...codes },
      })
    }
    return { general: await loadGeneral(tx, ctx, release.id), replacedCover }
  })
}

/** The draft's track list as the uploader shows it: saved in order; tracks left out are removed. */
export async function saveAlbumTracks(ctx: AuthedContext, releaseId: number, inputs: AlbumTrackInput[]) {
  const now = ctx.services.now()
  let removedFiles: (string | null)[] = []
  const lock = { table: releases, id: releaseId, tenantId: ctx.tenant.id, missing: NO_RELEASE }
  const saved = await auditedMutation(ctx, { action: 'release.tracks_saved', entityType: 'release', lock }, async (tx) => {
    const release = (await repo.findRelease(tx, ctx.tenant.id, releaseId)) as repo.ReleaseRecord
    requireDraft(release)
    const existing = await tx
      .select({ id: tracks.id, audioUrl: tracks.audioUrl, instrumentUrl: tracks.instrumentUrl, dolbyUrl: tracks.dolbyUrl })
      .from(tracks)
      .where(eq(tracks.releaseId, releaseId))
    const known = new Set(existing.map((row) => row.id))
    inputs.forEach((input, index) => {
      if (input.id !== undefined && !known.has(input.id)) throw fieldError(`tracks.${index}.id`, 'This track is not on the release.')
    })
    const kept = inputs.map((input) => input.id).filter((value): value is number => value !== undefined)
    const removed = existing.filter((row) => !kept.includes(row.id)).map((row) => row.id)
    if (removed.length) await tx.delete(tracks).where(and(eq(tracks.releaseId, releaseId), inArray(tracks.id, removed)))
    removedFiles = trackFileUrls(existing.filter((row) => removed.includes(row.id)))
    for (const [index, input] of inputs.entries()) {
      const { id: trackId, duration, ...fields } = input
      const patch = { ...trackPatch(fields), position: index + 1, ...(duration !== undefined ? { duration } : {}) }
      if (trackId === undefined) {
        await tx.insert(tracks).values({ tenantId: ctx.tenant.id, releaseId, title: input.title, ...patch, createdAt: now, updatedAt: now })
      } else {
        await tx
          .update(tracks)
          .set({ ...patch, updatedAt: now })
          .where(eq(tracks.id, trackId))
      }
    }
    const rows = await tx.select().from(tracks).where(eq(tracks.releaseId, releaseId)).orderBy(asc(tracks.position), asc(tracks.id))
    await tx.update(releases).set({ trackCount: rows.length, updatedAt: now }).where(eq(releases.id, releaseId))
    const duplicates = await repo.duplicateIsrcs(tx, ctx.tenant.id, { releaseId })
    return {
      result: { data: rows.map((row) => toTrack(row, duplicates)) },
      before: { trackIds: existing.map((row) => row.id) },
      after: { trackIds: rows.map((row) => row.id), removed },
    }
  })
  // A removed track's audio files go with it, once the removal committed.
  await removeUnreferenced(ctx, removedFiles)
  return saved
}
