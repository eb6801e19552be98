import { sql, type SQL } from 'drizzle-orm'

// Arrays as one SQL parameter each, written as PostgreSQL array literals in one join: thousands of
// values cost one parameter, where `inArray` binds (and the query builder walks) one per value.

/** An array literal of numbers, dates or decimals (no element needs quoting). */
export const plainArray = (values: readonly (string | number)[]) => `{${values.join(',')}}`

/** An array literal of text cells: every element quoted, `"` and `\` escaped, null as NULL. */
export function textArray(values: readonly (string | null)[]) {
  const parts = new Array<string>(values.length)
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index]
    if (value === null) parts[index] = 'NULL'
    else if (value.indexOf('"') < 0 && value.indexOf('\\') < 0) parts[index] = `"${value}"`
    else parts[index] = `"${value.replace(/["\\]/g, '\\$&')}"`
  }
  return `{${parts.join(',')}}`
}

/** Ids as one bigint[] parameter, for `= any(...)`. */
export const bigintArray = (ids: readonly number[]): SQL => sql`${sql.param(plainArray(ids))}::bigint[]`
