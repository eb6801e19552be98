// Builds the server for production: one ES module (dist/server/main.mjs, packages left to
// node_modules) beside the files it reads next to itself (the PGlite worker, the migrations).
// Running the built file instead of transpiling TypeScript at start (tsx) starts faster and keeps
// about 100 MB less resident (measured: 129 MB idle against 229 MB; docs/decisions.md).
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/**
 * Node flags the built server runs with: an old-space limit, so V8 collects the garbage a long job
 * (a statement import) promotes before the heap grows far past what is live. Without it V8 let the
 * old space reach ~4× the live heap before collecting (docs/decisions.md, "Statement imports at a
 * million lines"). SERVER_HEAP_MB overrides the limit.
 */
export const serverNodeFlags = (env = process.env) => [`--max-old-space-size=${Number(env.SERVER_HEAP_MB) || 192}`, '--enable-source-maps']

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'dist/server')

export async function buildServer() {
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(out, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
  })
  cpSync(path.join(root, 'src/server/db/pglite-worker.mjs'), path.join(out, 'pglite-worker.mjs'))
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer()
