import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const made: string[] = []
let registered = false

/**
 * A temporary directory (a server's data, a browser profile) removed when this process exits, so a
 * run leaves nothing behind: each demo data directory holds a few hundred MB, and runs add up.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  made.push(dir)
  if (!registered) {
    registered = true
    process.once('exit', () => {
      for (const each of made) rmSync(each, { recursive: true, force: true, maxRetries: 3 })
    })
  }
  return dir
}
