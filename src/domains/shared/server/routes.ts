import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { sharedEndpoints } from '@contract/shared'
import { COUNTRIES } from '@core/countries'
import { PLATFORMS } from '@core/platforms'
import { DEFAULT_THEME_COLORS } from '@core/theme'
import type { Handlers, IdsOf } from '@server/handlers'
import { jobs, notifications } from '@server/db/schema'
import { FileStore } from '@server/storage/file-store'
import { notFound } from '@server/errors'

const LATEST_NOTIFICATIONS = 5

export const sharedHandlers: Handlers<IdsOf<typeof sharedEndpoints>> = {
  'shared.countries': async () => ({ data: [...COUNTRIES] }),
  'shared.platforms': async () => ({ data: [...PLATFORMS] }),

  'notifications.userBadge': async ({ ctx }) => {
    const { db } = ctx.services
    const accountId = ctx.session.account.id
    const [counted] = await db
      .select({ unread: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)))
    const latest = await db
      .select()
      .from(notifications)
      .where(eq(notifications.accountId, accountId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(LATEST_NOTIFICATIONS)
    return {
      unread: counted?.unread ?? 0,
      latest: latest.map((row) => ({
        id: row.id,
        title: row.title,
        message: row.message,
        created: row.createdAt,
        type: row.type,
        fileUrl: row.fileUrl,
        read: row.readAt !== null,
        link: row.link,
      })),
    }
  },

  'site.public': async ({ ctx }) => {
    const { config, google } = ctx.services
    return {
      workspace: ctx.hostTenant ? { slug: ctx.hostTenant.slug, name: ctx.hostTenant.name } : null,
      colors: { ...DEFAULT_THEME_COLORS },
      googleSignIn: { enabled: google.enabled, clientId: google.clientId },
      version: config.version,
    }
  },

  'system.health': async ({ ctx }) => {
    await ctx.services.db.execute(sql`select 1`)
    return { ok: true, database: ctx.services.database.kind, version: ctx.services.config.version }
  },

  'files.get': async ({ ctx, params }) => {
    const { services, tenant } = ctx
    const row = await services.files.find(services.db, tenant.id, params.id)
    if (!row) throw notFound('There is no such file.')
    const stream = await services.files.open(row)
    ctx.reply.headers(FileStore.responseHeaders(row)).header('content-length', String(row.size))
    return ctx.reply.send(stream)
  },

  'jobs.get': async ({ ctx, params }) => {
    const { services, tenant, session } = ctx
    const [row] = await services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, params.id), eq(jobs.tenantId, tenant.id)))
    // Staff see every job of the workspace; others only the ones they started.
    if (!row || (session.account.type !== 'admin' && row.createdBy !== session.account.id)) throw notFound('There is no such job.')
    return {
      id: row.id,
      type: row.type,
      status: row.status,
      progress: row.progress,
      attempts: row.attempts,
      error: row.status === 'failed' ? row.lastError : null,
      result: row.result,
      created: row.createdAt,
      finished: row.finishedAt,
    }
  },
}
