// Every table of the product: the platform's and each domain's own.
export * from './platform'
export * from '@domains/help-center/server/schema'
export * from '@domains/dashboard/server/schema'
export * from '@domains/users/server/schema'
export * from '@domains/site-setup/server/schema'
export * from '@domains/catalogue/server/schema'
export * from '@domains/discovery/server/schema'
