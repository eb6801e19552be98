import { and, eq, inArray, sql } from 'drizzle-orm'
import { countryName, isCountryCode } from '@core/countries'
import { displayName } from '@core/names'
import { RELEASE_STATUS, statusLabel } from '@core/release-status'
import type { EditRequestSingleResult as EditRequestSingle, EditRequestStatus } from '@contract/releases'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { accounts, artistProfiles, labelProfiles } from '@server/db/schema/platform'
import { HttpError, notFound } from '@server/errors'
import { auditedMutation } from '@server/audit'
import { pageMeta } from '@server/db/paging'
import { likePattern } from '@server/search'
import { ERROR_CODES } from '@core/session'
import * as repo from './repository'
import { editRequests, releases, tracks, type EditChangeData } from './schema'
import { ownerCard } from './service'

const NO_REQUEST = 'There is no such edit request in this workspace.'

/** Release fields an edit request may change: column, label and the section it shows under. */
export const RELEASE_EDIT_FIELDS = {
  title: { label: 'Title', section: 'Release details' },
  version: { label: 'Version', section: 'Release details' },
  artists: { label: 'Artists', section: 'Release details' },
  type: { label: 'Type', section: 'Release details' },
  label: { label: 'Label', section: 'Release details' },
  upc: { label: 'UPC', section: 'Identifiers' },
  catalogNumber: { label: 'Catalog number', section: 'Identifiers' },
  releaseDate: { label: 'Release date', section: 'Dates' },
  originalReleaseDate: { label: 'Original release date', section: 'Dates' },
  primaryGenre: { label: 'Primary genre', section: 'Genres' },
  secondaryGenre: { label: 'Secondary genre', section: 'Genres' },
  language: { label: 'Language', section: 'Release details' },
  cLine: { label: 'C line', section: 'Rights' },
  cYear: { label: 'C year', section: 'Rights' },
  pLine: { label: 'P line', section: 'Rights' },
  pYear: { label: 'P year', section: 'Rights' },
  territories: { label: 'Territories', section: 'Distribution' },
  stores: { label: 'Stores', section: 'Distribution' },
} as const
export const TRACK_EDIT_FIELDS = {
  title: { label: 'Title' },
  version: { label: 'Version' },
  isrc: { label: 'ISRC' },
  iswc: { label: 'ISWC' },
  explicit: { label: 'Explicit lyrics' },
  lyrics: { label: 'Lyrics' },
  language: { label: 'Language' },
} as const

type EditValue = string | number | boolean | null | (string | number)[]
const asValue = (value: unknown): EditValue =>
  value === undefined || value === null
    ? null
    : Array.isArray(value) || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? (value as EditValue)
      : JSON.stringify(value)

function releaseRef(release: repo.ReleaseRecord) {
  return {
    id: release.id,
    title: release.title,
    artwork: { cover: release.coverUrl, medium: release.coverMediumUrl, large: release.coverLargeUrl },
    upc: release.upc,
    status: release.status,
  }
}

