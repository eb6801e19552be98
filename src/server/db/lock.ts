import { open, readFile, unlink } from 'node:fs/promises'
import path from 'node:path'
import os from 'node:os'

export interface DataDirLock {
  release(): Promise<void>
}

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite has no server process guarding its files: two processes writing one directory
 * corrupt it. The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const lockPath = path.join(dataDir, 'wl-admin.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, 'wx', 0o600)
      await handle.writeFile(JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() }))
      await handle.close()
      let released = false
      const release = async () => {
        if (released) return
        released = true
        await unlink(lockPath).catch(() => undefined)
      }
      return { release }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = await readFile(lockPath, 'utf8')
        .then((text) => JSON.parse(text) as { pid: number; host: string; since: string })
        .catch(() => null)
      if (owner && owner.host === os.hostname() && !isAlive(owner.pid)) {
        await unlink(lockPath).catch(() => undefined)
        continue
      }
      const who = owner ? `process ${owner.pid} on ${owner.host} since ${owner.since}` : 'another process'
      throw new DataDirLockedError(
        `The data directory ${dataDir} is in use by ${who}. PGlite allows one process per data directory: stop the other process, or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).`,
      )
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`)
}
