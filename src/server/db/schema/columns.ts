import { bigint, timestamp } from 'drizzle-orm/pg-core'

/** Shared column builders so every table spells ids and times the same way. */
export const idColumn = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity()
export const ref = (name: string) => bigint(name, { mode: 'number' })
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
