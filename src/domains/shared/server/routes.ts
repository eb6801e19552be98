import { and, eq, sql } from 'drizzle-orm'
import type { sharedEndpoints } from '@contract/shared'
import { COUNTRIES } from '@core/countries'
import { PLATFORMS } from '@core/platforms'
import { DEFAULT_THEME_COLORS } from '@core/theme'
import type { Handlers, IdsOf } from '@server/handlers'
import { jobs } from '@server/db/schema/platform'
import { FileStore } from '@server/storage/file-store'
import { notFound } from '@server/errors'
import { publicBranding } from '@domains/site-setup/server/public'
import { RELEASE_IMAGE_PURPOSES, releaseImageAudience } from '@domains/catalogue/server/public'

export const sharedHandlers: Handlers<IdsOf<typeof sharedEndpoints>> = {
  'shared.countries': async () => ({ data: [...COUNTRIES] }),
  'shared.platforms': async () => ({ data: [...PLATFORMS] }),

  'site.public': async ({ ctx }) => {
    const { config, google } = ctx.services
    // The workspace's colours, logos, favicon and visible slides come from its site settings.
    const branding = ctx.hostTenant ? await publicBranding(ctx.services, ctx.hostTenant.id) : null
    return {
      workspace: ctx.hostTenant ? { slug: ctx.hostTenant.slug, name: ctx.hostTenant.name } : null,
      colors: branding?.colors ?? { ...DEFAULT_THEME_COLORS },
      googleSignIn: { enabled: google.enabled, clientId: google.clientId },
      version: config.version,
      ...(branding ? { branding: branding.branding } : {}),
    }
  },

  'system.health': async ({ ctx }) => {
    await ctx.services.db.execute(sql`select 1`)
    return { ok: true, database: ctx.services.database.kind, version: ctx.services.config.version }
  },

  'files.get': async ({ ctx, params }) => {
    const { services, tenant } = ctx
    const row = await services.files.find(services.db, tenant.id, params.id)
    // Staff may open any file of the workspace; other accounts only public files and their own.
    const viewer = ctx.session.account
    let allowed = row && (viewer.type === 'admin' || row.visibility === 'public' || row.createdBy === viewer.id)
    // A release's artwork is public once the release is, but a draft's cover is its owner's alone.
    if (row && allowed && viewer.type !== 'admin' && row.createdBy !== viewer.id && RELEASE_IMAGE_PURPOSES.includes(row.purpose)) {
      const audience = await releaseImageAudience(services.db, tenant.id, row.id)
      allowed = audience.released || audience.owners.includes(viewer.id)
    }
    if (!row || !allowed) throw notFound('There is no such file.')
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

/**
 * A public file (logos, slides, released artwork) for pages without a session: the workspace from the
 * host, else the session's. Served here rather than by site-setup, which catalogue builds on.
 */
export const publicFileHandlers: Handlers<'site.publicFile'> = {
  'site.publicFile': async ({ ctx, params }) => {
    const { services } = ctx
    const tenantId = ctx.hostTenant?.id ?? ctx.session?.tenantId ?? null
    const row = tenantId ? await services.files.find(services.db, tenantId, params.id) : null
    if (!row || row.visibility !== 'public') throw notFound('There is no such file.')
    // Without a session, a release's artwork only once some release using it is past the draft stage.
    if (RELEASE_IMAGE_PURPOSES.includes(row.purpose) && !(await releaseImageAudience(services.db, row.tenantId, row.id)).released)
      throw notFound('There is no such file.')
    const stream = await services.files.open(row)
    ctx.reply.headers(FileStore.responseHeaders(row)).header('content-length', String(row.size))
    return ctx.reply.send(stream)
  },
}
