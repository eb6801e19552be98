import { sql } from 'drizzle-orm'
import type { PitchFields, PitchSettings } from '@contract/feature-controls'
import { PITCH_PHOTO_MAX_BYTES, PITCH_SHEET_MAX_BYTES } from '@contract/feature-controls'
import type { UploadedFile } from '@contract/index'
import { PITCH, PITCH_DEFAULT_LEAD_DAYS, PITCH_LINK_PLATFORMS, pitchLeadRefusal, semicolonList, type TourDate } from '@core/feature-requests'
import { RELEASE_STATUS } from '@core/release-status'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable, Tx } from '@server/db/engine'
import { auditedMutation } from '@server/audit'
import { fieldError } from '@server/errors'
import type { FileKind } from '@server/storage/file-store'
import { featureControlSettings } from './schema'
import type { KindServer } from './review'

// Pitch portal (playlisting, docs/feature-controls.md): an artist pitches a release not yet live,
// at least the workspace's lead time before its release date, with its focus track, links, tour
// dates, a photo and a sheet. The request keeps the release and track as pitched (the single
// screen shows them); one pending or approved pitch per release.

/** What the requester sends: the form's fields and its two optional files. */
export type PitchInput = PitchFields & { files: { photo?: UploadedFile; sheet?: UploadedFile } }

/** A stored attachment: where staff open it (/api/files/{id}) and what it is. */
export interface PitchFile {
  id: number
  url: string
  name: string
  contentType: string
  size: number
}

/** What a pitch keeps in `fields`: the single screen reads this. */
export interface StoredPitch {
  songName: string
  info: string
  blurb: string
  marketingDrivers: string[]
  previousMilestones: string
  tourDates: TourDate[]
  links: Partial<Record<(typeof PITCH_LINK_PLATFORMS)[number], string>>
  photo: PitchFile | null
  sheet: PitchFile | null
  release: {
    title: string
    artist: string
    upc: string | null
    releaseDate: string
    coverUrl: string | null
    participants: { name: string; roles: string }[]
  }
  track: { id: number; title: string; isrc: string | null; audioUrl: string | null }
}

const today = (services: Services) => services.now().toISOString().slice(0, 10)

/** The workspace's pitch lead time in days (PITCH_DEFAULT_LEAD_DAYS until staff set one). */
export async function pitchLeadDays(q: Queryable, tenantId: number): Promise<number> {
  const { rows } = await q.execute<{ pitch_lead_days: number }>(
    sql`select pitch_lead_days from feature_control_settings where tenant_id = ${tenantId}`,
  )
  return rows[0] ? Number(rows[0].pitch_lead_days) : PITCH_DEFAULT_LEAD_DAYS
}

export async function getPitchSettings(ctx: AuthedContext): Promise<PitchSettings> {
  return { leadDays: await pitchLeadDays(ctx.services.db, ctx.tenant.id) }
}

export async function updatePitchSettings(ctx: AuthedContext, input: PitchSettings): Promise<PitchSettings> {
  return auditedMutation(ctx, { action: 'feature_controls.settings_updated', entityType: 'feature_control_settings' }, async (tx) => {
    const before = await pitchLeadDays(tx, ctx.tenant.id)
    await tx
      .insert(featureControlSettings)
      .values({ tenantId: ctx.tenant.id, pitchLeadDays: input.leadDays })
      .onConflictDoUpdate({ target: featureControlSettings.tenantId, set: { pitchLeadDays: input.leadDays, updatedAt: sql`now()` } })
    return { result: { leadDays: input.leadDays }, entityId: ctx.tenant.id, before: { pitchLeadDays: before }, after: { pitchLeadDays: input.leadDays } }
  })
}

type ReleaseRow = {
  id: number
  account_id: number
  title: string
  artist_text: string
  upc: string | null
  release_date: string | null
  status: number
  cover_url: string | null
  participants: { name: string; roles: string }[] | null
}

async function releaseOf(tx: Tx, tenantId: number, releaseId: number): Promise<ReleaseRow | null> {
  const { rows } = await tx.execute<ReleaseRow>(sql`
    select r.id, r.account_id, r.title, r.artist_text, r.upc, r.release_date::text as release_date, r.status,
      coalesce(r.cover_medium_url, r.cover_url) as cover_url, r.participants
    from releases r where r.tenant_id = ${tenantId} and r.id = ${releaseId}`)
  return rows[0] ?? null
}

/** Why this release cannot be pitched now, or null: not taken down, not yet live, far enough ahead. */
function releaseRefusal(release: ReleaseRow, day: string, leadDays: number): string | null {
  const status = Number(release.status)
  if (status === RELEASE_STATUS.takedownPending || status === RELEASE_STATUS.takendown) return 'The release is taken down or pending takedown'
  return pitchLeadRefusal(release.release_date, day, leadDays)
}

