import type { Queryable } from './db/engine'
import { auditLog } from './db/schema/platform'
import type { RequestContext } from './context'

export interface AuditEntry {
  action: string
  entityType: string
  entityId?: string | number | null
  before?: unknown
  after?: unknown
}

export interface AuditActor {
  tenantId: number | null
  actorAccountId: number | null
  ip?: string | null
  requestId?: string | null
}

export function actorOf(ctx: RequestContext, tenantId?: number | null): AuditActor {
  return {
    tenantId: tenantId ?? ctx.session?.tenantId ?? ctx.hostTenant?.id ?? null,
    actorAccountId: ctx.session?.account.id ?? null,
    ip: ctx.ip,
    requestId: ctx.requestId,
  }
}

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function audit(db: Queryable, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: actor.tenantId,
    actorAccountId: actor.actorAccountId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: (entry.before ?? null) as never,
    after: (entry.after ?? null) as never,
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  })
}
