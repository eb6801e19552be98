import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import {
  TREND_SOURCE_FILE_STATUSES,
  type TrendSource,
  type TrendSourceFile,
  type TrendSourceKind,
  type trendSourceBody,
} from '@contract/analytics'
import { IMPORTABLE_PLATFORMS, platformLabel } from '@core/analytics-platforms'
import type { z } from 'zod'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { countCapped, pageMeta } from '@server/db/paging'
import { textArray } from '@server/db/arrays'
import { actorOf, auditedMutation } from '@server/audit'
import { HttpError, badRequest, notFound } from '@server/errors'
import { trendSources } from './schema'
import { commitTrendImport, createTrendImport, parseTrendImport, type TrendActor } from './trend-import'
import { DropError, SETTLE_MS, folderPath, openFolderDrop, openSftpDrop, type Drop, type DropEntry, type Fetched } from './schedule-drops'

// Scheduled trend imports (docs/analytics.md, "Scheduled imports"): per platform a watched folder
// and/or an SFTP drop, each polled by its own repeating job. A new file is claimed (source, name,
// size, modification time) before it is fetched, then goes through the trend import's own entry
// point, so its content hash refuses bytes already imported and its dry run waits for commit
// (or is committed at once when the source says so).

export const SOURCE_POLL_JOB = 'analytics.sources.poll'
export const NO_SOURCE = 'This scheduled source does not exist.'
/** New files fetched by one check; the rest wait for the next. */
export const FILES_PER_CHECK = 20
/** A claim older than this was left by a check that died: the file is fetched again. */
const STALE_CLAIM_MINUTES = 60
const ENTITY = 'trendSource'

type SourceBody = z.output<typeof trendSourceBody>
type Row = Record<string, unknown>

const secretContext = (tenantId: number, platform: string, kind: string, what: 'password' | 'private-key') =>
  `tenant:${tenantId}:trend-source:${platform}:${kind}:${what}`

const SOURCE_COLUMNS = sql`
  s.id, s.tenant_id, s.platform, s.kind, s.enabled, s.directory, s.pattern, s.host, s.port, s.username,
  s.password_encrypted is not null as has_password, s.private_key_encrypted is not null as has_private_key,
  s.host_key_sha256, s.every_minutes, s.auto_commit, s.last_checked_at, s.last_error,
  (select min(j.run_at) from jobs j where j.type = ${SOURCE_POLL_JOB} and j.tenant_id = s.tenant_id
     and j.status = 'queued' and j.payload->>'sourceId' = s.id::text) as next_check`

const iso = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value))

function toSource(row: Row): TrendSource {
  return {
    id: Number(row.id),
    platform: String(row.platform),
    kind: row.kind as TrendSourceKind,
    enabled: Boolean(row.enabled),
    directory: String(row.directory),
    pattern: String(row.pattern),
    host: (row.host as string | null) ?? null,
    port: row.port === null || row.port === undefined ? null : Number(row.port),
    username: (row.username as string | null) ?? null,
    hasPassword: Boolean(row.has_password),
    hasPrivateKey: Boolean(row.has_private_key),
    hostKey: (row.host_key_sha256 as string | null) ?? null,
    everyMinutes: Number(row.every_minutes),
    autoCommit: Boolean(row.auto_commit),
    lastChecked: iso(row.last_checked_at),
    lastError: (row.last_error as string | null) ?? null,
    nextCheck: iso(row.next_check),
  }
}

async function sourceRow(db: Queryable, tenantId: number, id: number): Promise<TrendSource | null> {
  const { rows } = await db.execute<Row>(
    sql`select ${SOURCE_COLUMNS} from trend_sources s where s.id = ${id} and s.tenant_id = ${tenantId}`,
  )
  return rows[0] ? toSource(rows[0]) : null
}

/** Every importable platform with its folder and SFTP drop (null: not configured). */
export async function listSources(ctx: AuthedContext) {
  const { rows } = await ctx.services.db.execute<Row>(
    sql`select ${SOURCE_COLUMNS} from trend_sources s where s.tenant_id = ${ctx.tenant.id} order by s.platform, s.kind`,
  )
  const sources = rows.map(toSource)
  const of = (platform: string, kind: TrendSourceKind) => sources.find((s) => s.platform === platform && s.kind === kind) ?? null
  return IMPORTABLE_PLATFORMS.map((platform) => ({
    platform,
    label: platformLabel(platform),
    folder: of(platform, 'folder'),
    sftp: of(platform, 'sftp'),
  }))
}

