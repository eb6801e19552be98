import { Transform } from 'node:stream'
import { and, desc, eq, sql } from 'drizzle-orm'
import { CsvError, parse } from 'csv-parse'
import type { ReleaseImportLine, ReleaseImportResult, ReleaseImportRowResult, ReleaseImportStatus } from '@contract/catalogue-ops'
import type { UploadedFile } from '@contract/define'
import { checkUpc } from '@core/identifiers'
import { mapGenre } from '@core/genres'
import { displayName } from '@core/names'
import { RELEASE_STATUS, statusLabel } from '@core/release-status'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable, Tx } from '@server/db/engine'
import { textArray } from '@server/db/arrays'
import { accounts } from '@server/db/schema/platform'
import { notFound } from '@server/errors'
import { auditedMutation, type AuditActor } from '@server/audit'
import { pageMeta } from '@server/db/paging'
import {
  createIngestedReleases,
  updateImportedRelease,
  type ImportedReleaseFields,
  type IngestedRelease,
} from '@domains/catalogue/server/public'
import { cappedTotal } from './paging'
import { checkCsvFile, storeCsvFile } from './csv-file'
import { RELEASE_TYPES, lookUpAccounts, validDate, type AccountVerdict } from './ingestion-rows'
import { releaseImportRows, releaseImports } from './schema'

// The release metadata import (docs/formats/release-import.md): one row per release, keyed by UPC.
// A new UPC makes a draft release (no tracks) for the account the row names; a known UPC updates
// the release's metadata while it has not gone out to the stores. One job reads the file once, a
// chunk at a time: the chunk's lookups are one query each, its changes one audited transaction
// with the rows' outcomes; a chunk that fails is retried row by row, so only the row at fault fails.

export const RELEASE_IMPORT_JOB = 'releaseImport.run'
const ENTITY = 'release_import'
const CHUNK = 500

/** Statuses whose metadata an import may change: the release has not been sent to the stores. */
export const IMPORT_EDITABLE = [
  RELEASE_STATUS.draft,
  RELEASE_STATUS.underReview,
  RELEASE_STATUS.accepted,
  RELEASE_STATUS.needsDocumentation,
]

type Column = keyof ImportedReleaseFields | 'upc' | 'email'

/** Header spellings (letters only, lower case) → column. The release export's own headers are among them. */
const HEADERS: Record<string, Column> = {}
const alias = (column: Column, names: string[]) => {
  for (const name of names) HEADERS[name.toLowerCase().replace(/[^a-z0-9]/g, '')] ??= column
}
alias('upc', ['upc', 'ean', 'barcode', 'upc_ean', 'ean13', 'icpn'])
alias('email', ['owner_email', 'user_email', 'account_email', 'email'])
alias('title', ['release_title', 'album_title', 'release_name', 'album'])
alias('type', ['release_type', 'type'])
alias('catalogNumber', ['catalog_number', 'catalogue_number', 'catalog_no', 'cat_no'])
alias('label', ['label', 'label_name', 'record_label'])
alias('primaryGenre', ['primary_genre', 'genre'])
alias('secondaryGenre', ['secondary_genre', 'subgenre'])
alias('releaseDate', ['release_date', 'digital_release_date', 'street_date'])
alias('originalReleaseDate', ['original_release_date'])
alias('cLine', ['c_line', 'copyright_line'])
alias('cYear', ['c_year', 'copyright_year'])
alias('pLine', ['p_line', 'phonographic_line'])
alias('pYear', ['p_year', 'phonographic_year'])
alias('artists', ['artists', 'display_artist', 'release_artist', 'primary_artist', 'artist'])

/** What a new release needs besides its UPC (the format's required columns for a new UPC). */
const NEEDED_TO_CREATE: { key: keyof ImportedReleaseFields | 'email'; name: string }[] = [
  { key: 'email', name: 'owner_email' },
  { key: 'title', name: 'release_title' },
  { key: 'artists', name: 'artists' },
  { key: 'label', name: 'label' },
  { key: 'primaryGenre', name: 'primary_genre' },
  { key: 'releaseDate', name: 'release_date' },
]

