import { randomBytes } from 'node:crypto'
import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm'
import type { BlastItem, FanItem, RecipientItem } from '@contract/fanblast'
import type { EndpointResult, Endpoints, UploadedFile } from '@contract/index'
import { canMoveBlast, listSubject, RECIPIENT_STATES, type BlastStatus, type RecipientState } from '@core/fanblast'
import { displayName } from '@core/names'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { auditedMutation } from '@server/audit'
import { findAccount, isStaff } from '@server/accounts'
import { countCapped, pageMeta } from '@server/db/paging'
import { conflict, fieldError, forbidden, notFound } from '@server/errors'
import { accounts } from '@server/db/schema/platform'
import { likePattern } from '@server/search'
import { readCsvUpload } from '@server/csv-upload'
import { workspaceUrl } from '@server/urls'
import { fanblastBlasts, fanblastFans, fanblastRecipients } from './schema'
import { hasText, sanitizeBlastHtml } from './sanitize'

/** The job that sends an approved blast (sender.ts). */
export const SEND_JOB = 'fanblast.send'

type Blast = typeof fanblastBlasts.$inferSelect
type Fan = typeof fanblastFans.$inferSelect

const BLAST_COLUMNS = {
  blast: fanblastBlasts,
  userEmail: accounts.email,
  userFirst: accounts.firstName,
  userLast: accounts.lastName,
}

type BlastRow = { blast: Blast; userEmail: string; userFirst: string; userLast: string }

function itemOf(row: BlastRow): BlastItem {
  const { blast } = row
  return {
    id: blast.id,
    subject: blast.subject,
    listSubject: listSubject(blast.subject),
    status: blast.status,
    from: blast.fromName,
    messageId: blast.messageId,
    user: { id: blast.accountId, name: displayName({ firstName: row.userFirst, lastName: row.userLast, email: row.userEmail }), email: row.userEmail },
    recipients: blast.recipients,
    reason: blast.reason,
    reviewedAt: blast.reviewedAt ? blast.reviewedAt.toISOString() : null,
    date: blast.createdAt.toISOString(),
  }
}

function blastQuery(db: Queryable, tenantId: number) {
  return db
    .select(BLAST_COLUMNS)
    .from(fanblastBlasts)
    .innerJoin(accounts, and(eq(accounts.id, fanblastBlasts.accountId), eq(accounts.tenantId, tenantId)))
}

type ListQuery = { page: number; per_page: number; search?: string; status?: BlastStatus; user?: number }