/**
 * Queues the source's next check at `runAt` unless one is queued already; `sooner` moves a queued
 * one forward (Check now, a changed setting). One queued poll per source at most.
 */
async function queuePoll(services: Services, db: Queryable, tenantId: number, sourceId: number, runAt: Date, sooner = false) {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from jobs where type = ${SOURCE_POLL_JOB} and tenant_id = ${tenantId} and status = 'queued'
      and payload->>'sourceId' = ${String(sourceId)} order by run_at limit 1`)
  if (rows[0]) {
    if (sooner) {
      await db.execute(
        sql`update jobs set run_at = least(run_at, ${runAt.toISOString()}::timestamptz), updated_at = now() where id = ${rows[0].id}`,
      )
      services.jobs.wake()
    }
    return
  }
  await services.jobs.enqueue(db, { type: SOURCE_POLL_JOB, tenantId, payload: { tenantId, sourceId }, runAt, maxAttempts: 1 })
}

async function dropQueuedPolls(db: Queryable, tenantId: number, sourceId: number) {
  await db.execute(sql`
    delete from jobs where type = ${SOURCE_POLL_JOB} and tenant_id = ${tenantId} and status = 'queued'
      and payload->>'sourceId' = ${String(sourceId)}`)
}

/** Creates or changes a platform's folder or SFTP drop; an enabled source is checked at once, then every `everyMinutes`. */
export async function saveSource(ctx: AuthedContext, platform: string, kind: TrendSourceKind, body: SourceBody): Promise<TrendSource> {
  const { services } = ctx
  const tenantId = ctx.tenant.id
  const existing = await services.db.execute<Row>(sql`
    select id, host, port, username, password_encrypted, private_key_encrypted from trend_sources
    where tenant_id = ${tenantId} and platform = ${platform} and kind = ${kind}`)
  const before = existing.rows[0]
  let values: { host: string | null; port: number | null; username: string | null; password: string | null; key: string | null }
  if (kind === 'sftp') {
    const errors: Record<string, string> = {}
    if (!body.host) errors.host = 'The SFTP server’s host name'
    if (!body.username) errors.username = 'The user to sign in as'
    const password = body.clearPassword
      ? null
      : body.password
        ? services.secrets.encrypt(body.password, secretContext(tenantId, platform, kind, 'password'))
        : ((before?.password_encrypted as string | null) ?? null)
    const key = body.clearPrivateKey
      ? null
      : body.privateKey
        ? services.secrets.encrypt(body.privateKey, secretContext(tenantId, platform, kind, 'private-key'))
        : ((before?.private_key_encrypted as string | null) ?? null)
    if (!password && !key) errors.password = 'A password or a private key'
    if (Object.keys(errors).length) throw badRequest('The SFTP drop is not complete.', errors)
    values = { host: body.host!, port: body.port, username: body.username!, password, key }
  } else {
    try {
      await folderPath(services.config.dataDir, tenantId, body.directory, true)
    } catch (error) {
      if (error instanceof DropError) throw badRequest(error.message, { directory: error.message })
      throw error
    }
    values = { host: null, port: null, username: null, password: null, key: null }
  }
  // Another server (or another port) has another host key: pin again at its first connection.
  const sameServer = before && before.host === values.host && Number(before.port ?? 0) === Number(values.port ?? 0)
  const id = await auditedMutation(
    { db: services.db, actor: actorOf(ctx, tenantId) },
    { action: before ? 'analytics.source.updated' : 'analytics.source.created', entityType: ENTITY },
    async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into trend_sources (tenant_id, platform, kind, enabled, directory, pattern, host, port, username,
          password_encrypted, private_key_encrypted, every_minutes, auto_commit, created_by)
        values (${tenantId}, ${platform}, ${kind}, ${body.enabled}, ${body.directory}, ${body.pattern}, ${values.host},
          ${values.port}, ${values.username}, ${values.password}, ${values.key}, ${body.everyMinutes}, ${body.autoCommit},
          ${ctx.session.account.id})
        on conflict (tenant_id, platform, kind) do update set enabled = excluded.enabled, directory = excluded.directory,
          pattern = excluded.pattern, host = excluded.host, port = excluded.port, username = excluded.username,
          password_encrypted = excluded.password_encrypted, private_key_encrypted = excluded.private_key_encrypted,
          every_minutes = excluded.every_minutes, auto_commit = excluded.auto_commit, last_error = null, updated_at = now(),
          host_key_sha256 = ${sameServer ? sql`trend_sources.host_key_sha256` : sql`null`}
        returning id`)
      const sourceId = Number(rows[0].id)
      if (body.enabled) await queuePoll(services, tx, tenantId, sourceId, services.now(), true)
      else await dropQueuedPolls(tx, tenantId, sourceId)
      const shown = {
        platform,
        kind,
        enabled: body.enabled,
        directory: body.directory,
        pattern: body.pattern,
        host: values.host,
        port: values.port,
        username: values.username,
        hasPassword: Boolean(values.password),
        hasPrivateKey: Boolean(values.key),
        everyMinutes: body.everyMinutes,
        autoCommit: body.autoCommit,
      }
      return { result: sourceId, entityId: sourceId, before: before ? { id: Number(before.id) } : null, after: shown }
    },
  )
  return (await sourceRow(services.db, tenantId, id))!
}

