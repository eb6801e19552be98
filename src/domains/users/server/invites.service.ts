import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm'
import { displayName } from '@core/names'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { accounts, invites } from '@server/db/schema/platform'
import { HttpError, conflict, forbidden, notFound } from '@server/errors'
import { ERROR_CODES } from '@core/session'
import { auditedMutation } from '@server/audit'
import { hashToken, newToken } from '@server/auth/tokens'
import { queueMail } from '@server/mail/mailer'
import { mailTemplates } from '@server/mail/templates'
import { workspaceUrl } from '@server/urls'
import { likePattern } from '@server/search'
import { pageMeta } from '@server/db/paging'
import { isStaff } from './account.service'

export const INVITE_DAYS = 7

type InviteType = 'artist' | 'label' | 'admin'
type InviteStatus = 'pending' | 'accepted' | 'cancelled' | 'expired'
type InviteRecord = typeof invites.$inferSelect

function statusOf(invite: InviteRecord, now: Date): InviteStatus {
  return invite.status === 'pending' && invite.expiresAt <= now ? 'expired' : invite.status
}

async function toRows(db: Queryable, rows: InviteRecord[], now: Date) {
  const inviterIds = [...new Set(rows.map((row) => row.invitedBy).filter((id): id is number => id !== null))]
  const inviters = inviterIds.length ? await db.select().from(accounts).where(inArray(accounts.id, inviterIds)) : []
  const byId = new Map(inviters.map((account) => [account.id, account]))
  return rows.map((row) => {
    const inviter = row.invitedBy ? byId.get(row.invitedBy) : undefined
    return {
      id: row.id,
      email: row.email,
      type: row.type,
      firstName: row.firstName,
      lastName: row.lastName,
      status: statusOf(row, now),
      invitedBy: inviter ? { id: inviter.id, name: displayName(inviter) } : null,
      created: row.createdAt,
      expiresAt: row.expiresAt,
    }
  })
}

/** Staff may invite artists, labels and admins; a label may invite artists, who then belong to it. */
function allowedTypes(ctx: AuthedContext): InviteType[] {
  if (isStaff(ctx)) return ['artist', 'label', 'admin']
  if (ctx.session.account.type === 'label') return ['artist']
  return []
}

export async function createInvite(ctx: AuthedContext, input: { email: string; type: InviteType; firstName: string; lastName: string }) {
  const { services } = ctx
  if (!allowedTypes(ctx).includes(input.type))
    throw forbidden(input.type === 'admin' ? 'Only staff can invite admins.' : 'You cannot invite accounts.')
  const now = services.now()
  const [existing] = await services.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.tenant.id), eq(accounts.email, input.email)))
  // An account imported without a password is invited to claim it; any other account already exists.
  if (existing?.passwordHash)
    throw new HttpError(409, 'This email already has an account in this workspace.', ERROR_CODES.conflict, {
      email: 'This email already has an account in this workspace.',
    })
  const [pending] = await services.db
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(
        eq(invites.tenantId, ctx.tenant.id),
        eq(invites.email, input.email),
        eq(invites.status, 'pending'),
        sql`${invites.expiresAt} > ${now}`,
      ),
    )
  if (pending)
    throw new HttpError(409, 'An invitation to this email is already pending.', ERROR_CODES.conflict, {
      email: 'An invitation to this email is already pending.',
    })
  const token = newToken()
  const url = `${workspaceUrl(ctx, ctx.tenant)}/invite/accept?token=${token}`
  const inviterName = displayName(ctx.session.account)
  const row = await auditedMutation(ctx, { action: 'invite.created', entityType: 'invite' }, async (tx) => {
    const [invite] = await tx
      .insert(invites)
      .values({
        tenantId: ctx.tenant.id,
        email: input.email,
        type: input.type,
        firstName: input.firstName,
        lastName: input.lastName,
        tokenHash: hashToken(token),
        invitedBy: ctx.session.account.id,
        expiresAt: new Date(now.getTime() + INVITE_DAYS * 24 * 3600 * 1000),
      })
      .returning()
    await queueMail(
      services.jobs,
      tx,
      { to: input.email, ...mailTemplates.invite(ctx.tenant.name, inviterName, url, INVITE_DAYS) },
      ctx.tenant.id,
    )
    return { result: invite, entityId: invite.id, after: { email: invite.email, type: invite.type } }
  })
  return (await toRows(services.db, [row], now))[0]
}

export async function listInvites(
  ctx: AuthedContext,
  types: InviteType[],
  query: { page: number; per_page: number; status?: InviteStatus; search?: string },
) {
  const { services } = ctx
  const now = services.now()
  const conditions: SQL[] = [eq(invites.tenantId, ctx.tenant.id), inArray(invites.type, types)]
  if (!isStaff(ctx)) conditions.push(eq(invites.invitedBy, ctx.session.account.id))
  if (query.status === 'expired') conditions.push(sql`${invites.status} = 'pending' and ${invites.expiresAt} <= ${now}`)
  else if (query.status === 'pending') conditions.push(sql`${invites.status} = 'pending' and ${invites.expiresAt} > ${now}`)
  else if (query.status) conditions.push(eq(invites.status, query.status))
  if (query.search) conditions.push(ilike(invites.email, likePattern(query.search)))
  const where = and(...conditions)
  const rows = await services.db
    .select()
    .from(invites)
    .where(where)
    .orderBy(desc(invites.createdAt), desc(invites.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  const [counted] = await services.db
    .select({ n: sql<number>`count(*)::int` })
    .from(invites)
    .where(where)
  return { data: await toRows(services.db, rows, now), meta: pageMeta(counted?.n ?? 0, false, query.page, query.per_page) }
}

async function findInvite(ctx: AuthedContext, id: number, types: InviteType[]) {
  const [invite] = await ctx.services.db
    .select()
    .from(invites)
    .where(and(eq(invites.id, id), eq(invites.tenantId, ctx.tenant.id), inArray(invites.type, types)))
  // Someone else's invitation looks like a missing one to an account that may not manage it.
  if (!invite || (!isStaff(ctx) && invite.invitedBy !== ctx.session.account.id)) throw notFound('There is no such invitation.')
  return invite
}

export async function cancelInvite(ctx: AuthedContext, id: number, types: InviteType[]) {
  const { services } = ctx
  const invite = await findInvite(ctx, id, types)
  const now = services.now()
  if (statusOf(invite, now) !== 'pending') throw conflict('Only a pending invitation can be cancelled.')
  const row = await auditedMutation(ctx, { action: 'invite.cancelled', entityType: 'invite', entityId: invite.id }, async (tx) => {
    const [cancelled] = await tx
      .update(invites)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(invites.id, invite.id), eq(invites.status, 'pending')))
      .returning()
    if (!cancelled) throw conflict('Only a pending invitation can be cancelled.')
    return { result: cancelled, before: { status: 'pending' }, after: { status: 'cancelled' } }
  })
  return (await toRows(services.db, [row], now))[0]
}

export async function deleteInvite(ctx: AuthedContext, id: number, types: InviteType[]) {
  const { services } = ctx
  const invite = await findInvite(ctx, id, types)
  if (statusOf(invite, services.now()) === 'pending') throw conflict('Cancel the invitation before deleting it.')
  await auditedMutation(ctx, { action: 'invite.deleted', entityType: 'invite', entityId: invite.id }, async (tx) => {
    await tx.delete(invites).where(eq(invites.id, invite.id))
    return { result: undefined, before: { email: invite.email, type: invite.type, status: invite.status } }
  })
  return { ok: true as const, message: 'Invitation deleted.' }
}
