import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { AuthedContext } from './context'
import type { Db, Tx } from './db/engine'
import { HttpError } from './errors'
import { idempotencyKeys } from './db/schema/platform'

// Idempotency-Key for the calls that create or settle payouts (docs/payouts.md, "Never twice").
// The key row is inserted in the same transaction as the work: a concurrent duplicate blocks on the
// unique index until the first commits, then finds its stored answer. A failed first attempt (a
// refusal) is stored too, so a retry answers the same refusal; a server error stores nothing.

export const IDEMPOTENCY_HEADER = 'idempotency-key'
const MAX_KEY_LENGTH = 200

export interface Outcome {
  status: number
  body: unknown
}

/** JSON with object keys sorted, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

export const requestHash = (input: unknown) => createHash('sha256').update(canonical(input)).digest('hex')

function readKey(ctx: AuthedContext): string {
  const raw = ctx.req.headers[IDEMPOTENCY_HEADER]
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? ''
  if (!key)
    throw new HttpError(
      400,
      'This call needs an Idempotency-Key header: a new random value (such as a UUID) for each action, so a retried request never pays twice.',
      'idempotency_key_missing',
    )
  if (key.length > MAX_KEY_LENGTH)
    throw new HttpError(400, `The Idempotency-Key is too long (${MAX_KEY_LENGTH} characters at most).`, 'idempotency_key_invalid')
  return key
}

function replay(row: typeof idempotencyKeys.$inferSelect): Outcome {
  const status = row.statusCode ?? 500
  if (status >= 400) {
    const body = (row.response ?? {}) as { message?: string; code?: string; errors?: Record<string, string> }
    throw new HttpError(status, body.message ?? 'The first request with this Idempotency-Key failed.', body.code, body.errors)
  }
  return { status, body: row.response }
}

/**
 * Runs `work` once per (workspace, account, endpoint, key): the first call does the work in the
 * transaction that records the key and stores the answer; a repeat with the same request answers
 * the stored one (same status), with another request 422. `work` gets a context whose database
 * handle is that transaction.
 */
export async function runIdempotent(
  ctx: AuthedContext,
  endpoint: string,
  input: unknown,
  work: (scoped: AuthedContext) => Promise<Outcome>,
): Promise<Outcome> {
  const key = readKey(ctx)
  const hash = requestHash(input)
  const tenantId = ctx.tenant.id
  const actorId = ctx.session.account.id
  return ctx.services.db
    .transaction(async (tx) => {
      const [inserted] = await tx
        .insert(idempotencyKeys)
        .values({ tenantId, actorId, endpoint, key, requestHash: hash })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id })
      if (!inserted) {
        // Another request holds (or held) this key; the insert above waited for it to commit.
        const [row] = await tx
          .select()
          .from(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.tenantId, tenantId),
              eq(idempotencyKeys.actorId, actorId),
              eq(idempotencyKeys.endpoint, endpoint),
              eq(idempotencyKeys.key, key),
            ),
          )
        if (!row || row.statusCode === null) throw new HttpError(409, 'A request with this Idempotency-Key is still running. Try again.')
        if (row.requestHash !== hash)
          throw new HttpError(422, 'This Idempotency-Key was used with a different request.', 'idempotency_key_reused')
        return replay(row)
      }
      let outcome: Outcome
      try {
        // A savepoint: a refusal undoes the work but keeps the key and its answer.
        outcome = await tx.transaction((inner: Tx) => work(scopedContext(ctx, inner)))
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error
        outcome = {
          status: error.statusCode,
          body: { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) },
        }
      }
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: outcome.status, response: outcome.body as never })
        .where(eq(idempotencyKeys.id, inserted.id))
      return outcome
    })
    .then((outcome) => {
      if (outcome.status >= 400) {
        const body = outcome.body as { message: string; code?: string; errors?: Record<string, string> }
        throw new HttpError(outcome.status, body.message, body.code, body.errors)
      }
      return outcome
    })
}

/** The request's context with the transaction as its database: the work joins the key's transaction. */
function scopedContext(ctx: AuthedContext, tx: Tx): AuthedContext {
  return { ...ctx, services: { ...ctx.services, db: tx as unknown as Db } }
}
