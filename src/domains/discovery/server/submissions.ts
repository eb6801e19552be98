import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { DiscoveryRowResult } from '@contract/discovery'
import {
  discoveryStatusLabel,
  discoveryTransitionRefusal,
  removalRequestRefusal,
  removalStatusLabel,
  removalTransitionRefusal,
  toggleRefusal,
  type DiscoveryStatus,
  type RemovalStatus,
} from '@core/discovery'
import { displayName } from '@core/names'
import type { AuthedContext } from '@server/context'
import type { Queryable, Tx } from '@server/db/engine'
import { auditedMutation } from '@server/audit'
import { conflict, notFound } from '@server/errors'
import { countCapped, pageMeta } from '@server/db/paging'
import { likePattern, MIN_FUZZY_LENGTH } from '@server/search'
import { queueMail } from '@server/mail/mailer'
import { accounts } from '@server/db/schema/platform'
import { spotifyDiscovery } from './schema'

// Discovery Mode submissions and their removal requests (docs/discovery.md): the lists, the single,
// and the four changes. Every change is all or nothing over the chosen ids, moves only as
// src/core/discovery.ts allows, is audited per submission and mailed to the release's owner.

const NO_SUBMISSION = 'There is no such Discovery Mode submission in this workspace.'

type Row = {
  id: number
  status: DiscoveryStatus
  enabled: boolean
  month: string
  reason: string | null
  removal_status: RemovalStatus | null
  removal_note: string | null
  removal_reason: string | null
  removal_requested_at: Date | string | null
  removal_reviewed_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
  release_id: number
  release_title: string
  track_id: number | null
  track_title: string | null
  track_isrc: string | null
  account_id: number
  first_name: string | null
  last_name: string | null
  email: string
}

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value))

const SELECT = sql`
  select d.id, d.status, d.enabled, to_char(d.campaign_month, 'YYYY-MM') as month, d.reason,
    d.removal_status, d.removal_note, d.removal_reason, d.removal_requested_at, d.removal_reviewed_at,
    d.created_at, d.updated_at, d.release_id, rel.title as release_title,
    d.track_id, tr.title as track_title, tr.isrc as track_isrc,
    a.id as account_id, a.first_name, a.last_name, a.email`

const JOINS = sql`
  join releases rel on rel.id = d.release_id
  left join tracks tr on tr.id = d.track_id
  join accounts a on a.id = d.account_id`

function toRow(row: Row): DiscoveryRowResult {
  return {
    id: Number(row.id),
    status: row.status,
    enabled: row.enabled,
    month: row.month,
    release: { id: Number(row.release_id), title: row.release_title },
    track: row.track_id === null ? null : { id: Number(row.track_id), title: row.track_title ?? '', isrc: row.track_isrc },
    user: {
      id: Number(row.account_id),
      name: displayName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
      email: row.email,
    },
    reason: row.reason,
    removal:
      row.removal_status === null
        ? null
        : {
            status: row.removal_status,
            note: row.removal_note,
            reason: row.removal_reason,
            requestedAt: row.removal_requested_at === null ? null : date(row.removal_requested_at),
            reviewedAt: row.removal_reviewed_at === null ? null : date(row.removal_reviewed_at),
          },
    created: date(row.created_at),
    updated: date(row.updated_at),
  }
}

/** Search by #id, or by release or track title (their trigram indexes) from three characters. */
function searchCondition(tenantId: number, raw: string | undefined): SQL | null {
  const text = raw?.trim()
  if (!text) return null
  const parts: SQL[] = []
  const idMatch = /^#?(\d{1,15})$/.exec(text)
  if (idMatch) parts.push(sql`d.id = ${Number(idMatch[1])}`)
  if (text.length >= MIN_FUZZY_LENGTH) {
    const pattern = likePattern(text)
    parts.push(
      sql`d.release_id in (select x.id from releases x where x.tenant_id = ${tenantId} and x.title ilike ${pattern})`,
      sql`d.track_id in (select x.id from tracks x where x.tenant_id = ${tenantId} and x.title ilike ${pattern})`,
    )
  } else if (!idMatch) parts.push(sql`false`)
  return sql`(${sql.join(parts, sql` or `)})`
}

