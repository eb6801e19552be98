import type { AddressInfo } from 'node:net'
import { generateKeyPairSync } from 'node:crypto'
import ssh2 from 'ssh2'

// The SFTP delivery target's stand-in: the API test (tests/api/catalogue-ops-delivery.test.ts) and the
// Chromium spec (tests/e2e/delivery.spec.ts) deliver to it and read what arrived.

const { Server, utils } = ssh2
const { STATUS_CODE } = utils.sftp

/**
 * A host key for a local SFTP server. Not ssh2's own ed25519 generator: about 1 key in 250 it makes
 * is one its parser then refuses ("Malformed OpenSSH private key"), which failed a test run now and
 * then. An RSA key in PEM from Node's crypto always parses.
 */
export const sftpHostKey = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'pkcs1', format: 'pem' },
  }).privateKey

/**
 * A local SFTP server holding what it receives in memory (directories and files); refuses writes when
 * asked to. On a free port unless one is given (the e2e spec's server is configured to a fixed one).
 */
export async function startSftpFake(user: string, password: string, listenPort = 0) {
  const dirs = new Set<string>(['/'])
  const files = new Map<string, Buffer>()
  const state = { refuseWrites: false }
  const hostKey = sftpHostKey()
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === user && ctx.password === password) ctx.accept()
      else ctx.reject(['password'])
    })
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept()
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp()
          const open = new Map<number, { path: string; chunks: Buffer[] }>()
          let next = 0
          const attrs = (isDir: boolean, size = 0) => ({ mode: isDir ? 0o40755 : 0o100644, uid: 0, gid: 0, size, atime: 0, mtime: 0 })
          const handleOf = (buffer: Buffer) => buffer.readUInt32BE(0)
          sftp.on('REALPATH', (id, name) => {
            const full = name === '.' ? '/' : name.startsWith('/') ? name : `/${name}`
            sftp.name(id, [{ filename: full, longname: full, attrs: attrs(true) }])
          })
          const stat = (id: number, name: string) => {
            if (dirs.has(name)) return sftp.attrs(id, attrs(true))
            const file = files.get(name)
            if (file) return sftp.attrs(id, attrs(false, file.length))
            return sftp.status(id, STATUS_CODE.NO_SUCH_FILE)
          }
          sftp.on('STAT', stat)
          sftp.on('LSTAT', stat)
          sftp.on('MKDIR', (id, name) => {
            dirs.add(name)
            sftp.status(id, STATUS_CODE.OK)
          })
          sftp.on('OPEN', (id, filename) => {
            if (state.refuseWrites) return sftp.status(id, STATUS_CODE.PERMISSION_DENIED)
            const handle = Buffer.alloc(4)
            handle.writeUInt32BE(next, 0)
            open.set(next, { path: filename, chunks: [] })
            next += 1
            sftp.handle(id, handle)
          })
          sftp.on('WRITE', (id, handle, _offset, data) => {
            open.get(handleOf(handle))?.chunks.push(Buffer.from(data))
            sftp.status(id, STATUS_CODE.OK)
          })
          sftp.on('CLOSE', (id, handle) => {
            const file = open.get(handleOf(handle))
            if (file) files.set(file.path, Buffer.concat(file.chunks))
            open.delete(handleOf(handle))
            sftp.status(id, STATUS_CODE.OK)
          })
        })
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  return { port, files, dirs, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
