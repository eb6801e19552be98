import { sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Queryable, Tx } from './db/engine'
import { auditLog } from './db/schema/platform'
import type { RequestContext } from './context'
import { notFound } from './errors'

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

/** A table whose rows a mutation locks: every tenant-owned table has `id` and `tenant_id`. */
export interface LockableTable extends PgTable {
  id: PgColumn
  tenantId: PgColumn
}

export interface Mutation {
  /** The audit row's action, e.g. 'account.banned'. */
  action: string
  entityType: string
  /** The record changed, when known before the change (else `change` answers it). */
  entityId?: string | number | null
  /**
   * The row to lock (`for update`) before `change` runs, so concurrent staff actions on one record
   * apply one after the other; a row of another workspace is as missing as no row (404 `missing`).
   */
  lock?: { table: LockableTable; id: number; tenantId: number; missing: string }
}

export interface Change<T> {
  result: T
  before?: unknown
  after?: unknown
  /** The record changed, when only the change knows it (a record it creates). */
  entityId?: string | number | null
  /** A change to several records: one audit row each (then `before`, `after` and `entityId` are unused); none when empty. */
  records?: { entityId: string | number; before?: unknown; after?: unknown }[]
}

/** Who acts and on which database: a request's context, or a job's or seed's explicit actor. */
export type MutationScope = RequestContext | { db: Queryable; actor: AuditActor }

/**
 * The one way a domain makes an audited change: in one transaction, lock the record, make the
 * change, and write the audit row (who, what, which record, before → after). Every admin mutation
 * goes through it (tests/api/admin-audit.test.ts).
 */
export async function auditedMutation<T>(scope: MutationScope, mutation: Mutation, change: (tx: Tx) => Promise<Change<T>>): Promise<T> {
  const db = 'services' in scope ? scope.services.db : scope.db
  const actor = 'services' in scope ? actorOf(scope) : scope.actor
  return db.transaction(async (tx) => {
    const lock = mutation.lock
    if (lock) {
      const { rows } = await tx.execute(
        sql`select ${lock.table.id} from ${lock.table} where ${lock.table.id} = ${lock.id} and ${lock.table.tenantId} = ${lock.tenantId} for update`,
      )
      if (rows.length === 0) throw notFound(lock.missing)
    }
    const done = await change(tx)
    const records = done.records ?? [
      { entityId: done.entityId ?? mutation.entityId ?? lock?.id ?? null, before: done.before, after: done.after },
    ]
    // One statement with the records as one json parameter: a drizzle multi-row VALUES bound nine
    // parameters a row (~1,800 for an ingestion batch of 200 releases) and cost more than the insert.
    if (records.length)
      await tx.execute(sql`
        insert into ${auditLog} (tenant_id, actor_account_id, action, entity_type, entity_id, before, after, ip, request_id)
        select ${actor.tenantId}::bigint, ${actor.actorAccountId}::bigint, ${mutation.action}::text, ${mutation.entityType}::text,
               r.entity_id, r.before, r.after, ${actor.ip ?? null}::text, ${actor.requestId ?? null}::text
          from jsonb_to_recordset(${JSON.stringify(
            records.map((record) => ({
              entity_id: record.entityId === null ? null : String(record.entityId),
              before: record.before ?? null,
              after: record.after ?? null,
            })),
          )}::jsonb) as r(entity_id text, before jsonb, after jsonb)`)
    return done.result
  })
}
