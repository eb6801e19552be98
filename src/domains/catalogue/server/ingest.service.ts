import { and, eq, inArray } from 'drizzle-orm'
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

/** Rows per INSERT of tracks: 12 parameters a row stays well under PostgreSQL's 65,535 per statement. */
const TRACKS_PER_INSERT = 2000

/**
 * Creates many ingested releases in the caller's transaction with one INSERT for the releases and
 * one per 2,000 tracks (the per-release path cost five round trips and a commit each: ~100 releases/s
 * on a loaded machine). Answers, in the order given, each release's id, track ids and codes.
 * Identity values are taken in the order the rows are inserted, so the returned ids sorted
 * ascending line up with the input (another session's inserts may interleave values, never reorder ours).
 */
export async function createIngestedReleases(tx: Tx, services: Pick<Services, 'codes' | 'now'>, tenantId: number, inputs: readonly IngestedRelease[]) {
  if (!inputs.length) return []
  const now = services.now()
  const inserted = await tx
    .insert(releases)
    .values(
      inputs.map((input) => ({
        tenantId,
        accountId: input.accountId,
        title: input.title,
        type: input.type,
        upc: input.upc,
        label: input.label,
        primaryGenre: input.primaryGenre,
        secondaryGenre: input.secondaryGenre,
        releaseDate: input.releaseDate,
        originalReleaseDate: input.originalReleaseDate,
        cLine: input.cLine,
        cYear: input.cYear,
        pLine: input.pLine,
        pYear: input.pYear,
        artists: input.artists,
        artistText: input.artists.join(', '),
        participants: input.participants,
        territories: ['WW'],
        status: input.submit ? RELEASE_STATUS.underReview : RELEASE_STATUS.draft,
        publishDate: input.submit ? now.toISOString().slice(0, 10) : null,
        trackCount: input.tracks.length,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: releases.id })
  const releaseIds = inserted.map((row) => Number(row.id)).sort((a, b) => a - b)
  const trackRows = inputs.flatMap((input, index) =>
    input.tracks.map((track, position) => ({
      tenantId,
      releaseId: releaseIds[index],
      position: position + 1,
      title: track.title,
      isrc: track.isrc,
      explicit: track.explicit,
      participants: track.participants,
      writers: track.writers,
      audioUrl: track.audioUrl,
      createdAt: now,
      updatedAt: now,
    })),
  )
  const trackIds: number[] = []
  for (let start = 0; start < trackRows.length; start += TRACKS_PER_INSERT) {
    const made = await tx
      .insert(tracks)
      .values(trackRows.slice(start, start + TRACKS_PER_INSERT))
      .returning({ id: tracks.id })
    trackIds.push(...made.map((row) => Number(row.id)).sort((a, b) => a - b))
  }
  let next = 0
  const results = []
  for (const [index, input] of inputs.entries()) {
    const ids = trackIds.slice(next, next + input.tracks.length)
    next += input.tracks.length
    const codes = input.submit ? await fillCodesAtSubmission(tx, services, tenantId, releaseIds[index]) : {}
    results.push({ releaseId: releaseIds[index], trackIds: ids, codes })
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
