import { and, desc, eq, sql } from 'drizzle-orm'
import { pageMeta } from '@server/db/paging'
import { cappedTotal } from './paging'
import { parse } from 'csv-parse/sync'
import {
  LOW_POOL_THRESHOLD,
  PROBLEMS_LISTED,
  type CodeImportResult,
  type CodeKind,
  type CodePool,
  type CodeProblem,
  type IsrcRangeBody,
} from '@contract/catalogue-ops'
import { checkIsrc, checkUpc } from '@core/identifiers'
import { displayName } from '@core/names'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { accounts } from '@server/db/schema/platform'
import { bigintArray, textArray } from '@server/db/arrays'
import { HttpError, badRequest } from '@server/errors'
import { auditedMutation } from '@server/audit'
import { readCsvUpload } from '@server/csv-upload'
import { FileStore } from '@server/storage/file-store'
import { giveCodes } from '@domains/catalogue/server/public'
import { codeImports, poolCodes } from './schema'

// The UPC and ISRC code pools (docs/catalogue-ops.md "Code pools", docs/formats/code-pools.md).

const texts = (values: readonly string[]) => sql`${sql.param(textArray(values))}::text[]`

/** Rows per lookup or insert statement: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 2000

export const CODE_REASONS = {
  sameAsLine: (line: number) => `Same code as line ${line}`,
  inPool: 'Already in the pool',
  onRelease: (id: number) => `Already the UPC of release #${id}`,
  onTrack: (id: number) => `Already the ISRC of track #${id}`,
  givenTo: (entity: string, id: number) => `Given from the pool to ${entity} #${id}`,
  noRelease: 'No such release in this workspace',
  noTrack: 'No such track in this workspace',
  hasCode: (kind: CodeKind, code: string) => `Already has ${kind === 'upc' ? 'UPC' : 'ISRC'} ${code}`,
  badId: (what: string) => `The ${what} id must be a whole number`,
} as const

interface Candidate {
  line: number
  value: string
  code: string
  key: string
}

/** The form duplicates are judged by: a UPC as its GTIN-13, an ISRC as its 12 characters. */
export function codeKey(kind: CodeKind, code: string): string {
  return kind === 'upc' ? code.padStart(13, '0') : code
}

/** The spellings a release may store one UPC as (UPC-A, or the same number as EAN-13 with a leading 0). */
function upcSpellings(key: string): string[] {
  return key.startsWith('0') ? [key, key.slice(1)] : [key]
}

function check(kind: CodeKind, raw: string) {
  return kind === 'upc' ? checkUpc(raw) : checkIsrc(raw)
}

/** One code a line (or the first cell of a CSV row); a first line that is a column name is skipped. */
export function readCodeLines(data: Buffer): { line: number; value: string }[] {
  if (!FileStore.isText(data))
    throw new HttpError(415, 'The file must be a CSV or text file.', 'upload_type', { file: 'The file must be a CSV or text file.' })
  let records: string[][]
  try {
    records = parse(data, { bom: true, relax_column_count: true, trim: true, skip_empty_lines: false }) as string[][]
  } catch (error) {
    throw badRequest(`The file could not be read: ${(error as Error).message}`, { file: 'The file could not be read.' })
  }
  const lines = records.map((record, index) => ({ line: index + 1, value: (record[0] ?? '').trim() })).filter((entry) => entry.value !== '')
  if (lines[0] && /^[a-z _-]+$/i.test(lines[0].value) && /upc|ean|isrc|code/i.test(lines[0].value)) lines.shift()
  return lines
}

/** Every code of an ISRC range, numbered from 1 in the range. */
function rangeLines(range: Required<Pick<IsrcRangeBody, 'registrant' | 'year' | 'from' | 'to'>>) {
  const lines: { line: number; value: string }[] = []
  for (let designation = range.from; designation <= range.to; designation += 1)
    lines.push({ line: lines.length + 1, value: `${range.registrant}${range.year}${String(designation).padStart(5, '0')}` })
  return lines
}

class Problems {
  readonly listed: CodeProblem[] = []
  duplicates = 0
  invalid = 0
  add(kind: 'duplicate' | 'invalid', problem: CodeProblem) {
    if (kind === 'duplicate') this.duplicates += 1
    else this.invalid += 1
    if (this.listed.length < PROBLEMS_LISTED) this.listed.push(problem)
  }
}