const sourceLock = (tenantId: number, id: number) => ({ table: trendSources, id, tenantId, missing: NO_SOURCE })

export async function removeSource(ctx: AuthedContext, id: number) {
  const tenantId = ctx.tenant.id
  await auditedMutation(
    { db: ctx.services.db, actor: actorOf(ctx, tenantId) },
    { action: 'analytics.source.removed', entityType: ENTITY, lock: sourceLock(tenantId, id) },
    async (tx) => {
      const { rows } = await tx.execute<Row>(sql`
        delete from trend_sources where id = ${id} and tenant_id = ${tenantId} returning platform, kind`)
      await dropQueuedPolls(tx, tenantId, id)
      return { result: undefined, before: { platform: rows[0]?.platform, kind: rows[0]?.kind } }
    },
  )
  return { id }
}

/** "Check now": the source's queued poll runs at once (or one is queued now). */
export async function checkSourceNow(ctx: AuthedContext, id: number): Promise<TrendSource> {
  const { services } = ctx
  const tenantId = ctx.tenant.id
  await auditedMutation(
    { db: services.db, actor: actorOf(ctx, tenantId) },
    { action: 'analytics.source.check_requested', entityType: ENTITY, lock: sourceLock(tenantId, id) },
    async (tx) => {
      const { rows } = await tx.execute<{ enabled: boolean }>(
        sql`select enabled from trend_sources where id = ${id} and tenant_id = ${tenantId}`,
      )
      if (!rows[0]?.enabled) throw new HttpError(409, 'This source is turned off: turn it on to check it.', 'conflict')
      await queuePoll(services, tx, tenantId, id, services.now(), true)
      return { result: undefined }
    },
  )
  return (await sourceRow(services.db, tenantId, id))!
}

// ---------------------------------------------------------------------------------------------
// The poll

type StoredSource = {
  id: number
  tenant_id: number
  platform: string
  kind: TrendSourceKind
  enabled: boolean
  directory: string
  pattern: string
  host: string | null
  port: number | null
  username: string | null
  password_encrypted: string | null
  private_key_encrypted: string | null
  host_key_sha256: string | null
  every_minutes: number
  auto_commit: boolean
}

async function openDrop(services: Services, source: StoredSource): Promise<Drop> {
  if (source.kind === 'folder') return openFolderDrop(services.config.dataDir, source.tenant_id, source.directory, source.pattern)
  const open = (sealed: string | null, what: 'password' | 'private-key') =>
    sealed ? services.secrets.decrypt(sealed, secretContext(source.tenant_id, source.platform, source.kind, what)) : undefined
  let secrets: { password?: string; privateKey?: string }
  try {
    secrets = { password: open(source.password_encrypted, 'password'), privateKey: open(source.private_key_encrypted, 'private-key') }
  } catch {
    throw new DropError('The stored password or key cannot be read (the application secret changed): save the source again.')
  }
  let seen: string | null = null
  const drop = await openSftpDrop(
    {
      host: source.host ?? '',
      port: Number(source.port ?? 22),
      username: source.username ?? '',
      ...secrets,
      directory: source.directory,
      pattern: source.pattern,
      hostKey: source.host_key_sha256,
    },
    (fingerprint) => (seen = fingerprint),
  )
  if (seen && !source.host_key_sha256)
    await services.db.execute(sql`
      update trend_sources set host_key_sha256 = ${seen} where id = ${source.id} and host_key_sha256 is null`)
  return drop
}

