import { createHash } from 'node:crypto'
import { pageMeta } from '@server/db/paging'
import { cappedTotal } from './paging'
import { createReadStream, createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { and, desc, eq, sql } from 'drizzle-orm'
import { SPOOL_HEAD_BYTES } from '@contract/define'
import { EXPORT_MAX_IDS, type ExportKind, type ExportRowResult, type ExportStatus } from '@contract/catalogue-ops'
import { displayName } from '@core/names'
import { RELEASE_STATUS } from '@core/release-status'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { accounts } from '@server/db/schema/platform'
import { HttpError, notFound } from '@server/errors'
import { auditedMutation, type AuditActor, type Change } from '@server/audit'
import { csvLine, keysetRows, writeCsvFile } from '@server/csv-stream'
import { bigintArray } from '@server/db/arrays'
import { convertReleaseType, markExported, type TypeConversion } from '@domains/catalogue/server/public'
import { checkUpc } from '@core/identifiers'
import { badRequest } from '@server/errors'
import { textArray } from '@server/db/arrays'
import { readCodeLines } from './codes.service'
import { buildNewReleaseMessage, type DdexFile, type DdexRelease } from './ddex'
import { catalogueExports } from './schema'
import { ddexSender } from './ddex-settings'
import { buildAudioSaladRelease } from './audiosalad-xml'
import { ZIP_MAX_ENTRIES, ZipWriter } from './zip-writer'

// Exports (docs/catalogue-ops.md "Exports"): a job per export streams the releases' tracks a page at
// a time into a file, stores it through the file store, records what it covered and moves the
// accepted releases to 4 Exported, all in one transaction at the end (a killed export changes nothing).

export const EXPORT_JOB = 'export.run'
const NO_EXPORT = 'There is no such export.'
const NO_RELEASE = 'There is no such release.'
/** What `all` exports: releases that are accepted or out in the stores. */
const EXPORTABLE = [RELEASE_STATUS.accepted, RELEASE_STATUS.exported, RELEASE_STATUS.live, RELEASE_STATUS.edited]

export const CMS_HEADER = [
  'custom_id',
  'add_asset_labels',
  'title',
  'artist',
  'album',
  'label',
  'genre',
  'isrc',
  'upc',
  'release_date',
  'ownership',
] as const
export const RELEASE_HEADER = [
  'release_id',
  'upc',
  'catalog_number',
  'release_title',
  'release_type',
  'status',
  'label',
  'primary_genre',
  'secondary_genre',
  'release_date',
  'original_release_date',
  'c_line',
  'c_year',
  'p_line',
  'p_year',
  'artists',
  'owner_email',
  'track_position',
  'track_id',
  'track_title',
  'isrc',
  'explicit',
  'duration_seconds',
  'audio_url',
] as const

type ExportRecord = typeof catalogueExports.$inferSelect
type Person = { id: number | null; email: string | null; firstName: string | null; lastName: string | null } | null

function toRow(row: ExportRecord, by: Person): ExportRowResult {
  return {
    id: row.id,
    kind: row.kind as ExportKind,
    status: row.status as ExportStatus,
    fileName: row.fileName,
    releases: row.releases,
    tracks: row.tracks,
    markedExported: row.markedExported,
    progress: Number(row.progress),
    error: row.error,
    hasFile: row.fileId !== null,
    created: row.createdAt,
    finished: row.finishedAt,
    createdBy: by?.id ? { id: by.id, name: displayName({ email: by.email ?? '', firstName: by.firstName, lastName: by.lastName }) } : null,
  }
}
const byColumns = { id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName }

async function readOne(q: Queryable, tenantId: number, id: number) {
  const [found] = await q
    .select({ row: catalogueExports, by: byColumns })
    .from(catalogueExports)
    .leftJoin(accounts, eq(accounts.id, catalogueExports.createdBy))
    .where(and(eq(catalogueExports.id, id), eq(catalogueExports.tenantId, tenantId)))
  if (!found) throw notFound(NO_EXPORT)
  return toRow(found.row, found.by)
}

export const getExport = (ctx: AuthedContext, id: number) => readOne(ctx.services.db, ctx.tenant.id, id)

/** Queues an export of these releases (each must be a release of the workspace), or of every exportable one. */
export async function queueExport(ctx: AuthedContext, kind: ExportKind, selection: { ids: number[]; all?: boolean }) {
  const tenantId = ctx.tenant.id
  const ids = [...new Set(selection.ids)]
  if (!selection.all) {
    const { rows } = await ctx.services.db.execute<{ n: number }>(
      sql`select count(*)::int as n from releases where tenant_id = ${tenantId} and id = any(${bigintArray(ids)})`,
    )
    if (Number(rows[0].n) !== ids.length)
      throw notFound(ids.length === 1 ? NO_RELEASE : 'Some of these releases are not in this workspace.')
  }
  const created = await auditedMutation(ctx, { action: 'export.queued', entityType: 'export' }, async (tx) => {
    const [row] = await tx
      .insert(catalogueExports)
      .values({ tenantId, kind, releaseIds: selection.all ? [] : ids, all: Boolean(selection.all), createdBy: ctx.session.account.id })
      .returning({ id: catalogueExports.id })
    await ctx.services.jobs.enqueue(tx, {
      type: EXPORT_JOB,
      tenantId,
      createdBy: ctx.session.account.id,
      payload: { tenantId, exportId: row.id },
      maxAttempts: 3,
    })
    return { result: row.id, entityId: row.id, after: { kind, releases: selection.all ? 'all' : ids } }
  })
  return readOne(ctx.services.db, tenantId, created)
}

interface TrackLine extends Record<string, unknown> {
  release_id: number
  position: number
  track_id: number
  release_status: number
}

/** Releases per page of an export: ~5,000 tracks at an album's size, one index probe per release. */
const RELEASES_PER_PAGE = 200

/**
 * The selection's tracks joined to their release, a page of releases at a time (release id order),
 * each release's tracks by (position, id). Paging on releases, not on a (release, position, track)
 * key over tracks: the planner then always takes the next releases from their primary key and their
 * tracks from tracks_release_idx, where the row-comparison keyset over a million tracks could pick a
 * tenant-wide scan. `cms` reads only the columns the CMS file has (no owner join).
 */
async function* selectionTracks(
  services: Services,
  exportRow: Pick<ExportRecord, 'tenantId' | 'all' | 'releaseIds'>,
  columns: 'full' | 'audiosalad' = 'full',
) {
  const tenantId = exportRow.tenantId
  const which = exportRow.all
    ? sql`r.status = any(${bigintArray(EXPORTABLE)}::smallint[])`
    : sql`r.id = any(${bigintArray(exportRow.releaseIds)})`
  const select =
    columns === 'audiosalad'
      ? sql`select r.id as release_id, r.status as release_status, r.title as release_title, r.type as release_type, r.upc, r.catalog_number,
               r.label, r.primary_genre, r.secondary_genre, r.release_date::text as release_date,
               r.original_release_date::text as original_release_date, r.c_line, r.c_year, r.p_line, r.p_year, r.artists,
               r.territories, t.id as track_id, t.position, t.title as track_title, t.isrc, t.explicit, t.duration, t.participants
          from tracks t join releases r on r.id = t.release_id and r.tenant_id = t.tenant_id`
      : sql`select r.id as release_id, r.status as release_status, r.title as release_title, r.type as release_type, r.upc, r.catalog_number,
               r.label, r.primary_genre, r.secondary_genre, r.release_date::text as release_date,
               r.original_release_date::text as original_release_date, r.c_line, r.c_year, r.p_line, r.p_year, r.artist_text,
               r.territories, a.email as owner_email,
               t.id as track_id, t.position, t.title as track_title, t.isrc, t.explicit, t.duration, t.audio_url
          from tracks t join releases r on r.id = t.release_id and r.tenant_id = t.tenant_id
          join accounts a on a.id = r.account_id`
  let after = 0
  for (;;) {
    const { rows: page } = await services.db.execute<{ id: number }>(sql`
      select r.id from releases r
       where r.tenant_id = ${tenantId} and ${which} and r.id > ${after}
       order by r.id limit ${RELEASES_PER_PAGE}`)
    if (!page.length) return
    const ids = page.map((row) => Number(row.id))
    const { rows } = await services.db.execute<TrackLine>(sql`
      ${select}
       where t.tenant_id = ${tenantId} and t.release_id = any(${bigintArray(ids)})
       order by t.release_id, t.position, t.id`)
    yield* rows
    if (page.length < RELEASES_PER_PAGE) return
    after = ids[ids.length - 1]
  }
}

/**
 * One CSV cell in SQL, exactly as csvCell writes it (the formula guard, then quoting), so a CMS page
 * can leave the database as finished CSV text: no per-cell work in node (~6 s a million rows here).
 * Plain expressions over the (cheap) column reference: the scalar subqueries this was written with
 * before cost a subplan per cell, eleven per track.
 */
function sqlCsvCell(value: ReturnType<typeof sql>) {
  const x = sql`coalesce((${value})::text, '')`
  const guarded = sql`(case when ${x} ~ '^[=+\\-@\\t\\r]' and ${x} !~ '^-?\\d+(\\.\\d+)?$' then '''' || ${x} else ${x} end)`
  return sql`(case when ${x} ~ '[",\\r\\n]' then '"' || replace(${guarded}, '"', '""') || '"' else ${guarded} end)`
}

/** A cell whose text can neither start a formula nor need quotes (ids, dates): written as it is. */
function sqlSafeCell(value: ReturnType<typeof sql>) {
  return sql`coalesce((${value})::text, '')`
}

/**
 * The CMS export's pages: the next releases by primary key (as selectionTracks), their tracks through
 * tracks_release_idx, each page answered by one statement as CSV lines with the releases it covered.
 */
async function* cmsPages(services: Services, exportRow: Pick<ExportRecord, 'tenantId' | 'all' | 'releaseIds'>) {
  const tenantId = exportRow.tenantId
  const which = exportRow.all
    ? sql`r.status = any(${bigintArray(EXPORTABLE)}::smallint[])`
    : sql`r.id = any(${bigintArray(exportRow.releaseIds)})`
  // The cells of the release are written once per release (in p), not once per track: a page's
  // cost was the cells' pattern tests, nine of eleven of them on release columns (190 → ~100 ms a
  // 10,000-track page, the same text).
  const ownership = sql`case when jsonb_array_length(r.territories) = 0 or r.territories ? 'WW' then 'WW'
                    else (select string_agg(value, '|') from jsonb_array_elements_text(r.territories)) end`
  const head = sqlCsvCell(sql`concat_ws('|', nullif(r.label, ''), nullif(r.upc, ''))`)
  const middle = sql.join([sql`r.artist_text`, sql`r.title`, sql`r.label`, sql`r.primary_genre`].map(sqlCsvCell), sql` || ',' || `)
  const tail = sql.join([sqlCsvCell(sql`r.upc`), sqlSafeCell(sql`r.release_date::text`), sqlCsvCell(ownership)], sql` || ',' || `)
  const line = sql.join(
    [
      sqlSafeCell(sql`'WL-' || p.id || '-' || t.id`),
      sql`p.head`,
      sqlCsvCell(sql`t.title`),
      sql`p.middle`,
      sqlCsvCell(sql`t.isrc`),
      sql`p.tail`,
    ],
    sql` || ',' || `,
  )
  let after = 0
  for (;;) {
    const { rows } = await services.db.execute<{
      ids: string[] | null
      exported: string[] | null
      accepted: string[] | null
      tracks: number
      csv: string | null
    }>(sql`
      with p as materialized (
        select r.id, r.status, ${head} as head, ${middle} as middle, ${tail} as tail
          from releases r
         where r.tenant_id = ${tenantId} and ${which} and r.id > ${after}
         order by r.id limit ${RELEASES_PER_PAGE}),
      l as (
        select t.release_id, t.position, t.id, ${line} as line
          from p join tracks t on t.release_id = p.id and t.tenant_id = ${tenantId})
      select (select array_agg(id order by id)::text[] from p) as ids,
             (select array_agg(distinct release_id)::text[] from l) as exported,
             (select array_agg(id)::text[] from p where status = ${RELEASE_STATUS.accepted} and id in (select release_id from l)) as accepted,
             (select count(*)::int from l) as tracks,
             (select string_agg(line, E'\\r\\n' order by release_id, position, id) || E'\\r\\n' from l) as csv`)
    const page = rows[0]
    const ids = (page.ids ?? []).map(Number)
    if (!ids.length) return
    yield {
      ids,
      exported: (page.exported ?? []).map(Number),
      accepted: (page.accepted ?? []).map(Number),
      tracks: Number(page.tracks),
      csv: page.csv ?? '',
    }
    if (ids.length < RELEASES_PER_PAGE) return
    after = ids[ids.length - 1]
  }
}

/** The CMS file: its header, then each page's lines as the database wrote them. */
async function writeCmsFile(
  services: Services,
  exportRow: Pick<ExportRecord, 'tenantId' | 'all' | 'releaseIds'>,
  filePath: string,
  onPage: (page: { ids: number[]; exported: number[]; accepted: number[]; tracks: number }) => unknown,
) {
  const out = createWriteStream(filePath)
  try {
    out.write(csvLine(CMS_HEADER))
    for await (const page of cmsPages(services, exportRow)) {
      await onPage(page)
      if (page.csv && !out.write(page.csv)) await once(out, 'drain')
    }
  } finally {
    out.end()
    await once(out, 'close')
  }
}

function releaseRow(row: Record<string, unknown>): unknown[] {
  return [
    row.release_id,
    row.upc,
    row.catalog_number,
    row.release_title,
    row.release_type,
    row.release_status,
    row.label,
    row.primary_genre,
    row.secondary_genre,
    row.release_date,
    row.original_release_date,
    row.c_line,
    row.c_year,
    row.p_line,
    row.p_year,
    row.artist_text,
    row.owner_email,
    row.position,
    row.track_id,
    row.track_title,
    row.isrc,
    row.explicit ? 'yes' : 'no',
    row.duration,
    row.audio_url,
  ]
}

/** SHA-256 and size of a written file, read as a stream. */
async function digest(file: string) {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  const { size } = await stat(file)
  const handle = await open(file, 'r')
  const head = Buffer.alloc(Math.min(size, SPOOL_HEAD_BYTES))
  await handle.read(head, 0, head.length, 0)
  await handle.close()
  return { sha256: hash.digest('hex'), size, head }
}

/** Stored files' SHA-256 by the `/api/files/{id}` URLs releases and tracks keep. */
async function fileRefs(services: Services, tenantId: number, urls: (string | null)[]): Promise<Map<string, DdexFile & { id: number }>> {
  const ids = urls.flatMap((url) => {
    const match = url ? /^\/api\/files\/(\d+)$/.exec(url) : null
    return match ? [Number(match[1])] : []
  })
  const found = new Map<string, DdexFile & { id: number }>()
  if (!ids.length) return found
  const { rows } = await services.db.execute<{ id: number; sha256: string; original_name: string }>(
    sql`select id, sha256, original_name from files where tenant_id = ${tenantId} and id = any(${bigintArray(ids)})`,
  )
  for (const row of rows)
    found.set(`/api/files/${row.id}`, {
      id: Number(row.id),
      uri: `resources/${row.id}-${row.original_name.replace(/[^\w.-]+/g, '_')}`,
      sha256: row.sha256,
    })
  return found
}

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** A release's own fields from its first track line, as the DDEX message and the AudioSalad document both name them. */
function releaseFields(first: TrackLine) {
  return {
    id: Number(first.release_id),
    title: String(first.release_title),
    type: String(first.release_type),
    upc: (first.upc as string | null) ?? null,
    catalogNumber: (first.catalog_number as string | null) ?? null,
    label: (first.label as string | null) ?? null,
    primaryGenre: (first.primary_genre as string | null) ?? null,
    secondaryGenre: (first.secondary_genre as string | null) ?? null,
    releaseDate: (first.release_date as string | null) ?? null,
    originalReleaseDate: (first.original_release_date as string | null) ?? null,
    cLine: (first.c_line as string | null) ?? null,
    cYear: nullableNumber(first.c_year),
    pLine: (first.p_line as string | null) ?? null,
    pYear: nullableNumber(first.p_year),
    territories: (first.territories as string[] | null) ?? [],
  }
}

/** A track line's own fields, as both documents name them. */
const trackFields = (line: TrackLine) => ({
  id: Number(line.track_id),
  title: String(line.track_title),
  isrc: (line.isrc as string | null) ?? null,
  duration: nullableNumber(line.duration),
  explicit: Boolean(line.explicit),
})

async function ddexMessage(services: Services, exportRow: Pick<ExportRecord, 'tenantId' | 'id'>, lines: TrackLine[], messageId?: string) {
  const first = lines[0]
  const { rows: releaseRows } = await services.db.execute<{
    artists: string[]
    cover_large_url: string | null
  }>(sql`
    select r.artists, r.cover_large_url from releases r
     where r.id = ${first.release_id} and r.tenant_id = ${exportRow.tenantId}`)
  const { rows: participants } = await services.db.execute<{ id: number; participants: { name: string; roles: string }[] }>(sql`
    select id, participants from tracks where release_id = ${first.release_id} and tenant_id = ${exportRow.tenantId}`)
  const byTrack = new Map(participants.map((row) => [Number(row.id), row.participants]))
  const meta = releaseRows[0]
  const files = await fileRefs(services, exportRow.tenantId, [
    meta.cover_large_url,
    ...lines.map((line) => line.audio_url as string | null),
  ])
  const release: DdexRelease = {
    ...releaseFields(first),
    artists: meta.artists.length ? meta.artists : [String(first.artist_text)],
    cover: meta.cover_large_url ? (files.get(meta.cover_large_url) ?? null) : null,
    tracks: lines.map((line) => ({
      ...trackFields(line),
      artists: (byTrack.get(Number(line.track_id)) ?? []).filter((artist) => artist.name),
      audio: line.audio_url ? (files.get(line.audio_url as string) ?? null) : null,
    })),
  }
  const { sender } = await ddexSender(services.db, exportRow.tenantId)
  const xml = buildNewReleaseMessage(release, { sender, recipient: sender }, messageId ?? `export-${exportRow.id}`, services.now())
  // The files the message names, for a delivery package to carry beside it.
  return { xml, files: [...files.values()] }
}

/** Releases already sent to the stores: AudioSalad is told to update them, not to add them. */
const SENT_BEFORE: readonly number[] = [
  RELEASE_STATUS.exported,
  RELEASE_STATUS.live,
  RELEASE_STATUS.editPending,
  RELEASE_STATUS.edited,
  RELEASE_STATUS.takedownPending,
]

/**
 * The AudioSalad metadata export (docs/formats/audiosalad-metadata.md): the selection's tracks in
 * release order, each release's lines gathered and written as one v3.4 XML entry of a ZIP archive
 * as soon as the next release starts, so one release at a time is in memory.
 */
async function writeAudioSaladArchive(
  services: Services,
  exportRow: Pick<ExportRecord, 'tenantId' | 'all' | 'releaseIds' | 'id'>,
  filePath: string,
  onLine: (line: TrackLine) => unknown,
) {
  const { sender } = await ddexSender(services.db, exportRow.tenantId)
  const meta = { distributor: sender.name, exportId: exportRow.id, now: services.now() }
  const zip = new ZipWriter(filePath, meta.now)
  const names = new Set<string>()
  let lines: TrackLine[] = []
  const flush = async () => {
    if (!lines.length) return
    const first = lines[0]
    if (zip.count >= ZIP_MAX_ENTRIES)
      throw new HttpError(
        409,
        `An AudioSalad export holds at most ${ZIP_MAX_ENTRIES.toLocaleString('en')} releases: export a selection.`,
        'conflict',
      )
    const upc = (first.upc as string | null) || null
    const base = upc ?? `release-${first.release_id}`
    const name = names.has(base) ? `${base}-R${first.release_id}` : base
    names.add(name)
    const xml = buildAudioSaladRelease(
      {
        ...releaseFields(first),
        upc,
        artists: (first.artists as string[] | null) ?? [],
        sentBefore: SENT_BEFORE.includes(Number(first.release_status)),
        tracks: lines.map((line) => ({
          ...trackFields(line),
          position: Number(line.position),
          participants: (line.participants as { name: string; roles: string }[] | null) ?? [],
        })),
      },
      meta,
    )
    await zip.add(`${name}.xml`, xml)
    lines = []
  }
  try {
    for await (const line of selectionTracks(services, exportRow, 'audiosalad')) {
      if (lines.length && Number(lines[0].release_id) !== Number(line.release_id)) await flush()
      await onLine(line)
      lines.push(line)
    }
    await flush()
    if (zip.count === 0) throw new HttpError(409, 'None of these releases has tracks to export.', 'conflict')
    await zip.close()
  } catch (error) {
    zip.destroy()
    throw error
  }
}

/**
 * Runs one export: streams the selection into a temporary file (a page of tracks at a time), then
 * in one transaction stores the file, moves the accepted releases to 4 Exported (an audit row each)
 * and records the export. A run that dies before that transaction leaves nothing, and runs again.
 */
export async function runExport(services: Services, tenantId: number, exportId: number) {
  const db = services.db
  const [exportRow] = await db
    .select()
    .from(catalogueExports)
    .where(and(eq(catalogueExports.id, exportId), eq(catalogueExports.tenantId, tenantId)))
  if (!exportRow || exportRow.status === 'done') return { skipped: true }
  await db.update(catalogueExports).set({ status: 'running', progress: '0', error: null }).where(eq(catalogueExports.id, exportId))
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wl-export-'))
  try {
    const releaseIds = new Set<number>()
    const accepted = new Set<number>()
    let trackCount = 0
    const seen = (line: TrackLine) => {
      releaseIds.add(Number(line.release_id))
      if (Number(line.release_status) === RELEASE_STATUS.accepted) accepted.add(Number(line.release_id))
      trackCount += 1
    }
    const stamp = services.now().toISOString().slice(0, 10)
    let fileName: string
    let filePath: string
    let kind: 'csv' | 'xml' | 'zip' = 'csv'
    if (exportRow.kind === 'catalog-number') {
      fileName = `catalogue-numbers-${exportId}-${stamp}.csv`
      filePath = path.join(dir, 'catalogue-numbers.csv')
      async function* rows() {
        for await (const row of selectionReleases(services, exportRow)) {
          releaseIds.add(Number(row.id))
          trackCount += Number(row.track_count)
          yield [
            row.catalog_number,
            row.upc,
            row.id,
            row.title,
            row.artist_text,
            row.label,
            row.type,
            row.status,
            row.release_date,
            row.track_count,
          ]
        }
      }
      await writeCsvFile(filePath, CATALOG_NUMBER_HEADER, rows())
    } else if (exportRow.kind === 'convert') {
      fileName = `type-conversion-${exportId}-${stamp}.csv`
      filePath = path.join(dir, 'report.csv')
      const converted = await convertAll(services, exportRow, (done) => releaseIds.add(done))
      await writeCsvFile(filePath, CONVERT_HEADER, converted.rows())
      trackCount = 0
    } else if (exportRow.kind === 'audiosalad') {
      fileName = `audiosalad-metadata-${exportId}-${stamp}.zip`
      filePath = path.join(dir, 'audiosalad.zip')
      kind = 'zip'
      await writeAudioSaladArchive(services, exportRow, filePath, (line) => {
        seen(line)
        if (trackCount % 5000 === 0) return db.update(catalogueExports).set({ tracks: trackCount }).where(eq(catalogueExports.id, exportId))
      })
    } else if (exportRow.kind === 'ddex') {
      const lines: TrackLine[] = []
      for await (const line of selectionTracks(services, exportRow)) {
        seen(line)
        lines.push(line)
      }
      if (!lines.length) throw new HttpError(409, 'The release has no tracks to export.', 'conflict')
      fileName = `ddex-ern43-${lines[0].upc ?? `release-${lines[0].release_id}`}-${stamp}.xml`
      filePath = path.join(dir, 'message.xml')
      await writeFile(filePath, (await ddexMessage(services, exportRow, lines)).xml)
      kind = 'xml'
    } else if (exportRow.kind === 'cms') {
      fileName = `youtube-cms-sound-recordings-${exportId}-${stamp}.csv`
      filePath = path.join(dir, 'export.csv')
      await writeCmsFile(services, exportRow, filePath, async (page) => {
        // Releases without tracks write no line and count as not exported, as in the other exports.
        const before = trackCount
        trackCount += page.tracks
        for (const id of page.exported) releaseIds.add(id)
        for (const id of page.accepted) accepted.add(id)
        if (Math.floor(before / 5000) !== Math.floor(trackCount / 5000))
          await db.update(catalogueExports).set({ tracks: trackCount }).where(eq(catalogueExports.id, exportId))
      })
    } else {
      async function* rows() {
        for await (const line of selectionTracks(services, exportRow)) {
          seen(line)
          if (trackCount % 5000 === 0)
            await db.update(catalogueExports).set({ tracks: trackCount }).where(eq(catalogueExports.id, exportId))
          yield releaseRow(line)
        }
      }
      fileName = `release-export-${exportId}-${stamp}.csv`
      filePath = path.join(dir, 'export.csv')
      await writeCsvFile(filePath, RELEASE_HEADER, rows())
    }
    const { sha256, size, head } = await digest(filePath)
    const actor: AuditActor = { tenantId, actorAccountId: exportRow.createdBy }
    await auditedMutation({ db, actor }, { action: 'release.exported', entityType: 'release' }, async (tx) => {
      const stored = await services.files.saveSpooled(tx, {
        tenantId,
        purpose: 'catalogue-exports',
        originalName: fileName,
        kind,
        maxBytes: Number.MAX_SAFE_INTEGER,
        createdBy: exportRow.createdBy,
        head,
        spooled: { path: filePath, size, sha256 },
      })
      const moved = await markExported(tx, tenantId, [...accepted], services.now())
      await tx
        .update(catalogueExports)
        .set({
          status: 'done',
          progress: '1',
          fileId: stored.id,
          fileName: stored.originalName,
          releases: releaseIds.size,
          tracks: trackCount,
          markedExported: moved.length,
          finishedAt: services.now(),
        })
        .where(eq(catalogueExports.id, exportId))
      return {
        result: null,
        records: moved.map((id) => ({
          entityId: id,
          before: { status: RELEASE_STATUS.accepted },
          after: { status: RELEASE_STATUS.exported, exportId },
        })),
      }
    })
    return { releases: releaseIds.size, tracks: trackCount }
  } catch (error) {
    await db
      .update(catalogueExports)
      .set({ status: 'failed', error: (error as Error).message, finishedAt: services.now() })
      .where(eq(catalogueExports.id, exportId))
    return { failed: (error as Error).message }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export const CATALOG_NUMBER_HEADER = [
  'catalog_number',
  'upc',
  'release_id',
  'release_title',
  'artists',
  'label',
  'release_type',
  'status',
  'release_date',
  'tracks',
] as const

/** The selection's releases (one row each, tracks or not), a page at a time by catalogue number then id. */
function selectionReleases(services: Services, exportRow: ExportRecord) {
  return keysetRows<Record<string, unknown> & { id: number; catalog_number: string }, [string, number]>(
    services.db,
    (after, size) => sql`
      select id, coalesce(catalog_number, '') as catalog_number, upc, title, artist_text, label, type, status,
             release_date::text as release_date, track_count
        from releases
       where tenant_id = ${exportRow.tenantId} and id = any(${bigintArray(exportRow.releaseIds)})
         ${after ? sql`and (coalesce(catalog_number, ''), id) > (${after[0]}, ${after[1]})` : sql``}
       order by coalesce(catalog_number, ''), id
       limit ${size}`,
    (row) => [String(row.catalog_number), Number(row.id)],
  )
}

/** Queues the catalogue-number export of an account's releases (an artist or label of the workspace). */
export async function queueCatalogNumberExport(ctx: AuthedContext, accountId: number) {
  const { rows: owner } = await ctx.services.db.execute<{ type: string }>(
    sql`select type from accounts where id = ${accountId} and tenant_id = ${ctx.tenant.id}`,
  )
  if (!owner.length) throw notFound('There is no such account.')
  const { rows } = await ctx.services.db.execute<{ id: number }>(
    sql`select id from releases where tenant_id = ${ctx.tenant.id} and account_id = ${accountId} order by id limit ${EXPORT_MAX_IDS}`,
  )
  if (!rows.length) throw new HttpError(409, 'This account has no releases to export.', 'conflict')
  return queueExport(ctx, 'catalog-number', { ids: rows.map((row) => Number(row.id)) })
}

export const CONVERT_HEADER = ['release_id', 'title', 'type_before', 'type_after', 'result', 'reason'] as const

/**
 * The bulk type conversion: each release in its own audited transaction (a release is converted or
 * not, never half), its line of the report kept in order. A run that died converts again only what
 * its rule still changes (the others answer "Already …").
 */
async function convertAll(services: Services, exportRow: ExportRecord, onRelease: (id: number) => void) {
  const lines: unknown[][] = []
  const actor: AuditActor = { tenantId: exportRow.tenantId, actorAccountId: exportRow.createdBy }
  const ids = exportRow.releaseIds
  const { rows: titles } = await services.db.execute<{ id: number; title: string }>(
    sql`select id, title from releases where tenant_id = ${exportRow.tenantId} and id = any(${bigintArray(ids)})`,
  )
  const titleOf = new Map(titles.map((row) => [Number(row.id), row.title]))
  for (const [index, releaseId] of ids.entries()) {
    const verdict = await auditedMutation<TypeConversion>(
      { db: services.db, actor },
      { action: 'release.converted', entityType: 'release', entityId: releaseId },
      async (tx): Promise<Change<TypeConversion>> => {
        const result: TypeConversion = await convertReleaseType(tx, exportRow.tenantId, releaseId, services.now())
        // Only a change is audited: the report says why the others kept their type.
        return result.ok
          ? { result, before: { type: result.before }, after: { type: result.after, because: result.because, exportId: exportRow.id } }
          : { result, records: [] }
      },
    )
    onRelease(releaseId)
    lines.push(
      verdict.ok
        ? [releaseId, titleOf.get(releaseId) ?? '', verdict.before, verdict.after, 'converted', verdict.because]
        : [releaseId, titleOf.get(releaseId) ?? '', verdict.before ?? '', verdict.before ?? '', 'unchanged', verdict.reason],
    )
    if (index % 50 === 0)
      await services.db
        .update(catalogueExports)
        .set({ progress: (index / ids.length).toFixed(4) })
        .where(eq(catalogueExports.id, exportRow.id))
  }
  return {
    async *rows() {
      for (const line of lines) yield line
    },
  }
}

export function registerExportJobs(runner: Services['jobs'], services: Services) {
  runner.register<{ tenantId: number; exportId: number }>(EXPORT_JOB, ({ payload }) =>
    runExport(services, payload.tenantId, payload.exportId),
  )
}

export async function exportHistory(ctx: AuthedContext, page: number, perPage: number) {
  const db = ctx.services.db
  const where = eq(catalogueExports.tenantId, ctx.tenant.id)
  const [rows, { total, estimate }] = await Promise.all([
    db
      .select({ row: catalogueExports, by: byColumns })
      .from(catalogueExports)
      .leftJoin(accounts, eq(accounts.id, catalogueExports.createdBy))
      .where(where)
      .orderBy(desc(catalogueExports.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    cappedTotal(db, catalogueExports, where),
  ])
  return {
    data: rows.map(({ row, by }) => toRow(row, by)),
    meta: pageMeta(total, estimate, page, perPage),
  }
}

/** The export's stored file, streamed from the file store as an attachment. */
export async function exportFile(ctx: AuthedContext, id: number) {
  const [row] = await ctx.services.db
    .select()
    .from(catalogueExports)
    .where(and(eq(catalogueExports.id, id), eq(catalogueExports.tenantId, ctx.tenant.id)))
  if (!row) throw notFound(NO_EXPORT)
  const file = row.fileId ? await ctx.services.files.find(ctx.services.db, ctx.tenant.id, row.fileId) : null
  if (!file) throw new HttpError(409, 'This export has no file yet.', 'conflict')
  return ctx.reply
    .header('content-type', file.contentType === 'application/xml' ? 'application/xml; charset=utf-8' : 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.originalName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(await ctx.services.files.open(file))
}

/**
 * A YouTube CMS export of the releases a CSV names by UPC. Invalid UPCs and UPCs of no release are
 * listed; the others are exported as one job. None found: refused with the list.
 */
/** The releases a CSV names by UPC, as one CMS export or one bulk type conversion ('convert'). */
export async function queueExportFromCsv(ctx: AuthedContext, file: { data: Buffer }, kind: 'cms' | 'convert' = 'cms') {
  const notFound: { line: number; value: string; reason: string }[] = []
  const wanted = new Map<string, { line: number; value: string }>()
  for (const { line, value } of readCodeLines(file.data)) {
    const checked = checkUpc(value)
    if (!checked.ok) notFound.push({ line, value, reason: checked.message })
    else if (!wanted.has(checked.value.padStart(13, '0'))) wanted.set(checked.value.padStart(13, '0'), { line, value })
  }
  const spellings = [...wanted.keys()].flatMap((key) => (key.startsWith('0') ? [key, key.slice(1)] : [key]))
  const found = new Map<string, number>()
  for (let index = 0; index < spellings.length; index += 2000) {
    const { rows } = await ctx.services.db.execute<{ id: number; upc: string }>(
      sql`select id, upc from releases where tenant_id = ${ctx.tenant.id} and upc = any(${sql.param(textArray(spellings.slice(index, index + 2000)))}::text[])`,
    )
    for (const row of rows) found.set(row.upc.padStart(13, '0'), Number(row.id))
  }
  for (const [key, entry] of wanted) if (!found.has(key)) notFound.push({ ...entry, reason: 'No release of this workspace has this UPC' })
  notFound.sort((a, b) => a.line - b.line)
  if (found.size === 0)
    throw badRequest('None of these UPCs is a release of this workspace.', { file: notFound[0]?.reason ?? 'The file has no UPCs.' })
  const ids = [...new Set(found.values())]
  const queued = await queueExport(ctx, kind, { ids })
  return { ...queued, requested: ids.length, notFound: notFound.slice(0, 500) }
}

/**
 * A release's delivery package: its DDEX ERN 4.3 message and the stored files it names (audio and
 * cover, each at the path the message gives it). The folder is the UPC, or the release id.
 */
export async function releasePackage(services: Services, tenantId: number, releaseId: number, messageId: string) {
  const selection = { tenantId, all: false, releaseIds: [releaseId] } as ExportRecord
  const lines: TrackLine[] = []
  for await (const line of selectionTracks(services, selection)) lines.push(line)
  if (!lines.length) throw new Error('The release has no tracks to deliver.')
  const { xml, files } = await ddexMessage(services, { tenantId, id: 0 }, lines, messageId)
  const folder = String(lines[0].upc ?? `release-${releaseId}`)
  return { folder, xml, files }
}
