import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import ssh2 from 'ssh2'
import { createTestApp, type TestApp } from '../helpers/app'
import { sftpHostKey } from '../fakes/sftp-server'
import type { TestClient } from '../helpers/client'
import { twoWorkspaces } from '../helpers/fixtures'
import { createRelease } from './releases-fixtures'
import { dropRoot } from '../../src/domains/analytics/server/schedule-drops'
import { SOURCE_POLL_JOB } from '../../src/domains/analytics/server/schedule'

const { Server, utils } = ssh2
const { STATUS_CODE } = utils.sftp

/** A local SFTP server serving the files it holds (read only): listing, stat and reading. */
async function startSftpDrop(user: string, password: string) {
  const files = new Map<string, { data: Buffer; mtime: number }>()
  const hostKey = sftpHostKey()
  const logins: string[] = []
  const server = new Server({ hostKeys: [hostKey] }, (client) => {
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === user && ctx.password === password) {
        logins.push(ctx.username)
        ctx.accept()
      } else ctx.reject(['password'])
    })
    client.on('ready', () => {
      client.on('session', (accept) => {
        accept().on('sftp', (acceptSftp) => {
          const sftp = acceptSftp()
          const handles = new Map<number, { dir?: string; listed?: boolean; file?: Buffer }>()
          let next = 0
          const handle = (value: { dir?: string; file?: Buffer }) => {
            const buffer = Buffer.alloc(4)
            buffer.writeUInt32BE(next, 0)
            handles.set(next, value)
            next += 1
            return buffer
          }
          const of = (buffer: Buffer) => handles.get(buffer.readUInt32BE(0))
          const attrs = (isDir: boolean, size = 0, mtime = 0) => ({
            mode: isDir ? 0o40755 : 0o100644,
            uid: 0,
            gid: 0,
            size,
            atime: mtime,
            mtime,
          })
          const dirOf = (name: string) => (name.endsWith('/') ? name.slice(0, -1) : name) || '/'
          sftp.on('REALPATH', (id, name) => {
            const full = name === '.' ? '/' : name.startsWith('/') ? name : `/${name}`
            sftp.name(id, [{ filename: full, longname: full, attrs: attrs(true) }])
          })
          const stat = (id: number, name: string) => {
            const file = files.get(name)
            if (file) return sftp.attrs(id, attrs(false, file.data.length, file.mtime))
            if ([...files.keys()].some((key) => key.startsWith(`${dirOf(name)}/`)) || name === '/') return sftp.attrs(id, attrs(true))
            return sftp.status(id, STATUS_CODE.NO_SUCH_FILE)
          }
          sftp.on('STAT', stat)
          sftp.on('LSTAT', stat)
          sftp.on('OPENDIR', (id, name) => sftp.handle(id, handle({ dir: dirOf(name) })))
          sftp.on('READDIR', (id, buffer) => {
            const open = of(buffer)
            if (!open?.dir || open.listed) return sftp.status(id, STATUS_CODE.EOF)
            open.listed = true
            const entries = [...files.entries()]
              .filter(([key]) => path.posix.dirname(key) === open.dir)
              .map(([key, file]) => ({
                filename: path.posix.basename(key),
                longname: `-rw-r--r-- 1 0 0 ${file.data.length} Jan 1 2026 ${path.posix.basename(key)}`,
                attrs: attrs(false, file.data.length, file.mtime),
              }))
            return sftp.name(id, entries)
          })
          sftp.on('OPEN', (id, name) => {
            const file = files.get(name)
            if (!file) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE)
            sftp.handle(id, handle({ file: file.data }))
          })
          sftp.on('FSTAT', (id, buffer) => sftp.attrs(id, attrs(false, of(buffer)?.file?.length ?? 0)))
          sftp.on('READ', (id, buffer, offset, length) => {
            const file = of(buffer)?.file
            if (!file || offset >= file.length) return sftp.status(id, STATUS_CODE.EOF)
            sftp.data(id, file.subarray(offset, Math.min(file.length, offset + length)))
          })
          sftp.on('CLOSE', (id, buffer) => {
            handles.delete(buffer.readUInt32BE(0))
            sftp.status(id, STATUS_CODE.OK)
          })
        })
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  return { port, files, logins, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

let t: TestApp
let sftp: Awaited<ReturnType<typeof startSftpDrop>>
let ws: Awaited<ReturnType<typeof twoWorkspaces>>['ws']
let admin: TestClient
let artist: TestClient
let otherAdmin: TestClient

const HEADER = 'date,isrc,track_uri,country,streams,listeners,source,product,gender,age_group,device_type'
const report = (...lines: string[]) => Buffer.from([HEADER, ...lines].join('\n') + '\n')
/** Older than the settle time: a file still being written is left for the next check. */
const anHourAgo = () => new Date(Date.now() - 3_600_000)

function dropFile(folder: string, name: string, data: Buffer, modified = anHourAgo()) {
  const dir = path.join(dropRoot(t.services.config.dataDir, ws.tenant.id), folder)
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, name), data)
  utimesSync(path.join(dir, name), modified, modified)
}

async function check(id: number) {
  await admin.ok('analytics.checkSource', { params: { id } })
  await t.services.jobs.drain()
}

const history = async (sourceId: number) => (await admin.ok('analytics.sourceFiles', { query: { source_id: sourceId } })).data
const importCount = async () =>
  Number(
    (await t.services.db.execute<{ n: number }>(sql`select count(*)::int as n from trend_imports where tenant_id = ${ws.tenant.id}`))
      .rows[0].n,
  )
const streamsOf = async () =>
  Number(
    (
      await t.services.db.execute<{ n: string }>(
        sql`select coalesce(sum(streams), 0)::bigint as n from trend_daily where tenant_id = ${ws.tenant.id}`,
      )
    ).rows[0].n,
  )

beforeAll(async () => {
  sftp = await startSftpDrop('trends', 'drop-pass')
  t = await createTestApp()
  ;({ ws, admin, artist, otherAdmin } = await twoWorkspaces(t, 'acme', 'globex'))
  await createRelease(t.services, { tenantId: ws.tenant.id, accountId: ws.artist.id, title: 'Night Drive' }, [
    { isrc: 'USWL12600001' },
    { isrc: 'USWL12600002' },
  ])
})
afterAll(async () => {
  await t.close()
  await sftp.close()
})

describe('scheduled trend imports', () => {
  it('shows every importable platform as not configured at first, to staff only', async () => {
    const sources = await admin.ok('analytics.sources')
    expect(sources.find((row) => row.platform === 'spotify')).toEqual({ platform: 'spotify', label: 'Spotify', folder: null, sftp: null })
    expect(sources.every((row) => row.folder === null && row.sftp === null)).toBe(true)
    expect((await artist.call('analytics.sources')).status).toBe(403)
  })

  it('imports each new file of a watched folder once through the trend import, and the same bytes twice change nothing', async () => {
    const data = report('2026-03-01,USWL12600001,,US,120,80,album,paid,f,18-24,mobile', '2026-03-01,USXX00000009,,GB,7,5,,,,,')
    dropFile('spotify/daily', 'spotify-2026-03-01.csv', data)
    dropFile('spotify/daily', 'notes.txt', Buffer.from('not a report'))
    dropFile('spotify/daily', 'still-copying.csv', report('2026-03-02,USWL12600001,,US,5,5,,,,,'), new Date())
    // Saving queues the first check at once.
    const source = await admin.ok('analytics.saveSource', {
      params: { platform: 'spotify', kind: 'folder' },
      body: { directory: 'spotify/daily', pattern: '*.csv', everyMinutes: 30 },
    })
    expect(source).toMatchObject({ platform: 'spotify', kind: 'folder', enabled: true, everyMinutes: 30 })
    await t.services.jobs.drain()

    const [first, ...rest] = await history(source.id)
    expect(rest).toEqual([])
    expect(first).toMatchObject({
      name: 'spotify-2026-03-01.csv',
      status: 'imported',
      platform: 'spotify',
      kind: 'folder',
      size: data.length,
    })
    // The file went the upload's way: stored, read, dry run ready for commit.
    const detail = await admin.ok('analytics.import', { params: { id: first.importId! } })
    expect(detail).toMatchObject({ status: 'review', fileName: 'spotify-2026-03-01.csv', rows: 2, matched: 1, streams: 127 })
    expect(first.importStatus).toBe('review')
    const after = (await admin.ok('analytics.sources')).find((row) => row.platform === 'spotify')!.folder!
    expect(after.lastChecked).not.toBeNull()
    expect(after.lastError).toBeNull()
    // The next check is queued, every 30 minutes.
    expect(new Date(after.nextCheck!).getTime() - Date.now()).toBeGreaterThan(29 * 60_000)

    // Checked again: nothing new is fetched; the same bytes under another name are refused by their hash.
    const imports = await importCount()
    await check(source.id)
    expect(await history(source.id)).toHaveLength(1)
    dropFile('spotify/daily', 'copy-of-march.csv', data)
    await check(source.id)
    const [copy] = await history(source.id)
    expect(copy).toMatchObject({ name: 'copy-of-march.csv', status: 'duplicate', importId: first.importId })
    expect(await importCount()).toBe(imports)
  })

  it('records a file the import refuses, with its reason, and does not fetch it again', async () => {
    const source = (await admin.ok('analytics.sources')).find((row) => row.platform === 'spotify')!.folder!
    dropFile('spotify/daily', 'broken.csv', Buffer.from('day;plays\n2026-03-01;4\n'))
    await check(source.id)
    const [broken] = await history(source.id)
    expect(broken).toMatchObject({ name: 'broken.csv', status: 'failed', importId: null })
    expect(broken.error).toMatch(/column/i)
    await check(source.id)
    expect((await history(source.id)).filter((row) => row.name === 'broken.csv')).toHaveLength(1)
  })

  it('commits at once when the source says so: the streams reach the rollups', async () => {
    const before = await streamsOf()
    dropFile('apple', 'apple.csv', Buffer.from('date,isrc,storefront,streams,listeners\n2026-03-03,USWL12600002,US,33,20\n'))
    await admin.ok('analytics.saveSource', {
      params: { platform: 'apple', kind: 'folder' },
      body: { directory: 'apple', autoCommit: true },
    })
    await t.services.jobs.drain()
    const source = (await admin.ok('analytics.sources')).find((row) => row.platform === 'apple')!.folder!
    const [file] = await history(source.id)
    expect(file).toMatchObject({ status: 'imported', importStatus: 'committed' })
    expect((await streamsOf()) - before).toBe(33)
  })

  it('keeps a watched folder inside the workspace drop folder', async () => {
    const escape = await admin.call('analytics.saveSource', { params: { platform: 'deezer', kind: 'folder' }, body: { directory: '../1' } })
    expect(escape.status).toBe(400)
    expect(escape.error.errors?.directory).toBeTruthy()
    const absolute = await admin.call('analytics.saveSource', {
      params: { platform: 'deezer', kind: 'folder' },
      body: { directory: '/etc' },
    })
    // A leading slash is read inside the drop folder, never at the machine's root.
    expect(absolute.status).toBe(200)
    expect(absolute.data.directory).toBe('/etc')
    await t.services.jobs.drain()
    expect(await history(absolute.data.id)).toEqual([])
  })

  it('fetches from an SFTP drop with a password stored encrypted, pins its host key, and reports a refused sign-in', async () => {
    const incomplete = await admin.call('analytics.saveSource', {
      params: { platform: 'deezer', kind: 'sftp' },
      body: { host: '127.0.0.1' },
    })
    expect(incomplete.status).toBe(400)
    expect(Object.keys(incomplete.error.errors ?? {}).sort()).toEqual(['password', 'username'])

    const data = Buffer.from('date,isrc,country,streams,listeners\n2026-03-04,USWL12600001,FR,41,30\n')
    sftp.files.set('/outgoing/deezer-0304.csv', { data, mtime: Math.floor(Date.now() / 1000) - 3600 })
    const saved = await admin.ok('analytics.saveSource', {
      params: { platform: 'deezer', kind: 'sftp' },
      body: { host: '127.0.0.1', port: sftp.port, username: 'trends', password: 'drop-pass', directory: '/outgoing' },
    })
    expect(saved).toMatchObject({
      kind: 'sftp',
      host: '127.0.0.1',
      port: sftp.port,
      username: 'trends',
      hasPassword: true,
      hasPrivateKey: false,
    })
    expect(JSON.stringify(saved)).not.toContain('drop-pass')
    const stored = await t.services.db.execute<{ password_encrypted: string }>(
      sql`select password_encrypted from trend_sources where id = ${saved.id}`,
    )
    expect(stored.rows[0].password_encrypted).not.toContain('drop-pass')
    expect(stored.rows[0].password_encrypted.startsWith('v1.')).toBe(true)

    await t.services.jobs.drain()
    expect((await admin.ok('analytics.sources')).find((row) => row.platform === 'deezer')!.sftp!.lastError).toBeNull()
    const [file] = await history(saved.id)
    expect(file).toMatchObject({ name: 'deezer-0304.csv', status: 'imported', kind: 'sftp', size: data.length })
    expect(await admin.ok('analytics.import', { params: { id: file.importId! } })).toMatchObject({
      platform: 'deezer',
      streams: 41,
      matched: 1,
    })
    const pinned = (await admin.ok('analytics.sources')).find((row) => row.platform === 'deezer')!.sftp!
    expect(pinned.hostKey).toMatch(/^[0-9a-f]{64}$/)

    // Saved again without a password: the stored one is kept.
    await admin.ok('analytics.saveSource', {
      params: { platform: 'deezer', kind: 'sftp' },
      body: { host: '127.0.0.1', port: sftp.port, username: 'trends', directory: '/outgoing', everyMinutes: 15 },
    })
    sftp.files.set('/outgoing/deezer-0305.csv', {
      data: Buffer.from(data.toString().replace('03-04', '03-05')),
      mtime: Math.floor(Date.now() / 1000) - 60,
    })
    await t.services.jobs.drain()
    expect((await history(saved.id)).map((row) => row.name)).toEqual(['deezer-0305.csv', 'deezer-0304.csv'])
    expect((await admin.ok('analytics.sources')).find((row) => row.platform === 'deezer')!.sftp!.hostKey).toBe(pinned.hostKey)

    // A wrong password: the check says why; nothing is fetched.
    await admin.ok('analytics.saveSource', {
      params: { platform: 'deezer', kind: 'sftp' },
      body: { host: '127.0.0.1', port: sftp.port, username: 'trends', password: 'wrong', directory: '/outgoing' },
    })
    await t.services.jobs.drain()
    const refused = (await admin.ok('analytics.sources')).find((row) => row.platform === 'deezer')!.sftp!
    expect(refused.lastError).toMatch(/Could not connect to 127\.0\.0\.1/)
    expect(refused.lastError).not.toContain('wrong')
    expect(await history(saved.id)).toHaveLength(2)
  })

  it('keeps sources to their workspace, audits changes, and removes a source with its polling', async () => {
    const source = (await admin.ok('analytics.sources')).find((row) => row.platform === 'spotify')!.folder!
    expect((await otherAdmin.call('analytics.checkSource', { params: { id: source.id } })).status).toBe(404)
    expect((await otherAdmin.call('analytics.removeSource', { params: { id: source.id } })).status).toBe(404)
    expect((await otherAdmin.call('analytics.sourceFiles', { query: { source_id: source.id } })).status).toBe(404)
    expect((await otherAdmin.ok('analytics.sourceFiles', { query: {} })).data).toEqual([])
    expect((await otherAdmin.ok('analytics.sources')).every((row) => row.folder === null && row.sftp === null)).toBe(true)

    await admin.ok('analytics.removeSource', { params: { id: source.id } })
    const queued = await t.services.db.execute<{ n: number }>(sql`
      select count(*)::int as n from jobs where type = ${SOURCE_POLL_JOB} and status = 'queued' and payload->>'sourceId' = ${String(source.id)}`)
    expect(Number(queued.rows[0].n)).toBe(0)
    expect((await admin.ok('analytics.sources')).find((row) => row.platform === 'spotify')!.folder).toBeNull()
    const audit = await t.services.db.execute<{ action: string }>(sql`
      select action from audit_log where tenant_id = ${ws.tenant.id} and entity_type = 'trendSource' order by id`)
    expect(audit.rows.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'analytics.source.created',
        'analytics.source.updated',
        'analytics.source.check_requested',
        'analytics.source.removed',
      ]),
    )
  })

  it('turned off, a source is not polled and cannot be checked', async () => {
    const off = await admin.ok('analytics.saveSource', {
      params: { platform: 'amazon', kind: 'folder' },
      body: { directory: 'amazon', enabled: false },
    })
    expect(off.nextCheck).toBeNull()
    expect((await admin.call('analytics.checkSource', { params: { id: off.id } })).status).toBe(409)
  })
})
