import { Transform } from 'node:stream'
import { pageMeta } from '@server/db/paging'
import { cappedTotal } from './paging'
import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { Parser, type Options as CsvOptions } from 'csv-parse'
import {
  INGESTION_AUDIO_MAX_BYTES,
  INGESTION_FETCH_TIMEOUT_MS,
  type IngestionLine,
  type IngestionRowResult,
  type IngestionStatus,
} from '@contract/catalogue-ops'
import type { UploadedFile } from '@contract/define'
import { displayName } from '@core/names'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { accounts } from '@server/db/schema/platform'
import { HttpError, notFound } from '@server/errors'
import { auditedMutation, type AuditActor } from '@server/audit'
import { csvStream, keysetRows } from '@server/csv-stream'
import { bigintArray, textArray } from '@server/db/arrays'
import { copyFrom } from '@server/db/copy'
import { createIngestedReleases } from '@domains/catalogue/server/public'
import { AudioFetchError, fetchAudio } from './audio-fetcher'
import {
  FileMemory,
  ReleaseMemory,
  COLUMN_NAMES,
  INGESTION_HEADERS,
  REQUIRED_COLUMNS,
  checkRow,
  codesInWorkspace,
  copyRowsText,
  rowFields,
  ROW_COLUMNS,
  lookUpAccounts,
  type AccountVerdict,
  type CheckedRow,
  type RawRow,
  type ReleaseData,
  type RowData,
} from './ingestion-rows'
import { ingestionRows, ingestions } from './schema'
import { checkCsvFile, storeCsvFile } from './csv-file'

// Catalogue ingestion (docs/catalogue-ops.md "Catalogue ingestion"): upload → parse job (dry run)
// → commit job, RELEASE_BATCH releases per transaction, two transactions at once.

export const PARSE_JOB = 'ingestion.parse'
export const COMMIT_JOB = 'ingestion.commit'
const ENTITY = 'ingestion'
const NO_INGESTION = 'There is no such ingestion.'
/** Rows checked and written per statement (2,000: half the round trips and plans of 1,000 per row, ~1.7 MB of JSON a chunk). */
const CHUNK = 2000
/**
 * Releases made per transaction (and between two progress reports): 500 (~5,000 tracks) spreads
 * each batch's fixed cost (begin, commit, progress, read-ahead hand-over: ~50 ms) over 2.5 times the
 * rows; a batch's statements cost about the same a row at 2,000 or 10,000 tracks, and a failed
 * batch is retried release by release, so larger batches buy little more.
 */
const RELEASE_BATCH = 500

const RUNNING: IngestionStatus[] = ['uploaded', 'parsing', 'committing']

type IngestionRecord = typeof ingestions.$inferSelect

function toRow(
  row: IngestionRecord,
  by: { id: number | null; email: string | null; firstName: string | null; lastName: string | null } | null,
): IngestionRowResult {
  return {
    id: row.id,
    status: row.status as IngestionStatus,
    fileName: row.fileName,
    fetchAudio: row.fetchAudio,
    rows: row.rows,
    good: row.good,
    bad: row.bad,
    committed: row.committed,
    failed: row.failed,
    releases: row.releases,
    progress: Number(row.progress),
    error: row.error,
    created: row.createdAt,
    committedAt: row.committedAt,
    createdBy: by?.id ? { id: by.id, name: displayName({ email: by.email ?? '', firstName: by.firstName, lastName: by.lastName }) } : null,
  }
}

const byColumns = { id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName }

async function readOne(q: Queryable, tenantId: number, id: number): Promise<IngestionRowResult> {
  const [found] = await q
    .select({ row: ingestions, by: byColumns })
    .from(ingestions)
    .leftJoin(accounts, eq(accounts.id, ingestions.createdBy))
    .where(and(eq(ingestions.id, id), eq(ingestions.tenantId, tenantId)))
  if (!found) throw notFound(NO_INGESTION)
  return toRow(found.row, found.by)
}

export const getIngestion = (ctx: AuthedContext, id: number) => readOne(ctx.services.db, ctx.tenant.id, id)

