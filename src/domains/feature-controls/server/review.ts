import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { ReviewRowResult } from '@contract/feature-controls'
import { REVIEW_KINDS, requestPath, reviewStatusLabel, reviewTransitionRefusal, type ReviewKind, type ReviewKindDef } from '@core/feature-requests'
import { displayName } from '@core/names'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable, Tx } from '@server/db/engine'
import { auditedMutation } from '@server/audit'
import { conflict, notFound } from '@server/errors'
import { countCapped, pageMeta } from '@server/db/paging'
import { likePattern, MIN_FUZZY_LENGTH } from '@server/search'
import { queueMail } from '@server/mail/mailer'
import { accounts, tenants } from '@server/db/schema/platform'
import { featureRequests } from './schema'

// The one review pattern (docs/feature-controls.md): every kind's list, single, status change,
// requester create and own list are these functions; a kind only says what its fields are and how
// they become a stored request (KindServer). Statuses move only along the kind's transitions in
// src/core/feature-requests.ts, refusals carry a reason, every change is audited and mailed.

/** What a kind stores for one request, once its fields are checked against the catalogue. */
export interface PreparedRequest {
  title: string
  releaseId: number | null
  trackId: number | null
  fields: Record<string, unknown>
}

export interface KindServer<F> {
  def: ReviewKindDef
  /** Checks the requester's fields against what they own (in the transaction) and gives what is stored. */
  prepare(tx: Tx, ctx: AuthedContext, fields: F): Promise<PreparedRequest>
  /** Refuses a transition the kind's own rules forbid beyond the status graph (overlaps, dates); null when allowed. */
  ruleRefusal?(tx: Tx, ctx: AuthedContext, request: RequestRecord, to: string): Promise<string | null>
  /** What else a change of status sets in motion, in its transaction (a job due at a blocklist's end date). */
  afterChange?(tx: Tx, ctx: AuthedContext, request: RequestRecord, to: string): Promise<void>
}

export type RequestRecord = typeof featureRequests.$inferSelect

type ListRow = {
  id: number
  kind: string
  status: string
  title: string
  fields: Record<string, unknown>
  reason: string | null
  reviewed_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
  release_id: number | null
  release_title: string | null
  track_id: number | null
  track_title: string | null
  track_isrc: string | null
  requester_id: number
  requester_first_name: string | null
  requester_last_name: string | null
  requester_email: string
}

const NEWEST_FIRST = sql`r.created_at desc nulls last, r.id desc nulls last`

const withJoins = (from: SQL) => sql`
  select r.id, r.kind, r.status, r.title, r.fields, r.reason, r.reviewed_at, r.created_at, r.updated_at,
    r.release_id, rel.title as release_title, r.track_id, tr.title as track_title, tr.isrc as track_isrc,
    a.id as requester_id, a.first_name as requester_first_name, a.last_name as requester_last_name, a.email as requester_email
  ${from}
  join accounts a on a.id = r.requester_account_id
  left join releases rel on rel.id = r.release_id
  left join tracks tr on tr.id = r.track_id`

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value))

function toRow(row: ListRow): ReviewRowResult {
  return {
    id: Number(row.id),
    kind: row.kind,
    status: row.status,
    title: row.title,
    requester: {
      id: Number(row.requester_id),
      name: displayName({ firstName: row.requester_first_name, lastName: row.requester_last_name, email: row.requester_email }),
      email: row.requester_email,
    },
    release: row.release_id === null ? null : { id: Number(row.release_id), title: row.release_title ?? '' },
    track: row.track_id === null ? null : { id: Number(row.track_id), title: row.track_title ?? '', isrc: row.track_isrc },
    fields: row.fields,
    reason: row.reason,
    reviewedAt: row.reviewed_at === null ? null : date(row.reviewed_at),
    created: date(row.created_at),
    updated: date(row.updated_at),
  }
}

interface Filter {
  tenantId: number
  /** None: every kind (the requester's own list). */
  kind?: string
  status?: string
  search?: string
  from?: string
  to?: string
  requesterId?: number
}

