import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, test } from 'vitest'
import { DOMAINS_DIR, ROOT, domainGraph, findCycle, serverDomains, serverSources } from './scan'

// The domain boundaries of docs/architecture.md ("Boundaries"): one public module per domain, the
// lint allow-list that keeps other domains to it, and no import cycles between domains.

describe('domain import boundaries', { timeout: 120_000 }, () => {
  test('every domain with server code has one public module declaring its read models', () => {
    for (const domain of serverDomains()) {
      const file = path.join(DOMAINS_DIR, domain, 'server/public.ts')
      expect(existsSync(file), `${domain} has no server/public.ts`).toBe(true)
      expect(readFileSync(file, 'utf8'), `${domain}/server/public.ts declares no readModels`).toMatch(/export const readModels\b/)
    }
  })

  test('no import cycles between domains', () => {
    const graph = domainGraph(serverSources())
    const cycle = findCycle(graph)
    const why = cycle
      ? cycle
          .slice(1)
          .map((to, i) => graph.get(cycle[i])!.get(to))
          .join('; ')
      : ''
    expect(cycle, `domain import cycle ${cycle?.join(' → ')}: ${why}`).toBeNull()
  })

  test('the cycle check finds a cycle when there is one', () => {
    const graph = domainGraph([
      { file: path.join(DOMAINS_DIR, 'users/server/a.ts'), source: "import { x } from '@domains/earnings/server/public'" },
      { file: path.join(DOMAINS_DIR, 'earnings/server/b.ts'), source: "import type { Y } from '../../reports/server/public'" },
      { file: path.join(DOMAINS_DIR, 'reports/server/c.ts'), source: "export { z } from '@domains/users/server/public'" },
      { file: path.join(DOMAINS_DIR, 'splits/server/d.ts'), source: "import { w } from '@domains/users/server/public'" },
    ])
    expect(findCycle(graph)).toEqual(['earnings', 'reports', 'users', 'earnings'])
    graph.get('reports')!.delete('users')
    expect(findCycle(graph)).toBeNull()
  })
})

describe('the lint allow-list', { timeout: 120_000 }, () => {
  const eslint = new ESLint({ cwd: ROOT })
  const leaks = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) })
    return result.messages.filter((m) => m.ruleId === 'boundaries/domain-imports').map((m) => m.message)
  }

  test("refuses another domain's internals, relative reaches and the schema barrel", async () => {
    const file = 'src/domains/payouts/server/boundary-fixture.ts'
    expect(
      await leaks(file, "import { insertEntries } from '@domains/earnings/server/ledger/posting'\nexport const a = insertEntries\n"),
    ).toEqual(['Import @domains/earnings/server/public, not its internals (allow-list: docs/architecture.md, Boundaries).'])
    expect(await leaks(file, "export { payoutEligibility } from '../../users/server/payout-read'\n")).toHaveLength(1)
    expect(await leaks(file, "export const load = () => import('@domains/catalogue/server/stats')\n")).toHaveLength(1)
    expect(await leaks(file, "import { releases } from '@domains/catalogue/server/schema'\nexport const r = releases\n")).toHaveLength(1)
    expect(await leaks(file, "import { accounts } from '@server/db/schema'\nexport const t = accounts\n")).toHaveLength(1)
    expect(await leaks('src/server/jobs/boundary-fixture.ts', "import { jobs } from '../db/schema'\nexport const t = jobs\n")).toHaveLength(
      1,
    )
  })

  test('allows public modules, own files, platform tables, foreign keys in schema files and the registry', async () => {
    const file = 'src/domains/payouts/server/boundary-fixture.ts'
    expect(
      await leaks(
        file,
        [
          "import { insertEntries } from '@domains/earnings/server/public'",
          "import { payoutHistoryRows } from '@domains/payouts/server/reads'",
          "import { payouts } from './schema'",
          "import { accounts } from '@server/db/schema/platform'",
          'export const all = [insertEntries, payoutHistoryRows, payouts, accounts]',
          '',
        ].join('\n'),
      ),
    ).toEqual([])
    expect(
      await leaks(
        'src/domains/splits/server/schema.ts',
        "import { tracks } from '@domains/catalogue/server/schema'\nexport const t = tracks\n",
      ),
    ).toEqual([])
    expect(
      await leaks(
        'src/server/domains.ts',
        "import { ledgerServer } from '@domains/earnings/server/ledger'\nexport const d = ledgerServer\n",
      ),
    ).toEqual([])
    expect(await leaks('src/server/db/engine.ts', "import * as schema from './schema'\nexport const s = schema\n")).toEqual([])
  })
})