/** Stores the CSV (spooled, never read whole) and queues its dry run. */
export async function uploadIngestion(ctx: AuthedContext, input: { fetchAudio: boolean }, file: UploadedFile | undefined) {
  checkCsvFile(file)
  const { services } = ctx
  const tenantId = ctx.tenant.id
  return auditedMutation(ctx, { action: 'ingestion.uploaded', entityType: ENTITY }, async (tx) => {
    const stored = await storeCsvFile(tx, ctx, file, 'catalogue-ingestion', 'catalogue.csv')
    const [created] = await tx
      .insert(ingestions)
      .values({
        tenantId,
        fileId: stored.id,
        fileName: stored.originalName,
        fetchAudio: input.fetchAudio,
        createdBy: ctx.session.account.id,
      })
      .returning({ id: ingestions.id })
    const jobId = await services.jobs.enqueue(tx, {
      type: PARSE_JOB,
      tenantId,
      createdBy: ctx.session.account.id,
      payload: { tenantId, ingestionId: created.id },
      maxAttempts: 3,
    })
    await tx.update(ingestions).set({ jobId }).where(eq(ingestions.id, created.id))
    return {
      result: { id: created.id, status: 'uploaded' as const },
      entityId: created.id,
      after: { fileName: stored.originalName, fetchAudio: input.fetchAudio },
    }
  })
}

async function setProgress(services: Services, id: number, fraction: number) {
  await services.db
    .update(ingestions)
    .set({ progress: Math.min(1, Math.max(0, fraction)).toFixed(4) })
    .where(eq(ingestions.id, id))
}

async function failIngestion(services: Services, id: number, message: string) {
  await services.db.update(ingestions).set({ status: 'failed', error: message }).where(eq(ingestions.id, id))
}

/** Counts bytes as they pass, for the progress bar. */
function byteCounter(onBytes: (total: number) => void) {
  let total = 0
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length
      onBytes(total)
      done(null, chunk)
    },
  })
}

/**
 * csv-parse's stream with each record's CSV line number set on the record itself (`line`: the line
 * its record ends on, as `info.lines` gives it). With `info: true` the parser built an info object of
 * ~12 fields for every record and the dry run copied the record to add the line to it (~1 s of node's
 * CPU for 100,000 rows at load ~5); records are pushed while the parser reads them, so its running
 * line count is the record's.
 */
class LineParser extends Parser {
  constructor(options: CsvOptions) {
    super({ ...options, info: false })
  }
  override push(record: unknown, encoding?: BufferEncoding): boolean {
    if (record !== null && typeof record === 'object') (record as RawRow).line = this.info.lines
    return super.push(record, encoding)
  }
}

/**
 * The dry run: streams the stored CSV, checks each row on its own, against the file so far and
 * against the workspace, and writes every row with its verdict, a thousand at a time. A run that
 * died starts over (its rows are dropped first), so it can run again.
 */