export interface ParsedRow {
  line: number
  upc: string
  /** The UPC as 13 digits: UPC-A and EAN-13 spellings of one number are one release. */
  gtin: string
  email: string
  fields: ImportedReleaseFields
  errors: string[]
}

const clean = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim()

/** One row on its own: the UPC, and each non-blank cell checked and read (a blank cell keeps what the release has). */
export function parseReleaseRow(line: number, record: Partial<Record<Column, string>>): ParsedRow {
  const errors: string[] = []
  const upcText = clean(record.upc)
  let upc = upcText
  if (!upcText) errors.push('The UPC is required')
  else {
    const checked = checkUpc(upcText)
    if (checked.ok) upc = checked.value
    else errors.push(checked.message)
  }
  const fields: ImportedReleaseFields = {}
  const title = clean(record.title)
  if (title.length > 300) errors.push('The release title is longer than 300 characters')
  else if (title) fields.title = title
  const type = clean(record.type)
  if (type) {
    const known = RELEASE_TYPES.find((entry) => entry.toLowerCase() === type.toLowerCase())
    if (known) fields.type = known
    else errors.push('The release type must be Single, EP or Album')
  }
  for (const key of ['catalogNumber', 'label', 'cLine', 'pLine'] as const) {
    const value = clean(record[key])
    if (value.length > 300)
      errors.push(
        `The ${key === 'catalogNumber' ? 'catalogue number' : key === 'label' ? 'label' : key === 'cLine' ? '© line' : '℗ line'} is longer than 300 characters`,
      )
    else if (value) fields[key] = value
  }
  for (const [key, name] of [
    ['primaryGenre', 'genre'],
    ['secondaryGenre', 'secondary genre'],
  ] as const) {
    const value = clean(record[key])
    if (!value) continue
    const mapped = mapGenre(value)
    if (mapped) fields[key] = mapped
    else errors.push(`The ${name} "${value}" is not one the stores know`)
  }
  for (const [key, name] of [
    ['releaseDate', 'release date'],
    ['originalReleaseDate', 'original release date'],
  ] as const) {
    const value = clean(record[key])
    if (!value) continue
    if (validDate(value)) fields[key] = value
    else errors.push(`The ${name} must be a date like 2026-05-01`)
  }
  if (fields.releaseDate && fields.originalReleaseDate && fields.originalReleaseDate > fields.releaseDate)
    errors.push('The original release date is after the release date')
  for (const [key, sign] of [
    ['cYear', '©'],
    ['pYear', '℗'],
  ] as const) {
    const value = clean(record[key])
    if (!value) continue
    if (/^\d{4}$/.test(value) && Number(value) >= 1900 && Number(value) <= 2100) fields[key] = Number(value)
    else errors.push(`The ${sign} year must be a year like 2026`)
  }
  const artistText = clean(record.artists)
  if (artistText) {
    // The release export joins names with ", "; a file may use ";" when a name has a comma.
    const artists = artistText
      .split(artistText.includes(';') ? ';' : ',')
      .map((name) => name.trim())
      .filter(Boolean)
    if (artists.length) fields.artists = artists
  }
  return { line, upc, gtin: upc.padStart(13, '0'), email: clean(record.email).toLowerCase(), fields, errors }
}

/** How a row reads for comparing with another row of its UPC: same owner and same fields. */
const signature = (row: ParsedRow) => JSON.stringify([row.email, Object.entries(row.fields).sort(([a], [b]) => a.localeCompare(b))])

interface ExistingRelease {
  id: number
  gtin: string
  status: number
  ownerEmail: string
  values: Required<Omit<ImportedReleaseFields, 'cYear' | 'pYear'>> & { cYear: number | null; pYear: number | null }
}