async function page(db: Queryable, where: SQL, order: SQL, pageNo: number, perPage: number, estimateFirst: boolean) {
  const result = await db.execute<Row>(sql`
    with page as (select d.id from spotify_discovery d ${where} order by ${order} limit ${perPage} offset ${(pageNo - 1) * perPage})
    ${SELECT}
    from page join spotify_discovery d on d.id = page.id
    ${JOINS}
    order by ${order}`)
  const { total, estimate } = await countCapped(db, sql`from spotify_discovery d ${where}`, { estimateFirst })
  return { data: result.rows.map(toRow), meta: pageMeta(total, estimate, pageNo, perPage) }
}

const UPDATED_FIRST = sql`d.updated_at desc, d.id desc`
const REQUESTED_FIRST = sql`d.removal_requested_at desc, d.id desc`

export async function listSubmissions(
  ctx: AuthedContext,
  pageNo: number,
  query: { per_page: number; search?: string; status?: DiscoveryStatus; month?: string; enabled?: 'true' | 'false' },
) {
  const tenantId = ctx.tenant.id
  const conditions: SQL[] = [sql`d.tenant_id = ${tenantId}`]
  if (query.status) conditions.push(sql`d.status = ${query.status}`)
  if (query.month) conditions.push(sql`d.campaign_month = ${`${query.month}-01`}::date`)
  if (query.enabled) conditions.push(sql`d.enabled = ${query.enabled === 'true'}`)
  const search = searchCondition(tenantId, query.search)
  if (search) conditions.push(search)
  const where = sql`where ${sql.join(conditions, sql` and `)}`
  return page(ctx.services.db, where, UPDATED_FIRST, pageNo, query.per_page, !search && !query.month && !query.enabled)
}

export async function listRemovals(ctx: AuthedContext, pageNo: number, query: { per_page: number; search?: string; status?: RemovalStatus }) {
  const tenantId = ctx.tenant.id
  // `removal_status is not null` keeps the plan on spotify_discovery_removals_idx.
  const conditions: SQL[] = [sql`d.tenant_id = ${tenantId}`, sql`d.removal_status is not null`]
  if (query.status) conditions.push(sql`d.removal_status = ${query.status}`)
  const search = searchCondition(tenantId, query.search)
  if (search) conditions.push(search)
  const where = sql`where ${sql.join(conditions, sql` and `)}`
  return page(ctx.services.db, where, REQUESTED_FIRST, pageNo, query.per_page, false)
}

