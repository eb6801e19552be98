import { eq } from 'drizzle-orm'
import type { Services } from '../../src/server/context'
import { accounts, artistProfiles, labelProfiles, tenants } from '../../src/server/db/schema'
import { hashPassword } from '../../src/server/auth/passwords'
import { TestClient } from './client'
import type { FastifyInstance } from 'fastify'

export const PASSWORD = 'correct horse battery'
let passwordHash: Promise<string> | undefined

export async function createTenant(services: Services, slug: string, name = `${slug} music`) {
  const [tenant] = await services.db.insert(tenants).values({ slug, name }).returning()
  services.tenants.invalidate()
  return tenant
}

export async function createAccount(
  services: Services,
  input: {
    tenantId: number
    email: string
    type?: 'artist' | 'label' | 'admin'
    password?: string | null
    firstName?: string
    lastName?: string
    twoFactor?: boolean
    banned?: boolean
    owner?: boolean
    name?: string
  },
) {
  passwordHash ??= hashPassword(PASSWORD)
  const hash = input.password === null ? null : input.password ? await hashPassword(input.password) : await passwordHash
  const type = input.type ?? 'artist'
  const [account] = await services.db
    .insert(accounts)
    .values({
      tenantId: input.tenantId,
      email: input.email,
      type,
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? 'Person',
      passwordHash: hash,
      twoFactorEnabled: input.twoFactor ?? false,
      banned: input.banned ?? false,
      emailVerifiedAt: new Date(),
    })
    .returning()
  if (type === 'artist')
    await services.db
      .insert(artistProfiles)
      .values({ accountId: account.id, tenantId: input.tenantId, artistName: input.name ?? `${account.firstName} ${account.lastName}` })
  if (type === 'label')
    await services.db
      .insert(labelProfiles)
      .values({ accountId: account.id, tenantId: input.tenantId, labelName: input.name ?? `${account.firstName} Records` })
  if (input.owner) {
    await services.db.update(tenants).set({ ownerAccountId: account.id }).where(eq(tenants.id, input.tenantId))
    services.tenants.invalidate()
  }
  return account
}

/** A workspace with an operator, an admin, an artist and a label, all with PASSWORD. */
export async function createWorkspace(services: Services, slug: string) {
  const tenant = await createTenant(services, slug)
  const operator = await createAccount(services, { tenantId: tenant.id, email: `operator@${slug}.test`, type: 'admin', owner: true })
  const admin = await createAccount(services, { tenantId: tenant.id, email: `admin@${slug}.test`, type: 'admin' })
  const artist = await createAccount(services, { tenantId: tenant.id, email: `artist@${slug}.test`, type: 'artist' })
  const label = await createAccount(services, { tenantId: tenant.id, email: `label@${slug}.test`, type: 'label' })
  return { tenant, operator, admin, artist, label }
}

/** A browser-like client signed in as this account. */
export async function signedIn(app: FastifyInstance, email: string, options: { tenant?: string; host?: string; password?: string } = {}) {
  const client = new TestClient(app, options.host)
  await client.ok('auth.login', { body: { email, password: options.password ?? PASSWORD, tenant: options.tenant } })
  return client
}

/**
 * Two workspaces for tenancy checks: the first one's admin and artist and the second one's admin,
 * each signed in.
 */
export async function twoWorkspaces(t: { services: Services; app: FastifyInstance }, slug: string, otherSlug: string) {
  const ws = await createWorkspace(t.services, slug)
  const other = await createWorkspace(t.services, otherSlug)
  const admin = await signedIn(t.app, `admin@${slug}.test`)
  const artist = await signedIn(t.app, `artist@${slug}.test`)
  const otherAdmin = await signedIn(t.app, `admin@${otherSlug}.test`, { tenant: otherSlug })
  return { ws, other, admin, artist, otherAdmin }
}