async function existingReleases(q: Queryable, tenantId: number, gtins: string[]): Promise<Map<string, ExistingRelease>> {
  const found = new Map<string, ExistingRelease>()
  if (!gtins.length) return found
  // Stored as written (12 or 13 digits): ask for both spellings so releases_tenant_upc_idx answers.
  const spellings = [...new Set(gtins.flatMap((gtin) => [gtin, gtin.replace(/^0/, '')]))]
  const { rows } = await q.execute<Record<string, unknown>>(sql`
    select r.id, r.upc, r.status, a.email as owner_email, r.title, r.type, r.catalog_number, r.label, r.primary_genre, r.secondary_genre,
           r.release_date::text as release_date, r.original_release_date::text as original_release_date,
           r.c_line, r.c_year, r.p_line, r.p_year, r.artists
      from releases r join accounts a on a.id = r.account_id
     where r.tenant_id = ${tenantId} and r.upc = any(${sql.param(textArray(spellings))}::text[])
     order by r.id`)
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))
  for (const row of rows) {
    const gtin = String(row.upc).padStart(13, '0')
    if (found.has(gtin)) continue
    found.set(gtin, {
      id: Number(row.id),
      gtin,
      status: Number(row.status),
      ownerEmail: text(row.owner_email).toLowerCase(),
      values: {
        title: text(row.title),
        type: text(row.type),
        catalogNumber: text(row.catalog_number),
        label: text(row.label),
        primaryGenre: text(row.primary_genre),
        secondaryGenre: text(row.secondary_genre),
        releaseDate: text(row.release_date),
        originalReleaseDate: text(row.original_release_date),
        cLine: text(row.c_line),
        cYear: row.c_year === null ? null : Number(row.c_year),
        pLine: text(row.p_line),
        pYear: row.p_year === null ? null : Number(row.p_year),
        artists: (row.artists as string[] | null) ?? [],
      },
    })
  }
  return found
}

/** The fields of the row that differ from the release: what an update writes (and audits, before and after). */
function changesOf(row: ParsedRow, release: ExistingRelease) {
  const after: ImportedReleaseFields = {}
  const before: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row.fields) as [
    keyof ImportedReleaseFields,
    ImportedReleaseFields[keyof ImportedReleaseFields],
  ][]) {
    const current = release.values[key]
    const same = Array.isArray(value) ? JSON.stringify(value) === JSON.stringify(current) : value === current
    if (same) continue
    ;(after as Record<string, unknown>)[key] = value
    before[key] = current
  }
  return { after, before, empty: Object.keys(after).length === 0 }
}

type Plan =
  | { kind: 'create'; row: ParsedRow; accountId: number }
  | { kind: 'update'; row: ParsedRow; release: ExistingRelease; before: Record<string, unknown>; after: ImportedReleaseFields }
  | {
      kind: 'done'
      row: ParsedRow
      result: Exclude<ReleaseImportResult, 'created' | 'updated'>
      releaseId: number | null
      message: string | null
    }

type Outcome = typeof releaseImportRows.$inferInsert

/** What each row of a chunk will do, from one lookup of its releases and one of its new accounts. */
async function planChunk(
  q: Queryable,
  tenantId: number,
  rows: { row: ParsedRow; repeatOf: number | null; conflictWith: number | null }[],
  known: Map<string, AccountVerdict>,
): Promise<Plan[]> {
  const checked = rows.filter(({ row }) => !row.errors.length)
  const existing = await existingReleases(
    q,
    tenantId,
    checked.map(({ row }) => row.gtin),
  )
  await lookUpAccounts(
    q,
    tenantId,
    checked.filter(({ row }) => row.email && !existing.has(row.gtin)).map(({ row }) => row.email),
    known,
  )
  return rows.map(({ row, repeatOf, conflictWith }): Plan => {
    const failed = (message: string): Plan => ({ kind: 'done', row, result: 'failed', releaseId: null, message })
    if (row.errors.length) return failed(row.errors.join('; '))
    if (conflictWith !== null) return failed(`Same UPC as line ${conflictWith} with other release fields`)
    const release = existing.get(row.gtin)
    if (repeatOf !== null)
      return { kind: 'done', row, result: 'unchanged', releaseId: release?.id ?? null, message: `Same release as line ${repeatOf}` }
    if (release) {
      if (row.email && row.email !== release.ownerEmail)
        return failed('This UPC is a release of another account: move it with a transfer, not an import')
      const change = changesOf(row, release)
      if (change.empty) return { kind: 'done', row, result: 'unchanged', releaseId: release.id, message: null }
      if (!IMPORT_EDITABLE.includes(release.status as (typeof IMPORT_EDITABLE)[number]))
        return failed(
          `The release is ${statusLabel(release.status)}: its metadata changes through an edit request once it is in the stores`,
        )
      return { kind: 'update', row, release, before: change.before, after: change.after }
    }
    const missing = NEEDED_TO_CREATE.filter(({ key }) => (key === 'email' ? !row.email : row.fields[key] === undefined)).map(
      ({ name }) => name,
    )
    if (missing.length) return failed(`No release has this UPC; a new one needs ${missing.join(', ')}`)
    const account = known.get(row.email)
    if (!account?.id || account.error) return failed(account?.error ?? 'No account with this email in the workspace')
    return { kind: 'create', row, accountId: account.id }
  })
}

