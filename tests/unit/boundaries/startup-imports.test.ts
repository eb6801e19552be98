import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { ROOT, listFiles } from './scan'

// Start-up code (the shell, routing, the api client, the palette's commands) is in the first chunks a
// browser downloads: it takes no value from a contract module that builds zod schemas, or zod and
// several hundred schemas would be downloaded and built before the first list (issue 18). Types are
// free (erased); values it needs live in the contract's zod-free modules (route.ts, *-vocabulary.ts,
// site-report-kinds.ts), which the schema modules re-export. Screens in src/domains load lazily.

const CONTRACT = path.join(ROOT, 'src/contract')

/** The contract modules a source takes values (not only types) from, with the names taken. */
export function contractValueImports(source: string): { module: string; names: string[] }[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX)
  const found: { module: string; names: string[] }[] = []
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue
    const specifier = statement.moduleSpecifier
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('@contract/')) continue
    const module = specifier.text.slice('@contract/'.length)
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      if (!clause || clause.isTypeOnly) continue
      const names: string[] = []
      if (clause.name) names.push('default')
      const bindings = clause.namedBindings
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*')
      if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text))
      if (names.length) found.push({ module, names })
    } else if (!statement.isTypeOnly) found.push({ module, names: ['(re-export)'] })
  }
  return found
}

const buildsSchemas = (module: string) => {
  const file = path.join(CONTRACT, `${module}.ts`)
  return existsSync(file) && /from 'zod'/.test(readFileSync(file, 'utf8'))
}

describe('start-up code takes no value from a zod contract module', () => {
  test('the shell, routing, state, api client and commands import only zod-free contract values', () => {
    const sources = [...listFiles(path.join(ROOT, 'src/client')), ...listFiles(path.join(ROOT, 'commands'))].filter(
      (file) => !/\.test\.tsx?$/.test(file),
    )
    const offenders = sources.flatMap((file) =>
      contractValueImports(readFileSync(file, 'utf8'))
        .filter((entry) => buildsSchemas(entry.module))
        .map((entry) => `${path.relative(ROOT, file)}: ${entry.names.join(', ')} from @contract/${entry.module}`),
    )
    expect(offenders, 'move these values to a zod-free contract module (see the comment above)').toEqual([])
  })

  test('the check sees a value import and ignores type-only ones', () => {
    const source = [
      "import { RELEASE_TYPES, type ReleaseGeneral } from '@contract/releases'",
      "import type { Smartlink } from '@contract/release-links'",
      "import { type LinkPlatform } from '@contract/release-links-vocabulary'",
      "import { fillPath } from '@contract/route'",
    ].join('\n')
    expect(contractValueImports(source)).toEqual([
      { module: 'releases', names: ['RELEASE_TYPES'] },
      { module: 'route', names: ['fillPath'] },
    ])
    expect(buildsSchemas('releases')).toBe(true)
    expect(buildsSchemas('route')).toBe(false)
  })
})
