import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../../..')

export interface RunningServer {
  url: string
  stop(): Promise<void>
}

/** Starts the product as `npm start` would, on its own data directory; port 0 picks a free one. */
export async function startServer(options: { dataDir: string; port?: number; env?: Record<string, string> }): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port ?? 0),
      DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 330_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const started = /is running at (http:\/\/localhost:\d+)/.exec(output)
      if (started) {
        clearTimeout(timer)
        resolve(started[1])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
