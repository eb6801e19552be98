import { csvCell } from '@server/csv-stream'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { displayName, initials } from '@core/names'
import { checkIsrc, checkUpc } from '@core/identifiers'
import {
  allowedStatuses,
  checkTransition,
  displayStatus,
  isLive,
  requiresReason,
  statusLabel,
  type ReleaseStatus,
} from '@core/release-status'
import {
  DELIVERY_TARGETS,
  DELIVERY_TARGET_LABELS,
  type CreditRow,
  type DeliveryTarget,
  type ParticipantRow,
  type ReleaseEditBody,
  type ReleaseGeneralResult,
  type ReleaseListItem,
  type ReleasesListQuery,
  type Track,
  type TrackEditBody,
  type WriterRow,
} from '@contract/releases'
import type { UserCard } from '@contract/users'
import type { AuthedContext } from '@server/context'
import type { Queryable, Tx } from '@server/db/engine'
import { accounts, auditLog } from '@server/db/schema/platform'
import { pageMeta } from '@server/db/paging'
import { HttpError, badRequest, notFound } from '@server/errors'
import { actorOf, auditedMutation } from '@server/audit'
import { MIN_FUZZY_LENGTH, likePattern } from '@server/search'
import { ERROR_CODES } from '@core/session'
import * as repo from './repository'
import { editRequests, releaseNotes, releases, tracks, type DeliveryFlags } from './schema'

export const NO_RELEASE = 'There is no such release in this workspace.'
export const NO_TRACK = 'There is no such track in this workspace.'

/** Today in UTC, as the scheduled rule compares release dates. */
export function today(ctx: Pick<AuthedContext, 'services'>): string {
  return ctx.services.now().toISOString().slice(0, 10)
}

export function ownerCard(owner: repo.OwnerRecord): UserCard {
  const name = displayName(owner)
  return { id: owner.id, email: owner.email, type: owner.type, displayName: name, initials: initials(name) }
}

export function toListItem(release: repo.ReleaseListRecord, owner: repo.OwnerRecord, now: Date): ReleaseListItem {
  const shown = displayStatus(release.status, release.releaseDate, now)
  return {
    id: release.id,
    date: release.createdAt.toISOString(),
    title: release.title,
    artist: release.artistText,
    artwork: { cover: release.coverUrl, medium: release.coverMediumUrl, large: release.coverLargeUrl },
    status: release.status,
    displayStatus: shown,
    statusLabel: statusLabel(shown),
    releaseDate: release.releaseDate,
    originalReleaseDate: release.originalReleaseDate,
    isLive: isLive(release.releaseDate, now),
    upc: release.upc,
    catalogNumber: release.catalogNumber,
    label: release.label,
    language: release.language,
    primaryGenre: release.primaryGenre,
    secondaryGenre: release.secondaryGenre,
    version: release.version,
    licenseType: release.licenseType,
    type: release.type,
    cLine: release.cLine,
    cYear: release.cYear,
    pLine: release.pLine,
    pYear: release.pYear,
    restrict: release.restrictTakedown,
    user: ownerCard(owner),
    adminReview: release.adminReview,
    priorityReview: release.priorityReview,
    trackCount: release.trackCount,
  }
}