/** Pending submissions, oldest first (at most 500): the j/k/a/r review queue of the single screen. */
async function pendingQueue(db: Queryable, tenantId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select d.id from spotify_discovery d where d.tenant_id = ${tenantId} and d.status = 'pending'
    order by d.updated_at, d.id limit 500`)
  return result.rows.map((row) => Number(row.id))
}

export async function singleSubmission(ctx: AuthedContext, id: number) {
  const tenantId = ctx.tenant.id
  const result = await ctx.services.db.execute<
    Row & {
      cover_url: string | null
      upc: string | null
      release_date: string | null
      type: string
      primary_genre: string | null
      label: string | null
      participants: { name: string; roles: string }[] | null
    }
  >(sql`
    ${SELECT}, rel.cover_url, rel.upc, rel.release_date::text as release_date, rel.type, rel.primary_genre, rel.label, rel.participants
    from spotify_discovery d ${JOINS}
    where d.tenant_id = ${tenantId} and d.id = ${id}`)
  const row = result.rows[0]
  if (!row) throw notFound(NO_SUBMISSION)
  const base = toRow(row)
  return {
    ...base,
    release: {
      ...base.release,
      artwork: row.cover_url,
      upc: row.upc,
      date: row.release_date,
      format: row.type,
      genre: row.primary_genre,
      label: row.label,
      participants: (row.participants ?? []).map((p) => ({ name: p.name, role: p.roles })),
    },
    queue: await pendingQueue(ctx.services.db, tenantId),
  }
}

type Submission = typeof spotifyDiscovery.$inferSelect

/** Locks the chosen submissions of this workspace, or 404 when one is missing. */
async function lockAll(tx: Tx, tenantId: number, ids: readonly number[]): Promise<Submission[]> {
  const rows = await tx
    .select()
    .from(spotifyDiscovery)
    .where(and(eq(spotifyDiscovery.tenantId, tenantId), inArray(spotifyDiscovery.id, [...ids])))
    .orderBy(asc(spotifyDiscovery.id))
    .for('update')
  if (rows.length !== ids.length) throw notFound(NO_SUBMISSION)
  return rows
}

async function titleOf(tx: Tx, submission: Submission): Promise<string> {
  const result = await tx.execute<{ title: string }>(sql`
    select coalesce(tr.title || ' (' || rel.title || ')', rel.title) as title
    from releases rel left join tracks tr on tr.id = ${submission.trackId ?? 0}
    where rel.id = ${submission.releaseId}`)
  return result.rows[0]?.title ?? `#${submission.id}`
}

/** The release owner is told of every change, with the reason when one was given. */
async function mailOwner(ctx: AuthedContext, tx: Tx, submission: Submission, subject: string, what: string, reason: string | null) {
  const [account] = await tx
    .select({ email: accounts.email, firstName: accounts.firstName })
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.tenant.id), eq(accounts.id, submission.accountId)))
  if (!account) return
  const title = await titleOf(tx, submission)
  const month = submission.campaignMonth.slice(0, 7)
  const lines = [
    `Hello${account.firstName ? ` ${account.firstName}` : ''},`,
    '',
    `Spotify Discovery Mode for “${title}” (campaign month ${month}): ${what}`,
    ...(reason ? ['', `Reason: ${reason}`] : []),
    '',
    ctx.tenant.name,
  ]
  await queueMail(ctx.services.jobs, tx, { to: account.email, subject, text: lines.join('\n') }, ctx.tenant.id)
}

type Change = {
  action: string
  ids: number[]
  /** The refusal for this submission, or null. */
  refuse(row: Submission): string | null
  set(row: Submission, now: Date): Partial<Submission>
  mail(row: Submission): { subject: string; what: string; reason: string | null }
  message(count: number, id: number): string
}

async function change(ctx: AuthedContext, spec: Change) {
  const ids = [...new Set(spec.ids)]
  const changed = await auditedMutation(ctx, { action: spec.action, entityType: 'spotify_discovery' }, async (tx) => {
    const rows = await lockAll(tx, ctx.tenant.id, ids)
    const now = ctx.services.now()
    const records: { entityId: number; before: unknown; after: unknown }[] = []
    for (const row of rows) {
      const refusal = spec.refuse(row)
      if (refusal) throw conflict(rows.length > 1 ? `#${row.id}: ${refusal}` : refusal)
      const values = { ...spec.set(row, now), updatedAt: now }
      await tx
        .update(spotifyDiscovery)
        .set(values)
        .where(and(eq(spotifyDiscovery.tenantId, ctx.tenant.id), eq(spotifyDiscovery.id, row.id)))
      const mail = spec.mail(row)
      await mailOwner(ctx, tx, row, mail.subject, mail.what, mail.reason)
      const keys = Object.keys(values).filter((key) => key !== 'updatedAt') as (keyof Submission)[]
      records.push({
        entityId: row.id,
        before: Object.fromEntries(keys.map((key) => [key, row[key]])),
        after: Object.fromEntries(keys.map((key) => [key, values[key as keyof typeof values]])),
      })
    }
    return { result: rows.length, records }
  })
  return { changed, message: spec.message(changed, ids[0]) }
}

