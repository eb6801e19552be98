import { eq } from 'drizzle-orm'
import type { Config } from '../config'
import type { Queryable } from '../db/engine'
import { tenants } from '../db/schema/platform'
import type { TenantInfo } from '../context'

const TTL_MS = 30_000

/**
 * Which workspace a request's host names: a tenant's own domain, `<slug>.<BASE_DOMAIN>`,
 * or DEFAULT_TENANT for hosts outside both. Looked up rarely changing rows, so cached briefly.
 */
export class TenantResolver {
  private cache = new Map<string, { tenant: TenantInfo | null; at: number }>()

  constructor(
    private readonly db: Queryable,
    private readonly config: Pick<Config, 'baseDomain' | 'defaultTenant'>,
  ) {}

  slugForHost(host: string): { slug?: string; domain: string } {
    const domain = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
    const base = this.config.baseDomain
    if (base && domain.endsWith(`.${base}`)) {
      const sub = domain.slice(0, -(base.length + 1))
      if (sub && !sub.includes('.')) return { slug: sub, domain }
    }
    return { domain }
  }

  async forHost(host: string | undefined): Promise<TenantInfo | null> {
    const key = (host ?? '').toLowerCase()
    const cached = this.cache.get(key)
    if (cached && Date.now() - cached.at < TTL_MS) return cached.tenant
    const tenant = await this.lookup(key)
    this.cache.set(key, { tenant, at: Date.now() })
    return tenant
  }

  async bySlug(slug: string): Promise<TenantInfo | null> {
    const [row] = await this.db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1)
    return row ? toInfo(row) : null
  }

  async byId(id: number): Promise<TenantInfo | null> {
    const key = `#${id}`
    const cached = this.cache.get(key)
    if (cached && Date.now() - cached.at < TTL_MS) return cached.tenant
    const [row] = await this.db.select().from(tenants).where(eq(tenants.id, id)).limit(1)
    const tenant = row ? toInfo(row) : null
    this.cache.set(key, { tenant, at: Date.now() })
    return tenant
  }

  invalidate(): void {
    this.cache.clear()
  }

  private async lookup(host: string): Promise<TenantInfo | null> {
    const { slug, domain } = this.slugForHost(host)
    if (domain) {
      const [own] = await this.db.select().from(tenants).where(eq(tenants.domain, domain)).limit(1)
      if (own) return toInfo(own)
    }
    if (slug) return this.bySlug(slug)
    if (this.config.defaultTenant) return this.bySlug(this.config.defaultTenant)
    return null
  }
}

function toInfo(row: typeof tenants.$inferSelect): TenantInfo {
  return { id: row.id, slug: row.slug, name: row.name, ownerAccountId: row.ownerAccountId }
}