export async function listBlasts(ctx: AuthedContext, query: ListQuery): Promise<EndpointResult<Endpoints['fanblast.list']>> {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const where: SQL[] = [eq(fanblastBlasts.tenantId, tenantId)]
  // Under three characters a trigram index cannot help, so a short search matches the start of the subject.
  if (query.search)
    where.push(
      ilike(fanblastBlasts.subject, query.search.length >= 3 ? likePattern(query.search) : `${query.search.replace(/[\\%_]/g, '\\$&')}%`),
    )
  if (query.status) where.push(eq(fanblastBlasts.status, query.status))
  if (query.user) where.push(eq(fanblastBlasts.accountId, query.user))
  const condition = and(...where)
  const { total, estimate } = await countCapped(db, sql`from ${fanblastBlasts} where ${condition}`)
  const rows = await blastQuery(db, tenantId)
    .where(condition)
    .orderBy(desc(fanblastBlasts.createdAt), desc(fanblastBlasts.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  return { data: rows.map(itemOf), meta: pageMeta(total, estimate, query.page, query.per_page) }
}

/** The signed-in artist's or label's own blasts. */
export async function myBlasts(ctx: AuthedContext, query: { page: number }): Promise<EndpointResult<Endpoints['fanblast.mine']>> {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const perPage = 25
  const condition = and(eq(fanblastBlasts.tenantId, tenantId), eq(fanblastBlasts.accountId, ctx.session.account.id))
  const { total, estimate } = await countCapped(db, sql`from ${fanblastBlasts} where ${condition}`)
  const rows = await blastQuery(db, tenantId)
    .where(condition)
    .orderBy(desc(fanblastBlasts.createdAt), desc(fanblastBlasts.id))
    .limit(perPage)
    .offset((query.page - 1) * perPage)
  // One grouped count for the page's approved blasts (fanblast_recipients_state_idx), not one per blast.
  const approved = rows.filter((row) => row.blast.status !== 'submitted' && row.blast.status !== 'rejected').map((row) => row.blast.id)
  const progress = new Map<number, Record<RecipientState, number>>()
  if (approved.length) {
    const counts = await db
      .select({ blast: fanblastRecipients.blastId, state: fanblastRecipients.state, n: sql<number>`count(*)::int` })
      .from(fanblastRecipients)
      .where(and(eq(fanblastRecipients.tenantId, tenantId), inArray(fanblastRecipients.blastId, approved)))
      .groupBy(fanblastRecipients.blastId, fanblastRecipients.state)
    for (const id of approved) progress.set(id, Object.fromEntries(RECIPIENT_STATES.map((state) => [state, 0])) as Record<RecipientState, number>)
    for (const row of counts) progress.get(Number(row.blast))![row.state] = Number(row.n)
  }
  return {
    data: rows.map((row) => ({ ...itemOf(row), progress: progress.get(row.blast.id) ?? null })),
    meta: pageMeta(total, estimate, query.page, perPage),
  }
}

export async function blastProgress(db: Queryable, tenantId: number, blastId: number): Promise<Record<RecipientState, number>> {
  const counts = await db
    .select({ state: fanblastRecipients.state, n: sql<number>`count(*)::int` })
    .from(fanblastRecipients)
    .where(and(eq(fanblastRecipients.tenantId, tenantId), eq(fanblastRecipients.blastId, blastId)))
    .groupBy(fanblastRecipients.state)
  const progress = Object.fromEntries(RECIPIENT_STATES.map((state) => [state, 0])) as Record<RecipientState, number>
  for (const row of counts) progress[row.state] = Number(row.n)
  return progress
}

/** Fans who would receive a blast of this account now. */
function reachable(tenantId: number, accountId: number): SQL {
  return and(
    eq(fanblastFans.tenantId, tenantId),
    eq(fanblastFans.accountId, accountId),
    sql`${fanblastFans.unsubscribedAt} is null`,
    sql`${fanblastFans.bouncedAt} is null`,
  ) as SQL
}

export async function singleBlast(ctx: AuthedContext, id: number): Promise<EndpointResult<Endpoints['fanblast.single']>> {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const [row] = await blastQuery(db, tenantId).where(and(eq(fanblastBlasts.id, id), eq(fanblastBlasts.tenantId, tenantId)))
  if (!row) throw notFound('There is no such fan blast.')
  const [{ audience }] = await db
    .select({ audience: sql<number>`count(*)::int` })
    .from(fanblastFans)
    .where(reachable(tenantId, row.blast.accountId))
  return {
    ...itemOf(row),
    content: row.blast.content,
    progress: await blastProgress(db, tenantId, id),
    startedAt: row.blast.startedAt,
    finishedAt: row.blast.finishedAt,
    audience: Number(audience),
  }
}

export async function listRecipients(
  ctx: AuthedContext,
  query: { blast: number; page: number; per_page: number; state?: RecipientState },
): Promise<EndpointResult<Endpoints['fanblast.recipients']>> {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const [blast] = await db
    .select({ id: fanblastBlasts.id })
    .from(fanblastBlasts)
    .where(and(eq(fanblastBlasts.id, query.blast), eq(fanblastBlasts.tenantId, tenantId)))
  if (!blast) throw notFound('There is no such fan blast.')
  const condition = and(
    eq(fanblastRecipients.tenantId, tenantId),
    eq(fanblastRecipients.blastId, query.blast),
    query.state ? eq(fanblastRecipients.state, query.state) : undefined,
  )
  const { total, estimate } = await countCapped(db, sql`from ${fanblastRecipients} where ${condition}`)
  const rows = await db
    .select()
    .from(fanblastRecipients)
    .where(condition)
    .orderBy(fanblastRecipients.id)
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  return {
    data: rows.map(
      (row): RecipientItem => ({
        id: row.id,
        email: row.email,
        state: row.state,
        response: row.response,
        attempts: row.attempts,
        sentAt: row.sentAt ? row.sentAt.toISOString() : null,
        updatedAt: row.updatedAt.toISOString(),
      }),
    ),
    meta: pageMeta(total, estimate, query.page, query.per_page),
  }
}

const snapshot = (blast: Blast) => ({ status: blast.status, subject: blast.subject, recipients: blast.recipients, reason: blast.reason })

async function lockedBlast(tx: Queryable, tenantId: number, id: number): Promise<Blast> {
  const [blast] = await tx
    .select()
    .from(fanblastBlasts)
    .where(and(eq(fanblastBlasts.id, id), eq(fanblastBlasts.tenantId, tenantId)))
  return blast
}

function refuseMove(blast: Blast, to: BlastStatus): void {
  if (!canMoveBlast(blast.status, to)) throw conflict(`This blast is ${blast.status}: it cannot be ${to} now.`)
}

/**
 * Approve: the recipients are fixed now (every fan not unsubscribed or bounced gets an email-log row,
 * queued) and the send job is queued in the same transaction, so an approved blast always sends.
 */
export async function approveBlast(ctx: AuthedContext, id: number) {
  const tenantId = ctx.tenant.id
  const { services } = ctx
  const baseUrl = workspaceUrl(ctx, ctx.tenant)
  return auditedMutation(
    ctx,
    { action: 'fanblast.approved', entityType: 'fanblast', lock: { table: fanblastBlasts, id, tenantId, missing: 'There is no such fan blast.' } },
    async (tx) => {
      const before = await lockedBlast(tx, tenantId, id)
      refuseMove(before, 'approved')
      const inserted = await tx.execute<{ n: number }>(sql`
        with added as (
          insert into fanblast_recipients (tenant_id, blast_id, fan_id, email, state)
          select ${tenantId}, ${id}, f.id, f.email, 'queued' from fanblast_fans f
          where f.tenant_id = ${tenantId} and f.account_id = ${before.accountId} and f.unsubscribed_at is null and f.bounced_at is null
          on conflict do nothing
          returning 1
        ) select count(*)::int as n from added`)
      const recipients = Number(inserted.rows[0]?.n ?? 0)
      const [after] = await tx
        .update(fanblastBlasts)
        .set({ status: 'approved', reviewedBy: ctx.session.account.id, reviewedAt: services.now(), recipients, baseUrl, updatedAt: new Date() })
        .where(and(eq(fanblastBlasts.id, id), eq(fanblastBlasts.tenantId, tenantId)))
        .returning()
      await services.jobs.enqueue(tx, { type: SEND_JOB, tenantId, payload: { id }, maxAttempts: 20 })
      return {
        result: { id, status: after.status, message: `Blast approved: sending to ${recipients} ${recipients === 1 ? 'fan' : 'fans'}.` },
        before: snapshot(before),
        after: snapshot(after),
      }
    },
  )
}

export async function rejectBlast(ctx: AuthedContext, id: number, reason: string) {
  const tenantId = ctx.tenant.id
  return auditedMutation(
    ctx,
    { action: 'fanblast.rejected', entityType: 'fanblast', lock: { table: fanblastBlasts, id, tenantId, missing: 'There is no such fan blast.' } },
    async (tx) => {
      const before = await lockedBlast(tx, tenantId, id)
      refuseMove(before, 'rejected')
      const [after] = await tx
        .update(fanblastBlasts)
        .set({ status: 'rejected', reason, reviewedBy: ctx.session.account.id, reviewedAt: ctx.services.now(), updatedAt: new Date() })
        .where(and(eq(fanblastBlasts.id, id), eq(fanblastBlasts.tenantId, tenantId)))
        .returning()
      return { result: { id, status: after.status, message: 'Blast rejected.' }, before: snapshot(before), after: snapshot(after) }
    },
  )
}

/** An artist or label with fan blast enabled submits a blast to its own fans. */
export async function submitBlast(ctx: AuthedContext, body: { subject: string; from: string; content: string }) {
  const tenantId = ctx.tenant.id
  if (isStaff(ctx)) throw forbidden('Fan blasts are sent by artists and labels to their own fans.')
  const account = await findAccount(ctx.services.db, tenantId, ctx.session.account.id)
  if (!account.enableFanBlast) throw forbidden('Fan blast is not enabled for your account: ask the operator.')
  const content = sanitizeBlastHtml(body.content)
  if (!hasText(content)) throw fieldError('content', 'Write the message')
  const from = body.from || displayName({ firstName: account.firstName, lastName: account.lastName, email: account.email })
  const messageId = `${randomBytes(9).toString('base64url')}@${ctx.tenant.slug}.fanblast`
  return auditedMutation(ctx, { action: 'fanblast.submitted', entityType: 'fanblast' }, async (tx) => {
    const [blast] = await tx
      .insert(fanblastBlasts)
      .values({ tenantId, accountId: account.id, subject: body.subject, fromName: from, content, status: 'submitted', messageId })
      .returning()
    return {
      result: { id: blast.id, status: blast.status, message: 'Blast submitted for review.' },
      entityId: blast.id,
      after: snapshot(blast),
    }
  })
}

// Fans

function fanItem(fan: Fan): FanItem {
  return {
    id: fan.id,
    email: fan.email,
    source: fan.source,
    consentDate: fan.consentAt.toISOString(),
    consentProof: fan.consentProof,
    unsubscribed: fan.unsubscribedAt !== null,
    bounced: fan.bouncedAt !== null,
  }
}

/** Whose fans: an artist or label its own; staff the account they name (an artist or label of this workspace). */
async function audienceOwner(ctx: AuthedContext, account: number | undefined): Promise<number> {
  if (!isStaff(ctx)) {
    if (account !== undefined && account !== ctx.session.account.id) throw forbidden('You can only see your own fans.')
    return ctx.session.account.id
  }
  if (account === undefined) throw fieldError('account', 'Choose the artist or label')
  const owner = await findAccount(ctx.services.db, ctx.tenant.id, account)
  if (owner.type === 'admin') throw fieldError('account', 'Choose an artist or label')
  return owner.id
}

export async function listFans(
  ctx: AuthedContext,
  query: { account?: number; page: number; per_page: number; search?: string },
): Promise<EndpointResult<Endpoints['fanblast.fans']>> {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const owner = await audienceOwner(ctx, query.account)
  const condition = and(
    eq(fanblastFans.tenantId, tenantId),
    eq(fanblastFans.accountId, owner),
    query.search ? sql`${fanblastFans.email} like ${`${query.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
  )
  const { total, estimate } = await countCapped(db, sql`from ${fanblastFans} where ${condition}`)
  const rows = await db
    .select()
    .from(fanblastFans)
    .where(condition)
    .orderBy(desc(fanblastFans.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  return { data: rows.map(fanItem), meta: pageMeta(total, estimate, query.page, query.per_page) }
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/
const FAN_HEADERS: Record<string, string> = {
  email: 'email',
  emailaddress: 'email',
  consentdate: 'consentDate',
  consentat: 'consentDate',
  optindate: 'consentDate',
  date: 'consentDate',
  proof: 'proof',
  consentproof: 'proof',
  proofofconsent: 'proof',
  consent: 'proof',
}
const IMPORT_CHUNK = 1000

/**
 * Fans from a CSV: every row needs an email, the date the person agreed and the proof of that
 * agreement (a form's reference, a signup sheet). Known addresses are left as they are, so an
 * import never brings back someone who unsubscribed.
 */
export async function importFans(ctx: AuthedContext, file: UploadedFile | undefined, account: number | undefined) {
  if (!file) throw fieldError('file', 'Choose a CSV file.')
  const tenantId = ctx.tenant.id
  const owner = await audienceOwner(ctx, account)
  const records = readCsvUpload(file.data, FAN_HEADERS)
  if (!('email' in records[0]) || !('proof' in records[0]) || !('consentDate' in records[0]))
    throw fieldError('file', 'The CSV needs the columns email, consent date and proof of consent.')
  const now = ctx.services.now()
  const refused: { row: number; email: string; reason: string }[] = []
  const seen = new Set<string>()
  const rows: { email: string; consentAt: Date; proof: string }[] = []
  records.forEach((record, index) => {
    const row = index + 2
    const email = (record.email ?? '').trim().toLowerCase()
    const consentAt = new Date(record.consentDate ?? '')
    if (!EMAIL.test(email) || email.length > 254) return refused.push({ row, email, reason: 'Not an email address' })
    if (!record.proof?.trim()) return refused.push({ row, email, reason: 'No proof of consent' })
    if (Number.isNaN(consentAt.getTime())) return refused.push({ row, email, reason: 'No consent date (use 2026-03-01)' })
    if (consentAt.getTime() > now.getTime()) return refused.push({ row, email, reason: 'The consent date is in the future' })
    if (seen.has(email)) return refused.push({ row, email, reason: 'Listed twice in the file' })
    seen.add(email)
    rows.push({ email, consentAt, proof: record.proof.trim().slice(0, 1000) })
  })
  return auditedMutation(ctx, { action: 'fanblast.fans_imported', entityType: 'account', entityId: owner }, async (tx) => {
    let added = 0
    for (let start = 0; start < rows.length; start += IMPORT_CHUNK) {
      const inserted = await tx
        .insert(fanblastFans)
        .values(
          rows.slice(start, start + IMPORT_CHUNK).map((row) => ({
            tenantId,
            accountId: owner,
            email: row.email,
            source: 'import' as const,
            consentAt: row.consentAt,
            consentProof: row.proof,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: fanblastFans.id })
      added += inserted.length
    }
    const known = rows.length - added
    return {
      result: {
        added,
        known,
        refused,
        message: `${added} ${added === 1 ? 'fan' : 'fans'} added${known ? `, ${known} already known` : ''}${refused.length ? `, ${refused.length} refused` : ''}.`,
      },
      // Counts only: the addresses are personal data and stay out of the audit log.
      after: { added, known, refused: refused.length },
    }
  })
}