/** What the search box holds: a UPC or ISRC matches exactly, a number an id or catalog number, text by fragment. */
export function parseSearch(raw: string | undefined): repo.ListFilter['search'] {
  const text = raw?.trim() ?? ''
  if (!text) return undefined
  const upc = checkUpc(text)
  if (upc.ok) return { kind: 'upc', value: upc.value }
  const isrc = checkIsrc(text)
  if (isrc.ok) return { kind: 'isrc', value: isrc.value }
  if (/^#?\d{1,15}$/.test(text)) return { kind: 'number', value: Number(text.replace('#', '')), text: text.replace('#', '') }
  if (text.length < MIN_FUZZY_LENGTH) {
    const message = `Type at least ${MIN_FUZZY_LENGTH} characters to search.`
    throw badRequest(message, { search: message })
  }
  return { kind: 'text', text }
}

const bool = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true')

export async function listReleases(ctx: AuthedContext, query: ReleasesListQuery) {
  const { db } = ctx.services
  if (query.from && query.to && query.from > query.to)
    throw badRequest('The start date is after the end date.', { from: 'The start date is after the end date.' })
  const filter: repo.ListFilter = {
    tenantId: ctx.tenant.id,
    today: today(ctx),
    status: query.status,
    type: query.type,
    genre: query.genre || undefined,
    label: query.label || undefined,
    accountId: query.userId,
    dateField: query.dateField,
    from: query.from,
    to: query.to,
    adminReview: bool(query.adminReview),
    priorityReview: bool(query.priorityReview),
    search: parseSearch(query.search),
  }
  const { ids, total, estimate } = await repo.listPage(db, filter, { sort: query.sort, dir: query.dir }, query.page, query.per_page)
  const rows = await repo.releaseListRows(db, ids)
  const now = ctx.services.now()
  return { data: rows.map((row) => toListItem(row.release, row.owner, now)), meta: pageMeta(total, estimate, query.page, query.per_page) }
}

// ---------------------------------------------------------------------------------------------
// One release

export function deliveryList(flags: DeliveryFlags) {
  return DELIVERY_TARGETS.map((platform) => ({
    platform,
    label: DELIVERY_TARGET_LABELS[platform],
    delivered: Boolean(flags[platform]?.delivered),
    completed: Boolean(flags[platform]?.completed),
  }))
}

const personName = (row: { email: string; firstName: string; lastName: string } | null) =>
  row ? displayName({ firstName: row.firstName, lastName: row.lastName, email: row.email }) : null

export async function loadGeneral(
  db: Queryable,
  ctx: Pick<AuthedContext, 'tenant' | 'services'>,
  id: number,
): Promise<ReleaseGeneralResult> {
  const tenantId = ctx.tenant.id
  const [row] = await repo.releasesWithOwners(db, [id])
  if (!row || row.release.tenantId !== tenantId) throw notFound(NO_RELEASE)
  const { release, owner } = row
  const now = ctx.services.now()
  const notes = await db
    .select({
      note: releaseNotes,
      author: { id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName },
    })
    .from(releaseNotes)
    .leftJoin(accounts, eq(accounts.id, releaseNotes.authorId))
    .where(and(eq(releaseNotes.releaseId, id), eq(releaseNotes.tenantId, tenantId)))
    .orderBy(desc(releaseNotes.createdAt), desc(releaseNotes.id))
    .limit(200)
  let takedownBy: string | null = null
  if (release.takedownBy) {
    const [by] = await db.select().from(accounts).where(eq(accounts.id, release.takedownBy))
    takedownBy = personName(by ?? null)
  }
  const [pending] = await db
    .select({ id: editRequests.id })
    .from(editRequests)
    .where(and(eq(editRequests.releaseId, id), eq(editRequests.tenantId, tenantId), eq(editRequests.status, 'pending')))
    .orderBy(desc(editRequests.createdAt))
    .limit(1)
  const isrcs = await repo.duplicateIsrcs(db, tenantId, { releaseId: id })
  return {
    ...toListItem(release, owner, now),
    owner: { id: owner.id, name: displayName(owner), email: owner.email },
    artists: release.artists,
    participants: release.participants,
    coverUrl: release.coverUrl,
    publishDate: release.publishDate,
    releaseTime: release.releaseTime,
    timeZone: release.timeZone,
    allowedStatuses: allowedStatuses(release.status).map((status) => ({
      status,
      label: statusLabel(status),
      needsReason: requiresReason(status),
    })),
    takedown:
      release.takedownReason && release.takedownAt ? { reason: release.takedownReason, at: release.takedownAt, by: takedownBy } : null,
    restrictTakedown: release.restrictTakedown,
    delivery: deliveryList(release.delivery),
    duplicates: {
      upc: await repo.duplicateUpcs(db, tenantId, id, release.upc),
      isrc: isrcs.map((dup) => ({ isrc: dup.isrc, trackId: dup.trackId, releaseId: dup.releaseId, title: dup.title })),
    },
    notes: notes.map(({ note, author }) => ({
      id: note.id,
      content: note.content,
      created: note.createdAt,
      author: author ? { id: author.id, name: personName(author) ?? author.email } : null,
    })),
    stores: release.stores,
    territories: release.territories,
    pendingEditRequestId: pending?.id ?? null,
    updated: release.updatedAt,
  }
}

export async function loadAdditional(ctx: AuthedContext, id: number) {
  const release = await repo.findRelease(ctx.services.db, ctx.tenant.id, id)
  if (!release) throw notFound(NO_RELEASE)
  return {
    id: release.id,
    languages: release.languages.length ? release.languages : release.language ? [release.language] : [],
    genres: [release.primaryGenre, release.secondaryGenre].filter((genre): genre is string => Boolean(genre)),
    remixOrVersion: release.version,
    cLine: release.cLine,
    cYear: release.cYear,
    pLine: release.pLine,
    pYear: release.pYear,
    licenseType: release.licenseType,
    motionArt: { square: release.motionArtSquareUrl, portrait: release.motionArtPortraitUrl },
    isAiCover: release.isAiCover,
    applePreorder: release.applePreorder,
    applePreorderDate: release.applePreorderDate,
    transferIn: release.transferIn,
    optInRecommendedTracks: release.optInRecommendedTracks,
    originalReleaseDate: release.originalReleaseDate,
    publishDate: release.publishDate,
    reviewFile: release.reviewFile ?? null,
  }
}

export function toTrack(
  row: repo.TrackRecord,
  duplicates: { sourceTrackId: number; isrc: string; trackId: number; releaseId: number; title: string }[],
): Track {
  return {
    id: row.id,
    releaseId: row.releaseId,
    position: row.position,
    isrc: row.isrc,
    iswc: row.iswc,
    title: row.title,
    version: row.version,
    language: row.language,
    lyrics: row.lyrics,
    explicit: row.explicit,
    duration: row.duration,
    audioUrl: row.audioUrl,
    instrumentUrl: row.instrumentUrl,
    dolbyUrl: row.dolbyUrl,
    tiktokStart: row.tiktokStart,
    linerNote: row.linerNote,
    participants: row.participants,
    writers: row.writers,
    credits: row.credits.map((credit) => ({ name: credit.name, roles: credit.roles })),
    scanStatus: row.scanStatus,
    duplicateIsrc: duplicates
      .filter((dup) => dup.sourceTrackId === row.id)
      .map((dup) => ({ isrc: dup.isrc, trackId: dup.trackId, releaseId: dup.releaseId, title: dup.title })),
  }
}

export async function loadTracks(ctx: AuthedContext, releaseId: number) {
  const { db } = ctx.services
  const release = await repo.findRelease(db, ctx.tenant.id, releaseId)
  if (!release) throw notFound(NO_RELEASE)
  const rows = await db.select().from(tracks).where(eq(tracks.releaseId, releaseId)).orderBy(asc(tracks.position), asc(tracks.id))
  const duplicates = await repo.duplicateIsrcs(db, ctx.tenant.id, { releaseId })
  return { data: rows.map((row) => toTrack(row, duplicates)) }
}

export async function loadTrack(db: Queryable, ctx: Pick<AuthedContext, 'tenant' | 'services'>, trackId: number) {
  const row = await repo.findTrack(db, ctx.tenant.id, trackId)
  if (!row) throw notFound(NO_TRACK)
  const release = await repo.findRelease(db, ctx.tenant.id, row.releaseId)
  if (!release) throw notFound(NO_TRACK)
  const duplicates = await repo.duplicateIsrcs(db, ctx.tenant.id, { trackId })
  const shown = displayStatus(release.status, release.releaseDate, ctx.services.now())
  return {
    ...toTrack(row, duplicates),
    release: {
      id: release.id,
      title: release.title,
      artist: release.artistText,
      artwork: { cover: release.coverUrl, medium: release.coverMediumUrl, large: release.coverLargeUrl },
      upc: release.upc,
      status: release.status,
      displayStatus: shown,
      statusLabel: statusLabel(shown),
      releaseDate: release.releaseDate,
    },
  }
}

export async function loadHistory(ctx: AuthedContext, releaseId: number, page: number, perPage: number) {
  const { db } = ctx.services
  const release = await repo.findRelease(db, ctx.tenant.id, releaseId)
  if (!release) throw notFound(NO_RELEASE)
  const where = and(eq(auditLog.tenantId, ctx.tenant.id), eq(auditLog.entityType, 'release'), eq(auditLog.entityId, String(releaseId)))
  const rows = await db
    .select({
      entry: auditLog,
      actor: { id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName },
    })
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.id, auditLog.actorAccountId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where)
  return {
    data: rows.map(({ entry, actor }) => ({
      id: entry.id,
      action: entry.action,
      user: actor ? { id: actor.id, name: personName(actor) ?? actor.email } : null,
      date: entry.createdAt,
      before: entry.before,
      after: entry.after,
    })),
    meta: pageMeta(Number(n), false, page, perPage),
  }
}