type Outcome = { status: 'imported' | 'duplicate' | 'failed'; importId: number | null; error: string | null }

/** One fetched file through the trend import's entry point; an import refused for its content is recorded, not thrown. */
async function importFetched(services: Services, source: StoredSource, name: string, fetched: Fetched): Promise<Outcome> {
  const actor: TrendActor = { tenantId: source.tenant_id, actorAccountId: null, ip: null, requestId: `trend-source:${source.id}` }
  try {
    const file = { filename: name, data: fetched.head, spooled: { path: fetched.path, size: fetched.size, sha256: fetched.sha256 } }
    const created = await createTrendImport(services, actor, source.platform, file, !source.auto_commit)
    if (source.auto_commit && (await parseTrendImport(services, source.tenant_id, created.id))) {
      const { rows } = await services.db.execute<{ status: string; error: string | null }>(
        sql`select status, error from trend_imports where id = ${created.id}`,
      )
      if (rows[0]?.status === 'review') await commitTrendImport(services, actor, created.id)
      else if (rows[0]?.status === 'failed') return { status: 'imported', importId: created.id, error: rows[0].error }
    }
    return { status: 'imported', importId: created.id, error: null }
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error
    if (error.statusCode === 409) {
      const { rows } = await services.db.execute<{ id: number }>(sql`
        select id from trend_imports where tenant_id = ${source.tenant_id} and content_hash = ${fetched.sha256}
          and status not in ('cancelled', 'failed') order by id limit 1`)
      return { status: 'duplicate', importId: rows[0] ? Number(rows[0].id) : null, error: error.message }
    }
    return { status: 'failed', importId: null, error: error.message }
  }
}

/** Files listed but not yet fetched (nor claimed), oldest first, settled ones only. */
async function newEntries(services: Services, source: StoredSource, listed: DropEntry[]): Promise<DropEntry[]> {
  const settled = listed.filter((entry) => services.now().getTime() - entry.modifiedAt.getTime() >= SETTLE_MS)
  if (!settled.length) return []
  const { rows } = await services.db.execute<{ name: string; size: number; modified_at: Date | string }>(sql`
    select name, size, modified_at from trend_source_files
    where source_id = ${source.id} and name = any(${textArray(settled.map((entry) => entry.name))}::text[])`)
  const seen = new Set(rows.map((row) => `${row.name}\u0000${Number(row.size)}\u0000${new Date(row.modified_at).getTime()}`))
  return settled
    .filter((entry) => !seen.has(`${entry.name}\u0000${entry.size}\u0000${entry.modifiedAt.getTime()}`))
    .sort((a, b) => a.modifiedAt.getTime() - b.modifiedAt.getTime() || a.name.localeCompare(b.name))
}

export interface PollResult {
  checked: boolean
  fetched: number
  imported: number
  duplicates: number
  failed: number
  error: string | null
}