const lockKey = (tenantId: number, gtin: string) =>
  // The key transfer-in takes for the same UPC: a transfer-in and an import of one UPC wait for each other.
  sql`pg_advisory_xact_lock(hashtext(${`transfer-in:${tenantId}:${gtin}`}))`

/**
 * Applies the chunk's creates and updates in the caller's transaction: a new UPC is locked and
 * checked again (another import or a transfer-in may have made it meanwhile), an update only lands
 * while the release is still editable. Any refusal throws, so the chunk is redone row by row.
 */
async function apply(tx: Tx, services: Services, tenantId: number, importId: number, plans: Plan[]) {
  const creates = plans.filter((plan): plan is Extract<Plan, { kind: 'create' }> => plan.kind === 'create')
  const updates = plans.filter((plan): plan is Extract<Plan, { kind: 'update' }> => plan.kind === 'update')
  const outcomes: Outcome[] = []
  const records: { entityId: number; before?: unknown; after?: unknown }[] = []
  if (creates.length) {
    const gtins = [...new Set(creates.map(({ row }) => row.gtin))].sort()
    await tx.execute(
      sql`select ${sql.join(
        gtins.map((gtin) => lockKey(tenantId, gtin)),
        sql`, `,
      )}`,
    )
    const again = await existingReleases(tx, tenantId, gtins)
    if (again.size) throw new Error(`A release with UPC ${[...again.keys()][0]} was made meanwhile: run the file again to update it`)
    const inputs: IngestedRelease[] = creates.map(({ row, accountId }) => ({
      accountId,
      title: row.fields.title!,
      type: row.fields.type ?? 'Single',
      upc: row.upc,
      label: row.fields.label!,
      primaryGenre: row.fields.primaryGenre!,
      secondaryGenre: row.fields.secondaryGenre ?? null,
      releaseDate: row.fields.releaseDate!,
      originalReleaseDate: row.fields.originalReleaseDate ?? null,
      cLine: row.fields.cLine ?? null,
      cYear: row.fields.cYear ?? null,
      pLine: row.fields.pLine ?? null,
      pYear: row.fields.pYear ?? null,
      artists: row.fields.artists!,
      participants: row.fields.artists!.map((name) => ({ name, roles: 'Primary Artist' })),
      submit: false,
      tracks: [],
    }))
    const made = await createIngestedReleases(tx, services, tenantId, inputs)
    for (const [index, { row, accountId }] of creates.entries()) {
      const releaseId = made[index].releaseId
      if (row.fields.catalogNumber)
        await updateImportedRelease(tx, services, tenantId, releaseId, { catalogNumber: row.fields.catalogNumber }, [RELEASE_STATUS.draft])
      outcomes.push(outcomeOf(tenantId, importId, row, 'created', releaseId, null))
      records.push({ entityId: releaseId, before: null, after: { importId, line: row.line, accountId, upc: row.upc, ...row.fields } })
    }
  }
  for (const { row, release, before, after } of updates) {
    if (!(await updateImportedRelease(tx, services, tenantId, release.id, after, IMPORT_EDITABLE)))
      throw new Error('The release was sent to the stores meanwhile: its metadata changes through an edit request')
    outcomes.push(outcomeOf(tenantId, importId, row, 'updated', release.id, null))
    records.push({ entityId: release.id, before, after: { importId, line: row.line, ...after } })
  }
  return { outcomes, records }
}