export async function parseIngestion(services: Services, tenantId: number, ingestionId: number, signal?: AbortSignal) {
  const db = services.db
  const [ingestion] = await db
    .select()
    .from(ingestions)
    .where(and(eq(ingestions.id, ingestionId), eq(ingestions.tenantId, tenantId)))
  if (!ingestion || !['uploaded', 'parsing'].includes(ingestion.status)) return { skipped: true }
  await db.update(ingestions).set({ status: 'parsing', progress: '0', error: null }).where(eq(ingestions.id, ingestionId))
  await db.delete(ingestionRows).where(eq(ingestionRows.ingestionId, ingestionId))
  const file = ingestion.fileId ? await services.files.find(db, tenantId, ingestion.fileId) : null
  if (!file) {
    await failIngestion(services, ingestionId, 'The uploaded file is gone.')
    return { failed: true }
  }

  const accountsSeen = new Map<string, AccountVerdict>()
  const memory = new FileMemory()
  const totals = { rows: 0, good: 0, bad: 0 }
  const releases = new ReleaseMemory()
  let bytes = 0
  // Set by the parser once it has read the header row.
  const columns: { missing: string[] } = { missing: [] }

  // A chunk goes through two stages: checked (on its own and against the file so far, then against
  // the workspace) and written (COPY, totals, progress), each in file order. The file is parsed and
  // the next chunks checked while the database writes the one before: node's parse and checks and
  // PostgreSQL's COPY run side by side (they ran one after the other for each chunk, ~370 ms a 2,000
  // rows at load ~5, node's share ~66 ms of checks plus the parse). At most two chunks wait on the
  // database beside the one being parsed.
  const check = async (raws: RawRow[]) => {
    const checked = raws.map(checkRow)
    for (const row of checked) memory.check(row)
    await lookUpAccounts(
      db,
      tenantId,
      checked.map((row) => row.userEmail),
      accountsSeen,
    )
    const { onRelease, onTrack } = await codesInWorkspace(db, tenantId, checked)
    for (const row of checked) {
      const account = accountsSeen.get(row.userEmail)
      if (row.userEmail && account?.error) row.errors.push(account.error)
      if (row.upc && onRelease.has(row.upc.padStart(13, '0')))
        row.errors.push(`The UPC is already on release #${onRelease.get(row.upc.padStart(13, '0'))}`)
      if (row.isrc && onTrack.has(row.isrc)) row.errors.push(`The ISRC is already on track #${onTrack.get(row.isrc)}`)
      if (row.data && account?.id) row.data.accountId = account.id
    }
    return checked
  }
  const write = async (checked: CheckedRow[], bytesRead: number) => {
    // In file order (writes go one after the other), so each release's first good row keeps its fields.
    for (const row of checked) {
      totals.rows += 1
      if (row.errors.length) totals.bad += 1
      else {
        totals.good += 1
        releases.compact(row)
      }
    }
    await writeRows(services, tenantId, ingestionId, checked)
    await setProgress(services, ingestionId, file.size ? bytesRead / file.size : 0)
  }
  let checking: Promise<CheckedRow[]> = Promise.resolve([])
  let writing: Promise<void> = Promise.resolve()
  let olderWrite: Promise<void> = Promise.resolve()
  const push = (raws: RawRow[]) => {
    // check() runs its checks of the row and of the file so far before its first await, so chunks
    // meet the file memory in file order; their account look-ups may overlap (a map of verdicts).
    const checked = check(raws)
    const bytesRead = bytes
    const written = Promise.all([checked, writing]).then(([rows]) => write(rows, bytesRead))
    checking = checked
    writing = written
    // Awaited before the next chunk starts or at the end; one that throws first must not go unhandled.
    checked.catch(() => undefined)
    written.catch(() => undefined)
  }

  try {
    const source = await services.files.open(file)
    const parser = new LineParser({
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      columns: (headerRow: string[]) => {
        const names = headerRow.map((name) => INGESTION_HEADERS[name.toLowerCase().replace(/[^a-z]/g, '')] ?? `ignored:${name}`)
        columns.missing = REQUIRED_COLUMNS.filter((column) => !names.includes(column)).map((column) => COLUMN_NAMES[column] ?? column)
        return names
      },
    })
    const records = source.pipe(byteCounter((total) => (bytes = total))).pipe(parser)
    let chunk: RawRow[] = []
    for await (const record of records as AsyncIterable<RawRow>) {
      if (columns.missing.length) break
      if (signal?.aborted) throw new Error('stopped')
      chunk.push(record)
      if (chunk.length >= CHUNK) {
        // Backpressure: the chunk before has been checked and the one before it written.
        await checking
        await olderWrite
        olderWrite = writing
        push(chunk)
        chunk = []
      }
    }
    await writing
    if (columns.missing.length) {
      source.destroy()
      await db.delete(ingestionRows).where(eq(ingestionRows.ingestionId, ingestionId))
      await failIngestion(services, ingestionId, `The CSV needs the columns: ${columns.missing.join(', ')}.`)
      return { failed: true }
    }
    if (chunk.length) {
      push(chunk)
      await writing
    }
  } catch (error) {
    await Promise.allSettled([checking, writing])
    if (signal?.aborted) throw error
    await failIngestion(services, ingestionId, `The CSV could not be read: ${(error as Error).message}`)
    return { failed: true }
  }
  if (totals.rows === 0) {
    await failIngestion(services, ingestionId, 'The CSV has no rows.')
    return { failed: true }
  }
  await db
    .update(ingestions)
    .set({ status: 'review', progress: '1', ...totals, releases: releases.size })
    .where(eq(ingestions.id, ingestionId))
  return totals
}

