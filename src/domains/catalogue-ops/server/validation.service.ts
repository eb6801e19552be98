import { Transform } from 'node:stream'
import { and, desc, eq, sql } from 'drizzle-orm'
import { parse } from 'csv-parse'
import { MISMATCH_LABELS, type MismatchKind, type ValidationStatus } from '@contract/catalogue-ops'
import type { UploadedFile } from '@contract/define'
import { displayName } from '@core/names'
import { checkUpc } from '@core/identifiers'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { accounts } from '@server/db/schema/platform'
import { notFound } from '@server/errors'
import { auditedMutation } from '@server/audit'
import { csvStream, keysetRows } from '@server/csv-stream'
import { pageMeta } from '@server/db/paging'
import { RELEASE_STATUS } from '@core/release-status'
import { cappedTotal } from './paging'
import { catalogueValidationMismatches, catalogueValidationRows, catalogueValidations } from './schema'
import { checkCsvFile, storeCsvFile } from './csv-file'

// AudioSalad validation (docs/formats/audiosalad-catalogue.md): an AudioSalad catalogue export is
// streamed into a staging table a thousand rows at a time, then compared with the workspace's
// releases and tracks by UPC and ISRC in SQL (never the catalogue in memory); the differences are
// kept per release and can be downloaded. Nothing in the catalogue changes.

export const VALIDATE_JOB = 'validation.run'
const ENTITY = 'catalogue_validation'
const CHUNK = 1000

/** Header (lower case, letters only) → our column; the first match wins. */
const HEADERS: Record<string, 'upc' | 'isrc' | 'releaseTitle' | 'artist' | 'label' | 'releaseDate'> = {}
const alias = (column: (typeof HEADERS)[string], names: string[]) => {
  for (const name of names) HEADERS[name.toLowerCase().replace(/[^a-z]/g, '')] ??= column
}
alias('upc', ['UPC', 'Release UPC', 'Product UPC', 'EAN', 'Barcode', 'ICPN', 'upc_code'])
alias('isrc', ['ISRC', 'Track ISRC', 'Asset ISRC'])
alias('releaseTitle', ['Release Title', 'Release Name', 'Album Title', 'Album', 'Product Title', 'Title'])
alias('artist', ['Release Artist', 'Display Artist', 'Release Display Artist', 'Album Artist', 'Artist', 'Artist Name', 'Primary Artist'])
alias('label', ['Label', 'Label Name', 'Record Label', 'Imprint'])
alias('releaseDate', ['Release Date', 'Digital Release Date', 'Street Date', 'Sale Start Date', 'Original Release Date'])

/** Releases that have gone out to the stores: the ones an AudioSalad catalogue should hold too. */
const SENT_OUT = [
  RELEASE_STATUS.live,
  RELEASE_STATUS.exported,
  RELEASE_STATUS.editPending,
  RELEASE_STATUS.edited,
  RELEASE_STATUS.takedownPending,
]

type Record_ = typeof catalogueValidations.$inferSelect

function toRow(row: Record_, by: { id: number | null; email: string | null; firstName: string | null; lastName: string | null } | null) {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status as ValidationStatus,
    rows: row.rows,
    releases: row.releases,
    mismatchedReleases: row.mismatchedReleases,
    mismatches: row.mismatches,
    progress: Number(row.progress),
    error: row.error,
    created: row.createdAt,
    finished: row.finishedAt,
    createdBy: by?.id ? { id: by.id, name: displayName({ firstName: by.firstName, lastName: by.lastName, email: by.email ?? '' }) } : null,
  }
}

const byColumns = { id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName }

async function readOne(q: Queryable, tenantId: number, id: number) {
  const [found] = await q
    .select({ row: catalogueValidations, by: byColumns })
    .from(catalogueValidations)
    .leftJoin(accounts, eq(accounts.id, catalogueValidations.createdBy))
    .where(and(eq(catalogueValidations.id, id), eq(catalogueValidations.tenantId, tenantId)))
  if (!found) throw notFound('There is no such validation in this workspace.')
  return toRow(found.row, found.by)
}

export const getValidation = (ctx: AuthedContext, id: number) => readOne(ctx.services.db, ctx.tenant.id, id)

/** Stores the export (spooled, never read whole) and queues its comparison. */
export async function uploadValidation(ctx: AuthedContext, file: UploadedFile | undefined) {
  checkCsvFile(file)
  const { services } = ctx
  const tenantId = ctx.tenant.id
  return auditedMutation(ctx, { action: 'validation.uploaded', entityType: ENTITY }, async (tx) => {
    const stored = await storeCsvFile(tx, ctx, file, 'audiosalad-validation', 'audiosalad.csv')
    const [created] = await tx
      .insert(catalogueValidations)
      .values({ tenantId, fileId: stored.id, fileName: stored.originalName, createdBy: ctx.session.account.id })
      .returning({ id: catalogueValidations.id })
    await services.jobs.enqueue(tx, {
      type: VALIDATE_JOB,
      tenantId,
      createdBy: ctx.session.account.id,
      payload: { tenantId, validationId: created.id },
      maxAttempts: 3,
    })
    return { result: { id: created.id, status: 'uploaded' as const }, entityId: created.id, after: { fileName: stored.originalName } }
  })
}