function outcomeOf(
  tenantId: number,
  importId: number,
  row: ParsedRow,
  result: ReleaseImportResult,
  releaseId: number | null,
  message: string | null,
): Outcome {
  return {
    tenantId,
    importId,
    csvRow: row.line,
    upc: row.upc.slice(0, 40),
    releaseTitle: (row.fields.title ?? '').slice(0, 300),
    ownerEmail: row.email.slice(0, 300),
    result,
    releaseId,
    message: message?.slice(0, 1000) ?? null,
  }
}

/** Writes the outcomes and adds them to the import's counts (inside the caller's transaction when there is one). */
async function record(q: Queryable, importId: number, outcomes: Outcome[], progress: number | null) {
  if (outcomes.length) await q.insert(releaseImportRows).values(outcomes)
  const count = (result: ReleaseImportResult) => outcomes.filter((outcome) => outcome.result === result).length
  await q
    .update(releaseImports)
    .set({
      rows: sql`${releaseImports.rows} + ${outcomes.length}`,
      created: sql`${releaseImports.created} + ${count('created')}`,
      updated: sql`${releaseImports.updated} + ${count('updated')}`,
      unchanged: sql`${releaseImports.unchanged} + ${count('unchanged')}`,
      failed: sql`${releaseImports.failed} + ${count('failed')}`,
      ...(progress === null ? {} : { progress: progress.toFixed(4) }),
    })
    .where(eq(releaseImports.id, importId))
}

async function applyChunk(services: Services, actor: AuditActor, tenantId: number, importId: number, plans: Plan[], progress: number) {
  const settled = plans.flatMap((plan) =>
    plan.kind === 'done' ? [outcomeOf(tenantId, importId, plan.row, plan.result, plan.releaseId, plan.message)] : [],
  )
  const acting = plans.filter((plan) => plan.kind !== 'done')
  const audited = { action: 'release.imported', entityType: 'release' }
  try {
    await auditedMutation({ db: services.db, actor }, audited, async (tx) => {
      const { outcomes, records } = await apply(tx, services, tenantId, importId, acting)
      await record(
        tx,
        importId,
        [...settled, ...outcomes].sort((a, b) => a.csvRow - b.csvRow),
        progress,
      )
      return { result: null, records }
    })
    return
  } catch {
    // Row by row: each change in its own transaction, so one refusal fails its row only.
  }
  const outcomes = [...settled]
  for (const plan of acting) {
    try {
      await auditedMutation({ db: services.db, actor }, audited, async (tx) => {
        const done = await apply(tx, services, tenantId, importId, [plan])
        await record(tx, importId, done.outcomes, null)
        return { result: null, records: done.records }
      })
    } catch (error) {
      outcomes.push(outcomeOf(tenantId, importId, plan.row, 'failed', null, (error as Error).message))
    }
  }
  await record(
    services.db,
    importId,
    outcomes.sort((a, b) => a.csvRow - b.csvRow),
    progress,
  )
}