/** Valid codes once each, in file order; the rest reported. */
function validate(kind: CodeKind, lines: { line: number; value: string }[], problems: Problems): Candidate[] {
  const seen = new Map<string, number>()
  const valid: Candidate[] = []
  for (const { line, value } of lines) {
    const result = check(kind, value)
    if (!result.ok) {
      problems.add('invalid', { line, value, reason: result.message })
      continue
    }
    const key = codeKey(kind, result.value)
    const first = seen.get(key)
    if (first !== undefined) {
      problems.add('duplicate', { line, value, reason: CODE_REASONS.sameAsLine(first) })
      continue
    }
    seen.set(key, line)
    valid.push({ line, value, code: result.value, key })
  }
  return valid
}

async function chunked<T, R>(items: readonly T[], each: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = []
  for (let index = 0; index < items.length; index += CHUNK) out.push(...(await each(items.slice(index, index + CHUNK))))
  return out
}

/** Keys already in the pool, with what they were given to. */
async function pooled(q: Queryable, tenantId: number, kind: CodeKind, keys: string[]) {
  const rows = await chunked(keys, async (chunk) => {
    const { rows } = await q.execute<{ key: string; assigned_entity: string | null; assigned_id: number | null }>(sql`
      select key, assigned_entity, assigned_id from ${poolCodes}
       where tenant_id = ${tenantId} and kind = ${kind} and key = any(${texts(chunk)})`)
    return rows
  })
  return new Map(rows.map((row) => [row.key, row]))
}

/** Keys already on a release (UPC) or a track (ISRC) of the workspace, with its id (catalogue's read model). */
async function inCatalogue(q: Queryable, tenantId: number, kind: CodeKind, keys: string[]) {
  const found = new Map<string, number>()
  await chunked(keys, async (chunk) => {
    if (kind === 'upc') {
      const { rows } = await q.execute<{ upc: string; id: number }>(sql`
        select upc, id from releases where tenant_id = ${tenantId} and upc = any(${texts(chunk.flatMap(upcSpellings))})`)
      for (const row of rows) found.set(codeKey('upc', row.upc), Number(row.id))
    } else {
      const { rows } = await q.execute<{ isrc: string; id: number }>(sql`
        select isrc, id from tracks where tenant_id = ${tenantId} and isrc = any(${texts(chunk)})`)
      for (const row of rows) found.set(row.isrc, Number(row.id))
    }
    return []
  })
  return found
}

export async function poolStats(q: Queryable, tenantId: number): Promise<CodePool[]> {
  const { rows } = await q.execute<{ kind: CodeKind; total: number; left: number }>(sql`
    select kind, count(*)::int as total, (count(*) filter (where assigned_at is null))::int as left
      from ${poolCodes} where tenant_id = ${tenantId} group by kind`)
  return (['upc', 'isrc'] as const).map((kind) => {
    const row = rows.find((entry) => entry.kind === kind)
    const total = Number(row?.total ?? 0)
    const left = Number(row?.left ?? 0)
    return { kind, total, left, assigned: total - left, low: left < LOW_POOL_THRESHOLD }
  })
}

async function poolOf(q: Queryable, tenantId: number, kind: CodeKind) {
  return (await poolStats(q, tenantId)).find((pool) => pool.kind === kind)!
}

/**
 * Adds codes the workspace owns to a pool. Invalid codes and duplicates (in the file, already in
 * the pool, already on a release or track) are reported and never stored; the rest go in at once.
 */
