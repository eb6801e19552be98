import type { Faker } from '@faker-js/faker'
import type { Services, TenantInfo } from '../context'

export interface SeedContext {
  services: Services
  tenant: TenantInfo
  /** Fixed seed: every demo database is the same. */
  faker: Faker
  log(message: string): void
}

/** A domain's demo data. Seeders run in domain order, each in its own transactions. */
export interface Seeder {
  name: string
  run(context: SeedContext): Promise<void>
}
