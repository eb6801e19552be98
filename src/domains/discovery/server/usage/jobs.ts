import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import type { Services } from '@server/context'
import type { JobRunner } from '@server/jobs/runner'
import { parseProviderMatch, type ProviderMatch } from './provider'
import { REFRESH_JOB, REGISTER_JOB, REMOVE_JOB, refreshMatches, registerAssets, storePushedMatches } from './service'

/** How often a workspace's match feed is read again while it has tracks in discovery. */
const REFRESH_EVERY_MS = 60 * 60 * 1000
const MAX_WEBHOOK_BYTES = 10 * 1024 * 1024

/** Queues the next refresh of a workspace unless one is waiting already. */
async function scheduleRefresh(services: Services, tenantId: number, runAt: Date) {
  const waiting = await services.db.execute<{ n: number }>(sql`
    select count(*)::int as n from jobs where type = ${REFRESH_JOB} and tenant_id = ${tenantId} and status = 'queued'`)
  if (Number(waiting.rows[0]?.n ?? 0) > 0) return
  await services.jobs.enqueue(services.db, { type: REFRESH_JOB, tenantId, payload: { tenantId }, runAt })
}

export function registerUsageJobs(runner: JobRunner, services: Services): void {
  runner.register<{ tenantId: number; assetRowIds: number[] }>(REGISTER_JOB, async ({ payload }) => {
    await registerAssets(services, payload.tenantId, payload.assetRowIds)
    // Matches of a newly registered recording are looked for soon, then every hour.
    await scheduleRefresh(services, payload.tenantId, new Date(services.now().getTime() + 60_000))
  })
  runner.register<{ assetIds: string[] }>(REMOVE_JOB, async ({ payload }) => {
    for (const assetId of payload.assetIds) await services.usage.remove(assetId)
  })
  runner.register<{ tenantId: number }>(REFRESH_JOB, async ({ payload, signal }) => {
    const done = await refreshMatches(services, payload.tenantId, signal)
    const open = await services.db.execute<{ n: number }>(sql`
      select count(*)::int as n from usage_assets where tenant_id = ${payload.tenantId} and status = 'registered' and cancelled_at is null`)
    if (Number(open.rows[0]?.n ?? 0) > 0) await scheduleRefresh(services, payload.tenantId, new Date(services.now().getTime() + REFRESH_EVERY_MS))
    return done
  })
}

/**
 * The provider's webhook (`POST /api/pex/webhook`): matches pushed as they are found, signed with
 * USAGE_DISCOVERY_WEBHOOK_SECRET over the raw body (X-Usage-Signature: sha256=<hex>). Each match is
 * stored in the workspace its asset belongs to; unknown assets are skipped.
 */
export function registerUsageWebhook(app: FastifyInstance, services: Services): void {
  void app.register(async (scope) => {
    // The signature covers the bytes as sent: this route reads JSON as a buffer and parses it itself.
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES }, (_req, body, done) => done(null, body))
    scope.post('/api/pex/webhook', { bodyLimit: MAX_WEBHOOK_BYTES }, async (req, reply) => {
      if (!services.usage.configured) return reply.code(503).send({ message: 'Usage discovery is not configured', code: 'not_configured' })
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      const signature = req.headers['x-usage-signature']
      if (!services.usage.verify(raw, Array.isArray(signature) ? signature[0] : signature))
        return reply.code(401).send({ message: 'The webhook signature does not match.', code: 'unauthenticated' })
      let body: { matches?: unknown[] }
      try {
        body = JSON.parse(raw.toString('utf8')) as { matches?: unknown[] }
      } catch {
        return reply.code(400).send({ message: 'The body is not JSON.', code: 'validation' })
      }
      const matches = (Array.isArray(body.matches) ? body.matches : []).map(parseProviderMatch).filter((m): m is ProviderMatch => m !== null)
      const stored = await storePushedMatches(services.db, matches)
      return reply.code(200).send({ received: matches.length, stored })
    })
  })
}
