import { eq, sql } from 'drizzle-orm'
import type { Services } from '../context'
import { tenants } from '../db/schema/platform'
import { DOMAINS } from '../domains'
import { DEMO_TENANT } from './demo'

export { DEMO_PASSWORD, DEMO_SIGN_INS, DEMO_TENANT } from './demo'

export async function databaseIsEmpty(services: Services): Promise<boolean> {
  const result = await services.db.execute<{ count: number }>(sql`select count(*)::int as count from tenants`)
  return Number(result.rows[0]?.count ?? 0) === 0
}

/** Creates the demo workspace and lets every domain add its demo data to it. */
export async function seedDemo(services: Services, log: (message: string) => void = () => undefined): Promise<void> {
  const started = Date.now()
  const [row] = await services.db.insert(tenants).values({ slug: DEMO_TENANT.slug, name: DEMO_TENANT.name }).returning()
  // Loaded here, not at the top: the package and its locales hold ~17 MB of heap that a server which never
  // seeds the demo would carry for its whole life.
  const { Faker, base, en } = await import('@faker-js/faker')
  const faker = new Faker({ locale: [en, base] })
  faker.seed(20261121)
  const seeders = DOMAINS.flatMap((domain) => domain.seeders ?? [])
  for (const [index, seeder] of seeders.entries()) {
    const tenant = await services.tenants.bySlug(row.slug)
    if (!tenant) throw new Error('demo tenant vanished')
    const at = Date.now()
    await seeder.run({ services, tenant, faker, log })
    log(`[${index + 1}/${seeders.length}] ${seeder.name} (${((Date.now() - at) / 1000).toFixed(1)} s)`)
  }
  services.tenants.invalidate()
  const [final] = await services.db.select().from(tenants).where(eq(tenants.id, row.id))
  log(`demo workspace "${final.name}" ready in ${Date.now() - started} ms`)
}
