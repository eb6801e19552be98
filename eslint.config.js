import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

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

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'src/server/db/migrations', 'tests/bench/results', 'test-results', 'playwright-report'] },
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
  // A domain reaches another domain's data through that domain's services, not its tables or SQL
  // (a schema file may still reference another domain's table for a foreign key).
  {
    files: ['src/domains/*/server/**'],
    ignores: ['src/domains/*/server/schema.ts'],
    rules: restrict([
      react,
      client,
      {
        group: ['@domains/*/server/schema', '@domains/*/server/repository', '@domains/*/server/*.repository'],
        message: "Use the other domain's service (or its read API such as catalogue/server/stats), not its tables.",
      },
    ]),
  },
  { files: ['scripts/**', 'src/server/main.ts', 'tests/bench/**'], rules: { 'no-console': 'off' } },
)