// ---------------------------------------------------------------------------------------------
// Changes

/** One staff change to one release: locked, changed and audited in one transaction. */
async function onRelease<T>(
  ctx: AuthedContext,
  releaseId: number,
  action: string,
  change: (tx: Tx, release: repo.ReleaseRecord) => Promise<{ before?: unknown; after?: unknown; result: T }>,
): Promise<T> {
  const lock = { table: releases, id: releaseId, tenantId: ctx.tenant.id, missing: NO_RELEASE }
  return auditedMutation(ctx, { action, entityType: 'release', lock }, async (tx) => {
    const release = await repo.findRelease(tx, ctx.tenant.id, releaseId, true)
    if (!release) throw notFound(NO_RELEASE)
    return change(tx, release)
  })
}

/** Several releases at once: the ones of this workspace are changed, each with its audit row. */
async function onReleases(
  ctx: AuthedContext,
  ids: number[],
  action: string,
  change: (tx: Tx, release: repo.ReleaseRecord) => Promise<{ before: unknown; after: unknown } | null>,
): Promise<{ updated: number }> {
  return ctx.services.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(releases)
      .where(and(eq(releases.tenantId, ctx.tenant.id), inArray(releases.id, [...new Set(ids)])))
      .for('update')
    if (rows.length === 0) throw notFound(NO_RELEASE)
    const entries: (typeof auditLog.$inferInsert)[] = []
    const actor = actorOf(ctx)
    for (const release of rows) {
      const diff = await change(tx, release)
      if (!diff) continue
      entries.push({
        tenantId: actor.tenantId,
        actorAccountId: actor.actorAccountId,
        action,
        entityType: 'release',
        entityId: String(release.id),
        before: diff.before as never,
        after: diff.after as never,
        ip: actor.ip ?? null,
        requestId: actor.requestId ?? null,
      })
    }
    for (let index = 0; index < entries.length; index += 500) await tx.insert(auditLog).values(entries.slice(index, index + 500))
    return { updated: entries.length }
  })
}

