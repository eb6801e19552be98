import type { Readable } from 'node:stream'
import path from 'node:path/posix'
import SftpClient from 'ssh2-sftp-client'
import type { Config } from '@server/config'

export const SFTP_NOT_CONFIGURED = 'SFTP delivery is not configured'
const TIMEOUT_MS = 30_000

/** A delivery target reached over SFTP: the package's files are written under its directory. */
export interface SftpTarget {
  readonly configured: boolean
  /** Writes each file (creating its folders); throws with the server's reason. */
  upload(files: readonly { path: string; data: Buffer | Readable }[]): Promise<void>
}

export function createSftpTarget(config: Config['deliverySftp']): SftpTarget {
  const configured = Boolean(config.host && config.username)
  return {
    configured,
    async upload(files) {
      if (!configured) throw new Error(SFTP_NOT_CONFIGURED)
      const client = new SftpClient('delivery')
      await client.connect({
        host: config.host,
        port: config.port,
        username: config.username,
        password: config.password,
        readyTimeout: TIMEOUT_MS,
      })
      try {
        const made = new Set<string>()
        for (const file of files) {
          const target = path.join(config.directory, file.path)
          const folder = path.dirname(target)
          if (!made.has(folder)) {
            await client.mkdir(folder, true)
            made.add(folder)
          }
          await client.put(file.data, target)
        }
      } finally {
        await client.end().catch(() => undefined)
      }
    },
  }
}