const collapse = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim()

/** YYYY-MM-DD from the spellings exports use (2026-05-01, 2026/05/01, 05/01/2026 US order, 01.05.2026), else the text as given. */
export function releaseDateOf(value: string): string {
  const text = collapse(value)
  let match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/.exec(text)
  if (match) return `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}`
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)
  if (match) return `${match[3]}-${match[1].padStart(2, '0')}-${match[2].padStart(2, '0')}`
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text)
  if (match) return `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`
  return text
}

type Staged = typeof catalogueValidationRows.$inferInsert

async function fail(services: Services, id: number, message: string) {
  await services.db
    .update(catalogueValidations)
    .set({ status: 'failed', error: message, finishedAt: services.now() })
    .where(eq(catalogueValidations.id, id))
}

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

/** Normalised for comparing: case, spacing and punctuation around words do not count. */
const norm = (column: ReturnType<typeof sql>) => sql`lower(regexp_replace(trim(${column}), '\\s+', ' ', 'g'))`
/** An artist line as a sorted set of names: "A & B", "B, A" and "A feat. B" agree. */
const artistSet = (column: ReturnType<typeof sql>) =>
  sql`array(select distinct lower(trim(name)) from unnest(regexp_split_to_array(${column}, '\\s*(,|&|;|/|\\s+feat\\.?\\s+|\\s+ft\\.?\\s+|\\s+featuring\\s+|\\s+x\\s+|\\s+and\\s+)\\s*', 'i')) as name where trim(name) <> '' order by 1)`

/**
 * The comparison, in SQL over the staged rows: releases missing on either side, then for each UPC on
 * both sides the title, artist, label and release date of its first row and the set of its ISRCs.
 */
async function compare(q: Queryable, tenantId: number, validationId: number) {
  const staged = sql`(select distinct on (s.upc) s.* from catalogue_validation_rows s where s.validation_id = ${validationId} order by s.upc, s.csv_row)`
  const ours = sql`(select r.id, r.title, (select string_agg(a, ', ') from jsonb_array_elements_text(r.artists) as a) as artists,
                           r.label, r.release_date, lpad(r.upc, 13, '0') as upc13 from releases r
                     where r.tenant_id = ${tenantId} and r.upc is not null and r.upc <> '')`
  const insert = sql`insert into catalogue_validation_mismatches (tenant_id, validation_id, upc, release_id, release_title, kind, ours, theirs)`
  await q.execute(sql`${insert}
    select ${tenantId}, ${validationId}, s.upc, null, s.release_title, 'missing_here', null, s.release_title
      from ${staged} s where not exists (select 1 from ${ours} o where o.upc13 = s.upc)`)
  await q.execute(sql`${insert}
    select ${tenantId}, ${validationId}, lpad(r.upc, 13, '0'), r.id, r.title, 'missing_there', r.title, null
      from releases r
     where r.tenant_id = ${tenantId} and r.upc is not null and r.upc <> ''
       and r.status in (${sql.join(
         SENT_OUT.map((status) => sql`${status}`),
         sql`, `,
       )})
       and not exists (select 1 from catalogue_validation_rows s where s.validation_id = ${validationId} and s.upc = lpad(r.upc, 13, '0'))`)
  const both = sql`from ${staged} s join ${ours} o on o.upc13 = s.upc`
  await q.execute(sql`${insert}
    select ${tenantId}, ${validationId}, s.upc, o.id, o.title, f.kind, f.ours, f.theirs ${both}
     cross join lateral (values
       ('title', o.title, s.release_title, ${norm(sql`o.title`)} is distinct from ${norm(sql`s.release_title`)} and s.release_title <> ''),
       ('artist', coalesce(o.artists, ''), s.artist,
         ${artistSet(sql`coalesce(o.artists, '')`)} is distinct from ${artistSet(sql`s.artist`)} and s.artist <> ''),
       ('label', o.label, s.label, ${norm(sql`coalesce(o.label, '')`)} is distinct from ${norm(sql`s.label`)} and s.label <> ''),
       ('release_date', o.release_date::text, s.release_date,
         coalesce(o.release_date::text, '') is distinct from s.release_date and s.release_date <> '')
     ) as f(kind, ours, theirs, differs)
     where f.differs`)
  // ISRCs: each side's codes the other lacks.
  await q.execute(sql`${insert}
    select ${tenantId}, ${validationId}, s.upc, o.id, o.title, 'isrcs', nullif(array_to_string(mine.only, ', '), ''), nullif(array_to_string(theirs.only, ', '), '')
      ${both}
     cross join lateral (
       select array(select upper(t.isrc) from tracks t where t.tenant_id = ${tenantId} and t.release_id = o.id and t.isrc is not null and t.isrc <> ''
                    except select x.isrc from catalogue_validation_rows x where x.validation_id = ${validationId} and x.upc = s.upc and x.isrc is not null
                    order by 1) as only) mine
     cross join lateral (
       select array(select x.isrc from catalogue_validation_rows x where x.validation_id = ${validationId} and x.upc = s.upc and x.isrc is not null
                    except select upper(t.isrc) from tracks t where t.tenant_id = ${tenantId} and t.release_id = o.id and t.isrc is not null
                    order by 1) as only) theirs
     where cardinality(mine.only) > 0 or cardinality(theirs.only) > 0`)
  const { rows } = await q.execute<{ releases: number; mismatched: number; mismatches: number }>(sql`
    select (select count(distinct upc)::int from catalogue_validation_rows where validation_id = ${validationId})
           + (select count(*)::int from catalogue_validation_mismatches where validation_id = ${validationId} and kind = 'missing_there') as releases,
           (select count(distinct upc)::int from catalogue_validation_mismatches where validation_id = ${validationId}) as mismatched,
           (select count(*)::int from catalogue_validation_mismatches where validation_id = ${validationId}) as mismatches`)
  return rows[0]
}

