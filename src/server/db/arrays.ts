import { sql, type SQL } from 'drizzle-orm'

/**
 * Ids as one bigint[] parameter, written as an array literal in one join: `= any(...)` over
 * thousands of ids costs one parameter, where `inArray` binds (and the query builder walks) one per id.
 */
export const bigintArray = (ids: readonly number[]): SQL => sql`${sql.param(`{${ids.join(',')}}`)}::bigint[]`
