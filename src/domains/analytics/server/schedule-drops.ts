import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { lstat, mkdir, readdir, realpath } from 'node:fs/promises'
import path from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createReadStream } from 'node:fs'
import SftpClient from 'ssh2-sftp-client'
import { SPOOL_HEAD_BYTES } from '@contract/index'
import { TREND_MAX_BYTES } from '@contract/analytics'

// Where scheduled trend reports are fetched from (docs/analytics.md, "Scheduled imports"): a folder
// under the workspace's drop folder, or an SFTP drop. Each file is copied into a spool file (hashed
// and its head kept on the way), never read whole into memory, and the source is never changed.

/** A file of the drop, as listed. */
export interface DropEntry {
  name: string
  size: number
  modifiedAt: Date
}

/** A fetched copy: what the import takes as a spooled upload. */
export interface Fetched {
  head: Buffer
  path: string
  size: number
  sha256: string
}

export interface Drop {
  list(): Promise<DropEntry[]>
  fetch(entry: DropEntry, into: string): Promise<Fetched>
  close(): Promise<void>
}

/** A problem with the source itself (unreachable, refused, missing folder): shown to staff as is. */
export class DropError extends Error {}

/**
 * A file modified this recently may still be being written (a copy or an upload in progress): it
 * is left for the next check.
 */
export const SETTLE_MS = 15_000

const TIMEOUT_MS = 20_000

/** `*` and `?` wildcards, case-insensitive, on the whole name. */
export function patternMatcher(pattern: string): (name: string) => boolean {
  const body = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
  const re = new RegExp(`^${body}$`, 'i')
  return (name) => re.test(name)
}

async function spool(source: Readable, into: string): Promise<Fetched> {
  const hash = createHash('sha256')
  const head: Buffer[] = []
  let headBytes = 0
  let size = 0
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > TREND_MAX_BYTES) return done(new DropError(`The file is larger than ${TREND_MAX_BYTES / 1024 ** 3} GB.`))
      hash.update(chunk)
      if (headBytes < SPOOL_HEAD_BYTES) {
        const part = chunk.subarray(0, SPOOL_HEAD_BYTES - headBytes)
        head.push(part)
        headBytes += part.length
      }
      done(null, chunk)
    },
  })
  await pipeline(source, tap, createWriteStream(into, { mode: 0o600 }))
  return { head: Buffer.concat(head), path: into, size, sha256: hash.digest('hex') }
}

/** The workspace's drop folder: DATA_DIR/trend-drops/<workspace id>. Watched folders are inside it. */
export const dropRoot = (dataDir: string, tenantId: number) => path.join(dataDir, 'trend-drops', String(tenantId))

/** The watched folder, which must stay inside the workspace's drop folder (links included). */
export async function folderPath(dataDir: string, tenantId: number, directory: string, create = false): Promise<string> {
  const root = dropRoot(dataDir, tenantId)
  const target = path.resolve(root, directory.replace(/^[/\\]+/, ''))
  if (target !== root && !target.startsWith(root + path.sep)) throw new DropError('The folder must be inside the workspace’s drop folder.')
  if (create) await mkdir(target, { recursive: true })
  let real: string
  try {
    real = await realpath(target)
  } catch {
    throw new DropError(`The folder “${directory || '.'}” does not exist in the workspace’s drop folder.`)
  }
  const realRoot = await realpath(root)
  if (real !== realRoot && !real.startsWith(realRoot + path.sep))
    throw new DropError('The folder must be inside the workspace’s drop folder.')
  return real
}

export async function openFolderDrop(dataDir: string, tenantId: number, directory: string, pattern: string): Promise<Drop> {
  const folder = await folderPath(dataDir, tenantId, directory)
  const matches = patternMatcher(pattern)
  return {
    async list() {
      const entries = await readdir(folder, { withFileTypes: true })
      const found: DropEntry[] = []
      // Regular files only: a link could lead out of the drop folder.
      for (const entry of entries) {
        if (!entry.isFile() || !matches(entry.name)) continue
        const stat = await lstat(path.join(folder, entry.name)).catch(() => null)
        if (stat?.isFile()) found.push({ name: entry.name, size: stat.size, modifiedAt: stat.mtime })
      }
      return found
    },
    async fetch(entry, into) {
      return spool(createReadStream(path.join(folder, entry.name)), into)
    },
    async close() {},
  }
}

export interface SftpSettings {
  host: string
  port: number
  username: string
  password?: string
  privateKey?: string
  directory: string
  pattern: string
  /** The pinned host key (SHA-256 hex); null trusts the first one seen, which `onHostKey` reports. */
  hostKey: string | null
}

export async function openSftpDrop(settings: SftpSettings, onHostKey: (fingerprint: string) => void): Promise<Drop> {
  const client = new SftpClient('trend-source')
  let mismatch = false
  try {
    await client.connect({
      host: settings.host,
      port: settings.port,
      username: settings.username,
      password: settings.password,
      privateKey: settings.privateKey,
      readyTimeout: TIMEOUT_MS,
      hostHash: 'sha256',
      hostVerifier: (fingerprint: string) => {
        if (settings.hostKey && settings.hostKey !== fingerprint) {
          mismatch = true
          return false
        }
        onHostKey(fingerprint)
        return true
      },
    } as SftpClient.ConnectOptions)
  } catch (error) {
    await client.end().catch(() => undefined)
    if (mismatch)
      throw new DropError(
        `The server's host key changed (it was pinned at the first connection): save the source again to trust the new key.`,
      )
    throw new DropError(`Could not connect to ${settings.host}:${settings.port}: ${(error as Error).message.replace(/^connect: /, '')}`)
  }
  const directory = settings.directory || '.'
  const matches = patternMatcher(settings.pattern)
  return {
    async list() {
      try {
        const listed = await client.list(directory)
        return listed
          .filter((item) => item.type === '-' && matches(item.name))
          .map((item) => ({ name: item.name, size: item.size, modifiedAt: new Date(item.modifyTime) }))
      } catch (error) {
        throw new DropError(`Could not list ${directory} on ${settings.host}: ${(error as Error).message.replace(/^list: /, '')}`)
      }
    },
    async fetch(entry, into) {
      const remote = directory === '.' ? entry.name : path.posix.join(directory, entry.name)
      return spool(client.createReadStream(remote) as unknown as Readable, into)
    },
    async close() {
      await client.end().catch(() => undefined)
    },
  }
}
