import { sql } from 'drizzle-orm'
import type { ChartRegistrationFields } from '@contract/feature-controls'
import type { AuthedContext } from '@server/context'
import { csvStream, keysetRows } from '@server/csv-stream'
import type { Tx } from '@server/db/engine'
import { fieldError } from '@server/errors'
import { CHART_REGISTRATION } from '@core/feature-requests'
import type { KindServer } from './review'

// Chart registration (soundscan, docs/feature-controls.md): a release's UPC and its tracks' ISRCs
// registered with the chart data provider. The request keeps what was registered (a snapshot of the
// release as sent), which is also what the single screen shows and what the export file lists. A
// release has at most one pending or approved registration.

/** The release as registered: what the single screen and the export read. */
export interface RegisteredRelease {
  upc: string
  title: string
  artist: string
  label: string | null
  releaseDate: string | null
  format: string
  genre: string | null
  coverUrl: string | null
  participants: { name: string; roles: string }[]
  tracks: { id: number; position: number; title: string; isrc: string }[]
  comment: string
}

async function holding(tx: Tx, tenantId: number, releaseId: number, exceptId: number | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chartRegistration:${tenantId}:${releaseId}`}))`)
  const result = await tx.execute<{ id: number; status: string }>(sql`
    select r.id, r.status from feature_requests r
    where r.tenant_id = ${tenantId} and r.release_id = ${releaseId} and r.kind = 'chartRegistration'
      and r.status in ('pending', 'approved') and (${exceptId}::bigint is null or r.id <> ${exceptId})
    limit 1`)
  return result.rows[0] ?? null
}

const heldMessage = (held: { id: number; status: string }) =>
  held.status === 'approved' ? `The release is already registered (request #${held.id}).` : `The release already has a pending registration (#${held.id}).`

export const chartRegistrationKind: KindServer<ChartRegistrationFields> = {
  def: CHART_REGISTRATION,
  async prepare(tx, ctx, body) {
    const me = ctx.session.account
    const { rows } = await tx.execute<{
      id: number
      account_id: number
      title: string
      artist_text: string
      upc: string | null
      label: string | null
      release_date: string | null
      type: string
      primary_genre: string | null
      cover_url: string | null
      participants: { name: string; roles: string }[]
    }>(sql`
      select r.id, r.account_id, r.title, r.artist_text, r.upc, r.label, r.release_date::text as release_date, r.type,
        r.primary_genre, coalesce(r.cover_medium_url, r.cover_url) as cover_url, r.participants
      from releases r where r.tenant_id = ${ctx.tenant.id} and r.id = ${body.releaseId}`)
    const release = rows[0]
    if (!release || (me.type !== 'admin' && Number(release.account_id) !== me.id)) throw fieldError('releaseId', 'Choose one of your releases')
    if (!release.upc) throw fieldError('releaseId', 'The release has no UPC yet: chart registration needs one')
    const tracks = await tx.execute<{ id: number; position: number; title: string; isrc: string | null }>(sql`
      select t.id, t.position, t.title, t.isrc from tracks t
      where t.tenant_id = ${ctx.tenant.id} and t.release_id = ${release.id} order by t.position, t.id`)
    if (tracks.rows.length === 0) throw fieldError('releaseId', 'The release has no tracks to register')
    const missing = tracks.rows.filter((track) => !track.isrc)
    if (missing.length)
      throw fieldError('releaseId', `Every track needs an ISRC: ${missing.slice(0, 3).map((track) => `“${track.title}”`).join(', ')} has none`)
    const held = await holding(tx, ctx.tenant.id, release.id, null)
    if (held) throw fieldError('releaseId', heldMessage(held))
    const registered: RegisteredRelease = {
      upc: release.upc,
      title: release.title,
      artist: release.artist_text,
      label: release.label,
      releaseDate: release.release_date,
      format: release.type,
      genre: release.primary_genre,
      coverUrl: release.cover_url,
      participants: (release.participants ?? []).map((participant) => ({ name: participant.name, roles: participant.roles })),
      tracks: tracks.rows.map((track) => ({ id: Number(track.id), position: Number(track.position), title: track.title, isrc: track.isrc ?? '' })),
      comment: body.comment,
    }
    return { title: release.title, releaseId: release.id, trackId: null, fields: { ...registered } }
  },
  async ruleRefusal(tx, ctx, request, to) {
    if ((to !== 'pending' && to !== 'approved') || request.releaseId === null) return null
    const held = await holding(tx, ctx.tenant.id, request.releaseId, request.id)
    return held ? heldMessage(held) : null
  },
}

/** The export file's columns, in order (docs/formats/chart-registration.md). */
export const CHART_EXPORT_HEADER = [
  'Registration ID',
  'UPC',
  'ISRC',
  'Release Title',
  'Track Number',
  'Track Title',
  'Artist',
  'Label',
  'Release Date',
  'Format',
  'Genre',
  'Approved Date',
] as const

type ExportRow = { id: number; fields: RegisteredRelease; reviewed_at: Date | string | null }

/** The approved registrations (approved in the range, when given) as CSV, one line per track, streamed a page of requests at a time. */
export async function chartRegistrationExport(ctx: AuthedContext, query: { from?: string; to?: string }) {
  const tenantId = ctx.tenant.id
  const range = sql`${query.from ? sql`and r.reviewed_at >= ${query.from}::date` : sql``} ${query.to ? sql`and r.reviewed_at < (${query.to}::date + 1)` : sql``}`
  const requests = keysetRows<ExportRow, number>(
    ctx.services.db,
    (after, size) => sql`
      select r.id, r.fields, r.reviewed_at from feature_requests r
      where r.tenant_id = ${tenantId} and r.kind = 'chartRegistration' and r.status = 'approved' ${range}
        ${after === null ? sql`` : sql`and r.id > ${after}`}
      order by r.id limit ${size}`,
    (row) => Number(row.id),
    1_000,
  )
  async function* lines() {
    for await (const request of requests) {
      const release = request.fields
      const approved = request.reviewed_at === null ? '' : new Date(request.reviewed_at).toISOString().slice(0, 10)
      for (const track of release.tracks)
        yield [
          request.id,
          release.upc,
          track.isrc,
          release.title,
          track.position,
          track.title,
          release.artist,
          release.label ?? '',
          release.releaseDate ?? '',
          release.format,
          release.genre ?? '',
          approved,
        ]
    }
  }
  const day = ctx.services.now().toISOString().slice(0, 10)
  return ctx.reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="chart-registrations-${day}.csv"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(csvStream(CHART_EXPORT_HEADER, lines()))
}
