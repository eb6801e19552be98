// `npm start`: build the client and the server when missing or older than their sources, then run
// the built server (scripts/build-server.mjs).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer, serverEnv, serverNodeFlags } from './build-server.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const built = path.join(root, 'dist/client/index.html')
const sources = [
  'src/client',
  'src/domains',
  'src/core',
  'src/contract',
  'machines',
  'commands',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
]

function newest(target, skip = 'server') {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs
  for (const entry of readdirSync(target)) {
    if (entry === skip) continue // server code does not change the client bundle
    latest = Math.max(latest, newest(path.join(target, entry), skip))
  }
  return latest
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
const sourcesAt = Math.max(...sources.map((source) => newest(path.join(root, source))))
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'The client sources changed: building the client…' : 'Building the client (first start)…')
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const serverBuilt = path.join(root, 'dist/server/main.mjs')
const serverBuiltAt = existsSync(serverBuilt) ? statSync(serverBuilt).mtimeMs : 0
const serverSourcesAt = Math.max(
  ...['src', 'package.json', 'tsconfig.json', 'scripts/build-server.mjs'].map((source) => newest(path.join(root, source), null)),
)
if (serverBuiltAt < serverSourcesAt) {
  console.log(serverBuiltAt ? 'The server sources changed: building the server…' : 'Building the server (first start)…')
  await buildServer()
}

const server = spawn(process.execPath, [...serverNodeFlags(), serverBuilt], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv(),
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)))
