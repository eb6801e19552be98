import { and, eq, inArray, sql } from 'drizzle-orm'
import { RELEASE_STATUS } from '@core/release-status'
import type { Services } from '@server/context'
import type { Tx } from '@server/db/engine'
import { releases, tracks, type RoleRowData, type WriterRowData } from './schema'
import { fillCodesAtSubmission } from './codes.service'

/** A release as catalogue ingestion hands it over: checked, its genres mapped, its tracks in order. */
export interface IngestedRelease {
  accountId: number
  title: string
  type: string
  upc: string | null
  label: string
  primaryGenre: string
  secondaryGenre: string | null
  releaseDate: string
  originalReleaseDate: string | null
  cLine: string | null
  cYear: number | null
  pLine: string | null
  pYear: number | null
  artists: string[]
  participants: RoleRowData[]
  /** Submitted releases go to 2 Under review and take pool codes; the others stay drafts. */
  submit: boolean
  tracks: {
    title: string
    isrc: string | null
    explicit: boolean
    participants: RoleRowData[]
    writers: WriterRowData[]
    audioUrl: string | null
  }[]
}

/**
 * Creates one ingested release with its tracks in the caller's transaction (so an ingestion killed
 * mid-way leaves no half release), taking pool codes when it is submitted. Answers the ids in order.
 */
export async function createIngestedRelease(tx: Tx, services: Pick<Services, 'codes' | 'now'>, tenantId: number, input: IngestedRelease) {
  const [made] = await createIngestedReleases(tx, services, tenantId, [input])
  return made
}

/**
 * Creates many ingested releases in the caller's transaction with one INSERT for the releases and
 * one for all their tracks, each reading a single jsonb parameter through `jsonb_to_recordset`
 * (drizzle's multi-row VALUES bound ~28,000 parameters a batch of 200 releases, and the driver's
 * per-parameter encoding and the planner's per-value work were most of the commit's time).
 * Answers, in the order given, each release's id, track ids and codes. Identity values are taken in
 * the order the rows are inserted (`order by n`), so the returned release ids sorted ascending line
 * up with the input (another session's inserts may interleave values, never reorder ours); tracks
 * are matched back by (release, position), which is unique.
 */
export async function createIngestedReleases(
  tx: Tx,
  services: Pick<Services, 'codes' | 'now'>,
  tenantId: number,
  inputs: readonly IngestedRelease[],
) {
  if (!inputs.length) return []
  const now = services.now().toISOString()
  const publishDate = now.slice(0, 10)
  const releaseRows = inputs.map((input, n) => ({
    n,
    account_id: input.accountId,
    title: input.title,
    type: input.type,
    upc: input.upc,
    label: input.label,
    primary_genre: input.primaryGenre,
    secondary_genre: input.secondaryGenre,
    release_date: input.releaseDate,
    original_release_date: input.originalReleaseDate,
    c_line: input.cLine,
    c_year: input.cYear,
    p_line: input.pLine,
    p_year: input.pYear,
    artists: input.artists,
    artist_text: input.artists.join(', '),
    participants: input.participants,
    status: input.submit ? RELEASE_STATUS.underReview : RELEASE_STATUS.draft,
    submit: input.submit,
    track_count: input.tracks.length,
  }))
  const { rows: inserted } = await tx.execute<{ id: number | string }>(sql`
    insert into ${releases} (tenant_id, account_id, title, type, upc, label, primary_genre, secondary_genre, release_date,
                             original_release_date, c_line, c_year, p_line, p_year, artists, artist_text, participants,
                             territories, status, publish_date, track_count, created_at, updated_at)
    select ${tenantId}, r.account_id, r.title, r.type, r.upc, r.label, r.primary_genre, r.secondary_genre, r.release_date,
           r.original_release_date, r.c_line, r.c_year, r.p_line, r.p_year, r.artists, r.artist_text, r.participants,
           '["WW"]'::jsonb, r.status, case when r.submit then ${publishDate}::date end, r.track_count,
           ${now}::timestamptz, ${now}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(releaseRows)}::jsonb) as r(
             n int, account_id bigint, title text, type text, upc text, label text, primary_genre text, secondary_genre text,
             release_date date, original_release_date date, c_line text, c_year int, p_line text, p_year int, artists jsonb,
             artist_text text, participants jsonb, status smallint, submit boolean, track_count int)
     order by r.n
    returning id`)
  const releaseIds = inserted.map((row) => Number(row.id)).sort((a, b) => a - b)
  const trackRows = inputs.flatMap((input, index) =>
    input.tracks.map((track, position) => ({
      release_id: releaseIds[index],
      position: position + 1,
      title: track.title,
      isrc: track.isrc,
      explicit: track.explicit,
      participants: track.participants,
      writers: track.writers,
      audio_url: track.audioUrl,
    })),
  )
  const trackIds = new Map<string, number>()
  if (trackRows.length) {
    const { rows: made } = await tx.execute<{ id: number | string; release_id: number | string; position: number }>(sql`
      insert into ${tracks} (tenant_id, release_id, position, title, isrc, explicit, participants, writers, audio_url, created_at, updated_at)
      select ${tenantId}, t.release_id, t.position, t.title, t.isrc, t.explicit, t.participants, t.writers, t.audio_url,
             ${now}::timestamptz, ${now}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(trackRows)}::jsonb) as t(
               release_id bigint, position int, title text, isrc text, explicit boolean, participants jsonb, writers jsonb, audio_url text)
      returning id, release_id, position`)
    for (const row of made) trackIds.set(`${Number(row.release_id)}:${Number(row.position)}`, Number(row.id))
  }
  const results = []
  for (const [index, input] of inputs.entries()) {
    const releaseId = releaseIds[index]
    const ids = input.tracks.map((_, position) => trackIds.get(`${releaseId}:${position + 1}`) as number)
    const codes = input.submit ? await fillCodesAtSubmission(tx, services, tenantId, releaseId) : {}
    results.push({ releaseId, trackIds: ids, codes })
  }
  return results
}

/** Release-level fields a metadata import may set (catalogue operations' release import). */
export interface ImportedReleaseFields {
  title?: string
  type?: string
  catalogNumber?: string
  label?: string
  primaryGenre?: string
  secondaryGenre?: string
  releaseDate?: string
  originalReleaseDate?: string
  cLine?: string
  cYear?: number
  pLine?: string
  pYear?: number
  artists?: string[]
}

/**
 * Writes imported metadata onto a release in the caller's transaction, only while its status is one
 * of `statuses` (a release that went out to the stores meanwhile changes through an edit request,
 * not an import). Answers whether the release was changed.
 */
export async function updateImportedRelease(
  tx: Tx,
  services: Pick<Services, 'now'>,
  tenantId: number,
  releaseId: number,
  fields: ImportedReleaseFields,
  statuses: readonly number[],
): Promise<boolean> {
  const { artists, ...rest } = fields
  const changed = await tx
    .update(releases)
    .set({ ...rest, ...(artists ? { artists, artistText: artists.join(', ') } : {}), updatedAt: services.now() })
    .where(and(eq(releases.id, releaseId), eq(releases.tenantId, tenantId), inArray(releases.status, [...statuses])))
    .returning({ id: releases.id })
  return changed.length > 0
}
