// Precompresses the built client's hashed assets (brotli at its best quality and gzip at level 9)
// once, at build time, so the server sends `.br`/`.gz` siblings with Content-Encoding and spends no
// CPU per request (src/server/plugins/spa.ts serves them with @fastify/static's preCompressed).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
// Source maps are left out: only devtools fetch them, and brotli at quality 11 over them costs the build minutes.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm)$/i
/** Below this, headers cost more than the saving. */
const MIN_BYTES = 1024

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else yield full
  }
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` that shrinks; returns the totals. */
export async function precompress(dir) {
  let raw = 0
  let br = 0
  let gz = 0
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue
    const body = await readFile(file)
    const [brotlied, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: 9 }),
    ])
    raw += body.length
    if (brotlied.length < body.length) {
      await writeFile(`${file}.br`, brotlied)
      br += brotlied.length
    }
    if (gzipped.length < body.length) {
      await writeFile(`${file}.gz`, gzipped)
      gz += gzipped.length
    }
  }
  return { raw, br, gz }
}

/** The Vite plugin: runs after the bundle is written (production builds only). */
export function precompressPlugin() {
  let outDir = 'dist'
  return {
    name: 'wl-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const totals = await precompress(outDir)
      const kb = (bytes) => `${Math.round(bytes / 1024)} kB`
      this.info?.(`precompressed ${kb(totals.raw)}: brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`)
    },
  }
}