/** The poll job's work: list the drop, fetch and import each new file, record what happened. */
export async function pollSource(services: Services, tenantId: number, sourceId: number, signal?: AbortSignal): Promise<PollResult> {
  const { db } = services
  const result: PollResult = { checked: false, fetched: 0, imported: 0, duplicates: 0, failed: 0, error: null }
  const { rows } = await db.execute<StoredSource>(sql`select * from trend_sources where id = ${sourceId} and tenant_id = ${tenantId}`)
  const source = rows[0] ? { ...rows[0], id: Number(rows[0].id), tenant_id: Number(rows[0].tenant_id) } : null
  if (!source?.enabled) return result
  result.checked = true
  await db.execute(sql`
    delete from trend_source_files where source_id = ${source.id} and status = 'fetching'
      and fetched_at < now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`)
  let drop: Drop | null = null
  try {
    drop = await openDrop(services, source)
    const fresh = await newEntries(services, source, await drop.list())
    for (const entry of fresh) {
      if (result.fetched >= FILES_PER_CHECK || signal?.aborted) break
      const claim = await db.execute<{ id: number }>(sql`
        insert into trend_source_files (tenant_id, source_id, name, size, modified_at)
        values (${tenantId}, ${source.id}, ${entry.name}, ${entry.size}, ${entry.modifiedAt.toISOString()}::timestamptz)
        on conflict (source_id, name, size, modified_at) do nothing returning id`)
      if (!claim.rows[0]) continue
      const fileId = Number(claim.rows[0].id)
      result.fetched += 1
      const spoolPath = path.join(os.tmpdir(), `wl-trend-source-${randomUUID()}`)
      let outcome: Outcome
      let hash: string | null = null
      try {
        const fetched = await drop.fetch(entry, spoolPath)
        hash = fetched.sha256
        outcome = await importFetched(services, source, entry.name, fetched)
      } catch (error) {
        const known = error instanceof DropError
        if (!known) console.error('scheduled trend file failed', { sourceId: source.id, fileId, error: (error as Error).message })
        outcome = {
          status: 'failed',
          importId: null,
          error: known ? error.message : 'The file could not be fetched or imported; it is tried again only if it changes.',
        }
      } finally {
        // The import moved the spool into the file store; anything left is a failure's.
        await rm(spoolPath, { force: true })
      }
      if (outcome.status === 'imported') result.imported += 1
      else if (outcome.status === 'duplicate') result.duplicates += 1
      else result.failed += 1
      await db.execute(sql`
        update trend_source_files set status = ${outcome.status}, import_id = ${outcome.importId}, error = ${outcome.error},
          content_hash = ${hash} where id = ${fileId}`)
    }
  } catch (error) {
    if (!(error instanceof DropError)) throw error
    result.error = error.message
  } finally {
    await drop?.close()
    await db.execute(sql`
      update trend_sources set last_checked_at = now(), last_error = ${result.error} where id = ${source.id} and tenant_id = ${tenantId}`)
  }
  return result
}

export function registerSourceJobs(runner: Services['jobs'], services: Services) {
  runner.register<{ tenantId: number; sourceId: number }>(SOURCE_POLL_JOB, async ({ payload, signal }) => {
    try {
      return await pollSource(services, payload.tenantId, payload.sourceId, signal)
    } finally {
      // The next check, whatever this one met (an unreachable server is tried again at the next one).
      const { rows } = await services.db.execute<{ every_minutes: number; enabled: boolean }>(sql`
        select every_minutes, enabled from trend_sources where id = ${payload.sourceId} and tenant_id = ${payload.tenantId}`)
      if (rows[0]?.enabled && !signal.aborted)
        await queuePoll(
          services,
          services.db,
          payload.tenantId,
          payload.sourceId,
          new Date(services.now().getTime() + Number(rows[0].every_minutes) * 60_000),
        )
    }
  })
}

// ---------------------------------------------------------------------------------------------
// The history

export async function sourceFilesPage(ctx: AuthedContext, query: { page: number; per_page: number; source_id?: number }) {
  const { db } = ctx.services
  const tenantId = ctx.tenant.id
  const only = query.source_id ? sql`and f.source_id = ${query.source_id}` : sql``
  if (query.source_id && !(await sourceRow(db, tenantId, query.source_id))) throw notFound(NO_SOURCE)
  const { total, estimate } = await countCapped(db, sql`from trend_source_files f where f.tenant_id = ${tenantId} ${only}`)
  const { rows } = await db.execute<Row>(sql`
    select f.id, f.source_id, s.platform, s.kind, f.name, f.size, f.modified_at, f.fetched_at, f.status, f.error,
      f.import_id, i.status as import_status
    from trend_source_files f join trend_sources s on s.id = f.source_id and s.tenant_id = f.tenant_id
      left join trend_imports i on i.id = f.import_id and i.tenant_id = f.tenant_id
    where f.tenant_id = ${tenantId} ${only}
    order by f.fetched_at desc, f.id desc limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`)
  const data: TrendSourceFile[] = rows.map((row) => ({
    id: Number(row.id),
    sourceId: Number(row.source_id),
    platform: String(row.platform),
    kind: row.kind as TrendSourceKind,
    name: String(row.name),
    size: Number(row.size),
    modified: iso(row.modified_at)!,
    fetched: iso(row.fetched_at)!,
    status: (TREND_SOURCE_FILE_STATUSES as readonly string[]).includes(String(row.status))
      ? (row.status as TrendSourceFile['status'])
      : 'failed',
    error: (row.error as string | null) ?? null,
    importId: row.import_id === null ? null : Number(row.import_id),
    importStatus: (row.import_status as TrendSourceFile['importStatus']) ?? null,
  }))
  return { data, meta: pageMeta(total, estimate, query.page, query.per_page) }
}