function where(filter: Filter): SQL {
  const conditions: SQL[] = [sql`r.tenant_id = ${filter.tenantId}`]
  if (filter.kind) conditions.push(sql`r.kind = ${filter.kind}`)
  if (filter.status) conditions.push(sql`r.status = ${filter.status}`)
  if (filter.from) conditions.push(sql`r.created_at >= ${filter.from}::date`)
  if (filter.to) conditions.push(sql`r.created_at < (${filter.to}::date + 1)`)
  if (filter.requesterId) conditions.push(sql`r.requester_account_id = ${filter.requesterId}`)
  const text = filter.search?.trim()
  if (text) {
    const parts: SQL[] = []
    const idMatch = /^#?(\d{1,15})$/.exec(text)
    if (idMatch) parts.push(sql`r.id = ${Number(idMatch[1])}`)
    if (text.length >= MIN_FUZZY_LENGTH) {
      // r.title matches feature_requests_title_trgm_idx (the migration's hand-written part).
      const pattern = likePattern(text)
      parts.push(
        sql`r.title ilike ${pattern}`,
        sql`r.requester_account_id in (select x.id from accounts x where x.tenant_id = ${filter.tenantId} and x.email ilike ${pattern})`,
      )
    } else if (!idMatch) parts.push(sql`r.title = ${text}`)
    conditions.push(sql`(${sql.join(parts, sql` or `)})`)
  }
  return sql`where ${sql.join(conditions, sql` and `)}`
}

async function listPage(db: Queryable, filter: Filter, page: number, perPage: number) {
  const result = await db.execute<ListRow>(sql`
    with page as (
      select r.id from feature_requests r ${where(filter)}
      order by ${NEWEST_FIRST} limit ${perPage} offset ${(page - 1) * perPage}
    )
    ${withJoins(sql`from page join feature_requests r on r.id = page.id`)}
    order by ${NEWEST_FIRST}`)
  const { total, estimate } = await countCapped(db, sql`from feature_requests r ${where(filter)}`, {
    estimateFirst: !filter.search && !filter.from && !filter.to,
  })
  return { data: result.rows.map(toRow), meta: pageMeta(total, estimate, page, perPage) }
}

export async function requestsById(db: Queryable, tenantId: number, ids: readonly number[]): Promise<ReviewRowResult[]> {
  if (ids.length === 0) return []
  const result = await db.execute<ListRow>(sql`
    ${withJoins(sql`from feature_requests r`)}
    where r.tenant_id = ${tenantId} and r.id in (${sql.join(
      ids.map((value) => sql`${value}`),
      sql`, `,
    )})
    order by r.created_at, r.id`)
  return result.rows.map(toRow)
}

