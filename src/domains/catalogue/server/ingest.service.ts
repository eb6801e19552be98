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
  const now = services.now()
  const [release] = await tx
    .insert(releases)
    .values({
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
    })
    .returning({ id: releases.id })
  const created = input.tracks.length
    ? await tx
        .insert(tracks)
        .values(
          input.tracks.map((track, index) => ({
            tenantId,
            releaseId: release.id,
            position: index + 1,
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
        .returning({ id: tracks.id, position: tracks.position })
    : []
  const codes = input.submit ? await fillCodesAtSubmission(tx, services, tenantId, release.id) : {}
  return { releaseId: release.id, trackIds: created.sort((a, b) => a.position - b.position).map((row) => row.id), codes }
}