export async function importPool(
  ctx: AuthedContext,
  kind: CodeKind,
  input: { file?: { filename: string; data: Buffer }; range?: IsrcRangeBody },
): Promise<CodeImportResult> {
  const tenantId = ctx.tenant.id
  const range = input.range?.registrant !== undefined ? (input.range as Required<IsrcRangeBody>) : null
  if (!input.file && !range) throw badRequest('Please provide the file or a range.', { file: 'Please provide the file or a range.' })
  const lines = [...(input.file ? readCodeLines(input.file.data) : []), ...(range ? rangeLines(range) : [])]
  if (lines.length === 0) throw badRequest('The file has no codes.', { file: 'The file has no codes.' })
  const problems = new Problems()
  let candidates = validate(kind, lines, problems)
  const keys = candidates.map((candidate) => candidate.key)
  const [inPool, used] = await Promise.all([
    pooled(ctx.services.db, tenantId, kind, keys),
    inCatalogue(ctx.services.db, tenantId, kind, keys),
  ])
  candidates = candidates.filter((candidate) => {
    const usedBy = used.get(candidate.key)
    const reason = inPool.has(candidate.key)
      ? CODE_REASONS.inPool
      : usedBy !== undefined
        ? kind === 'upc'
          ? CODE_REASONS.onRelease(usedBy)
          : CODE_REASONS.onTrack(usedBy)
        : null
    if (reason) problems.add('duplicate', { line: candidate.line, value: candidate.value, reason })
    return !reason
  })
  const fileName = [input.file?.filename, range ? `${range.registrant}-${range.year} ${range.from}–${range.to}` : null]
    .filter(Boolean)
    .join(' + ')

  return auditedMutation(ctx, { action: 'codes.pool_imported', entityType: 'code_import' }, async (tx) => {
    const [created] = await tx
      .insert(codeImports)
      .values({ tenantId, kind, mode: 'pool', fileName, rows: lines.length, createdBy: ctx.session.account.id })
      .returning({ id: codeImports.id })
    const inserted = new Set(
      await chunked(candidates, async (chunk) => {
        const rows = await tx
          .insert(poolCodes)
          .values(chunk.map((candidate) => ({ tenantId, kind, code: candidate.code, key: candidate.key, importId: created.id })))
          .onConflictDoNothing()
          .returning({ key: poolCodes.key })
        return rows.map((row) => row.key)
      }),
    )
    // Another import added the same code between the check and this insert.
    for (const candidate of candidates)
      if (!inserted.has(candidate.key))
        problems.add('duplicate', { line: candidate.line, value: candidate.value, reason: CODE_REASONS.inPool })
    const summary = { imported: inserted.size, duplicates: problems.duplicates, invalid: problems.invalid }
    await tx
      .update(codeImports)
      .set({ ...summary, report: problems.listed })
      .where(eq(codeImports.id, created.id))
    const result: CodeImportResult = {
      importId: created.id,
      kind,
      mode: 'pool',
      rows: lines.length,
      ...summary,
      problems: problems.listed,
      pool: await poolOf(tx, tenantId, kind),
    }
    return { result, entityId: created.id, after: { kind, fileName, rows: lines.length, ...summary } }
  })
}

const ASSIGN_HEADERS: Record<CodeKind, Record<string, 'id' | 'code'>> = {
  upc: { releaseid: 'id', release: 'id', id: 'id', upc: 'code', ean: 'code', code: 'code' },
  isrc: { trackid: 'id', track: 'id', id: 'id', isrc: 'code', code: 'code' },
}

/**
 * Gives codes to existing releases (UPC) or tracks (ISRC) from a CSV. Good rows are saved and bad
 * rows listed with their reason: an unknown id, an invalid code, a code on another release or track
 * or given from the pool to another, a release or track that already has a different code. A row
 * whose release already has this very code counts as done, so the same file can run again. A code
 * that is in the pool is marked given, so the pool never hands it out.
 */
