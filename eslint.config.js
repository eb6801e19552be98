import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
const server = {
  group: ['@server/*', '**/server/**', '@domains/*/server', '@domains/*/server/*'],
  message: 'Server code stays on the server.',
}
const react = {
  group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', '@radix-ui/*', 'valtio/react'],
  message: 'This layer is React-free.',
}
const client = { group: ['@client/*', '**/ui/**', '@domains/*/ui', '@domains/*/ui/*'], message: 'Client code stays in the client.' }

// Domain boundaries (docs/architecture.md, "Boundaries"), as an allow-list: code of one domain may
// import another domain's server code only through its public module, src/domains/<d>/server/public.ts.
// The only other ways in are the platform's plumbing: the registry of domain descriptors
// (src/server/domains.ts imports each domain's index), the schema barrel (src/server/db/schema,
// which alone re-exports every table) and a schema file naming another domain's table in a foreign key.
// Nobody outside src/server/db imports the barrel: platform tables come from db/schema/platform.
const ROOT = path.dirname(fileURLToPath(import.meta.url))
const ALIASES = [
  ['@domains/', 'src/domains/'],
  ['@server/', 'src/server/'],
]
const SCHEMA_BARREL = ['src/server/db/schema', 'src/server/db/schema/index']
const stripExt = (rel) => rel.replace(/\.(ts|tsx|js|mjs)$/, '')

/** The repository-relative path an import names (no extension), or null for a package. */
function resolveImport(fromFile, spec) {
  let abs = null
  if (spec.startsWith('.')) abs = path.resolve(path.dirname(fromFile), spec)
  for (const [alias, dir] of ALIASES) if (spec.startsWith(alias)) abs = path.join(ROOT, dir, spec.slice(alias.length))
  return abs === null ? null : stripExt(path.relative(ROOT, abs).split(path.sep).join('/'))
}

const domainPart = (rel) => {
  const m = /^src\/domains\/([^/]+)\/server(?:\/(.*))?$/.exec(rel)
  return m ? { domain: m[1], rest: m[2] ?? '' } : null
}

/** Why `from` may not import `target` (both repository-relative, no extension), or null when it may. */
export function boundaryViolation(from, target) {
  if (SCHEMA_BARREL.includes(target))
    return from.startsWith('src/server/db/')
      ? null
      : "Import tables from db/schema/platform or your own domain's schema, not the barrel of every table."
  const to = domainPart(target)
  if (!to) return null
  const own = domainPart(from)
  if (own && own.domain === to.domain) return null
  if (to.rest === 'public') return null
  if (to.rest === 'schema' && (from === 'src/server/db/schema/index' || (own && /(^|\/)schema$/.test(own.rest)))) return null
  if (from === 'src/server/domains' && existsSync(path.join(ROOT, target, 'index.ts'))) return null
  return `Import @domains/${to.domain}/server/public, not its internals (allow-list: docs/architecture.md, Boundaries).`
}

const boundaries = {
  rules: {
    'domain-imports': {
      meta: { type: 'problem', schema: [], messages: { leak: '{{why}}' } },
      create(context) {
        const from = stripExt(path.relative(ROOT, context.filename).split(path.sep).join('/'))
        const check = (node) => {
          if (!node.source || typeof node.source.value !== 'string') return
          const target = resolveImport(context.filename, node.source.value)
          const why = target && boundaryViolation(from, target)
          if (why) context.report({ node: node.source, messageId: 'leak', data: { why } })
        }
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check }
      },
    },
  },
}

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'src/server/db/migrations', 'tests/bench/results', 'tests/bench/react-admin-demo', 'tests/bench/.cache', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.tsx', 'src/client/**/*.ts', 'src/domains/*/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Layout boundaries (ARCHITECTURE.md): enforced here, not by memory.
  {
    files: ['src/contract/**'],
    rules: restrict([
      {
        group: ['@server/*', '@client/*', '@domains/*', '@machines/*', '@commands/*', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'react'],
        message: 'The contract imports only zod and src/core.',
      },
    ]),
  },
  {
    files: ['src/core/**'],
    rules: restrict([
      {
        group: ['@server/*', '@client/*', '@domains/*', '@contract/*', '@machines/*', '@commands/*', 'node:*'],
        message: 'core is pure TypeScript with no I/O.',
      },
    ]),
  },
  { files: ['machines/**', 'commands/**'], rules: restrict([server, react, client]) },
  { files: ['src/client/**', 'src/domains/*/ui/**', 'src/domains/*/index.ts'], rules: restrict([server]) },
  { files: ['src/server/**'], rules: restrict([react, client]) },
  // The routes' first reads are declared once, in pure TypeScript, for the client and for the HTML's
  // preload of them (docs/decisions.md, issue 18, "Session 39 (item 4)"): this file alone may import them.
  {
    files: ['src/server/plugins/route-preload.ts'],
    rules: restrict([
      react,
      { group: ['@client/*', '!@client/routing', '@client/routing/*', '!@client/routing/first-reads', '!@client/api-url', '**/ui/**', '@domains/*/ui', '@domains/*/ui/*'], message: client.message },
    ]),
  },
  // ...which the server runs: no React there.
  { files: ['src/client/routing/first-reads.ts', 'src/client/api-url.ts'], rules: restrict([server, react]) },
  { files: ['src/domains/*/server/**'], rules: restrict([react, client]) },
  // A domain reaches another domain through its public module only; SQL naming another domain's
  // tables is checked by tests/unit/boundaries/sql-boundary.test.ts.
  { files: ['src/**/*.ts', 'src/**/*.tsx'], plugins: { boundaries }, rules: { 'boundaries/domain-imports': 'error' } },
  { files: ['scripts/**', 'src/server/main.ts', 'tests/bench/**'], rules: { 'no-console': 'off' } },
)