/**
 * Writes a chunk of checked rows: on PostgreSQL one COPY FROM STDIN (a third of the time of the
 * same rows as one jsonb_to_recordset insert, which parsed the whole chunk as jsonb first); on PGlite,
 * which takes no COPY through its socket, one statement with the chunk as one JSON parameter. A
 * drizzle multi-row VALUES bound 13,000 parameters a 1,000 rows and cost more than the insert itself.
 */
async function writeRows(services: Services, tenantId: number, ingestionId: number, rows: CheckedRow[]) {
  if (services.database.kind === 'postgres') {
    const client = await services.database.pool.connect()
    try {
      await copyFrom(client, `copy ingestion_rows (${ROW_COLUMNS}) from stdin`, [copyRowsText(tenantId, ingestionId, rows)])
    } finally {
      client.release()
    }
    return
  }
  await services.db.execute(sql`
    insert into ${ingestionRows} (${sql.raw(ROW_COLUMNS)})
    select ${tenantId}, ${ingestionId}, r.csv_row, r.release_key, r.user_email, r.release_title, r.track_title, r.track_url, r.isrc, r.upc, r.status, r.error, r.data
      from json_to_recordset(${JSON.stringify(rows.map(rowFields))}::json)
        as r(csv_row integer, release_key text, user_email text, release_title text, track_title text, track_url text,
             isrc text, upc text, status text, error text, data json)`)
}

/** Commit a dry run: refused unless it is one, or when it has no good row; the commit job does the work. */
export async function commitIngestion(ctx: AuthedContext, id: number) {
  const lock = { table: ingestions, id, tenantId: ctx.tenant.id, missing: NO_INGESTION }
  await auditedMutation(ctx, { action: 'ingestion.committed', entityType: ENTITY, lock }, async (tx) => {
    const [row] = await tx.select().from(ingestions).where(eq(ingestions.id, id))
    if (row.status !== 'review')
      throw new HttpError(409, `Only a dry run can be committed; this ingestion is ${row.status}.`, 'conflict', { id: 'Not a dry run.' })
    if (row.good === 0) throw new HttpError(409, 'No row of this file is good: nothing to commit.', 'conflict', { id: 'No good rows.' })
    const jobId = await ctx.services.jobs.enqueue(tx, {
      type: COMMIT_JOB,
      tenantId: ctx.tenant.id,
      createdBy: ctx.session.account.id,
      payload: { tenantId: ctx.tenant.id, ingestionId: id },
      maxAttempts: 5,
    })
    await tx.update(ingestions).set({ status: 'committing', progress: '0', jobId }).where(eq(ingestions.id, id))
    return { result: null, before: { status: row.status }, after: { status: 'committing' } }
  })
  return readOne(ctx.services.db, ctx.tenant.id, id)
}

type PendingRow = {
  id: number
  csv_row: number
  track_url: string | null
  data: RowData
} & Record<string, unknown>

/** Fetches a row's audio and stores it; its error fails the row only. */
async function audioFor(services: Services, tenantId: number, createdBy: number | null, url: string) {
  const fetched = await fetchAudio(url, {
    maxBytes: INGESTION_AUDIO_MAX_BYTES,
    timeoutMs: INGESTION_FETCH_TIMEOUT_MS,
    allowHosts: services.config.audioFetchAllowHosts,
  })
  try {
    const stored = await services.files.save(services.db, {
      tenantId,
      purpose: 'track-audio',
      originalName: fetched.fileName,
      data: fetched.data,
      kind: 'audio',
      maxBytes: INGESTION_AUDIO_MAX_BYTES,
      createdBy,
    })
    return `/api/files/${stored.id}`
  } catch (error) {
    throw new AudioFetchError((error as Error).message)
  }
}

async function failRows(db: Queryable, ids: number[], message: string) {
  if (!ids.length) return
  await db.update(ingestionRows).set({ status: 'failed', error: message }).where(inArray(ingestionRows.id, ids))
}

/** A row to commit: its audio stored, and its release's fields (its own, or its release's first good row's). */
type ReadyRow = PendingRow & { audioUrl: string | null; release: ReleaseData }

const COMMITTED_ELSEWHERE = 'The rows were committed by another run'