/**
 * The job: stages the file's rows (a UPC is required on each; a bad one fails the file with its line),
 * compares, keeps the mismatches, drops the staging rows. A run that died starts over.
 */
export async function runValidation(services: Services, tenantId: number, validationId: number, signal?: AbortSignal) {
  const db = services.db
  const [validation] = await db
    .select()
    .from(catalogueValidations)
    .where(and(eq(catalogueValidations.id, validationId), eq(catalogueValidations.tenantId, tenantId)))
  if (!validation || !['uploaded', 'running'].includes(validation.status)) return { skipped: true }
  await db.update(catalogueValidations).set({ status: 'running', progress: '0', error: null }).where(eq(catalogueValidations.id, validationId))
  await db.delete(catalogueValidationRows).where(eq(catalogueValidationRows.validationId, validationId))
  await db.delete(catalogueValidationMismatches).where(eq(catalogueValidationMismatches.validationId, validationId))
  const file = validation.fileId ? await services.files.find(db, tenantId, validation.fileId) : null
  if (!file) {
    await fail(services, validationId, 'The uploaded file is gone.')
    return { failed: true }
  }
  let bytes = 0
  let rows = 0
  const problems: string[] = []
  let missingUpcColumn = false
  try {
    const source = await services.files.open(file)
    const parser = parse({
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      columns: (header: string[]) => {
        const names = header.map((name) => HEADERS[name.toLowerCase().replace(/[^a-z]/g, '')] ?? `ignored:${name}`)
        // Only the first column of each kind counts ("Release Title" before a later "Title").
        const seen = new Set<string>()
        const unique = names.map((name) => (seen.has(name) ? `ignored:${name}` : (seen.add(name), name)))
        missingUpcColumn = !unique.includes('upc')
        return unique
      },
    })
    let chunk: Staged[] = []
    const flush = async () => {
      if (chunk.length) await db.insert(catalogueValidationRows).values(chunk)
      chunk = []
      await db
        .update(catalogueValidations)
        .set({ progress: String(Math.min(0.9, file.size ? (bytes / file.size) * 0.9 : 0).toFixed(4)), rows })
        .where(eq(catalogueValidations.id, validationId))
    }
    const records = source.pipe(byteCounter((total) => (bytes = total))).pipe(parser)
    for await (const { record, info } of records as AsyncIterable<{ record: Partial<Record<string, string>>; info: { lines: number } }>) {
      if (missingUpcColumn) break
      if (signal?.aborted) throw new Error('stopped')
      rows += 1
      const digits = (record.upc ?? '').replace(/\D/g, '')
      const checked = digits ? checkUpc(digits) : null
      const upcProblem = !checked ? 'The UPC is missing' : checked.ok ? null : checked.message
      if (upcProblem) {
        if (problems.length < 20) problems.push(`line ${info.lines}: ${upcProblem}`)
        continue
      }
      const isrc = (record.isrc ?? '').replace(/[\s-]/g, '').toUpperCase()
      chunk.push({
        tenantId,
        validationId,
        csvRow: info.lines,
        upc: digits.padStart(13, '0'),
        isrc: isrc || null,
        releaseTitle: collapse(record.releaseTitle).slice(0, 500),
        artist: collapse(record.artist).slice(0, 500),
        label: collapse(record.label).slice(0, 500),
        releaseDate: releaseDateOf(record.releaseDate ?? '').slice(0, 40),
      })
      if (chunk.length >= CHUNK) await flush()
    }
    if (missingUpcColumn) {
      source.destroy()
      await fail(services, validationId, 'The CSV needs a UPC column (UPC, EAN or Barcode).')
      return { failed: true }
    }
    await flush()
  } catch (error) {
    if (signal?.aborted) throw error
    await fail(services, validationId, `The CSV could not be read: ${(error as Error).message}`)
    return { failed: true }
  }
  if (rows === 0) {
    await fail(services, validationId, 'The CSV has no rows.')
    return { failed: true }
  }
  if (problems.length) {
    await db.delete(catalogueValidationRows).where(eq(catalogueValidationRows.validationId, validationId))
    await fail(services, validationId, `Rows without a valid UPC: ${problems.join('; ')}.`)
    return { failed: true }
  }
  const found = await db.transaction(async (tx) => {
    const counts = await compare(tx, tenantId, validationId)
    await tx.delete(catalogueValidationRows).where(eq(catalogueValidationRows.validationId, validationId))
    await tx
      .update(catalogueValidations)
      .set({
        status: 'done',
        progress: '1',
        rows,
        releases: counts.releases,
        mismatchedReleases: counts.mismatched,
        mismatches: counts.mismatches,
        finishedAt: services.now(),
      })
      .where(eq(catalogueValidations.id, validationId))
    return counts
  })
  return { done: true, ...found }
}

