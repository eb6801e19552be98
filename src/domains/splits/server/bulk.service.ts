import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { BulkRow, SplitStatus } from '@contract/splits'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { badRequest, conflict, notFound } from '@server/errors'
import { readCsvUpload } from '@server/csv-upload'
import { newToken } from '@server/auth/tokens'
import { auditedMutation } from '@server/audit'
import { checkIsrc } from '@core/identifiers'
import { SHARE_ONE, SHARE_SCALE, fromScaled } from '@core/decimal'
import { MONTH_PATTERN, SHARE_SUM_MESSAGE, checkShare } from '@core/split-status'
import { displayName } from '@core/names'
import { splitBatches } from './schema'
import * as repo from './repository'
import { applyStatus, insertSplit, monthStart, STATUS_CHANGED } from './service'
import { queueSplitInvites } from './mail'

// Bulk splits from CSV (docs/formats/splits-bulk.md). Two kinds:
// - splits: every payee of each track is listed, the track's owner among them; shares sum to 1.
// - creator: the listed payees join the track's owner ("creator"), who keeps 1 − their shares.

export type BatchKind = 'splits' | 'creator'
export const MAX_BULK_ROWS = 5000
const PREVIEW_HOURS = 24

interface RawRow {
  row: number
  isrc: string
  email: string
  share: string
  startsOn: string
}

const HEADERS: Record<string, keyof Omit<RawRow, 'row'>> = {
  isrc: 'isrc',
  email: 'email',
  payeeemail: 'email',
  share: 'share',
  startson: 'startsOn',
  start: 'startsOn',
  startmonth: 'startsOn',
}

const emailSchema = z.email()

function readRows(data: Buffer): RawRow[] {
  const records = readCsvUpload(data, HEADERS)
  const missing = (['isrc', 'email', 'share', 'startsOn'] as const).filter((column) => !(column in records[0]))
  if (missing.length)
    throw badRequest(
      `The CSV needs the columns isrc, email, share and starts_on (missing: ${missing.map((m) => (m === 'startsOn' ? 'starts_on' : m)).join(', ')}).`,
      {
        file: 'Columns missing.',
      },
    )
  if (records.length > MAX_BULK_ROWS)
    throw badRequest(`At most ${MAX_BULK_ROWS.toLocaleString('en')} rows per file.`, { file: 'Too many rows.' })
  return records.map((record, index) => ({
    row: index + 2, // the header is line 1
    isrc: record.isrc ?? '',
    email: (record.email ?? '').toLowerCase(),
    share: record.share ?? '',
    startsOn: record.startsOn ?? '',
  }))
}

interface Checked {
  rows: BulkRow[]
  /** Tracks whose rows are all valid, with the payees their split gets. */
  groups: { track: repo.TrackRow; startsOn: string; payees: { email: string; share: string }[]; rows: number[] }[]
}