export async function changeStatus(ctx: AuthedContext, body: { ids: number[]; status: number; reason?: string }) {
  const to = body.status as ReleaseStatus
  const now = ctx.services.now()
  const takedown = requiresReason(to)
  const mutation = { action: takedown ? 'release.takedown' : 'release.status', entityType: 'release' }
  const result = await auditedMutation(ctx, mutation, async (tx) => {
    const unique = [...new Set(body.ids)]
    const rows = await tx
      .select()
      .from(releases)
      .where(and(eq(releases.tenantId, ctx.tenant.id), inArray(releases.id, unique)))
      .for('update')
    const byId = new Map(rows.map((row) => [row.id, row]))
    const updated: { id: number; status: number; displayStatus: number }[] = []
    const refused: { id: number; reason: string }[] = []
    const records: { entityId: number; before: unknown; after: unknown }[] = []
    for (const id of unique) {
      const release = byId.get(id)
      if (!release) {
        refused.push({ id, reason: NO_RELEASE })
        continue
      }
      const check = checkTransition(release.status, to)
      if (!check.ok) {
        refused.push({ id, reason: check.reason })
        continue
      }
      await tx
        .update(releases)
        .set({
          status: to,
          updatedAt: now,
          ...(takedown
            ? { takedownReason: body.reason ?? null, takedownAt: now, takedownBy: ctx.session.account.id }
            : to === 1 || to === 2
              ? { takedownReason: null, takedownAt: null, takedownBy: null }
              : {}),
        })
        .where(eq(releases.id, id))
      records.push({
        entityId: id,
        before: { status: release.status },
        after: { status: to, ...(body.reason ? { reason: body.reason } : {}) },
      })
      updated.push({ id, status: to, displayStatus: displayStatus(to, release.releaseDate, now) })
    }
    return { result: { updated, refused }, records }
  })
  if (result.updated.length === 0) {
    const reason = result.refused[0]?.reason ?? NO_RELEASE
    if (reason === NO_RELEASE) throw notFound(reason)
    throw new HttpError(409, reason, ERROR_CODES.conflict, { status: reason })
  }
  return result
}

