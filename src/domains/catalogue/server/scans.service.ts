import type { Readable } from 'node:stream'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { displayName } from '@core/names'
import type { ScanHistoryResult } from '@contract/release-ops'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { accounts } from '@server/db/schema/platform'
import { HttpError, conflict, notConfigured, notFound } from '@server/errors'
import { actorOf, audit, auditedMutation } from '@server/audit'
import type { JobRunner } from '@server/jobs/runner'
import { SCAN_KINDS, SCAN_KIND_LABELS, SCAN_NOT_CONFIGURED, type ScanAudio, type ScanKind, type ScanResult } from './adapters/scan-provider'
import * as repo from './repository'
import { releases, trackScans, tracks } from './schema'
import { NO_RELEASE, NO_TRACK } from './service'

/** A scan's (and the track's) status codes (spec: Track scan status). */
export const SCAN_STATUS = { processing: 0, completed: 1, failed: 2 } as const
export const scanStatusLabel = (status: number | null) =>
  status === null ? 'Never requested' : status === 0 ? 'Processing' : status === 1 ? 'Completed' : 'Failed'

export const NO_AUDIO = 'This track has no audio to scan. Upload its audio first.'
export const SCANS_OFF =
  'Audio scans are turned off for the account that owns this release. Turn on “Audio scans” on the account to request them.'
export const STILL_PROCESSING = 'The scans of this track are still processing. Refresh them instead of requesting new ones.'
const UNREADABLE_AUDIO = "This track's audio is not at an address the audio-recognition provider can read."
/** Stored audio is sent as bytes; larger files are refused rather than held in memory. */
const MAX_AUDIO_BYTES = 200 * 1024 * 1024

export const REFRESH_JOB = 'scans.refresh'
/** The background refresh polls after 30 s, then backs off (doubling, at most 30 min) for about four hours. */
const REFRESH_FIRST_DELAY_MS = 30_000
const REFRESH_MAX_DELAY_MS = 30 * 60_000
const REFRESH_ROUNDS = 12

type ScanRow = typeof trackScans.$inferSelect

/**
 * The track's status from its latest scan of each kind: 0 while any is processing, 2 when any
 * failed, 1 when both completed; null before any was requested.
 */
export function deriveScanStatus(newestFirst: readonly Pick<ScanRow, 'kind' | 'status'>[]): number | null {
  const latest = new Map<string, number>()
  for (const scan of newestFirst) if (!latest.has(scan.kind)) latest.set(scan.kind, scan.status)
  if (latest.size === 0) return null
  const statuses = [...latest.values()]
  if (statuses.includes(SCAN_STATUS.processing)) return SCAN_STATUS.processing
  if (statuses.some((status) => status !== SCAN_STATUS.completed)) return SCAN_STATUS.failed
  return SCAN_STATUS.completed
}

async function ownerScansEnabled(db: Queryable, releaseId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabled: accounts.isAudioScanEnable })
    .from(releases)
    .innerJoin(accounts, eq(accounts.id, releases.accountId))
    .where(eq(releases.id, releaseId))
  return Boolean(row?.enabled)
}

async function latestScans(db: Queryable, trackId: number, limit = 50) {
  return db
    .select({
      scan: trackScans,
      by: { id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName },
    })
    .from(trackScans)
    .leftJoin(accounts, eq(accounts.id, trackScans.requestedBy))
    .where(eq(trackScans.trackId, trackId))
    .orderBy(desc(trackScans.requestedAt), desc(trackScans.id))
    .limit(limit)
}

/** Why no scan can be requested for this track now, or null. */
function blockedReason(
  services: Pick<Services, 'scans'>,
  track: Pick<repo.TrackRecord, 'audioUrl'>,
  accountEnabled: boolean,
  processing: boolean,
) {
  if (!services.scans.configured) return SCAN_NOT_CONFIGURED
  if (!track.audioUrl) return NO_AUDIO
  if (!accountEnabled) return SCANS_OFF
  if (processing) return STILL_PROCESSING
  return null
}