/** The calls of one kind, from its KindServer: what routes.ts hands to the contract's endpoints. */
export function reviewService<F>(kind: KindServer<F>) {
  const { def } = kind
  const noun = def.label.toLowerCase()
  const entityType = `${def.kind}_request`

  async function list(
    ctx: AuthedContext,
    params: { page: number },
    query: { per_page: number; search?: string; status?: string; from?: string; to?: string },
  ) {
    const filter: Filter = { tenantId: ctx.tenant.id, kind: def.kind, status: query.status, search: query.search || undefined, from: query.from, to: query.to }
    return listPage(ctx.services.db, filter, params.page, query.per_page)
  }

  async function single(ctx: AuthedContext, id: number) {
    const [row] = (await requestsById(ctx.services.db, ctx.tenant.id, [id])).filter((found) => found.kind === def.kind)
    if (!row) throw notFound(`There is no such ${noun} request in this workspace.`)
    return row
  }

  async function mine(ctx: AuthedContext, params: { page: number }, query: { per_page: number }) {
    const filter: Filter = { tenantId: ctx.tenant.id, kind: def.kind, requesterId: ctx.session.account.id }
    return listPage(ctx.services.db, filter, params.page, query.per_page)
  }

  async function create(ctx: AuthedContext, fields: F) {
    const me = ctx.session.account
    const created = await auditedMutation(ctx, { action: `${entityType}.created`, entityType }, async (tx) => {
      const prepared = await kind.prepare(tx, ctx, fields)
      const [row] = await tx
        .insert(featureRequests)
        .values({
          tenantId: ctx.tenant.id,
          kind: def.kind,
          status: def.initial,
          requesterAccountId: me.id,
          releaseId: prepared.releaseId,
          trackId: prepared.trackId,
          title: prepared.title,
          fields: prepared.fields,
        })
        .returning()
      return { result: row, entityId: row.id, before: null, after: { status: row.status, title: row.title, fields: row.fields } }
    })
    return { id: created.id, message: `${def.label} request #${created.id} sent. You will be told by email when it is reviewed.` }
  }

  async function changeStatus(ctx: AuthedContext, body: { ids: number[]; status: string; reason?: string }) {
    const { services, tenant } = ctx
    const ids = [...new Set(body.ids)]
    const reason = body.reason?.trim() || null
    const label = reviewStatusLabel(def, body.status).toLowerCase()
    const changed = await auditedMutation(ctx, { action: `${entityType}.status_changed`, entityType }, async (tx) => {
      const requests = await tx
        .select()
        .from(featureRequests)
        .where(and(eq(featureRequests.tenantId, tenant.id), eq(featureRequests.kind, def.kind), inArray(featureRequests.id, ids)))
        .orderBy(asc(featureRequests.id))
        .for('update')
      if (requests.length !== ids.length) throw notFound(`There is no such ${noun} request in this workspace.`)
      const now = services.now()
      for (const request of requests) {
        const refusal = reviewTransitionRefusal(def, request.status, body.status, reason)
        if (refusal) throw conflict(requests.length > 1 ? `#${request.id}: ${refusal}` : refusal)
        const ruled = await kind.ruleRefusal?.(tx, ctx, request, body.status)
        if (ruled) throw conflict(requests.length > 1 ? `#${request.id}: ${ruled}` : ruled)
        await tx
          .update(featureRequests)
          .set({ status: body.status, reason, reviewedByAccountId: ctx.session.account.id, reviewedAt: now, updatedAt: now })
          .where(and(eq(featureRequests.tenantId, tenant.id), eq(featureRequests.id, request.id)))
        await kind.afterChange?.(tx, ctx, request, body.status)
        await mailRequester(services, tx, { id: tenant.id, name: tenant.name }, def, request, body.status, reason)
      }
      return {
        result: requests.length,
        records: requests.map((request) => ({
          entityId: request.id,
          before: { status: request.status, reason: request.reason },
          after: { status: body.status, reason },
        })),
      }
    })
    return {
      changed,
      message: changed === 1 ? `${def.label} request #${ids[0]} is now ${label}.` : `${changed} ${noun} requests are now ${label}.`,
    }
  }

  return { list, single, mine, create, changeStatus }
}

/** Tells the requester by mail that their request moved, with the reason when there is one. */
async function mailRequester(
  services: Services,
  tx: Tx,
  tenant: { id: number; name: string },
  def: ReviewKindDef,
  request: RequestRecord,
  status: string,
  reason: string | null,
) {
  const [account] = await tx
    .select({ email: accounts.email, firstName: accounts.firstName })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenant.id), eq(accounts.id, request.requesterAccountId)))
  if (!account) return
  const noun = def.label.toLowerCase()
  const label = reviewStatusLabel(def, status).toLowerCase()
  const lines = [
    `Hello${account.firstName ? ` ${account.firstName}` : ''},`,
    '',
    `Your ${noun} request #${request.id} “${request.title}” is now ${label}.`,
    ...(reason ? ['', `Reason: ${reason}`] : []),
    '',
    `${tenant.name}`,
  ]
  await queueMail(services.jobs, tx, { to: account.email, subject: `Your ${noun} request #${request.id} is ${label}`, text: lines.join('\n') }, tenant.id)
}

/**
 * Moves requests the server decides on by itself (a blocklist period at its end date) into one of the
 * kind's automatic statuses: only those `due` picks, still allowed by the graph, audited without an
 * actor and mailed like a staff change. Returns how many moved.
 */
