import { and, eq, sql } from 'drizzle-orm'
import { statusLabel } from '@core/release-status'
import type { AuthedContext } from '@server/context'
import { releasesByIds, tracksByIds } from '@domains/catalogue/server/public'
import { auditedMutation } from '@server/audit'
import { HttpError, notFound } from '@server/errors'
import { ERROR_CODES } from '@core/session'
import { monthOf } from '@core/months'
import { spotifyDiscovery } from './schema'

export const NO_RELEASE = 'There is no such release in this workspace.'
const NO_TRACK = 'There is no such track in this workspace.'
/** Discovery Mode takes what is in stores: live (1) or edited (7) releases. */
const SUBMITTABLE = new Set([1, 7])

type Entry = { id: number; releaseId: number; trackId: number | null; title: string }
type Refusal = { releaseId: number | null; trackId: number | null; reason: string }

/**
 * Submits releases (or chosen tracks of them) to Spotify Discovery Mode as 'pending' submissions
 * for one campaign month (the current one unless chosen).
 * A release chosen without any of its tracks is submitted whole. Refusals come back with their
 * reason; a release or track already submitted is reported, never duplicated (a unique index on
 * release and track settles concurrent requests).
 */
export async function addToSpotifyDiscovery(ctx: AuthedContext, body: { releaseIds: number[]; trackIds?: number[]; month?: string }) {
  const tenantId = ctx.tenant.id
  const campaignMonth = `${body.month ?? monthOf(ctx.services.now())}-01`
  const releaseIds = [...new Set(body.releaseIds)]
  const trackIds = [...new Set(body.trackIds ?? [])]
  return auditedMutation(ctx, { action: 'release.spotify_discovery', entityType: 'release' }, async (tx) => {
    const found = await releasesByIds(tx, tenantId, releaseIds)
    const byId = new Map(found.map((release) => [release.id, release]))
    const chosenTracks = trackIds.length ? await tracksByIds(tx, tenantId, trackIds) : []
    const refused: Refusal[] = []
    const tracksOf = new Map<number, { id: number; title: string }[]>()
    const knownTracks = new Set(chosenTracks.map((track) => track.id))
    for (const trackId of trackIds) if (!knownTracks.has(trackId)) refused.push({ releaseId: null, trackId, reason: NO_TRACK })
    for (const track of chosenTracks) {
      if (!releaseIds.includes(track.releaseId)) {
        refused.push({ releaseId: track.releaseId, trackId: track.id, reason: 'This track is not on one of the chosen releases.' })
        continue
      }
      tracksOf.set(track.releaseId, [...(tracksOf.get(track.releaseId) ?? []), { id: track.id, title: track.title }])
    }

    const submitted: Entry[] = []
    const alreadySubmitted: Entry[] = []
    const audits: { entityId: number; after: unknown }[] = []
    const now = ctx.services.now()
    for (const releaseId of releaseIds) {
      const release = byId.get(releaseId)
      if (!release) {
        refused.push({ releaseId, trackId: null, reason: NO_RELEASE })
        continue
      }
      if (!SUBMITTABLE.has(release.status)) {
        refused.push({
          releaseId,
          trackId: null,
          reason: `Only live releases go to Spotify Discovery Mode; ${release.title} is ${statusLabel(release.status)}.`,
        })
        continue
      }
      const targets = tracksOf.get(releaseId) ?? [{ id: null, title: release.title }]
      const added: Entry[] = []
      for (const target of targets) {
        const [row] = await tx
          .insert(spotifyDiscovery)
          .values({
            tenantId,
            releaseId,
            trackId: target.id,
            campaignMonth,
            accountId: release.accountId,
            createdBy: ctx.session.account.id,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: spotifyDiscovery.id })
        if (row) {
          added.push({ id: row.id, releaseId, trackId: target.id, title: target.title })
          continue
        }
        const [existing] = await tx
          .select({ id: spotifyDiscovery.id })
          .from(spotifyDiscovery)
          .where(
            and(
              eq(spotifyDiscovery.tenantId, tenantId),
              eq(spotifyDiscovery.releaseId, releaseId),
              eq(spotifyDiscovery.campaignMonth, campaignMonth),
              target.id === null ? sql`${spotifyDiscovery.trackId} is null` : eq(spotifyDiscovery.trackId, target.id),
            ),
          )
        alreadySubmitted.push({ id: existing?.id ?? 0, releaseId, trackId: target.id, title: target.title })
      }
      if (added.length) {
        submitted.push(...added)
        audits.push({ entityId: releaseId, after: { submissions: added.map((entry) => ({ id: entry.id, trackId: entry.trackId })) } })
      }
    }
    return { result: { submitted, alreadySubmitted, refused }, records: audits }
  }).then((result) => {
    if (result.submitted.length === 0 && result.alreadySubmitted.length === 0) {
      const reason = result.refused[0]?.reason ?? NO_RELEASE
      if (result.refused.every((entry) => entry.reason === NO_RELEASE)) throw notFound(reason)
      throw new HttpError(409, reason, ERROR_CODES.conflict, { releaseIds: reason })
    }
    return result
  })
}