export function changeStatus(ctx: AuthedContext, body: { ids: number[]; status: DiscoveryStatus; reason?: string }) {
  const reason = body.reason?.trim() || null
  const label = discoveryStatusLabel(body.status).toLowerCase()
  return change(ctx, {
    action: 'spotify_discovery.status_changed',
    ids: body.ids,
    refuse: (row) => discoveryTransitionRefusal(row.status, body.status, reason),
    set: () => ({ status: body.status, reason, reviewedBy: ctx.session.account.id, reviewedAt: ctx.services.now() }),
    mail: () => ({ subject: `Your Discovery Mode submission is ${label}`, what: `the submission is now ${label}.`, reason }),
    message: (count, id) => (count === 1 ? `Submission #${id} is now ${label}.` : `${count} submissions are now ${label}.`),
  })
}

export function changeRemovalStatus(ctx: AuthedContext, body: { ids: number[]; status: RemovalStatus; reason?: string }) {
  const reason = body.reason?.trim() || null
  const label = removalStatusLabel(body.status).toLowerCase()
  return change(ctx, {
    action: 'spotify_discovery.removal_status_changed',
    ids: body.ids,
    refuse: (row) =>
      row.removalStatus === null ? 'No removal was requested for this submission.' : removalTransitionRefusal(row.removalStatus, body.status, reason),
    set: (_row, now) => ({
      removalStatus: body.status,
      removalReason: reason,
      removalReviewedAt: body.status === 'requested' ? null : now,
      ...(body.status === 'approved' ? { status: 'removed', enabled: false } : {}),
    }),
    mail: () => ({
      subject: body.status === 'approved' ? 'Your track has left Discovery Mode' : `Your Discovery Mode removal request is ${label}`,
      what:
        body.status === 'approved'
          ? 'your removal request is accepted: it has left Discovery Mode.'
          : body.status === 'rejected'
            ? 'your removal request is refused: it stays in Discovery Mode.'
            : 'your removal request is being reconsidered.',
      reason,
    }),
    message: (count, id) => (count === 1 ? `Removal of submission #${id} is now ${label}.` : `${count} removal requests are now ${label}.`),
  })
}

export function toggle(ctx: AuthedContext, body: { ids: number[]; enabled: boolean }) {
  const word = body.enabled ? 'on' : 'off'
  return change(ctx, {
    action: 'spotify_discovery.toggled',
    ids: body.ids,
    refuse: (row) => toggleRefusal(row.status, row.enabled, body.enabled),
    set: () => ({ enabled: body.enabled }),
    mail: () => ({
      subject: `Discovery Mode is ${word} for your track`,
      what: body.enabled ? 'Discovery Mode is on again.' : 'Discovery Mode is paused: its lines are not counted as Discovery Mode while it is off.',
      reason: null,
    }),
    message: (count, id) => (count === 1 ? `Discovery Mode is ${word} for submission #${id}.` : `Discovery Mode is ${word} for ${count} submissions.`),
  })
}

export function requestRemoval(ctx: AuthedContext, body: { ids: number[]; note: string }) {
  const note = body.note.trim()
  return change(ctx, {
    action: 'spotify_discovery.removal_requested',
    ids: body.ids,
    refuse: (row) => removalRequestRefusal(row.status, row.removalStatus),
    set: (_row, now) => ({ removalStatus: 'requested', removalNote: note, removalReason: null, removalRequestedAt: now, removalReviewedAt: null }),
    mail: () => ({ subject: 'Your Discovery Mode removal request is received', what: 'a removal is requested and waits for review.', reason: note }),
    message: (count, id) => (count === 1 ? `Removal requested for submission #${id}.` : `Removal requested for ${count} submissions.`),
  })
}
