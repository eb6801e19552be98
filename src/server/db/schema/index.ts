// Every table of the product: the platform's and each domain's own. For the database plumbing only
// (engine, migrations, drizzle-kit): domains import their own schema and db/schema/platform (eslint.config.js).
export * from './platform'
export * from '@domains/help-center/server/schema'
export * from '@domains/dashboard/server/schema'
export * from '@domains/users/server/schema'
export * from '@domains/site-setup/server/schema'
export * from '@domains/catalogue/server/schema'
export * from '@domains/discovery/server/schema'
export * from '@domains/splits/server/schema'
export * from '@domains/earnings/server/schema'
export * from '@domains/payouts/server/schema'
export * from '@domains/reports/server/schema'
export * from '@domains/news/server/schema'