export async function listEditRequests(
  ctx: AuthedContext,
  page: number,
  perPage: number,
  filter: { status?: EditRequestStatus; search?: string },
) {
  const { db } = ctx.services
  const conditions = [sql`e.tenant_id = ${ctx.tenant.id}`]
  if (filter.status) conditions.push(sql`e.status = ${filter.status}`)
  if (filter.search) {
    const pattern = likePattern(filter.search)
    conditions.push(
      sql`e.release_id = any(array(select id from releases where tenant_id = ${ctx.tenant.id} and (title ilike ${pattern} or upc = ${filter.search})))`,
    )
  }
  const where = sql`where ${sql.join(conditions, sql` and `)}`
  // Open requests are the work to do: they come first, newest first, then the decided ones.
  const idRows = await db.execute<{ id: number }>(
    sql`select e.id from edit_requests e ${where} order by (e.status = 'pending') desc, e.created_at desc nulls last, e.id desc nulls last limit ${perPage} offset ${(page - 1) * perPage}`,
  )
  const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from edit_requests e ${where}`)).rows
  const ids = idRows.rows.map((row) => Number(row.id))
  const rows = await loadRows(db, ids)
  return { data: rows.map((row) => toRow(row)), meta: pageMeta(Number(n), false, page, perPage) }
}

async function loadRows(db: Queryable, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await db
    .select({ request: editRequests, release: releases, owner: repo.ownerColumns })
    .from(editRequests)
    .innerJoin(releases, eq(releases.id, editRequests.releaseId))
    .innerJoin(accounts, eq(accounts.id, editRequests.accountId))
    .leftJoin(artistProfiles, eq(artistProfiles.accountId, accounts.id))
    .leftJoin(labelProfiles, eq(labelProfiles.accountId, accounts.id))
    .where(inArray(editRequests.id, ids))
  const byId = new Map(rows.map((row) => [row.request.id, row]))
  return ids.map((id) => byId.get(id)).filter((row): row is NonNullable<typeof row> => Boolean(row))
}

type LoadedRow = Awaited<ReturnType<typeof loadRows>>[number]

function toRow({ request, release, owner }: LoadedRow) {
  return {
    id: request.id,
    status: request.status,
    created: request.createdAt,
    comment: request.comment,
    release: releaseRef(release),
    user: ownerCard(owner),
    changeCount: request.changes.length,
  }
}

export async function loadEditRequest(db: Queryable, ctx: Pick<AuthedContext, 'tenant'>, id: number): Promise<EditRequestSingle> {
  const [row] = await loadRows(db, [id])
  if (!row || row.request.tenantId !== ctx.tenant.id) throw notFound(NO_REQUEST)
  const { request } = row
  const trackIds = request.changes.filter((change) => change.scope === 'track' && change.trackId).map((change) => change.trackId as number)
  const trackRows = trackIds.length
    ? await db.select({ id: tracks.id, title: tracks.title, position: tracks.position }).from(tracks).where(inArray(tracks.id, trackIds))
    : []
  const trackById = new Map(trackRows.map((track) => [track.id, track]))
  let decidedBy: EditRequestSingle['decidedBy'] = null
  if (request.decidedBy) {
    const [by] = await db.select().from(accounts).where(eq(accounts.id, request.decidedBy))
    if (by) decidedBy = { id: by.id, name: displayName({ firstName: by.firstName, lastName: by.lastName, email: by.email }) }
  }
  const codes = new Set<string>()
  const releaseEdits: EditRequestSingle['releaseEdits'] = []
  const trackEdits: EditRequestSingle['trackEdits'] = []
  for (const change of request.changes) {
    if (change.field === 'territories')
      for (const value of [change.oldValue, change.newValue]) if (Array.isArray(value)) value.forEach((code) => codes.add(String(code)))
    if (change.scope === 'release') {
      const meta = RELEASE_EDIT_FIELDS[change.field as keyof typeof RELEASE_EDIT_FIELDS]
      releaseEdits.push({
        section: meta?.section ?? 'Release details',
        field: change.field,
        label: meta?.label ?? change.field,
        oldValue: asValue(change.oldValue),
        newValue: asValue(change.newValue),
      })
    } else {
      const track = trackById.get(change.trackId ?? 0)
      const meta = TRACK_EDIT_FIELDS[change.field as keyof typeof TRACK_EDIT_FIELDS]
      trackEdits.push({
        trackId: change.trackId ?? 0,
        trackTitle: track?.title ?? 'Removed track',
        section: track ? `Track ${track.position}` : 'Track',
        field: change.field,
        label: meta?.label ?? change.field,
        oldValue: asValue(change.oldValue),
        newValue: asValue(change.newValue),
      })
    }
  }
  return {
    ...toRow(row),
    decidedAt: request.decidedAt,
    decidedBy,
    releaseEdits,
    trackEdits,
    countries: [...codes]
      .sort()
      .filter((code) => code === 'WW' || isCountryCode(code))
      .map((code) => ({ code, name: code === 'WW' ? 'Worldwide' : (countryName(code) ?? code) })),
  }
}

/** Column values as the edit request stores them, for the tables' typed update. */
function releaseColumns(changes: EditChangeData[]): Partial<typeof releases.$inferInsert> {
  const patch: Record<string, unknown> = {}
  for (const change of changes) {
    if (!(change.field in RELEASE_EDIT_FIELDS)) continue
    patch[change.field] = change.newValue
    if (change.field === 'artists' && Array.isArray(change.newValue)) patch.artistText = (change.newValue as string[]).join(', ')
  }
  return patch as Partial<typeof releases.$inferInsert>
}

/**
 * Approve: every new value lands on the release and its tracks in one transaction and the release
 * becomes 7 Edited. Reject: the comment is kept and a release waiting on the edit goes back to live.
 */
export async function decideEditRequest(ctx: AuthedContext, body: { id: number; status: 'approved' | 'rejected'; comment?: string }) {
  const now = ctx.services.now()
  const mutation = {
    action: body.status === 'approved' ? 'release.edit_approved' : 'release.edit_rejected',
    entityType: 'release',
    lock: { table: editRequests, id: body.id, tenantId: ctx.tenant.id, missing: NO_REQUEST },
  }
  return auditedMutation(ctx, mutation, async (tx) => {
    const [request] = await tx.select().from(editRequests).where(eq(editRequests.id, body.id))
    if (request.status !== 'pending') throw new HttpError(409, `This edit request was already ${request.status}.`, ERROR_CODES.conflict)
    const release = await repo.findRelease(tx, ctx.tenant.id, request.releaseId, true)
    if (!release) throw notFound('The release of this edit request is gone.')
    const before = { status: release.status }
    if (body.status === 'approved') {
      const editable = [RELEASE_STATUS.live, RELEASE_STATUS.editPending, RELEASE_STATUS.edited] as number[]
      if (!editable.includes(release.status)) {
        const reason = `The release is ${statusLabel(release.status)}; only a live release or one with an edit pending takes an edit.`
        throw new HttpError(409, reason, ERROR_CODES.conflict, { status: reason })
      }
      const releaseChanges = request.changes.filter((change) => change.scope === 'release')
      await tx
        .update(releases)
        .set({ ...releaseColumns(releaseChanges), status: RELEASE_STATUS.edited, updatedAt: now })
        .where(eq(releases.id, release.id))
      const byTrack = new Map<number, Record<string, unknown>>()
      for (const change of request.changes) {
        if (change.scope !== 'track' || !change.trackId || !(change.field in TRACK_EDIT_FIELDS)) continue
        byTrack.set(change.trackId, { ...byTrack.get(change.trackId), [change.field]: change.newValue })
      }
      for (const [trackId, patch] of byTrack) {
        await tx
          .update(tracks)
          .set({ ...(patch as Partial<typeof tracks.$inferInsert>), updatedAt: now })
          .where(and(eq(tracks.id, trackId), eq(tracks.releaseId, release.id)))
      }
    } else if (release.status === RELEASE_STATUS.editPending) {
      const others = await tx
        .select({ id: editRequests.id })
        .from(editRequests)
        .where(and(eq(editRequests.releaseId, release.id), eq(editRequests.status, 'pending'), sql`${editRequests.id} <> ${request.id}`))
      if (others.length === 0)
        await tx.update(releases).set({ status: RELEASE_STATUS.live, updatedAt: now }).where(eq(releases.id, release.id))
    }
    await tx
      .update(editRequests)
      .set({ status: body.status, comment: body.comment ?? null, decidedAt: now, decidedBy: ctx.session.account.id })
      .where(eq(editRequests.id, request.id))
    const [after] = await tx.select({ status: releases.status }).from(releases).where(eq(releases.id, release.id))
    return {
      result: await loadEditRequest(tx, ctx, request.id),
      entityId: release.id,
      before: { ...before, editRequestId: request.id },
      after: {
        status: after.status,
        editRequestId: request.id,
        ...(body.comment ? { comment: body.comment } : {}),
        ...(body.status === 'approved' ? { changes: request.changes.map((change) => ({ ...change })) } : {}),
      },
    }
  })
}
