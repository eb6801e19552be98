import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { readdirSync, readFileSync } from 'node:fs'
import type { Plugin } from 'vite'
// @ts-expect-error: a plain ES module script without types
import { precompressPlugin } from './scripts/precompress.mjs'

const root = fileURLToPath(new URL('.', import.meta.url))
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`

export const alias = {
  '@contract': `${root}src/contract`,
  '@core': `${root}src/core`,
  '@server': `${root}src/server`,
  '@client': `${root}src/client`,
  '@domains': `${root}src/domains`,
  '@machines': `${root}machines`,
  '@commands': `${root}commands`,
  '@tests': `${root}tests`,
}

/**
 * `virtual:endpoint-routes`: each API call's method, path, access and idempotency, read from the
 * contract at build time (scripts/endpoint-routes.ts), so the client never bundles the contract's zod
 * schemas; it follows the contract in dev too (a contract file changed → the module is rebuilt).
 */
function endpointRoutesPlugin(): Plugin {
  const virtual = 'virtual:endpoint-routes'
  const resolved = `\0${virtual}`
  return {
    name: 'wl-endpoint-routes',
    resolveId: (source) => (source === virtual ? resolved : undefined),
    async load(id) {
      if (id !== resolved) return undefined
      const contract = `${root}src/contract`
      for (const file of readdirSync(contract)) this.addWatchFile(`${contract}/${file}`)
      const { tsImport } = await import('tsx/esm/api')
      const module = (await tsImport(`${root}scripts/endpoint-routes.ts`, import.meta.url)) as { endpointRoutes(): unknown }
      return `export default ${JSON.stringify(module.endpointRoutes())}`
    },
  }
}

/**
 * Radix Themes colours the page's root by `:root:where(:has(.radix-themes[data-is-root-theme='true']…))`.
 * A `:has()` whose subject is the root makes every element inserted anywhere (a dialog, a menu, a
 * list's rows) restyle the whole document: 40-70 ms at each palette opening on a list screen. The two
 * selectors are dropped from the stylesheet; App sets the root's color-scheme itself.
 */
function rootHasPlugin(): Plugin {
  const rootHas = /,\s*:root:where\(:has\(\.radix-themes\[data-is-root-theme='true'\]:where\(\.(light|dark), \.\1-theme\)\)\)/g
  return {
    name: 'wl-radix-root-has',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('@radix-ui/themes') || !id.endsWith('.css')) return undefined
      const out = code.replace(rootHas, '')
      if (out.includes(':root:where(:has(')) this.error('Radix Themes: a :root :has() selector this plugin does not know')
      return { code: out, map: null }
    },
  }
}

export default defineConfig({
  plugins: [react(), precompressPlugin(), endpointRoutesPlugin(), rootHasPlugin()],
  resolve: { alias },
  define: {
    __APP_VERSION__: JSON.stringify(process.env.APP_VERSION ?? pkg.version),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    // .vite/manifest.json: the server preloads a route's screen chunk with the HTML (src/server/plugins/route-preload.ts).
    manifest: true,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    // /l/{code}: the public smartlink pages the server renders (a pattern, so /login stays the client's).
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '^/l/': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'machines/**/*.test.ts', 'commands/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          // The boundary tests parse every source file: seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          // Runs after the quick projects, with its own worker count.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'happy-dom',
          include: ['tests/components/**/*.test.tsx'],
          setupFiles: ['tests/helpers/components-setup.ts'],
          // A screen test renders Radix, AG Grid and lazy chunks in happy-dom: seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
})
