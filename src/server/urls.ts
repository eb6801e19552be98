import type { RequestContext, TenantInfo } from './context'

/** The address people reach a workspace at, for links in emails. */
export function workspaceUrl(ctx: RequestContext, tenant: TenantInfo): string {
  const { config } = ctx.services
  if (config.baseDomain) return `${ctx.req.protocol}://${tenant.slug}.${config.baseDomain}`
  if (config.publicUrl) return config.publicUrl
  return `${ctx.req.protocol}://${ctx.req.headers.host}`
}
