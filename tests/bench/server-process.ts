import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { spawn, type ChildProcess } from 'node:child_process'
// @ts-expect-error: a plain ES module script without types
import { buildServer, serverEnv, serverNodeFlags } from '../../scripts/build-server.mjs'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * The server as `npm start` runs it, for the benches: built (scripts/build-server.mjs), in production
 * mode (which needs its key for secrets at rest), on a free port. A server that dies mid-run (out of
 * memory in an import) says why instead of a bare "fetch failed"; `echo` passes its log on as it runs.
 */
export async function startServer(
  env: Record<string, string>,
  options: { build?: boolean; echo?: boolean } = {},
): Promise<{ url: string; child: ChildProcess }> {
  if (options.build ?? true) await buildServer()
  const child = spawn(process.execPath, [...serverNodeFlags(), path.join(root, 'dist/server/main.mjs')], {
    cwd: root,
    env: {
      ...serverEnv(),
      ...env,
      PORT: '0',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /is running at (http:\/\/localhost:\d+)/.exec(output)
      if (match) resolve(match[1])
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)))
  })
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`The server exited (${code ?? signal}):\n${output.slice(-4000)}`)
  })
  if (options.echo) {
    child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(chunk))
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk))
  }
  return { url, child }
}