/**
 * Creates the releases of `groups` (each the ready rows of one release, in CSV order) in one
 * transaction: the releases and their tracks in multi-row inserts, the rows marked committed with
 * the release and track made, one audit row per release. All of it or none of it.
 */
async function commitReleases(services: Services, actor: AuditActor, tenantId: number, ingestionId: number, groups: ReadyRow[][]) {
  const db = services.db
  await auditedMutation({ db, actor }, { action: 'release.ingested', entityType: 'release' }, async (tx) => {
    const made = await createIngestedReleases(
      tx,
      services,
      tenantId,
      groups.map((ready) => ({
        accountId: ready[0].data.accountId,
        ...ready[0].release,
        tracks: ready.map((row) => ({
          ...row.data.track,
          participants: row.data.track.participants ?? row.release.participants,
          audioUrl: row.audioUrl,
        })),
      })),
    )
    const rows = groups.flat()
    // The row's payload (`data`) is dropped once committed: only the commit reads it, and only while
    // the row is valid. The row's new version is then ~1/5 of the WAL (529 kB against 2,634 kB for
    // 4,000 rows) and the update ~40 % shorter (median 38 against 67 ms at load 6).
    const { rows: marked } = await tx.execute<{ id: number }>(sql`
      update ${ingestionRows} r
         set status = 'committed', release_id = v.release_id, track_id = v.track_id, committed_at = now(), error = null, data = null
        from unnest(${bigintArray(rows.map((row) => Number(row.id)))}, ${bigintArray(made.flatMap((release, index) => groups[index].map(() => release.releaseId)))},
                    ${bigintArray(made.flatMap((release) => release.trackIds))}) as v(row_id, release_id, track_id)
       where r.id = v.row_id and r.ingestion_id = ${ingestionId} and r.status = 'valid'
      returning r.id`)
    // Another run committed some of these rows meanwhile: undo this batch rather than make them twice.
    if (marked.length !== rows.length) throw new Error(COMMITTED_ELSEWHERE)
    return {
      result: made,
      records: made.map((release, index) => {
        const first = groups[index][0].release
        return {
          entityId: release.releaseId,
          after: { ingestionId, title: first.title, tracks: release.trackIds.length, status: first.submit ? 2 : 0, ...release.codes },
        }
      }),
    }
  })
}

/**
 * Creates the releases of the good rows, RELEASE_BATCH releases per transaction (multi-row inserts:
 * a transaction per release ran at ~100 rows/s). A batch that fails (one release's UPC taken
 * meanwhile, say) is retried release by release, so only the release at fault fails its rows. Two
 * batches commit at once on two connections. A run that died goes on where it stopped: committed rows
 * are no longer `valid`, and a batch is never half made.
 */
