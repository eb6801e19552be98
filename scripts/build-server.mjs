// Builds the server for production: one ES module (dist/server/main.mjs, packages left to
// node_modules) beside the files it reads next to itself (the PGlite worker, the migrations).
// Running the built file instead of transpiling TypeScript at start (tsx) starts faster and keeps
// about 100 MB less resident (measured: 129 MB idle against 229 MB; docs/decisions.md).
import { cpSync, mkdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/**
 * Node flags the built server runs with: an old-space limit, so V8 collects the garbage a long job
 * (a statement import) promotes before the heap grows far past what is live. Without it V8 let the
 * old space reach ~4× the live heap before collecting (docs/decisions.md, "Statement imports at a
 * million lines"). SERVER_HEAP_MB overrides the limit.
 */
export const serverNodeFlags = (env = process.env) => [
  `--max-old-space-size=${Number(env.SERVER_HEAP_MB) || 192}`,
  // A young generation of 2 MB semi-spaces instead of 16: the nursery V8 keeps for good after a burst of
  // allocation; idle 327 → 300 MB on PGlite, the fan blast's rate unchanged (docs/fanblast.md, "Bench").
  // 16 MB would take the 1M-line statement import's dry run from ~18-26 to ~14-16 s of server CPU, for ~45 MB
  // more peak RSS there and likely as much in the fan blast and the CMS export, whose memory goals it would
  // endanger (docs/decisions.md, "Session 36 (item 1)"). SERVER_SEMI_SPACE_MB overrides it.
  `--max-semi-space-size=${Number(env.SERVER_SEMI_SPACE_MB) || 2}`,
  '--enable-source-maps',
  // SERVER_CPU_PROF_DIR: a CPU profile of the whole run written there when the server stops (profiling only).
  ...(env.SERVER_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${env.SERVER_CPU_PROF_DIR}`] : []),
]

/**
 * The environment the built server starts with. glibc gives every thread that mallocs its own 64 MB arena
 * (V8's compiler and GC threads, libuv's pool, PGlite's worker) and keeps what they touched: two arenas
 * hold the same work in less memory (docs/decisions.md, "Server memory"). It must be in the environment the
 * process starts with: glibc reads it once, before any JavaScript runs. A value already set wins.
 */
export const serverEnv = (env = process.env) => ({ MALLOC_ARENA_MAX: '2', ...env })

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = path.join(root, 'dist/server')

/**
 * Packages a few requests use (images, inbound mail, SFTP deliveries, DDEX XML, rich-text sanitising) that
 * cost the server ~50 MB resident from start to stop when loaded with the bundle. In the built server each is
 * a stand-in that loads the package's CommonJS build synchronously at its first use (a call, a `new`, a
 * property read), so the source keeps its plain imports and the tests run the packages as they are.
 */
export const LAZY_PACKAGES = ['sharp', 'mailparser', 'smtp-server', 'ssh2-sftp-client', 'xmlbuilder2', 'sanitize-html']

const identifier = /^[A-Za-z_$][\w$]*$/

/**
 * The stand-in module for `name`: its default export and every named export load the package when first
 * touched. `requireFrom` (a file URL) is where the package is resolved from: by default the built server.
 */
export function lazyModuleSource(name, exportNames, requireFrom) {
  const named = exportNames.filter((key) => key !== 'default' && identifier.test(key))
  return [
    `import { createRequire } from 'node:module'`,
    `const load = () => (loaded ??= createRequire(${requireFrom ? JSON.stringify(requireFrom) : 'import.meta.url'})(${JSON.stringify(name)}))`,
    `let loaded`,
    // A function target, so the stand-in can be called and constructed; every trap reads the real value.
    `const lazy = (pick) => new Proxy(function () {}, {`,
    `  apply: (_, self, args) => Reflect.apply(pick(), self, args),`,
    `  construct: (_, args, newTarget) => Reflect.construct(pick(), args, newTarget),`,
    `  get: (_, key) => Reflect.get(pick(), key),`,
    `  set: (_, key, value) => Reflect.set(pick(), key, value),`,
    `  has: (_, key) => Reflect.has(pick(), key),`,
    `})`,
    `export default lazy(load)`,
    ...named.map((key) => `export const ${key} = lazy(() => load()[${JSON.stringify(key)}])`),
  ].join('\n')
}

const lazyPackages = {
  name: 'lazy-packages',
  setup(build) {
    const filter = new RegExp(`^(${LAZY_PACKAGES.map((name) => name.replace(/[-/]/g, '\\$&')).join('|')})$`)
    build.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'lazy-package' }))
    build.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (args) => {
      // The export names, read once at build time from the package the server will load.
      const exportNames = Object.keys(createRequire(path.join(root, 'package.json'))(args.path))
      return { contents: lazyModuleSource(args.path, exportNames), loader: 'js', resolveDir: root }
    })
  },
}

export async function buildServer() {
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  const options = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // --enable-source-maps parses the map at start and keeps it: without the sources' text in it, stack
    // traces still name the TypeScript file and line, and the server keeps ~10 MB less.
    sourcesContent: false,
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'warning',
    plugins: [lazyPackages],
  }
  await build({ ...options, entryPoints: [path.join(root, 'src/server/main.ts')], outfile: path.join(out, 'main.mjs') })
  // The statement reading thread's entry (src/domains/earnings/server/imports/read-thread.ts starts it from here).
  await build({
    ...options,
    entryPoints: [path.join(root, 'src/domains/earnings/server/imports/read-worker.ts')],
    outfile: path.join(out, 'statement-reader.mjs'),
  })
  cpSync(path.join(root, 'src/server/db/pglite-worker.mjs'), path.join(out, 'pglite-worker.mjs'))
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer()
