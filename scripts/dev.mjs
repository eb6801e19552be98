// `npm run dev`: the API server (restarted on change) and Vite with hot reload, proxying /api to it.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const port = process.env.PORT ?? '3000'
const vitePort = process.env.VITE_PORT ?? '5173'
const env = { ...process.env, PORT: port, VITE_PORT: vitePort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${vitePort}` }

const children = [
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', '--exclude', 'src/client/**', 'src/server/main.ts'],
    { cwd: root, stdio: 'inherit', env },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', vitePort, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
]
console.log(`\n  Development: open http://localhost:${vitePort} (Vite, hot reload); the API runs on port ${port}.\n`)

let stopping = false
const stop = (code = 0) => {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 500)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
for (const child of children) child.on('exit', (code) => stop(code ?? 0))