export function registerValidationJobs(runner: Services['jobs'], services: Services) {
  runner.register<{ tenantId: number; validationId: number }>(VALIDATE_JOB, ({ payload, signal }) =>
    runValidation(services, payload.tenantId, payload.validationId, signal),
  )
}

export async function validationHistory(ctx: AuthedContext, page: number, perPage: number) {
  const db = ctx.services.db
  const where = eq(catalogueValidations.tenantId, ctx.tenant.id)
  const [rows, { total, estimate }] = await Promise.all([
    db
      .select({ row: catalogueValidations, by: byColumns })
      .from(catalogueValidations)
      .leftJoin(accounts, eq(accounts.id, catalogueValidations.createdBy))
      .where(where)
      .orderBy(desc(catalogueValidations.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    cappedTotal(db, catalogueValidations, where),
  ])
  return { data: rows.map(({ row, by }) => toRow(row, by)), meta: pageMeta(total, estimate, page, perPage) }
}

export async function validationMismatches(ctx: AuthedContext, query: { id: number; page: number; per_page: number; kind?: MismatchKind }) {
  await readOne(ctx.services.db, ctx.tenant.id, query.id)
  const db = ctx.services.db
  const where = and(
    eq(catalogueValidationMismatches.validationId, query.id),
    eq(catalogueValidationMismatches.tenantId, ctx.tenant.id),
    query.kind ? eq(catalogueValidationMismatches.kind, query.kind) : undefined,
  )
  const [rows, { total, estimate }] = await Promise.all([
    db
      .select()
      .from(catalogueValidationMismatches)
      .where(where)
      .orderBy(catalogueValidationMismatches.upc, catalogueValidationMismatches.id)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    cappedTotal(db, catalogueValidationMismatches, where),
  ])
  return {
    data: rows.map((row) => ({
      id: row.id,
      upc: row.upc,
      releaseId: row.releaseId,
      releaseTitle: row.releaseTitle,
      kind: row.kind as MismatchKind,
      ours: row.ours,
      theirs: row.theirs,
    })),
    meta: pageMeta(total, estimate, query.page, query.per_page),
  }
}

const DOWNLOAD_HEADER = ['upc', 'release_id', 'release_title', 'mismatch', 'ours', 'audiosalad'] as const

export async function downloadMismatches(ctx: AuthedContext, id: number) {
  const validation = await readOne(ctx.services.db, ctx.tenant.id, id)
  const tenantId = ctx.tenant.id
  async function* rows() {
    const source = keysetRows<{ upc: string; id: number } & Record<string, unknown>, [string, number]>(
      ctx.services.db,
      (after, size) => sql`
        select id, upc, release_id, release_title, kind, ours, theirs from ${catalogueValidationMismatches}
         where validation_id = ${id} and tenant_id = ${tenantId}
           ${after ? sql`and (upc, id) > (${after[0]}, ${after[1]})` : sql``}
         order by upc, id limit ${size}`,
      (row) => [String(row.upc), Number(row.id)],
    )
    for await (const row of source)
      yield [row.upc, row.release_id, row.release_title, MISMATCH_LABELS[row.kind as MismatchKind], row.ours, row.theirs] as const
  }
  const name = validation.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '-') || 'audiosalad'
  return ctx.reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="validation-${id}-${name}-mismatches.csv"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(csvStream(DOWNLOAD_HEADER, rows()))
}
