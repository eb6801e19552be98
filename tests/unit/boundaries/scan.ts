import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** Helpers for the boundary tests: who owns which table, which files belong to which domain, the SQL they hold. */

export const ROOT = path.resolve(__dirname, '../../..')
export const DOMAINS_DIR = path.join(ROOT, 'src/domains')

/** Tables of src/server/db/schema/platform.ts belong to no domain: every domain may name them. */
export const PLATFORM = 'platform'

export function listFiles(dir: string, test: (file: string) => boolean = (f) => /\.tsx?$/.test(f)): string[] {
  if (!existsSync(dir)) return []
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) out.push(...listFiles(full, test))
    else if (test(full)) out.push(full)
  }
  return out.sort()
}

/** Domains with server code, by folder name. */
export function serverDomains(): string[] {
  return readdirSync(DOMAINS_DIR)
    .filter((d) => existsSync(path.join(DOMAINS_DIR, d, 'server')))
    .sort()
}

/** The domain a file belongs to (src/domains/<d>/...), or null for platform code. */
export function domainOf(file: string): string | null {
  const rel = path.relative(DOMAINS_DIR, file)
  if (rel.startsWith('..')) return null
  return rel.split(path.sep)[0]
}

/** Names of the tables and views a schema file declares (pgTable / pgView / pgMaterializedView). */
export function declaredRelations(source: string): string[] {
  return [...source.matchAll(/pg(?:Table|View|MaterializedView)\(\s*'([a-z_][a-z0-9_]*)'/g)].map((m) => m[1])
}

/** Every relation name → the domain that owns it (PLATFORM for the platform's tables). */
export function relationOwners(): Map<string, string> {
  const owners = new Map<string, string>()
  const add = (file: string, owner: string) => {
    for (const name of declaredRelations(readFileSync(file, 'utf8'))) {
      const previous = owners.get(name)
      if (previous && previous !== owner) throw new Error(`${name} is declared by both ${previous} and ${owner}`)
      owners.set(name, owner)
    }
  }
  add(path.join(ROOT, 'src/server/db/schema/platform.ts'), PLATFORM)
  for (const domain of serverDomains()) {
    for (const file of listFiles(path.join(DOMAINS_DIR, domain, 'server'), (f) => /(^|\/)schema\.ts$/.test(f))) add(file, domain)
  }
  return owners
}

export interface SqlText {
  file: string
  line: number
  text: string
}

const SQL_WORD = /\b(select|insert|update|delete|from|join|copy|truncate|analyze|vacuum)\b/i

/**
 * The string and template literals of a source text that read as SQL; `${…}` parts become `$x`
 * (a table passed in as a drizzle object is checked by the import rules instead).
 */
export function sqlTexts(file: string, source: string): SqlText[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const out: SqlText[] = []
  const push = (node: ts.Node, text: string) => {
    if (SQL_WORD.test(text)) out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text })
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (ts.isTemplateExpression(node)) {
      push(node, node.head.text + node.templateSpans.map((s) => '$x' + s.literal.text).join(''))
    } else if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) {
      push(node, node.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}

export interface SqlReference {
  relation: string
  write: boolean
}

const NAME = String.raw`(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?`
// A relation stands after these words; `write` marks statements that change it.
const REFERENCES: { re: RegExp; write: boolean }[] = [
  {
    re: new RegExp(String.raw`\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|copy)\s+(?:only\s+)?` + NAME, 'gi'),
    write: true,
  },
  {
    re: new RegExp(String.raw`\b(?:from|join|analyze|vacuum(?:\s+analyze)?|table|lock\s+table)\s+(?:only\s+|lateral\s+)?` + NAME, 'gi'),
    write: false,
  },
  // The second and later relations of `from a x, b y`.
  {
    re: new RegExp(
      String.raw`\bfrom\s+[a-z_][a-z0-9_]*(?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?((?:\s*,\s*[a-z_][a-z0-9_]*(?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?)+)`,
      'gi',
    ),
    write: false,
  },
]

/** The relations a SQL text names in table position, each marked read or write. */
export function sqlReferences(text: string): SqlReference[] {
  const out: SqlReference[] = []
  const clean = text.replace(/--[^\n]*/g, ' ')
  for (const { re, write } of REFERENCES) {
    for (const m of clean.matchAll(re)) {
      if (m[1].includes(',')) {
        for (const part of m[1].split(',')) {
          const name = part.trim().split(/\s+/)[0]
          if (name) out.push({ relation: name.toLowerCase(), write })
        }
      } else out.push({ relation: m[1].toLowerCase(), write })
    }
  }
  return out
}

export interface SqlViolation {
  file: string
  line: number
  relation: string
  owner: string
  write: boolean
}

/**
 * SQL in `domain`'s code (null: platform code) that names a relation another domain owns, other
 * than a read of one that domain publishes (its public module's `readModels`). Writes to another
 * domain's relation are never allowed: they go through its service.
 */
export function sqlViolations(
  domain: string | null,
  texts: SqlText[],
  owners: Map<string, string>,
  published: (owner: string) => readonly string[],
): SqlViolation[] {
  const out: SqlViolation[] = []
  for (const t of texts) {
    for (const ref of sqlReferences(t.text)) {
      const owner = owners.get(ref.relation)
      if (!owner || owner === PLATFORM || owner === domain) continue
      if (!ref.write && published(owner).includes(ref.relation)) continue
      out.push({ file: path.relative(ROOT, t.file), line: t.line, relation: ref.relation, owner, write: ref.write })
    }
  }
  return out
}

const ALIASES: [string, string][] = [
  ['@domains/', 'src/domains/'],
  ['@server/', 'src/server/'],
]

/** The absolute path (no extension) an import names, or null for a package. */
export function resolveImport(fromFile: string, spec: string): string | null {
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec).replace(/\.(ts|tsx|js)$/, '')
  for (const [alias, dir] of ALIASES)
    if (spec.startsWith(alias)) return path.join(ROOT, dir, spec.slice(alias.length)).replace(/\.(ts|tsx|js)$/, '')
  return null
}

/** Every module a source text imports or re-exports, type-only and dynamic imports included. */
export function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName)
}

/** Domain → the other domains its server code imports, each with one file that does (for the message). */
export function domainGraph(files: { file: string; source: string }[]): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>()
  for (const { file, source } of files) {
    const from = domainOf(file)
    if (!from) continue
    const edges = graph.get(from) ?? new Map<string, string>()
    graph.set(from, edges)
    for (const spec of importsOf(source)) {
      const target = resolveImport(file, spec)
      const to = target && domainOf(target)
      if (to && to !== from && !edges.has(to)) edges.set(to, `${path.relative(ROOT, file)} imports ${spec}`)
    }
  }
  return graph
}

/** One cycle of the graph as a path (first node repeated at the end), or null when it has none. */
export function findCycle(graph: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node]
    state.set(node, 'open')
    stack.push(node)
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    stack.pop()
    state.set(node, 'done')
    return null
  }
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node)
    if (cycle) return cycle
  }
  return null
}

/** Server code of the domains and the platform (src/server without its migrations), with its text. */
export function serverSources(): { file: string; source: string }[] {
  const files = [
    ...serverDomains().flatMap((d) => listFiles(path.join(DOMAINS_DIR, d, 'server'))),
    ...listFiles(path.join(ROOT, 'src/server')).filter((f) => !f.includes(`${path.sep}migrations${path.sep}`)),
  ]
  return files.map((file) => ({ file, source: readFileSync(file, 'utf8') }))
}
