import { open, readFile, stat, unlink, utimes } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import os from 'node:os'

export interface DataDirLock {
  release(): Promise<void>
}

export class DataDirLockedError extends Error {}

interface Owner {
  pid: number
  host: string
  since: string
  /** The owner's start time in clock ticks since boot (Linux), so a reused pid is not mistaken for it. */
  started?: string | null
}

/** The owner touches the lock this often; a lock untouched for STALE_AFTER_MS has no living owner. */
export const HEARTBEAT_MS = 5_000
export const STALE_AFTER_MS = 30_000

/** Lock files this process holds: a second opener in the same process is refused, a stale one with our pid is not ours. */
const held = new Set<string>()

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started. Null where /proc is not available. */
function startTicks(pid: number | 'self'): string | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

/**
 * Whether the process that wrote the lock is gone. After `kill -9` the file stays; a restart must
 * take it over even when the new process got the same pid (containers hand out the same pids), the
 * old pid now belongs to another program, or the host name changed (a recreated container).
 */
async function ownerIsGone(lockPath: string, owner: Owner | null): Promise<boolean> {
  const age = await stat(lockPath).then(
    (info) => Date.now() - info.mtimeMs,
    () => Infinity,
  )
  // A living owner touches the file every HEARTBEAT_MS, wherever it runs.
  if (age > STALE_AFTER_MS) return true
  if (!owner || owner.host !== os.hostname()) return false
  if (owner.pid === process.pid) return !held.has(lockPath)
  if (!isAlive(owner.pid)) return true
  const started = startTicks(owner.pid)
  return Boolean(owner.started && started && owner.started !== started)
}

/**
 * PGlite has no server process guarding its files: two processes writing one directory
 * corrupt it. The lock file holds the owner's pid and start time and is touched while held; a lock
 * left by a dead process is recognised and taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const lockPath = path.join(dataDir, 'wl-admin.lock')
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(lockPath, 'wx', 0o600)
      const owner: Owner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString(), started: startTicks('self') }
      await handle.writeFile(JSON.stringify(owner))
      await handle.close()
      held.add(lockPath)
      const heartbeat = setInterval(() => {
        const now = new Date()
        utimes(lockPath, now, now).catch(() => undefined)
      }, HEARTBEAT_MS)
      heartbeat.unref()
      let released = false
      const release = async () => {
        if (released) return
        released = true
        clearInterval(heartbeat)
        held.delete(lockPath)
        await unlink(lockPath).catch(() => undefined)
      }
      return { release }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = await readFile(lockPath, 'utf8')
        .then((text) => JSON.parse(text) as Owner)
        .catch(() => null)
      if (await ownerIsGone(lockPath, owner)) {
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