export function changeReview(ctx: AuthedContext, ids: number[], field: 'adminReview' | 'priorityReview', value: boolean) {
  return onReleases(ctx, ids, field === 'adminReview' ? 'release.admin_review' : 'release.priority_review', async (tx, release) => {
    if (release[field] === value) return null
    await tx
      .update(releases)
      .set({ [field]: value, updatedAt: ctx.services.now() })
      .where(eq(releases.id, release.id))
    return { before: { [field]: release[field] }, after: { [field]: value } }
  })
}

/** Rows with an empty name or no role are dropped (spec section 5); writer names are trimmed. */
export function keepParticipants(rows: ParticipantRow[]): ParticipantRow[] {
  return rows
    .filter((row) => row.name.trim() && row.roles.trim())
    .map((row) => ({
      name: row.name.trim(),
      roles: row.roles.trim(),
      ...(row.spotify ? { spotify: row.spotify } : {}),
      ...(row.apple ? { apple: row.apple } : {}),
    }))
}
export function keepWriters(rows: WriterRow[]): WriterRow[] {
  return rows
    .map((row) => ({ firstName: row.firstName.trim(), lastName: row.lastName.trim(), roles: row.roles.trim() }))
    .filter((row) => `${row.firstName} ${row.lastName}`.trim() && row.roles)
}
export function keepCredits(rows: CreditRow[]): CreditRow[] {
  return rows.map((row) => ({ name: row.name.trim(), roles: row.roles.trim() })).filter((row) => row.name && row.roles)
}