export async function runCommit(
  services: Services,
  tenantId: number,
  ingestionId: number,
  signal?: AbortSignal,
  batchSize = RELEASE_BATCH,
) {
  const db = services.db
  const [ingestion] = await db
    .select()
    .from(ingestions)
    .where(and(eq(ingestions.id, ingestionId), eq(ingestions.tenantId, tenantId)))
  if (!ingestion || ingestion.status !== 'committing') return { skipped: true }
  const actor: AuditActor = { tenantId, actorAccountId: ingestion.createdBy }
  // Counted once: a run that died before goes on from the rows still valid.
  const [{ waiting }] = await db
    .select({ waiting: count() })
    .from(ingestionRows)
    .where(and(eq(ingestionRows.ingestionId, ingestionId), eq(ingestionRows.status, 'valid')))
  let left = Number(waiting)
  // Batches go in release_key order and leave no row of theirs valid, so the next batch starts after
  // the last key: read from the start, the index entries of the rows committed so far were walked
  // again by every batch, and the run grew with the square of its size.
  // The next batch is read (and its audio fetched) while this one commits, on another connection:
  // its keys are past this batch's last key, so the two never share a row (~0.1 s of each ~0.35 s batch).
  const readBatch = async (after: string | null) => {
    const { rows: keys }: { rows: { release_key: string }[] } = await db.execute<{ release_key: string }>(sql`
      select distinct release_key from ${ingestionRows}
       where ingestion_id = ${ingestionId} and status = 'valid' ${after === null ? sql`` : sql`and release_key > ${after}`}
       order by release_key limit ${batchSize}`)
    if (!keys.length) return null
    // The failed rows of these releases come too (rows whose audio failed; a release that failed as a
    // whole has no valid row left): a release's first good row, valid or failed, holds the release
    // fields its later rows left out (ReleaseMemory).
    const { rows: read } = await db.execute<PendingRow & { release_key: string; status: string }>(sql`
      select id, csv_row, track_url, data, release_key, status from ${ingestionRows}
       where ingestion_id = ${ingestionId} and status in ('valid', 'failed')
         and release_key = any(${sql.param(textArray(keys.map((key) => key.release_key)))}::text[])
       order by release_key, csv_row`)
    const firstRelease = new Map<string, ReleaseData | undefined>()
    const rows = read.filter((row) => {
      if (!firstRelease.has(row.release_key)) firstRelease.set(row.release_key, row.data?.release)
      return row.status === 'valid'
    })
    const groups = new Map<string, ReadyRow[]>()
    for (const row of rows) {
      const release = row.data.release ?? firstRelease.get(row.release_key)
      if (!release) {
        // Only a payload damaged outside the application gets here: the row fails, not the batch.
        await failRows(db, [Number(row.id)], 'The release fields of this row are missing')
        continue
      }
      let audioUrl: string | null = null
      if (ingestion.fetchAudio && row.track_url) {
        try {
          audioUrl = await audioFor(services, tenantId, ingestion.createdBy, row.track_url)
        } catch (error) {
          await failRows(db, [Number(row.id)], error instanceof AudioFetchError ? error.message : 'The audio could not be fetched')
          continue
        }
      }
      const group = groups.get(row.release_key) ?? []
      group.push({ ...row, audioUrl, release })
      groups.set(row.release_key, group)
    }
    return { lastKey: keys[keys.length - 1].release_key, rows: rows.length, groups }
  }
  // Commits one batch in its own transaction; when the batch fails, release by release, so a fault
  // fails only its own rows.
  const commitBatch = async (batch: ReadyRow[][]) => {
    try {
      await commitReleases(services, actor, tenantId, ingestionId, batch)
    } catch {
      for (const ready of batch) {
        if (signal?.aborted) throw new Error('stopped')
        try {
          await commitReleases(services, actor, tenantId, ingestionId, [ready])
        } catch (error) {
          if ((error as Error).message === COMMITTED_ELSEWHERE) continue
          await failRows(
            db,
            ready.map((row) => Number(row.id)),
            `The release could not be created: ${(error as Error).message}`,
          )
        }
      }
    }
  }
  // Two batches commit at once, each in its own transaction on its own connection (PostgreSQL runs
  // each statement on one core; PGlite's one connection takes them one after the other). Their
  // release keys are disjoint, so they never touch the same rows, and a crash leaves each batch
  // whole or absent as before: the next run takes the rows still valid, wherever they are.
  let committing: { done: Promise<void>; rows: number } | null = null
  // Progress is reported in batch order, once the batch before has ended.
  const settle = async () => {
    if (!committing) return
    const { done, rows } = committing
    committing = null
    await done
    left = Math.max(0, left - rows)
    await setProgress(services, ingestionId, ingestion.good ? 1 - left / ingestion.good : 1)
  }
  let next = readBatch(null)
  let latest: Promise<void> | null = null
  try {
    for (;;) {
      // Stopped between two batches, never inside one: the batch under way ends (or rolls back)
      // on its own, and the next run goes on from there.
      if (signal?.aborted) {
        await next.catch(() => undefined)
        await settle()
        throw new Error('stopped')
      }
      const read = await next
      if (!read) break
      next = readBatch(read.lastKey)
      // Awaited at the top of the next turn; a batch that throws first must not leave it unhandled.
      next.catch(() => undefined)
      const done = commitBatch([...read.groups.values()])
      latest = done
      done.catch(() => undefined)
      await settle()
      committing = { done, rows: read.rows }
    }
  } catch (error) {
    // The job ends only once no batch of it is still committing, so its retry never races one.
    await latest?.catch(() => undefined)
    throw error
  }
  await settle()
  const { rows: totals } = await db.execute<{ committed: number; failed: number; releases: number }>(sql`
    select count(*) filter (where status = 'committed')::int as committed,
           count(*) filter (where status = 'failed')::int as failed,
           count(distinct release_id)::int as releases
      from ${ingestionRows} where ingestion_id = ${ingestionId}`)
  await db
    .update(ingestions)
    .set({
      status: 'committed',
      progress: '1',
      committed: Number(totals[0].committed),
      failed: Number(totals[0].failed),
      releases: Number(totals[0].releases),
      committedAt: services.now(),
    })
    .where(eq(ingestions.id, ingestionId))
  return totals[0]
}