async function holding(tx: Tx, tenantId: number, releaseId: number, exceptId: number | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pitch:${tenantId}:${releaseId}`}))`)
  const result = await tx.execute<{ id: number; status: string }>(sql`
    select r.id, r.status from feature_requests r
    where r.tenant_id = ${tenantId} and r.release_id = ${releaseId} and r.kind = 'pitch'
      and r.status in ('pending', 'approved') and (${exceptId}::bigint is null or r.id <> ${exceptId})
    limit 1`)
  return result.rows[0] ?? null
}

const heldMessage = (held: { id: number; status: string }) =>
  held.status === 'approved' ? `The release is already pitched (#${held.id}).` : `The release already has a pending pitch (#${held.id}).`

async function saveFile(
  tx: Tx,
  ctx: AuthedContext,
  file: UploadedFile | undefined,
  what: { purpose: string; kind: FileKind; maxBytes: number },
): Promise<PitchFile | null> {
  if (!file) return null
  const stored = await ctx.services.files.saveUpload(
    tx,
    { tenantId: ctx.tenant.id, purpose: what.purpose, originalName: file.filename || what.purpose, kind: what.kind, maxBytes: what.maxBytes, createdBy: ctx.session.account.id },
    file,
  )
  return { id: Number(stored.id), url: `/api/files/${stored.id}`, name: stored.originalName, contentType: stored.contentType, size: Number(stored.size) }
}

export const pitchKind: KindServer<PitchInput> = {
  def: PITCH,
  async prepare(tx, ctx, body) {
    const me = ctx.session.account
    const release = await releaseOf(tx, ctx.tenant.id, body.releaseId)
    if (!release || (me.type !== 'admin' && Number(release.account_id) !== me.id)) throw fieldError('releaseId', 'Choose one of your releases')
    const refusal = releaseRefusal(release, today(ctx.services), await pitchLeadDays(tx, ctx.tenant.id))
    if (refusal) throw fieldError('releaseId', refusal)
    const { rows: trackRows } = await tx.execute<{ id: number; release_id: number; title: string; isrc: string | null; audio_url: string | null }>(sql`
      select t.id, t.release_id, t.title, t.isrc, t.audio_url from tracks t where t.tenant_id = ${ctx.tenant.id} and t.id = ${body.trackId}`)
    const track = trackRows[0]
    if (!track || Number(track.release_id) !== Number(release.id)) throw fieldError('trackId', 'Choose a track of that release')
    const held = await holding(tx, ctx.tenant.id, Number(release.id), null)
    if (held) throw fieldError('releaseId', heldMessage(held))
    // Content checks (415) come last, so a refused pitch leaves no file behind in the store.
    const photo = await saveFile(tx, ctx, body.files.photo, { purpose: 'pitch-photo', kind: 'image', maxBytes: PITCH_PHOTO_MAX_BYTES })
    const sheet = await saveFile(tx, ctx, body.files.sheet, { purpose: 'pitch-sheet', kind: 'sheet', maxBytes: PITCH_SHEET_MAX_BYTES })
    const links = Object.fromEntries(PITCH_LINK_PLATFORMS.filter((platform) => body[platform]).map((platform) => [platform, body[platform]]))
    const pitched: StoredPitch = {
      songName: body.songName,
      info: body.info,
      blurb: body.blurb,
      marketingDrivers: semicolonList(body.marketingDrivers),
      previousMilestones: body.previousMilestones,
      tourDates: [...body.tourDates].sort((a, b) => a.date.localeCompare(b.date)),
      links,
      photo,
      sheet,
      release: {
        title: release.title,
        artist: release.artist_text,
        upc: release.upc,
        releaseDate: release.release_date ?? '',
        coverUrl: release.cover_url,
        participants: (release.participants ?? []).map((participant) => ({ name: participant.name, roles: participant.roles })),
      },
      track: { id: Number(track.id), title: track.title, isrc: track.isrc, audioUrl: track.audio_url },
    }
    return { title: `${body.songName} (${release.title})`, releaseId: Number(release.id), trackId: Number(track.id), fields: { ...pitched } }
  },
  async ruleRefusal(tx, ctx, request, to) {
    if ((to !== 'pending' && to !== 'approved') || request.releaseId === null) return null
    const release = await releaseOf(tx, ctx.tenant.id, request.releaseId)
    if (!release) return 'The release no longer exists.'
    // Approving only needs the release still ahead; reconsidering is a new submission, so the lead time applies again.
    const refusal = releaseRefusal(release, today(ctx.services), to === 'pending' ? await pitchLeadDays(tx, ctx.tenant.id) : 0)
    if (refusal) return `${refusal}.`
    const held = await holding(tx, ctx.tenant.id, request.releaseId, request.id)
    return held ? heldMessage(held) : null
  },
}