/** Fields sent in an edit, as release columns. */
export function releasePatch(body: Omit<ReleaseEditBody, 'releaseId'>): Partial<typeof releases.$inferInsert> {
  const patch: Partial<typeof releases.$inferInsert> = {}
  const set = <K extends keyof typeof releases.$inferInsert>(key: K, value: (typeof releases.$inferInsert)[K] | undefined) => {
    if (value !== undefined) patch[key] = value
  }
  set('title', body.title)
  set('version', body.version)
  if (body.artists !== undefined) {
    patch.artists = body.artists
    patch.artistText = body.artists.join(', ')
  }
  set('type', body.type)
  set('label', body.label)
  set('upc', body.upc)
  set('catalogNumber', body.catalogNumber)
  set('releaseDate', body.releaseDate)
  set('originalReleaseDate', body.originalReleaseDate)
  set('primaryGenre', body.primaryGenre)
  set('secondaryGenre', body.secondaryGenre)
  set('language', body.language)
  set('cLine', body.cLine)
  set('cYear', body.cYear)
  set('pLine', body.pLine)
  set('pYear', body.pYear)
  set('licenseType', body.licenseType)
  set('restrictTakedown', body.restrictTakedown)
  set('applePreorder', body.applePreorder)
  set('applePreorderDate', body.applePreorderDate)
  if (body.participants !== undefined) patch.participants = keepParticipants(body.participants)
  set('stores', body.stores)
  set('territories', body.territories)
  return patch
}

/** Only what really changed, for the audit row. */
export function diffOf<T extends Record<string, unknown>>(current: T, patch: Partial<T>) {
  const before: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(patch)) {
    if (JSON.stringify(current[key] ?? null) === JSON.stringify(value ?? null)) continue
    before[key] = current[key] ?? null
    after[key] = value ?? null
  }
  return { before, after, changed: Object.keys(after).length > 0 }
}

export async function editRelease(ctx: AuthedContext, body: ReleaseEditBody) {
  const { releaseId, ...fields } = body
  if (fields.applePreorder && !fields.applePreorderDate) {
    const current = await repo.findRelease(ctx.services.db, ctx.tenant.id, releaseId)
    if (current && !current.applePreorderDate)
      throw badRequest('Give the pre-order date.', { applePreorderDate: 'Give the pre-order date.' })
  }
  return onRelease(ctx, releaseId, 'release.edited', async (tx, release) => {
    const patch = releasePatch(fields)
    const diff = diffOf(release as unknown as Record<string, unknown>, patch as Record<string, unknown>)
    if (diff.changed)
      await tx
        .update(releases)
        .set({ ...patch, updatedAt: ctx.services.now() })
        .where(eq(releases.id, releaseId))
    return { before: diff.before, after: diff.after, result: await loadGeneral(tx, ctx, releaseId) }
  })
}

export function trackPatch(body: Omit<TrackEditBody, 'trackId'>): Partial<typeof tracks.$inferInsert> {
  const patch: Partial<typeof tracks.$inferInsert> = {}
  for (const key of ['isrc', 'iswc', 'title', 'version', 'language', 'lyrics', 'explicit', 'tiktokStart', 'linerNote'] as const) {
    if (body[key] !== undefined) (patch as Record<string, unknown>)[key] = body[key]
  }
  if (patch.iswc) patch.iswc = String(patch.iswc).toUpperCase()
  if (body.participants !== undefined) patch.participants = keepParticipants(body.participants)
  if (body.writers !== undefined) patch.writers = keepWriters(body.writers)
  if (body.credits !== undefined) patch.credits = keepCredits(body.credits)
  return patch
}

export async function editTrack(ctx: AuthedContext, body: TrackEditBody) {
  const { trackId, ...fields } = body
  const current = await repo.findTrack(ctx.services.db, ctx.tenant.id, trackId)
  if (!current) throw notFound(NO_TRACK)
  return onRelease(ctx, current.releaseId, 'track.edited', async (tx) => {
    const track = await repo.findTrack(tx, ctx.tenant.id, trackId)
    if (!track) throw notFound(NO_TRACK)
    const patch = trackPatch(fields)
    const diff = diffOf(track as unknown as Record<string, unknown>, patch as Record<string, unknown>)
    if (diff.changed)
      await tx
        .update(tracks)
        .set({ ...patch, updatedAt: ctx.services.now() })
        .where(eq(tracks.id, trackId))
    const loaded = await loadTrack(tx, ctx, trackId)
    const { release: _release, ...result } = loaded
    return { before: { trackId, ...diff.before }, after: { trackId, ...diff.after }, result }
  })
}