async function fail(services: Services, importId: number, message: string) {
  await services.db
    .update(releaseImports)
    .set({ status: 'failed', error: message, finishedAt: services.now() })
    .where(eq(releaseImports.id, importId))
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

/**
 * The job: reads the file once, a chunk at a time. A run that died starts over (its rows are
 * dropped first); releases it made are found by their UPC then and count as unchanged, so a file
 * is never applied twice.
 */
export async function runReleaseImport(services: Services, tenantId: number, importId: number, signal?: AbortSignal) {
  const db = services.db
  const [found] = await db
    .select()
    .from(releaseImports)
    .where(and(eq(releaseImports.id, importId), eq(releaseImports.tenantId, tenantId)))
  if (!found || !['uploaded', 'parsing'].includes(found.status)) return { skipped: true }
  await db.delete(releaseImportRows).where(eq(releaseImportRows.importId, importId))
  await db
    .update(releaseImports)
    .set({ status: 'parsing', progress: '0', error: null, rows: 0, created: 0, updated: 0, unchanged: 0, failed: 0 })
    .where(eq(releaseImports.id, importId))
  const file = found.fileId ? await services.files.find(db, tenantId, found.fileId) : null
  if (!file) {
    await fail(services, importId, 'The uploaded file is gone.')
    return { failed: true }
  }
  const actor: AuditActor = { tenantId, actorAccountId: found.createdBy }
  const known = new Map<string, AccountVerdict>()
  const firstOf = new Map<string, { line: number; signature: string }>()
  let bytes = 0
  let rows = 0
  let missingUpcColumn = false
  try {
    const source = await services.files.open(file)
    const parser = parse({
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      columns: (header: string[]) => {
        const seen = new Set<string>()
        const names = header.map((name) => {
          const column = HEADERS[name.toLowerCase().replace(/[^a-z0-9]/g, '')]
          // Only the first column of each kind counts; the export's track columns are not release fields.
          if (!column || seen.has(column)) return `ignored:${name}`
          seen.add(column)
          return column
        })
        missingUpcColumn = !seen.has('upc')
        return names
      },
    })
    let chunk: { row: ParsedRow; repeatOf: number | null; conflictWith: number | null }[] = []
    const flush = async () => {
      if (!chunk.length) return
      const plans = await planChunk(db, tenantId, chunk, known)
      await applyChunk(services, actor, tenantId, importId, plans, file.size ? Math.min(0.99, bytes / file.size) : 0)
      chunk = []
    }
    const records = source.pipe(byteCounter((total) => (bytes = total))).pipe(parser)
    for await (const { record: cells, info } of records as AsyncIterable<{
      record: Partial<Record<Column, string>>
      info: { lines: number }
    }>) {
      if (missingUpcColumn) break
      if (signal?.aborted) throw new Error('stopped')
      rows += 1
      const row = parseReleaseRow(info.lines, cells)
      let repeatOf: number | null = null
      let conflictWith: number | null = null
      if (!row.errors.length) {
        // The release export writes a release once per track: its repeats agree with its first line.
        const first = firstOf.get(row.gtin)
        if (!first) firstOf.set(row.gtin, { line: row.line, signature: signature(row) })
        else if (first.signature === signature(row)) repeatOf = first.line
        else conflictWith = first.line
      }
      chunk.push({ row, repeatOf, conflictWith })
      if (chunk.length >= CHUNK) await flush()
    }
    if (missingUpcColumn) {
      source.destroy()
      await fail(services, importId, 'The CSV needs a upc column (UPC, EAN or Barcode).')
      return { failed: true }
    }
    await flush()
  } catch (error) {
    if (signal?.aborted) throw error
    await fail(
      services,
      importId,
      error instanceof CsvError ? `The CSV could not be read: ${error.message}` : `The import stopped: ${(error as Error).message}`,
    )
    return { failed: true }
  }
  if (rows === 0) {
    await fail(services, importId, 'The CSV has no rows.')
    return { failed: true }
  }
  await db
    .update(releaseImports)
    .set({ status: 'committed', progress: '1', finishedAt: services.now() })
    .where(eq(releaseImports.id, importId))
  return { done: true, rows }
}

export function registerReleaseImportJobs(runner: Services['jobs'], services: Services) {
  runner.register<{ tenantId: number; importId: number }>(RELEASE_IMPORT_JOB, ({ payload, signal }) =>
    runReleaseImport(services, payload.tenantId, payload.importId, signal),
  )
}

/** Stores the file (spooled, checked as text by its bytes) and queues its import. */
export async function uploadReleaseImport(ctx: AuthedContext, file: UploadedFile | undefined) {
  checkCsvFile(file)
  const tenantId = ctx.tenant.id
  return auditedMutation(ctx, { action: 'release_import.uploaded', entityType: ENTITY }, async (tx) => {
    const stored = await storeCsvFile(tx, ctx, file, 'release-import', 'releases.csv')
    const [created] = await tx
      .insert(releaseImports)
      .values({ tenantId, fileId: stored.id, fileName: stored.originalName, createdBy: ctx.session.account.id })
      .returning({ id: releaseImports.id })
    await ctx.services.jobs.enqueue(tx, {
      type: RELEASE_IMPORT_JOB,
      tenantId,
      createdBy: ctx.session.account.id,
      payload: { tenantId, importId: created.id },
      maxAttempts: 3,
    })
    return { result: { id: created.id, status: 'uploaded' as const }, entityId: created.id, after: { fileName: stored.originalName } }
  })
}

type ImportRecord = typeof releaseImports.$inferSelect
type Person = { id: number | null; email: string | null; firstName: string | null; lastName: string | null } | null
const byColumns = { id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName }

function toRow(row: ImportRecord, by: Person): ReleaseImportRowResult {
  return {
    id: row.id,
    status: row.status as ReleaseImportStatus,
    fileName: row.fileName,
    rows: row.rows,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    failed: row.failed,
    progress: Number(row.progress),
    error: row.error,
    createdAt: row.createdAt,
    finished: row.finishedAt,
    createdBy: by?.id ? { id: by.id, name: displayName({ firstName: by.firstName, lastName: by.lastName, email: by.email ?? '' }) } : null,
  }
}

async function readOne(q: Queryable, tenantId: number, id: number) {
  const [found] = await q
    .select({ row: releaseImports, by: byColumns })
    .from(releaseImports)
    .leftJoin(accounts, eq(accounts.id, releaseImports.createdBy))
    .where(and(eq(releaseImports.id, id), eq(releaseImports.tenantId, tenantId)))
  if (!found) throw notFound('There is no such release import in this workspace.')
  return toRow(found.row, found.by)
}

export const getReleaseImport = (ctx: AuthedContext, id: number) => readOne(ctx.services.db, ctx.tenant.id, id)

export async function releaseImportHistory(ctx: AuthedContext, page: number, perPage: number) {
  const db = ctx.services.db
  const where = eq(releaseImports.tenantId, ctx.tenant.id)
  const [rows, { total, estimate }] = await Promise.all([
    db
      .select({ row: releaseImports, by: byColumns })
      .from(releaseImports)
      .leftJoin(accounts, eq(accounts.id, releaseImports.createdBy))
      .where(where)
      .orderBy(desc(releaseImports.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    cappedTotal(db, releaseImports, where),
  ])
  return { data: rows.map(({ row, by }) => toRow(row, by)), meta: pageMeta(total, estimate, page, perPage) }
}

export async function releaseImportLines(
  ctx: AuthedContext,
  query: { id: number; page: number; per_page: number; filter: 'all' | 'errors' },
) {
  await readOne(ctx.services.db, ctx.tenant.id, query.id)
  const db = ctx.services.db
  const where = and(
    eq(releaseImportRows.importId, query.id),
    eq(releaseImportRows.tenantId, ctx.tenant.id),
    query.filter === 'errors' ? eq(releaseImportRows.result, 'failed') : undefined,
  )
  const [rows, { total, estimate }] = await Promise.all([
    db
      .select()
      .from(releaseImportRows)
      .where(where)
      .orderBy(releaseImportRows.csvRow, releaseImportRows.id)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    cappedTotal(db, releaseImportRows, where),
  ])
  const data: ReleaseImportLine[] = rows.map((row) => ({
    id: row.id,
    csvRow: row.csvRow,
    upc: row.upc,
    releaseTitle: row.releaseTitle,
    ownerEmail: row.ownerEmail,
    result: row.result as ReleaseImportResult,
    releaseId: row.releaseId,
    message: row.message,
  }))
  return { data, meta: pageMeta(total, estimate, query.page, query.per_page) }
}