/** Checks every row against the rules and the workspace as it is now; a track's rows stand or fall together. */
async function check(db: Queryable, tenantId: number, kind: BatchKind, raw: RawRow[]): Promise<Checked> {
  const isrcs = [
    ...new Set(
      raw
        .map((row) => checkIsrc(row.isrc))
        .filter((c) => c.ok)
        .map((c) => (c as { value: string }).value),
    ),
  ]
  const tracks = await repo.tracksByIsrc(db, tenantId, isrcs)
  const byIsrc = new Map<string, repo.TrackRow[]>()
  for (const track of tracks) byIsrc.set(track.isrc ?? '', [...(byIsrc.get(track.isrc ?? '') ?? []), track])
  const rows: BulkRow[] = raw.map((row) => ({ ...row, trackId: null, trackTitle: null, errors: [] }))
  const byTrack = new Map<number, BulkRow[]>()
  for (const row of rows) {
    const isrc = checkIsrc(row.isrc)
    if (!row.isrc) row.errors.push('ISRC is required')
    else if (!isrc.ok) row.errors.push(isrc.message)
    else {
      const found = byIsrc.get(isrc.value) ?? []
      if (found.length === 0) row.errors.push('No track of this workspace has this ISRC')
      else if (found.length > 1) row.errors.push('More than one track has this ISRC')
      else {
        row.trackId = Number(found[0].id)
        row.trackTitle = found[0].title
        byTrack.set(row.trackId, [...(byTrack.get(row.trackId) ?? []), row])
      }
    }
    if (!row.email) row.errors.push('Email is required')
    else if (!emailSchema.safeParse(row.email).success) row.errors.push('Email must be valid')
    const share = checkShare(row.share)
    if (!row.share) row.errors.push('Share is required')
    else if (!share.ok) row.errors.push(share.message)
    if (!MONTH_PATTERN.test(row.startsOn)) row.errors.push('starts_on must be a month like 2025-01')
  }
  const groups: Checked['groups'] = []
  for (const [trackId, group] of byTrack) {
    const track = tracks.find((candidate) => Number(candidate.id) === trackId)!
    const groupErrors: string[] = []
    const starts = new Set(group.map((row) => row.startsOn))
    if (starts.size > 1) groupErrors.push('Rows of one track must share one starts_on')
    const emails = new Map<string, number>()
    for (const row of group) emails.set(row.email, (emails.get(row.email) ?? 0) + 1)
    for (const row of group) if ((emails.get(row.email) ?? 0) > 1) row.errors.push('This email is listed twice for the track')
    const ownerEmail = track.owner_email.toLowerCase()
    let total = 0n
    for (const row of group) {
      const share = checkShare(row.share)
      if (share.ok) total += share.units
    }
    if (kind === 'splits') {
      if (!emails.has(ownerEmail)) groupErrors.push(`The track's owner (${ownerEmail}) must be one of the payees`)
      else if (total !== SHARE_ONE) groupErrors.push(`${SHARE_SUM_MESSAGE} (this track's add up to ${fromScaled(total, SHARE_SCALE)})`)
    } else {
      if (emails.has(ownerEmail)) groupErrors.push(`List only the other payees: the owner (${ownerEmail}) keeps the rest`)
      else if (total >= SHARE_ONE) groupErrors.push('The listed shares must leave the owner more than 0')
    }
    const open = await repo.openSplitOf(db, tenantId, trackId)
    if (open?.status === 'pending') groupErrors.push(`The track has a split waiting for confirmation (#${open.id})`)
    if (open?.status === 'active' && MONTH_PATTERN.test(group[0].startsOn) && monthStart(open.starts_on) >= monthStart(group[0].startsOn))
      groupErrors.push(`Start after ${open.starts_on.slice(0, 7)}, when the track's current split began`)
    for (const row of group) row.errors.push(...groupErrors)
    if (group.some((row) => row.errors.length > 0)) {
      // One bad row spoils its track: say so on the rows that were fine.
      for (const row of group) if (row.errors.length === 0) row.errors.push('Another row of this track has an error')
      continue
    }
    const payees = group.map((row) => ({ email: row.email, share: row.share }))
    if (kind === 'creator') payees.unshift({ email: ownerEmail, share: fromScaled(SHARE_ONE - total, SHARE_SCALE) })
    groups.push({ track, startsOn: group[0].startsOn, payees, rows: group.map((row) => row.row) })
  }
  return { rows, groups }
}

function preview(batch: { id: number; token: string }, kind: BatchKind, checked: Checked) {
  const invalid = checked.rows.filter((row) => row.errors.length > 0).length
  return {
    batchId: Number(batch.id),
    token: batch.token,
    kind,
    rows: checked.rows,
    valid: checked.rows.length - invalid,
    invalid,
    splits: checked.groups.length,
  }
}

export async function processBulk(ctx: AuthedContext, kind: BatchKind, file: { filename: string; data: Buffer }) {
  const raw = readRows(file.data)
  const checked = await check(ctx.services.db, ctx.tenant.id, kind, raw)
  const batch = await auditedMutation(ctx, { action: 'split_batch.processed', entityType: 'split_batch' }, async (tx) => {
    const [row] = await tx
      .insert(splitBatches)
      .values({
        tenantId: ctx.tenant.id,
        kind,
        token: newToken(),
        fileName: file.filename.slice(0, 255),
        rows: raw,
        createdBy: ctx.session.account.id,
      })
      .returning({ id: splitBatches.id, token: splitBatches.token })
    return { result: row, entityId: row.id, after: { kind, fileName: file.filename.slice(0, 255), rows: raw.length } }
  })
  return preview(batch, kind, checked)
}