export async function removeTrack(ctx: AuthedContext, trackId: number) {
  const current = await repo.findTrack(ctx.services.db, ctx.tenant.id, trackId)
  if (!current) throw notFound(NO_TRACK)
  return onRelease(ctx, current.releaseId, 'track.removed', async (tx, release) => {
    const [removed] = await tx.delete(tracks).where(eq(tracks.id, trackId)).returning()
    if (!removed) throw notFound(NO_TRACK)
    await tx.execute(sql`update tracks set position = position - 1 where release_id = ${release.id} and position > ${removed.position}`)
    await tx
      .update(releases)
      .set({ trackCount: sql`greatest(${releases.trackCount} - 1, 0)`, updatedAt: ctx.services.now() })
      .where(eq(releases.id, release.id))
    return { before: { trackId, title: removed.title, isrc: removed.isrc, position: removed.position }, result: { ok: true as const } }
  })
}

export function createNote(ctx: AuthedContext, releaseId: number, content: string) {
  return onRelease(ctx, releaseId, 'release.note_added', async (tx) => {
    const [note] = await tx
      .insert(releaseNotes)
      .values({ tenantId: ctx.tenant.id, releaseId, authorId: ctx.session.account.id, content })
      .returning()
    const me = ctx.session.account
    return {
      after: { noteId: note.id },
      result: {
        id: note.id,
        content: note.content,
        created: note.createdAt,
        author: { id: me.id, name: displayName({ firstName: me.firstName, lastName: me.lastName, email: me.email }) },
      },
    }
  })
}

export function removeNote(ctx: AuthedContext, releaseId: number, noteId: number) {
  return onRelease(ctx, releaseId, 'release.note_removed', async (tx) => {
    const [removed] = await tx
      .delete(releaseNotes)
      .where(and(eq(releaseNotes.id, noteId), eq(releaseNotes.releaseId, releaseId), eq(releaseNotes.tenantId, ctx.tenant.id)))
      .returning()
    if (!removed) throw notFound('There is no such note on this release.')
    return { before: { noteId, content: removed.content }, result: { ok: true as const } }
  })
}

/** Toggling a platform's delivery flips its completed flag with it. */
export function toggleDelivery(ctx: AuthedContext, releaseId: number, platform: DeliveryTarget) {
  return onRelease(ctx, releaseId, 'release.delivery', async (tx, release) => {
    const current = release.delivery[platform] ?? { delivered: false, completed: false }
    const next = { delivered: !current.delivered, completed: !current.completed }
    const delivery = { ...release.delivery, [platform]: next }
    await tx.update(releases).set({ delivery, updatedAt: ctx.services.now() }).where(eq(releases.id, releaseId))
    return { before: { platform, ...current }, after: { platform, ...next }, result: { delivery: deliveryList(delivery) } }
  })
}

export function setReleaseTime(ctx: AuthedContext, releaseId: number, releaseTime: string | null, timeZone?: string) {
  return onRelease(ctx, releaseId, releaseTime ? 'release.time_set' : 'release.time_removed', async (tx, release) => {
    const zone = timeZone ?? release.timeZone
    await tx.update(releases).set({ releaseTime, timeZone: zone, updatedAt: ctx.services.now() }).where(eq(releases.id, releaseId))
    return {
      before: { releaseTime: release.releaseTime, timeZone: release.timeZone },
      after: { releaseTime, timeZone: zone },
      result: { releaseTime, timeZone: zone },
    }
  })
}

export function mapGenre(ctx: AuthedContext, ids: number[], primaryGenre: string, secondaryGenre: string | null) {
  return onReleases(ctx, ids, 'release.genre_mapped', async (tx, release) => {
    if (release.primaryGenre === primaryGenre && release.secondaryGenre === secondaryGenre) return null
    await tx.update(releases).set({ primaryGenre, secondaryGenre, updatedAt: ctx.services.now() }).where(eq(releases.id, release.id))
    return {
      before: { primaryGenre: release.primaryGenre, secondaryGenre: release.secondaryGenre },
      after: { primaryGenre, secondaryGenre },
    }
  })
}

