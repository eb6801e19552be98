import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { DOMAINS_DIR, ROOT, domainOf, relationOwners, serverDomains, serverSources, sqlReferences, sqlTexts, sqlViolations } from './scan'

// SQL text in server code may name its own domain's tables, the platform's, and those another
// domain publishes for reading (its public module's readModels); never another domain's other
// tables, and never write to another domain's (docs/architecture.md, "Boundaries").

async function publishedByDomain(): Promise<Map<string, readonly string[]>> {
  const published = new Map<string, readonly string[]>()
  for (const domain of serverDomains()) {
    const module = (await import(path.join(DOMAINS_DIR, domain, 'server/public.ts'))) as { readModels: readonly string[] }
    published.set(domain, module.readModels)
  }
  return published
}

describe('SQL boundaries', () => {
  test("no server SQL names another domain's tables other than its published read models", { timeout: 120_000 }, async () => {
    const owners = relationOwners()
    const published = await publishedByDomain()
    for (const [domain, names] of published)
      for (const name of names) expect(owners.get(name), `${domain} publishes ${name}, which it does not own`).toBe(domain)
    const violations = serverSources().flatMap(({ file, source }) =>
      sqlViolations(domainOf(file), sqlTexts(file, source), owners, (owner) => published.get(owner) ?? []),
    )
    expect(violations.map((v) => `${v.file}:${v.line} ${v.write ? 'writes' : 'reads'} ${v.relation} (${v.owner})`)).toEqual([])
  })

  test('the checker finds a table in every SQL position', () => {
    expect(
      sqlReferences('select p.id from payouts p, ledger_entries e join splits s on true where exists (select 1 from "reports")'),
    ).toEqual(
      expect.arrayContaining([
        { relation: 'payouts', write: false },
        { relation: 'splits', write: false },
        { relation: 'ledger_entries', write: false },
        { relation: 'reports', write: false },
      ]),
    )
    expect(sqlReferences('insert into payouts (id) values (1)')).toContainEqual({ relation: 'payouts', write: true })
    expect(sqlReferences('update public.releases set title = 1')).toContainEqual({ relation: 'releases', write: true })
    expect(sqlReferences('delete from tracks where id = 1')).toContainEqual({ relation: 'tracks', write: true })
  })

  test('fails on a deliberate violation, and passes a published read', () => {
    const owners = relationOwners()
    const published = (owner: string) => (owner === 'catalogue' ? ['releases', 'tracks'] : [])
    const fixture = path.join(DOMAINS_DIR, 'splits/server/boundary-fixture.ts')
    const source = [
      "import { sql } from 'drizzle-orm'",
      'export const own = sql`select * from splits s join split_payees p on p.split_id = s.id`',
      'export const joined = sql`select t.title from splits s join tracks t on t.id = s.track_id`',
      'export const leak = sql`select sum(amount) from payouts where account_id = ${1}`',
      "export const write = 'update releases set title = $1 where id = $2'",
      'export const platform = sql`select email from accounts`',
      '',
    ].join('\n')
    const found = sqlViolations('splits', sqlTexts(fixture, source), owners, published)
    expect(found.map((v) => [v.line, v.relation, v.owner, v.write])).toEqual([
      [4, 'payouts', 'payouts', false],
      [5, 'releases', 'catalogue', true],
    ])
    expect(found[0].file).toBe(path.relative(ROOT, fixture))
    // Platform code belongs to no domain: it names no domain's table at all.
    expect(sqlViolations(null, sqlTexts(fixture, source), owners, published).map((v) => v.relation)).toEqual([
      'splits',
      'split_payees',
      'splits',
      'payouts',
      'releases',
    ])
  })
})