export async function assignCodes(ctx: AuthedContext, kind: CodeKind, file: { filename: string; data: Buffer }): Promise<CodeImportResult> {
  const tenantId = ctx.tenant.id
  const entity = kind === 'upc' ? 'release' : 'track'
  const records = readCsvUpload(file.data, ASSIGN_HEADERS[kind])
  if (!('id' in records[0]) || !('code' in records[0]))
    throw badRequest(`The CSV needs the columns ${entity}_id and ${kind}.`, { file: `The CSV needs the columns ${entity}_id and ${kind}.` })
  const problems = new Problems()
  const seenCode = new Map<string, number>()
  const seenId = new Map<number, number>()
  const rows: { line: number; value: string; id: number; code: string; key: string }[] = []
  records.forEach((record, index) => {
    const line = index + 2 // the header is line 1
    const value = record.code ?? ''
    if (!/^\d{1,15}$/.test(record.id ?? '')) return problems.add('invalid', { line, value, reason: CODE_REASONS.badId(entity) })
    const id = Number(record.id)
    const result = check(kind, value)
    if (!result.ok) return problems.add('invalid', { line, value, reason: result.message })
    const key = codeKey(kind, result.value)
    const firstCode = seenCode.get(key)
    if (firstCode !== undefined) return problems.add('duplicate', { line, value, reason: CODE_REASONS.sameAsLine(firstCode) })
    const firstId = seenId.get(id)
    if (firstId !== undefined) return problems.add('duplicate', { line, value, reason: `Same ${entity} as line ${firstId}` })
    seenCode.set(key, line)
    seenId.set(id, line)
    rows.push({ line, value, id, code: result.value, key })
  })

  const db = ctx.services.db
  const ids = rows.map((row) => row.id)
  const current = new Map<number, string | null>()
  await chunked(ids, async (chunk) => {
    const { rows: found } =
      kind === 'upc'
        ? await db.execute<{ id: number; code: string | null }>(
            sql`select id, upc as code from releases where tenant_id = ${tenantId} and id = any(${bigintArray(chunk)})`,
          )
        : await db.execute<{ id: number; code: string | null }>(
            sql`select id, isrc as code from tracks where tenant_id = ${tenantId} and id = any(${bigintArray(chunk)})`,
          )
    for (const row of found) current.set(Number(row.id), row.code)
    return []
  })
  const keys = rows.map((row) => row.key)
  const [inPool, used] = await Promise.all([pooled(db, tenantId, kind, keys), inCatalogue(db, tenantId, kind, keys)])
  let done = 0
  const toGive = rows.filter((row) => {
    const has = current.get(row.id)
    let reason: string | null = null
    if (has === undefined) reason = kind === 'upc' ? CODE_REASONS.noRelease : CODE_REASONS.noTrack
    else if (has && codeKey(kind, has) === row.key) {
      done += 1
      return false
    } else if (has) reason = CODE_REASONS.hasCode(kind, has)
    else {
      const usedBy = used.get(row.key)
      const pool = inPool.get(row.key)
      if (usedBy !== undefined) reason = kind === 'upc' ? CODE_REASONS.onRelease(usedBy) : CODE_REASONS.onTrack(usedBy)
      else if (pool?.assigned_entity && !(pool.assigned_entity === entity && Number(pool.assigned_id) === row.id))
        reason = CODE_REASONS.givenTo(pool.assigned_entity, Number(pool.assigned_id))
    }
    if (reason) problems.add(has === undefined ? 'invalid' : 'duplicate', { line: row.line, value: row.value, reason })
    return !reason
  })

  return auditedMutation(ctx, { action: 'codes.assigned', entityType: entity }, async (tx) => {
    const set = new Set(await giveCodes(tx, tenantId, kind, toGive, ctx.services.now()))
    for (const row of toGive)
      if (!set.has(row.id))
        problems.add('duplicate', { line: row.line, value: row.value, reason: `The ${entity} was given a code meanwhile` })
    const given = toGive.filter((row) => set.has(row.id))
    await chunked(given, async (chunk) => {
      // Pool rows are keyed by code; each code is given to its row's release or track.
      const { rows: marked } = await tx.execute(sql`
        update ${poolCodes} p
           set assigned_entity = ${entity}, assigned_id = v.id, assigned_at = now()
          from unnest(${texts(chunk.map((row) => row.key))}, ${bigintArray(chunk.map((row) => row.id))}) as v(key, id)
         where p.tenant_id = ${tenantId} and p.kind = ${kind} and p.key = v.key and p.assigned_at is null
        returning p.id`)
      return marked
    })
    const summary = { imported: given.length + done, duplicates: problems.duplicates, invalid: problems.invalid }
    const [created] = await tx
      .insert(codeImports)
      .values({
        tenantId,
        kind,
        mode: 'assign',
        fileName: file.filename,
        rows: records.length,
        ...summary,
        report: problems.listed,
        createdBy: ctx.session.account.id,
      })
      .returning({ id: codeImports.id })
    const result: CodeImportResult = {
      importId: created.id,
      kind,
      mode: 'assign',
      rows: records.length,
      ...summary,
      problems: problems.listed,
      pool: await poolOf(tx, tenantId, kind),
    }
    // One audit row per release or track given a code: its history shows where the code came from.
    const records_ = given.map((row) => ({ entityId: row.id, before: { [kind]: null }, after: { [kind]: row.code, importId: created.id } }))
    return { result, records: records_ }
  })
}

export async function codeImportHistory(ctx: AuthedContext, kind: CodeKind, page: number, perPage: number) {
  const db = ctx.services.db
  const where = and(eq(codeImports.tenantId, ctx.tenant.id), eq(codeImports.kind, kind))
  const [rows, { total, estimate }] = await Promise.all([
    db
      .select({
        import: codeImports,
        by: {
          id: accounts.id,
          email: accounts.email,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
        },
      })
      .from(codeImports)
      .leftJoin(accounts, eq(accounts.id, codeImports.createdBy))
      .where(where)
      .orderBy(desc(codeImports.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    cappedTotal(db, codeImports, where),
  ])
  return {
    data: rows.map(({ import: row, by }) => ({
      id: row.id,
      kind: row.kind as CodeKind,
      mode: row.mode as 'pool' | 'assign',
      fileName: row.fileName,
      rows: row.rows,
      imported: row.imported,
      duplicates: row.duplicates,
      invalid: row.invalid,
      created: row.createdAt,
      createdBy: by?.id ? { id: by.id, name: displayName(by) } : null,
    })),
    meta: pageMeta(total, estimate, page, perPage),
  }
}