export function storesBulk(ctx: AuthedContext, ids: number[], stores: number[], mode: 'replace' | 'add' | 'remove') {
  return onReleases(ctx, ids, 'release.stores', async (tx, release) => {
    const current = new Set(release.stores)
    const next =
      mode === 'replace'
        ? [...new Set(stores)]
        : mode === 'add'
          ? [...new Set([...release.stores, ...stores])]
          : release.stores.filter((store) => !stores.includes(store))
    next.sort((a, b) => a - b)
    if (next.length === current.size && next.every((store) => current.has(store))) return null
    await tx.update(releases).set({ stores: next, updatedAt: ctx.services.now() }).where(eq(releases.id, release.id))
    return { before: { stores: release.stores }, after: { stores: next } }
  })
}

/**
 * Artist names for participant rows: artist profiles of the workspace (with their Spotify and Apple
 * links) and names already credited on its releases, best matches first.
 */
export async function findArtists(ctx: AuthedContext, search: string) {
  const pattern = likePattern(search)
  const text = search.toLowerCase()
  const result = await ctx.services.db.execute<{
    name: string
    account_id: number | null
    release_count: number
    spotify: string | null
    apple: string | null
  }>(sql`
    with profiles as (
      select ap.artist_name as name, ap.account_id, ap.platform_links->>'spotify' as spotify, ap.platform_links->>'appleMusic' as apple
      from artist_profiles ap where ap.tenant_id = ${ctx.tenant.id} and ap.artist_name ilike ${pattern}
      limit 50
    ),
    credited as (
      select r.artist_text as name, count(*)::int as release_count
      from releases r where r.tenant_id = ${ctx.tenant.id} and r.artist_text ilike ${pattern}
      group by r.artist_text
      order by count(*) desc
      limit 50
    )
    select coalesce(p.name, c.name) as name, p.account_id, coalesce(c.release_count, 0) as release_count, p.spotify, p.apple
    from profiles p full join credited c on c.name = p.name
    order by similarity(lower(coalesce(p.name, c.name)), ${text}) desc, coalesce(c.release_count, 0) desc, 1
    limit 20`)
  return {
    data: result.rows.map((row) => ({
      name: row.name,
      accountId: row.account_id === null ? null : Number(row.account_id),
      releaseCount: Number(row.release_count),
      spotify: row.spotify || null,
      apple: row.apple || null,
    })),
  }
}

export const LYRICS_COLUMNS = [
  'release_id',
  'upc',
  'release_title',
  'artist',
  'track_id',
  'position',
  'isrc',
  'track_title',
  'language',
  'explicit',
  'lyrics',
]

/** The lyrics of the chosen releases of this workspace, one row per track that has lyrics. */
export async function exportLyrics(ctx: AuthedContext, ids: number[]) {
  const rows = await ctx.services.db
    .select({ release: releases, track: tracks })
    .from(tracks)
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(and(eq(releases.tenantId, ctx.tenant.id), inArray(releases.id, [...new Set(ids)]), sql`coalesce(${tracks.lyrics}, '') <> ''`))
    .orderBy(asc(releases.id), asc(tracks.position))
  const lines = [LYRICS_COLUMNS.join(',')]
  for (const { release, track } of rows)
    lines.push(
      [
        release.id,
        release.upc,
        release.title,
        release.artistText,
        track.id,
        track.position,
        track.isrc,
        track.title,
        track.language,
        track.explicit ? 'yes' : 'no',
        track.lyrics,
      ]
        .map(csvCell)
        .join(','),
    )
  const body = `${lines.join('\r\n')}\r\n`
  return ctx.reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="lyrics.csv"')
    .header('x-content-type-options', 'nosniff')
    .send(body)
}