export function registerIngestionJobs(runner: Services['jobs'], services: Services) {
  runner.register<{ tenantId: number; ingestionId: number }>(PARSE_JOB, ({ payload, signal }) =>
    parseIngestion(services, payload.tenantId, payload.ingestionId, signal),
  )
  runner.register<{ tenantId: number; ingestionId: number }>(COMMIT_JOB, ({ payload, signal }) =>
    runCommit(services, payload.tenantId, payload.ingestionId, signal),
  )
}

export async function ingestionHistory(ctx: AuthedContext, page: number, perPage: number) {
  const db = ctx.services.db
  const where = eq(ingestions.tenantId, ctx.tenant.id)
  const [rows, { total, estimate }] = await Promise.all([
    db
      .select({ row: ingestions, by: byColumns })
      .from(ingestions)
      .leftJoin(accounts, eq(accounts.id, ingestions.createdBy))
      .where(where)
      .orderBy(desc(ingestions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    cappedTotal(db, ingestions, where),
  ])
  return {
    data: rows.map(({ row, by }) => toRow(row, by)),
    meta: pageMeta(total, estimate, page, perPage),
  }
}

const lineColumns = {
  id: ingestionRows.id,
  csvRow: ingestionRows.csvRow,
  userEmail: ingestionRows.userEmail,
  releaseTitle: ingestionRows.releaseTitle,
  trackTitle: ingestionRows.trackTitle,
  trackUrl: ingestionRows.trackUrl,
  isrc: ingestionRows.isrc,
  status: ingestionRows.status,
  error: ingestionRows.error,
  releaseId: ingestionRows.releaseId,
}

export async function ingestionLines(ctx: AuthedContext, query: { id: number; page: number; per_page: number; filter: 'all' | 'errors' }) {
  await readOne(ctx.services.db, ctx.tenant.id, query.id)
  const where = and(
    eq(ingestionRows.ingestionId, query.id),
    eq(ingestionRows.tenantId, ctx.tenant.id),
    query.filter === 'errors' ? inArray(ingestionRows.status, ['invalid', 'failed']) : undefined,
  )
  const db = ctx.services.db
  const [rows, { total, estimate }] = await Promise.all([
    db
      .select(lineColumns)
      .from(ingestionRows)
      .where(where)
      .orderBy(ingestionRows.csvRow, ingestionRows.id)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    cappedTotal(db, ingestionRows, where),
  ])
  return {
    data: rows.map((row) => ({ ...row, status: row.status as IngestionLine['status'] })),
    meta: pageMeta(total, estimate, query.page, query.per_page),
  }
}

export const LOG_HEADER = ['csv_row', 'user_email', 'release_title', 'track_title', 'track_url', 'isrc', 'status', 'error_message'] as const

/** The rows as CSV, streamed a page at a time on (csv_row, id). */
export async function downloadLogs(ctx: AuthedContext, id: number) {
  const ingestion = await readOne(ctx.services.db, ctx.tenant.id, id)
  const tenantId = ctx.tenant.id
  async function* rows() {
    const source = keysetRows<{ csv_row: number; id: number } & Record<string, unknown>, [number, number]>(
      ctx.services.db,
      (after, size) => sql`
        select id, csv_row, user_email, release_title, track_title, track_url, isrc, status, error from ${ingestionRows}
         where ingestion_id = ${id} and tenant_id = ${tenantId}
           ${after ? sql`and (csv_row, id) > (${after[0]}, ${after[1]})` : sql``}
         order by csv_row, id limit ${size}`,
      (row) => [Number(row.csv_row), Number(row.id)],
    )
    for await (const row of source)
      yield [row.csv_row, row.user_email, row.release_title, row.track_title, row.track_url, row.isrc, row.status, row.error] as const
  }
  const name = ingestion.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '-') || 'catalogue'
  return ctx.reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="ingestion-${id}-${name}-logs.csv"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(csvStream(LOG_HEADER, rows()))
}

/** Rows ingested (committed) and failed (bad in the dry run, or failed at commit) per day. */
export async function ingestionGraph(ctx: AuthedContext, days: number) {
  const since = new Date(ctx.services.now().getTime() - (days - 1) * 86_400_000)
  since.setUTCHours(0, 0, 0, 0)
  const { rows } = await ctx.services.db.execute<{ day: string; ingested: number; failed: number }>(sql`
    select to_char(date_trunc('day', coalesce(committed_at, created_at) at time zone 'UTC'), 'YYYY-MM-DD') as day,
           count(*) filter (where status = 'committed')::int as ingested,
           count(*) filter (where status in ('invalid', 'failed'))::int as failed
      from ${ingestionRows}
     where tenant_id = ${ctx.tenant.id} and created_at >= ${since.toISOString()}::timestamptz and status <> 'valid'
     group by 1 order by 1`)
  const byDay = new Map(rows.map((row) => [row.day, row]))
  const data = Array.from({ length: days }, (_, index) => {
    const day = new Date(since.getTime() + index * 86_400_000).toISOString().slice(0, 10)
    const row = byDay.get(day)
    return { day, ingested: Number(row?.ingested ?? 0), failed: Number(row?.failed ?? 0) }
  })
  return { data }
}

/** Removes one ingestion that is not running: its rows and stored file go; releases it made stay. */
export async function removeIngestion(ctx: AuthedContext, id: number) {
  const before = await readOne(ctx.services.db, ctx.tenant.id, id)
  const lock = { table: ingestions, id, tenantId: ctx.tenant.id, missing: NO_INGESTION }
  const fileId = await auditedMutation(ctx, { action: 'ingestion.removed', entityType: ENTITY, lock }, async (tx) => {
    const [row] = await tx.select().from(ingestions).where(eq(ingestions.id, id))
    if (RUNNING.includes(row.status as IngestionStatus))
      throw new HttpError(409, 'This ingestion is running: remove it once it has finished.', 'conflict', { id: 'It is running.' })
    // Its rows first: ingestion_rows has no foreign key to cascade them (schema.ts).
    await tx.delete(ingestionRows).where(and(eq(ingestionRows.ingestionId, id), eq(ingestionRows.tenantId, ctx.tenant.id)))
    await tx.delete(ingestions).where(eq(ingestions.id, id))
    return { result: row.fileId, before: { fileName: row.fileName, status: row.status, rows: row.rows } }
  })
  await removeFiles(ctx, fileId === null ? [] : [fileId])
  return { ...before, status: 'cancelled' as const }
}

/** Clears the history: every ingestion that is not running, with its rows. */
export async function clearIngestions(ctx: AuthedContext) {
  const removed = await auditedMutation(ctx, { action: 'ingestion.cleared', entityType: ENTITY, entityId: ctx.tenant.id }, async (tx) => {
    const rows = await tx
      .delete(ingestions)
      .where(and(eq(ingestions.tenantId, ctx.tenant.id), notInArray(ingestions.status, RUNNING)))
      .returning({ id: ingestions.id, fileId: ingestions.fileId })
    // Their rows with them (no foreign key cascades them, schema.ts).
    if (rows.length)
      await tx.delete(ingestionRows).where(
        and(
          eq(ingestionRows.tenantId, ctx.tenant.id),
          inArray(
            ingestionRows.ingestionId,
            rows.map((row) => row.id),
          ),
        ),
      )
    return { result: rows, after: { removed: rows.length } }
  })
  await removeFiles(
    ctx,
    removed.flatMap((row) => (row.fileId === null ? [] : [row.fileId])),
  )
  return { removed: removed.length }
}

async function removeFiles(ctx: AuthedContext, ids: number[]) {
  for (const fileId of ids) {
    const file = await ctx.services.files.find(ctx.services.db, ctx.tenant.id, fileId)
    if (file) await ctx.services.files.remove(ctx.services.db, file).catch(() => undefined)
  }
}