export async function moveAutomatically(
  services: Services,
  tenantId: number,
  def: ReviewKindDef,
  to: string,
  due: (tx: Tx) => Promise<number[]>,
): Promise<number> {
  const [tenant] = await services.db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId))
  if (!tenant) return 0
  const entityType = `${def.kind}_request`
  return auditedMutation(
    { db: services.db, actor: { tenantId, actorAccountId: null } },
    { action: `${entityType}.status_changed`, entityType },
    async (tx) => {
      const ids = await due(tx)
      const requests = ids.length
        ? await tx
            .select()
            .from(featureRequests)
            .where(and(eq(featureRequests.tenantId, tenantId), eq(featureRequests.kind, def.kind), inArray(featureRequests.id, ids)))
            .orderBy(asc(featureRequests.id))
            .for('update')
        : []
      const now = services.now()
      const moving = requests.filter((request) => (def.transitions as Record<string, readonly string[]>)[request.status]?.includes(to))
      for (const request of moving) {
        await tx
          .update(featureRequests)
          .set({ status: to, reason: null, updatedAt: now })
          .where(and(eq(featureRequests.tenantId, tenantId), eq(featureRequests.id, request.id)))
        await mailRequester(services, tx, tenant, def, request, to, null)
      }
      return {
        result: moving.length,
        records: moving.map((request) => ({ entityId: request.id, before: { status: request.status }, after: { status: to, automatic: true } })),
      }
    },
  )
}

/** Pending requests of every kind, oldest first: the j/k/a/r queue staff walk through (feature_requests_status_created_idx per status). */
export async function reviewQueue(ctx: AuthedContext) {
  const branches = Object.values(REVIEW_KINDS).flatMap((def) =>
    def.pending.map(
      (status) => sql`(select r.id, r.kind, r.title, r.created_at from feature_requests r
        where r.tenant_id = ${ctx.tenant.id} and r.kind = ${def.kind} and r.status = ${status}
        order by r.created_at, r.id limit 500)`,
    ),
  )
  const result = await ctx.services.db.execute<{ id: number; kind: string; title: string }>(sql`
    select id, kind, title from (${sql.join(branches, sql` union all `)}) q order by created_at, id limit 500`)
  return {
    data: result.rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      title: row.title,
      path: requestPath(REVIEW_KINDS[row.kind as ReviewKind], Number(row.id)),
    })),
  }
}

/**
 * The signed-in account's requests of every kind, newest first: the dashboard's "Your requests".
 * feature_requests_requester_idx narrows to the account's own rows, which stay few per account.
 */
export async function myRequests(ctx: AuthedContext, params: { page: number }, query: { per_page: number }) {
  return listPage(ctx.services.db, { tenantId: ctx.tenant.id, requesterId: ctx.session.account.id }, params.page, query.per_page)
}

const OWN_RELEASES = 20

/** The account's own releases with their tracks (newest first, or matching a title or UPC): what its request forms pick from. */
export async function ownReleases(ctx: AuthedContext, query: { search?: string }) {
  const db = ctx.services.db
  const text = query.search?.trim()
  const conditions: SQL[] = [sql`rel.tenant_id = ${ctx.tenant.id}`, sql`rel.account_id = ${ctx.session.account.id}`]
  if (text) conditions.push(sql`(rel.title ilike ${likePattern(text)} or rel.upc = ${text})`)
  // releases_account_idx is (account_id, created_at desc).
  const releases = await db.execute<{ id: number; title: string; artist_text: string; upc: string | null; release_date: string | Date | null }>(sql`
    select rel.id, rel.title, rel.artist_text, rel.upc, rel.release_date from releases rel
    where ${sql.join(conditions, sql` and `)}
    order by rel.created_at desc nulls last, rel.id desc limit ${OWN_RELEASES}`)
  const ids = releases.rows.map((row) => Number(row.id))
  const tracks = ids.length
    ? await db.execute<{ id: number; release_id: number; title: string; isrc: string | null }>(sql`
        select t.id, t.release_id, t.title, t.isrc from tracks t
        where t.tenant_id = ${ctx.tenant.id} and t.release_id in (${sql.join(
          ids.map((value) => sql`${value}`),
          sql`, `,
        )})
        order by t.release_id, t.position, t.id`)
    : { rows: [] }
  const day = (value: string | Date | null) => (value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10))
  return {
    data: releases.rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      artist: row.artist_text,
      upc: row.upc,
      releaseDate: day(row.release_date),
      tracks: tracks.rows
        .filter((track) => Number(track.release_id) === Number(row.id))
        .map((track) => ({ id: Number(track.id), title: track.title, isrc: track.isrc })),
    })),
  }
}
