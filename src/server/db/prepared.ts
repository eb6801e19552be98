import type { Queryable } from './engine'

const built = new WeakMap<object, Map<string, unknown>>()

/**
 * A query that runs on every request (the session's look-up, a list page's rows), built once per
 * database handle instead of once per call: drizzle's query builder costs ~0.2–0.5 ms of CPU a build
 * for a select of a few dozen columns (tests/bench/list-overhead.ts, issue 18 item 3), and a named
 * statement is parsed by the server once per connection. `build` receives the handle and the name
 * and returns drizzle's `.prepare(name)`; the name must be unique to that query text (it names a
 * prepared statement on each connection). A transaction's handle gets its own copy, dropped with it.
 */
export function preparedFor<T>(db: Queryable, name: string, build: (db: Queryable, name: string) => T): T {
  let byName = built.get(db)
  if (!byName) {
    byName = new Map()
    built.set(db, byName)
  }
  let query = byName.get(name) as T | undefined
  if (!query) {
    query = build(db, name)
    byName.set(name, query)
  }
  return query
}