/**
 * Creates the splits of a processed file, checked again against the workspace as it is now. Any
 * row with an error refuses the whole file unless `skipInvalid`: then the tracks with an error are
 * left out and the others are created. All in one transaction.
 */
export async function submitBulk(ctx: AuthedContext, kind: BatchKind, input: { token: string; skipInvalid: boolean }) {
  const { services } = ctx
  const now = services.now()
  const action = kind === 'creator' ? 'split.bulk_creator_submitted' : 'split.bulk_submitted'
  return auditedMutation(ctx, { action, entityType: 'split_batch' }, async (tx) => {
    // Found by its token, so locked here rather than by auditedMutation's lock (which takes an id).
    const [batch] = await tx
      .select()
      .from(splitBatches)
      .where(and(eq(splitBatches.tenantId, ctx.tenant.id), eq(splitBatches.token, input.token), eq(splitBatches.kind, kind)))
      .for('update')
    if (!batch) throw notFound('This upload does not exist; process the file again.')
    if (batch.status === 'submitted') throw conflict('This upload was already submitted.')
    if (batch.createdAt.getTime() < now.getTime() - PREVIEW_HOURS * 3600 * 1000)
      throw conflict('This preview is more than a day old; process the file again.')
    const checked = await check(tx, ctx.tenant.id, kind, batch.rows)
    const invalid = checked.rows.filter((row) => row.errors.length > 0)
    if (invalid.length > 0 && !input.skipInvalid)
      throw badRequest(
        `${invalid.length} ${invalid.length === 1 ? 'row has an error' : 'rows have errors'}: fix the file, or submit skipping the tracks with errors.`,
      )
    if (checked.groups.length === 0) throw badRequest('No valid rows to submit.')
    const splitIds: number[] = []
    for (const group of checked.groups) {
      const created = await insertSplit(tx, {
        tenantId: ctx.tenant.id,
        track: group.track,
        startsOn: group.startsOn,
        payees: group.payees,
        createdBy: ctx.session.account.id,
        batchId: Number(batch.id),
        now,
      })
      const ownerName = displayName({
        firstName: group.track.owner_first,
        lastName: group.track.owner_last,
        artistName: group.track.owner_artist,
        labelName: group.track.owner_label,
        email: group.track.owner_email,
      })
      await queueSplitInvites(ctx, tx, { splitId: created.id, trackTitle: group.track.title, ownerName, invited: created.invited })
      splitIds.push(created.id)
    }
    await tx
      .update(splitBatches)
      .set({ status: 'submitted', submittedAt: now, splitCount: splitIds.length })
      .where(eq(splitBatches.id, batch.id))
    return {
      result: { batchId: Number(batch.id), created: splitIds.length, skippedRows: invalid.length, splitIds },
      entityId: Number(batch.id),
      after: { splits: splitIds.length, skippedRows: invalid.length, fileName: batch.fileName },
    }
  })
}

/** Every split of a batch to `status`; those the rules refuse are listed with the reason. */
export async function batchStatus(ctx: AuthedContext, batchId: number, status: SplitStatus) {
  return auditedMutation(ctx, STATUS_CHANGED, async (tx) => {
    const [batch] = await tx
      .select({ id: splitBatches.id })
      .from(splitBatches)
      .where(and(eq(splitBatches.tenantId, ctx.tenant.id), eq(splitBatches.id, batchId)))
    if (!batch) throw notFound('This bulk upload does not exist.')
    const { rows } = await tx.execute<{ id: number }>(
      sql`select id from splits where tenant_id = ${ctx.tenant.id} and batch_id = ${batchId} order by id for update`,
    )
    const refused: { id: number; reason: string }[] = []
    const records = []
    for (const { id } of rows) {
      const split = (await repo.findSplit(tx, ctx.tenant.id, Number(id)))!
      const applied = await applyStatus(tx, ctx, split, status)
      if (applied.refused !== null) refused.push({ id: Number(id), reason: applied.refused })
      else records.push(applied.record)
    }
    return { result: { changed: records.length, refused }, records }
  })
}