export async function loadScanHistory(
  db: Queryable,
  ctx: Pick<AuthedContext, 'tenant' | 'services'>,
  trackId: number,
): Promise<ScanHistoryResult> {
  const track = await repo.findTrack(db, ctx.tenant.id, trackId)
  if (!track) throw notFound(NO_TRACK)
  const accountEnabled = await ownerScansEnabled(db, track.releaseId)
  const rows = await latestScans(db, trackId)
  const processing = rows.some(({ scan }) => scan.status === SCAN_STATUS.processing)
  return {
    trackId,
    scanStatus: track.scanStatus,
    configured: ctx.services.scans.configured,
    provider: ctx.services.scans.name,
    hasAudio: Boolean(track.audioUrl),
    accountScansEnabled: accountEnabled,
    blockedReason: blockedReason(ctx.services, track, accountEnabled, processing),
    scans: rows.map(({ scan, by }) => ({
      id: scan.id,
      provider: scan.provider,
      kind: scan.kind,
      kindLabel: SCAN_KIND_LABELS[scan.kind],
      status: scan.status,
      statusLabel: scanStatusLabel(scan.status),
      requestedAt: scan.requestedAt,
      completedAt: scan.completedAt,
      requestedBy: by ? { id: by.id, name: displayName(by) } : null,
      error: scan.error,
      matches: scan.matches,
    })),
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array)
    size += buffer.length
    if (size > MAX_AUDIO_BYTES) throw conflict('This audio file is too large to send for a scan (over 200 MB).')
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

/** A public address is passed on; audio this installation stores (`/api/files/{id}`) is sent as bytes. */
async function resolveAudio(services: Services, tenantId: number, audioUrl: string): Promise<ScanAudio> {
  if (/^https?:\/\//i.test(audioUrl)) return { url: audioUrl }
  const stored = /^\/api\/files\/(\d+)(?:[/?#].*)?$/.exec(audioUrl)
  if (!stored) throw conflict(UNREADABLE_AUDIO)
  const file = await services.files.find(services.db, tenantId, Number(stored[1]))
  if (!file) throw conflict("This track's audio file is missing from storage. Upload its audio again.")
  if (file.size > MAX_AUDIO_BYTES) throw conflict('This audio file is too large to send for a scan (over 200 MB).')
  return { bytes: await readAll(await services.files.open(file)), filename: file.originalName, contentType: file.contentType }
}

type Submitted = { kind: ScanKind; jobId: string | null; error: string | null }

/** Both scans go out; a refused submission becomes a failed scan with the provider's words. */
async function submitBoth(services: Services, audio: ScanAudio, tenantId: number, trackId: number): Promise<Submitted[]> {
  const reference = `${tenantId}:${trackId}`
  return Promise.all(
    SCAN_KINDS.map(async (kind): Promise<Submitted> => {
      try {
        const { jobId } = await services.scans.submit(audio, kind, reference)
        return { kind, jobId, error: null }
      } catch (error) {
        return { kind, jobId: null, error: error instanceof Error ? error.message.slice(0, 1000) : 'The provider refused the scan.' }
      }
    }),
  )
}

async function scheduleRefresh(jobs: JobRunner, db: Queryable, tenantId: number, trackId: number, round: number) {
  const delay = Math.min(REFRESH_FIRST_DELAY_MS * 2 ** round, REFRESH_MAX_DELAY_MS)
  await jobs.enqueue(db, {
    type: REFRESH_JOB,
    tenantId,
    payload: { tenantId, trackId, round },
    runAt: new Date(Date.now() + delay),
    maxAttempts: 1,
  })
}

/** Submits both scans of one checked track and records them, with an audit row on its release. */
async function requestForTrack(ctx: AuthedContext, track: repo.TrackRecord): Promise<number | null> {
  const { services } = ctx
  const audio = await resolveAudio(services, ctx.tenant.id, track.audioUrl!)
  const submitted = await submitBoth(services, audio, ctx.tenant.id, track.id)
  const now = services.now()
  const mutation = {
    action: 'track.scan_requested',
    entityType: 'release',
    entityId: track.releaseId,
    lock: { table: tracks, id: track.id, tenantId: ctx.tenant.id, missing: NO_TRACK },
  }
  return auditedMutation(ctx, mutation, async (tx) => {
    const inserted = await tx
      .insert(trackScans)
      .values(
        submitted.map((scan) => ({
          tenantId: ctx.tenant.id,
          trackId: track.id,
          kind: scan.kind,
          provider: services.scans.name,
          providerJobId: scan.jobId,
          status: scan.jobId ? SCAN_STATUS.processing : SCAN_STATUS.failed,
          error: scan.error,
          requestedBy: ctx.session.account.id,
          requestedAt: now,
          completedAt: scan.jobId ? null : now,
        })),
      )
      .returning({ id: trackScans.id, kind: trackScans.kind, status: trackScans.status })
    const scanStatus = deriveScanStatus(inserted)
    await tx.update(tracks).set({ scanStatus }).where(eq(tracks.id, track.id))
    if (scanStatus === SCAN_STATUS.processing) await scheduleRefresh(services.jobs, tx, ctx.tenant.id, track.id, 0)
    return {
      result: scanStatus,
      before: { trackId: track.id, scanStatus: track.scanStatus },
      after: {
        trackId: track.id,
        scanStatus,
        scans: submitted.map((scan) => ({ kind: scan.kind, jobId: scan.jobId, ...(scan.error ? { error: scan.error } : {}) })),
      },
    }
  })
}

/** What keeps a track from being scanned now (the account flag is checked per release). */
async function trackBlock(db: Queryable, track: repo.TrackRecord): Promise<string | null> {
  if (!track.audioUrl) return NO_AUDIO
  if (track.scanStatus === SCAN_STATUS.processing) {
    const [pending] = await db
      .select({ id: trackScans.id })
      .from(trackScans)
      .where(and(eq(trackScans.trackId, track.id), eq(trackScans.status, SCAN_STATUS.processing)))
      .limit(1)
    if (pending) return STILL_PROCESSING
  }
  return null
}

/** releases/track-stat: one track (refusals are errors), or every track of a release (refusals are listed). */
export async function requestScans(ctx: AuthedContext, body: { trackId?: number; releaseId?: number }) {
  const { db, scans } = ctx.services
  const requested: { trackId: number; title: string; scanStatus: number | null }[] = []
  const skipped: { trackId: number; title: string; reason: string }[] = []
  if (body.trackId !== undefined) {
    const track = await repo.findTrack(db, ctx.tenant.id, body.trackId)
    if (!track) throw notFound(NO_TRACK)
    if (!scans.configured) throw notConfigured(SCAN_NOT_CONFIGURED)
    const block = (await trackBlock(db, track)) ?? ((await ownerScansEnabled(db, track.releaseId)) ? null : SCANS_OFF)
    if (block) throw conflict(block)
    requested.push({ trackId: track.id, title: track.title, scanStatus: await requestForTrack(ctx, track) })
    return { requested, skipped }
  }
  const release = await repo.findRelease(db, ctx.tenant.id, body.releaseId!)
  if (!release) throw notFound(NO_RELEASE)
  if (!scans.configured) throw notConfigured(SCAN_NOT_CONFIGURED)
  if (!(await ownerScansEnabled(db, release.id))) throw conflict(SCANS_OFF)
  const rows = await db.select().from(tracks).where(eq(tracks.releaseId, release.id)).orderBy(asc(tracks.position), asc(tracks.id))
  if (rows.length === 0) throw conflict('This release has no tracks to scan.')
  for (const track of rows) {
    const block = await trackBlock(db, track)
    if (block) {
      skipped.push({ trackId: track.id, title: track.title, reason: block })
      continue
    }
    try {
      requested.push({ trackId: track.id, title: track.title, scanStatus: await requestForTrack(ctx, track) })
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error
      skipped.push({ trackId: track.id, title: track.title, reason: error.message })
    }
  }
  if (requested.length === 0) throw conflict(skipped.length === 1 ? skipped[0].reason : `No track could be scanned: ${skipped[0].reason}`)
  return { requested, skipped }
}

/**
 * Asks the provider about the track's scans still processing and records what it answers. Provider
 * calls happen outside any transaction; each scan is only updated while it is still processing, so
 * the explicit refresh and the background job never overwrite each other.
 */
export async function refreshTrackScans(
  services: Services,
  tenantId: number,
  trackId: number,
): Promise<{ pending: number; changed: number; errors: Error[] }> {
  const pending = await services.db
    .select()
    .from(trackScans)
    .where(and(eq(trackScans.tenantId, tenantId), eq(trackScans.trackId, trackId), eq(trackScans.status, SCAN_STATUS.processing)))
  if (pending.length === 0) return { pending: 0, changed: 0, errors: [] }
  const errors: Error[] = []
  const answers = await Promise.all(
    pending.map(async (scan): Promise<{ scan: ScanRow; result: ScanResult }> => {
      if (!scan.providerJobId) return { scan, result: { state: 'failed', reason: 'The provider gave no job id for this scan.' } }
      try {
        return { scan, result: await services.scans.result(scan.providerJobId) }
      } catch (error) {
        errors.push(error instanceof Error ? error : new Error(String(error)))
        return { scan, result: { state: 'pending' } }
      }
    }),
  )
  const settled = answers.filter((answer) => answer.result.state !== 'pending')
  if (settled.length === 0) return { pending: pending.length, changed: 0, errors }
  const now = services.now()
  let changed = 0
  await services.db.transaction(async (tx) => {
    await tx.execute(sql`select id from tracks where id = ${trackId} for update`)
    for (const { scan, result } of settled) {
      const updated = await tx
        .update(trackScans)
        .set(
          result.state === 'completed'
            ? { status: SCAN_STATUS.completed, matches: result.matches, error: null, completedAt: now }
            : { status: SCAN_STATUS.failed, error: result.state === 'failed' ? result.reason : null, completedAt: now },
        )
        .where(and(eq(trackScans.id, scan.id), eq(trackScans.status, SCAN_STATUS.processing)))
        .returning({ id: trackScans.id })
      changed += updated.length
    }
    const latest = await tx
      .select({ kind: trackScans.kind, status: trackScans.status })
      .from(trackScans)
      .where(eq(trackScans.trackId, trackId))
      .orderBy(desc(trackScans.requestedAt), desc(trackScans.id))
      .limit(10)
    await tx
      .update(tracks)
      .set({ scanStatus: deriveScanStatus(latest) })
      .where(eq(tracks.id, trackId))
  })
  return { pending: pending.length - settled.length, changed, errors }
}

/** releases/refresh-track-stat: the explicit refresh. A provider that could not answer at all is an error. */
export async function refreshScans(ctx: AuthedContext, trackId: number) {
  const track = await repo.findTrack(ctx.services.db, ctx.tenant.id, trackId)
  if (!track) throw notFound(NO_TRACK)
  if (!ctx.services.scans.configured) throw notConfigured(SCAN_NOT_CONFIGURED)
  const outcome = await refreshTrackScans(ctx.services, ctx.tenant.id, trackId)
  if (outcome.changed === 0 && outcome.errors.length > 0) throw outcome.errors[0]
  // The refresh writes through the same code as the background job (which has no actor), in its own
  // transactions with the provider's answers between them; the staff member's request is audited after.
  // audit() stays: that record follows the job's own transactions, it is not one mutation.
  await audit(ctx.services.db, actorOf(ctx), {
    action: 'track.scans_refreshed',
    entityType: 'track',
    entityId: trackId,
    after: { changed: outcome.changed, pending: outcome.pending },
  })
  return loadScanHistory(ctx.services.db, ctx, trackId)
}

/** The background refresh: polls again later while anything is still processing, for a few hours. */
export function registerScanJobs(runner: JobRunner, services: Services) {
  runner.register<{ tenantId: number; trackId: number; round?: number }>(REFRESH_JOB, async ({ payload }) => {
    if (!services.scans.configured) return { skipped: 'not configured' }
    const round = payload.round ?? 0
    const outcome = await refreshTrackScans(services, payload.tenantId, payload.trackId)
    if (outcome.pending > 0 && round + 1 < REFRESH_ROUNDS)
      await scheduleRefresh(runner, services.db, payload.tenantId, payload.trackId, round + 1)
    return { pending: outcome.pending, changed: outcome.changed, errors: outcome.errors.map((error) => error.message) }
  })
}
