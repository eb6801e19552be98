// `npm run bench -- --only analytics [--trend-lines 1000000] [--facts 20000000]`: trend ingestion and the
// analytics reads (issue 24, docs/analytics.md). On a database of its own: PostgreSQL when DATABASE_URL
// is set (database BENCH_DB, default wl_analytics_bench, dropped and made again), else PGlite in a
// temporary directory.
//
// 1. Ingestion: a Spotify trend report of --trend-lines lines goes THROUGH THE REAL PATH (spooled
//    upload stored by the file store, the parse job's streaming read into trend_facts, commit into the
//    rollups). Prints lines a second for the dry run, the commit and both, and the peak memory
//    (resident set). Goals: >= 150,000 lines/s, < 300 MB.
// 2. Reads: --facts more fact rows seeded with INSERT ... SELECT (a year, 12 platforms, --tracks
//    tracks, countries and sources), rolled up by the same SQL shape, then each overview and platform
//    read (summary, top songs, top accounts, country and source breakdowns, days histogram) timed
//    --read-runs times on the default period (last 30 days) and on a year. Goal: p95 < 100 ms.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createWriteStream, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { migrateDatabase } from '../../src/server/db/migrate'
import { openBenchDatabase } from './scratch-db'
import { FileStore } from '../../src/server/storage/file-store'
import { LocalStorage } from '../../src/server/storage/backends'
import { JobRunner } from '../../src/server/jobs/runner'
import type { Services } from '../../src/server/context'
import { ingestReport, type IngestArgs, type IngestFigures } from './analytics-ingest'
import { ensureFactPartitions, rollUpImport } from '../../src/domains/analytics/server/rollups'
import { breakdown, histogramDays, histogramHourly, summary, topAccounts, topSongs } from '../../src/domains/analytics/server/reads'
import { artificialStreams } from '../../src/domains/analytics/server/fraud'
import type { Db } from '../../src/server/db/engine'
import { addDays, dayString } from '../../src/core/analytics-range'
import { exactUnits, unitCount, type TrackUnits } from '../../src/domains/analytics/server/track-periods'

const PLATFORMS = [
  'spotify',
  'apple',
  'deezer',
  'amazon',
  'youtube-content',
  'youtube-shorts',
  'tiktok',
  'soundcloud',
  'pandora',
  'anghami',
  'meta',
  'audiomack',
]
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'MX', 'SE', 'JP', 'NG', 'IN', 'ES', 'IT', 'CA', 'AU', 'NL', 'PL', 'TR', 'KR', 'ID', 'PH']
const SOURCES = ['collection', 'album', 'search', 'radio', 'others_playlist', 'play_queue', 'artist', 'other']

const isrcOf = (index: number) => `QZBNC${String(index).padStart(7, '0')}`

/** The report written to disk as the multipart reader spools an upload (hashed on the way). */
async function writeReport(file: string, lines: number, tracks: number, until: string) {
  const hash = createHash('sha256')
  const out = createWriteStream(file)
  const write = (text: string) => {
    hash.update(text)
    return out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()))
  }
  await write('date,isrc,country,streams,listeners,source,product,gender,age_group\n')
  let chunk = ''
  for (let line = 0; line < lines; line += 1) {
    const day = addDays(until, -(line % 28))
    chunk += `${day},${isrcOf(line % tracks)},${COUNTRIES[line % COUNTRIES.length]},${1 + (line % 97)},${1 + (line % 41)},${SOURCES[line % SOURCES.length]},${line % 3 ? 'paid' : 'free'},${line % 2 ? 'm' : 'f'},25-34\n`
    if (chunk.length > 1 << 16) {
      await write(chunk)
      chunk = ''
    }
  }
  await write(chunk)
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())))
  return { size: statSync(file).size, sha256: hash.digest('hex') }
}

/** Runs tests/bench/analytics-ingest.ts as a child process and answers the figures it prints. */
function ingestInChild(url: string, args: IngestArgs): Promise<IngestFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        // BENCH_INGEST_NODE_ARGS: node options for the ingestion's process only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
        ...(process.env.BENCH_INGEST_NODE_ARGS ?? '').split(' ').filter(Boolean),
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'analytics-ingest.ts'),
        JSON.stringify(args),
      ],
      {
        env: { ...process.env, BENCH_INGEST_URL: url },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
    child.on('error', reject)
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? ''
      if (code !== 0 || !last.startsWith('{')) reject(new Error(`the ingestion child exited with ${code}: ${out.slice(-500)}`))
      else resolve(JSON.parse(last) as IngestFigures)
    })
  })
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

export async function runAnalyticsBench(options: {
  lines: number
  facts: number
  tracks: number
  runs: number
  /** Keep a database an earlier run seeded: only its reads are timed again. */
  reuse?: boolean
  log(message: string): void
}) {
  const { lines, facts, tracks, runs, log } = options
  const database = await openBenchDatabase({ defaultName: 'wl_analytics_bench', log, reuse: options.reuse })
  await migrateDatabase(database)
  const { db } = database
  const until = addDays(dayString(new Date()), -1)
  const seeded = options.reuse
    ? (
        await db.execute<{ tenant: number }>(sql`
          select t.id as tenant from tenants t join trend_imports i on i.tenant_id = t.id and i.content_hash = 'bench-seeded'
          where t.slug = 'trendbench' limit 1`)
      ).rows[0]
    : undefined
  if (seeded) {
    log('Reusing the seeded database: reads only')
    await timeReads(db, Number(seeded.tenant), until, runs, log, database.kind, null)
    await database.close()
    return
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wl-analytics-files-'))
  const services = {
    db,
    database,
    files: new FileStore(new LocalStorage(path.join(dir, 'store'))),
    jobs: new JobRunner(db),
    now: () => new Date(),
  } as unknown as Services

  await db.execute(sql`insert into tenants (slug, name) values ('trendbench', 'Trend bench')`)
  const [{ tenant }] = (await db.execute<{ tenant: number }>(sql`select id as tenant from tenants where slug = 'trendbench'`)).rows
  await db.execute(sql`insert into accounts (tenant_id, email, type, first_name, last_name)
    select ${tenant}, 'artist' || g || '@trendbench.test', case when g = 0 then 'admin' else 'artist' end, 'Bench', 'Artist ' || g
    from generate_series(0, 200) g`)
  const [{ adminId }] = (
    await db.execute<{ adminId: number }>(sql`select id as "adminId" from accounts where tenant_id = ${tenant} and type = 'admin'`)
  ).rows
  // A release per ten tracks, owned by the 200 artists in turn.
  await db.execute(sql`insert into releases (tenant_id, account_id, title, artists, artist_text, release_date, track_count, status)
    select ${tenant}, (select id from accounts where tenant_id = ${tenant} and type = 'artist' order by id offset (g % 200) limit 1),
      'Bench release ' || g, '["Bench Artist"]'::jsonb, 'Bench Artist', '2025-01-10', 10, 1
    from generate_series(0, ${Math.ceil(tracks / 10) - 1}) g`)
  await db.execute(sql`insert into tracks (tenant_id, release_id, position, title, isrc)
    select ${tenant}, r.id, 1 + (g % 10), 'Bench track ' || g, 'QZBNC' || lpad(g::text, 7, '0')
    from generate_series(0, ${tracks - 1}) g
    join lateral (select id from releases where tenant_id = ${tenant} order by id offset (g / 10) limit 1) r on true`)
  await db.execute(sql`analyze`)
  log(`${tracks.toLocaleString()} tracks on ${Math.ceil(tracks / 10).toLocaleString()} releases of 200 artists`)

  // 1. Ingestion through the real path.
  let ingestion: Record<string, unknown> | null = null
  if (lines > 0) {
    const file = path.join(dir, 'spotify.csv')
    const written = await writeReport(file, lines, tracks, until)
    const args: IngestArgs = { tenant, adminId, file, size: written.size, sha256: written.sha256, storeDir: dir }
    // On PostgreSQL the import runs in a child process that loads only the import code, so its
    // peak memory is the ingestion's; PGlite lives in the bench's process, so it runs here.
    const url = process.env.DATABASE_URL
    let figures: IngestFigures
    let where: string
    if (database.kind === 'postgres' && url) {
      const address = new URL(url)
      address.pathname = `/${(process.env.BENCH_DB ?? 'wl_analytics_bench').replace(/[^a-z0-9_]/g, '')}`
      figures = await ingestInChild(address.toString(), args)
      where = 'a child process with only the import code (node --import tsx)'
    } else {
      figures = await ingestReport(services, args)
      where = 'the bench process'
    }
    const perSecond = (ms: number) => Math.round(lines / (ms / 1000)).toLocaleString()
    log(
      `Trend ingestion: ${lines.toLocaleString()} lines (${(written.size / 1024 / 1024).toFixed(1)} MB), import ${figures.status}, ${figures.matched.toLocaleString()} matched; ` +
        `dry run ${figures.dryRunMs} ms (${perSecond(figures.dryRunMs)} lines/s), commit ${figures.commitMs} ms (${perSecond(figures.commitMs)} lines/s), ` +
        `both ${perSecond(figures.dryRunMs + figures.commitMs)} lines/s; in ${where}: peak RSS ${figures.peakRssMb} MB (${figures.peakFrom}), ` +
        `${figures.rssBeforeMb} MB before the import; statistics refreshed ${figures.statisticsMs} ms after the commit's answer (0: none); ` +
        `load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`,
    )
    log(`Trend ingestion steps (ms): ${Object.entries(figures.steps).map(([name, ms]) => `${name} ${ms}`).join('; ')}`)
    if (figures.peakAfterStep) log(`Trend ingestion peak RSS after each step (MB): ${Object.entries(figures.peakAfterStep).map(([name, mb]) => `${name} ${mb}`).join('; ')}`)
    ingestion = {
      lines,
      bytes: written.size,
      tracks,
      where,
      ...figures,
      linesPerSecond: {
        dryRun: Math.round(lines / (figures.dryRunMs / 1000)),
        commit: Math.round(lines / (figures.commitMs / 1000)),
        both: Math.round(lines / ((figures.dryRunMs + figures.commitMs) / 1000)),
      },
      loadAverage: Number(os.loadavg()[0].toFixed(1)),
    }
  }

  // 2. Facts at scale, seeded in SQL (a year of 12 platforms), rolled up as a commit does.
  if (facts > 0) {
    const seedAt = performance.now()
    const first = addDays(until, -364)
    const months = new Set<string>()
    for (let day = first; day <= until; day = addDays(day, 27)) months.add(day.slice(0, 7))
    months.add(until.slice(0, 7))
    await ensureFactPartitions(db, [...months])
    const [{ importId }] = (
      await db.execute<{ importId: number }>(sql`
        insert into trend_imports (tenant_id, platform, status, file_name, content_hash, created_by)
        values (${tenant}, 'spotify', 'committed', 'seeded', 'bench-seeded', ${adminId}) returning id as "importId"`)
    ).rows
    const step = 1_000_000
    for (let start = 0; start < facts; start += step) {
      const end = Math.min(facts, start + step) - 1
      await db.execute(sql`
        insert into trend_facts (tenant_id, import_id, line, platform, day, isrc, track_id, country, streams, listeners, artificial, dims)
        select ${tenant}, ${importId}, g, (${sql.param(PLATFORMS)}::text[])[1 + g % ${PLATFORMS.length}],
          ${first}::date + ((g / ${PLATFORMS.length}) % 365)::int,
          'QZBNC' || lpad(((g * 7919) % ${tracks})::text, 7, '0'), t.id,
          (${sql.param(COUNTRIES)}::text[])[1 + (g / 7) % ${COUNTRIES.length}], 1 + g % 113, 1 + g % 37, case when g % 101 = 0 then 3 else 0 end,
          jsonb_build_object('source', (${sql.param(SOURCES)}::text[])[1 + (g / 3) % ${SOURCES.length}], 'tier', case when g % 3 = 0 then 'free' else 'paid' end)
        from generate_series(${start}::bigint, ${end}::bigint) g
        join tracks t on t.tenant_id = ${tenant} and t.isrc = 'QZBNC' || lpad(((g * 7919) % ${tracks})::text, 7, '0')`)
    }
    const factsAt = performance.now()
    // The rollups by the commit's own statement (rollUpImport: the grouping sets per track and
    // without it), a month at a time so each statement's groups stay in memory.
    for (const month of [...months].sort()) {
      const [year, index] = month.split('-').map(Number)
      const to = addDays(index === 12 ? `${year + 1}-01-01` : `${year}-${String(index + 1).padStart(2, '0')}-01`, -1)
      await db.transaction(async (tx) => {
        if (database.kind === 'postgres') {
          await tx.execute(sql`set local work_mem = '256MB'`)
          await tx.execute(sql`set local jit = off`)
        }
        await rollUpImport(tx, tenant, importId, 'spotify', { from: `${month}-01`, to })
      })
    }
    await db.execute(sql`analyze`)
    const [sizes] = (
      await db.execute<Record<string, string>>(sql`
        select (select count(*) from trend_facts)::bigint as facts, (select count(*) from trend_daily)::bigint as daily,
          (select count(*) from trend_track_period)::bigint as track_period, (select count(*) from trend_platform_daily)::bigint as platform_daily,
          (select count(*) from trend_platform_breakdown_daily)::bigint as platform_breakdown,
          pg_size_pretty(pg_database_size(current_database())) as size`)
    ).rows
    const n = (key: string) => Number(sizes[key]).toLocaleString()
    log(
      `Seeded ${n('facts')} fact rows in ${Math.round((factsAt - seedAt) / 1000)} s, rolled up in ${Math.round((performance.now() - factsAt) / 1000)} s: ` +
        `trend_daily ${n('daily')} rows (with their breakdowns), trend_track_period ${n('track_period')}, trend_platform_daily ${n('platform_daily')}, ` +
        `trend_platform_breakdown_daily ${n('platform_breakdown')}; database ${sizes.size}`,
    )
  }
  await timeReads(db, tenant, until, runs, log, database.kind, ingestion)
  await database.close()
}

/**
 * Each overview and platform read a screen makes, on the default period and on a year, with the
 * rollup rows each kind of read touches in that period (what sets its cost).
 */
async function timeReads(
  db: Db,
  tenant: number,
  until: string,
  runs: number,
  log: (message: string) => void,
  kind: string,
  ingestion: Record<string, unknown> | null,
) {
  const result: { at: string; engine: string; runs: number; cpus: number; ingestion: Record<string, unknown> | null; periods: Record<string, unknown> } = {
    at: new Date().toISOString(),
    engine: kind,
    runs,
    cpus: os.cpus().length,
    ingestion,
    periods: {},
  }
  // The reads each screen makes, on the default period and on a year.
  // A year that starts on the seed's first day has nothing before it, so its units widen to whole
  // calendar years (exactUnits); the year less its first day has streams the day before, as a
  // workspace that has reported for longer than a year.
  const periods = {
    '30 days': { from: addDays(until, -29), to: until },
    year: { from: addDays(until, -364), to: until },
    'year less a day (streams before it)': { from: addDays(until, -363), to: until },
  }
  // "Analytics for this account": the artist with most tracks (its breakdowns read its tracks' arrays).
  const [{ account }] = (
    await db.execute<{ account: number }>(sql`
      select r.account_id as account from tracks t join releases r on r.id = t.release_id
      where t.tenant_id = ${tenant} group by 1 order by count(*) desc, 1 limit 1`)
  ).rows
  const accountId = Number(account)
  const reads: Record<string, (range: { from: string; to: string }) => Promise<unknown>> = {
    'overview summary': (range) => summary(db, tenant, 'all', range),
    'spotify summary': (range) => summary(db, tenant, 'spotify', range),
    'top songs (all)': (range) => topSongs(db, tenant, 'all', range),
    'top songs (spotify)': (range) => topSongs(db, tenant, 'spotify', range),
    'top accounts (all)': (range) => topAccounts(db, tenant, 'all', range),
    'top accounts (spotify)': (range) => topAccounts(db, tenant, 'spotify', range),
    'countries (all)': (range) => breakdown(db, tenant, 'all', 'country', range),
    'countries (spotify)': (range) => breakdown(db, tenant, 'spotify', 'country', range),
    'sources (spotify)': (range) => breakdown(db, tenant, 'spotify', 'source', range),
    'tier (spotify)': (range) => breakdown(db, tenant, 'spotify', 'tier', range),
    'days histogram (all)': (range) => histogramDays(db, tenant, 'all', range),
    'hourly histogram (spotify)': (range) => histogramHourly(db, tenant, 'spotify', range),
    'artificial streams (spotify)': (range) => artificialStreams(db, tenant, 'spotify', range),
    'countries (all, an account)': (range) => breakdown(db, tenant, 'all', 'country', range, accountId),
    'sources (spotify, an account)': (range) => breakdown(db, tenant, 'spotify', 'source', range, accountId),
    'summary (all, an account)': (range) => summary(db, tenant, 'all', range, accountId),
    'summary (spotify, an account)': (range) => summary(db, tenant, 'spotify', range, accountId),
    'top songs (all, an account)': (range) => topSongs(db, tenant, 'all', range, accountId),
    'top songs (spotify, an account)': (range) => topSongs(db, tenant, 'spotify', range, accountId),
    'top accounts (all, an account)': (range) => topAccounts(db, tenant, 'all', range, accountId),
  }
  // ANALYTICS_READS=<words, comma-separated>: only the reads whose name holds one of them (a quick
  // before/after of a few reads on a large seed); every read otherwise.
  const only = (process.env.ANALYTICS_READS ?? '').split(',').map((word) => word.trim()).filter(Boolean)
  const chosen = Object.entries(reads).filter(([name]) => !only.length || only.some((word) => name.includes(word)))
  for (const [period, range] of Object.entries(periods)) {
    const figures: string[] = []
    const timed: Record<string, { p50: number; p95: number; loadAverage: number }> = {}
    for (const [name, read] of chosen) {
      await read(range)
      const times: number[] = []
      for (let run = 0; run < runs; run += 1) {
        const at = performance.now()
        await read(range)
        times.push(performance.now() - at)
      }
      figures.push(`${name} p50 ${percentile(times, 50).toFixed(1)} / p95 ${percentile(times, 95).toFixed(1)} ms`)
      timed[name] = {
        p50: Number(percentile(times, 50).toFixed(1)),
        p95: Number(percentile(times, 95).toFixed(1)),
        loadAverage: Number(os.loadavg()[0].toFixed(1)),
      }
    }
    const [touched] = (
      await db.execute<Record<string, string>>(sql`
        select (select count(*) from trend_platform_daily where tenant_id = ${tenant} and day between ${range.from}::date and ${range.to}::date)::bigint as platform_daily,
          (select count(*) from trend_platform_breakdown_daily where tenant_id = ${tenant} and dimension = 'country' and day between ${range.from}::date and ${range.to}::date)::bigint as countries,
          (select count(*) from trend_daily where tenant_id = ${tenant} and day between ${range.from}::date and ${range.to}::date)::bigint as per_track,
          (select count(*) from trend_daily where tenant_id = ${tenant} and platform = 'spotify' and day between ${range.from}::date and ${range.to}::date)::bigint as per_track_spotify`)
    ).rows
    // What top songs, top accounts and "Tracks streamed" read instead: the period's units (whole
    // years, months and weeks and edge days, widened over days without streams: exactUnits), per track.
    const unitRows = async (scope: string, units: TrackUnits) => {
      const { rows } = await db.execute<{ n: string }>(sql`
        select (select count(*) from trend_track_period where tenant_id = ${tenant} and platform = ${scope} and (
          (grain = 'y' and starts_on = any(${sql.param(units.years)}::date[])) or
          (grain = 'm' and starts_on = any(${sql.param(units.months)}::date[])) or (grain = 'w' and starts_on = any(${sql.param(units.weeks)}::date[]))))
          + ${
            scope === '*'
              ? sql`(select count(*) from trend_track_period where tenant_id = ${tenant} and platform = '*' and grain = 'd' and (${sql.join(
                  [...units.days.map((edge) => sql`starts_on between ${edge.from}::date and ${edge.to}::date`), sql`false`],
                  sql` or `,
                )}))`
              : sql`(select count(*) from trend_daily where tenant_id = ${tenant} and platform = ${scope} and (${sql.join(
                  [...units.days.map((edge) => sql`day between ${edge.from}::date and ${edge.to}::date`), sql`false`],
                  sql` or `,
                )}))`
          } as n`)
      return Number(rows[0]?.n ?? 0).toLocaleString()
    }
    const describe = (units: TrackUnits) =>
      `${units.years.length} years, ${units.months.length} months, ${units.weeks.length} weeks, ${units.days.length} edge spans: ${unitCount(units)} rows a track`
    const all = await exactUnits(db, tenant, 'all', range)
    const spotify = await exactUnits(db, tenant, 'spotify', range)
    const unitFigures = `per-track units: all (${describe(all)}) ${await unitRows('*', all)}, Spotify (${describe(spotify)}) ${await unitRows('spotify', spotify)}`
    result.periods[period] = { range, rows: touched, units: unitFigures, reads: timed }
    log(
      `Reads over ${period} (rows in the period: trend_platform_daily ${Number(touched.platform_daily).toLocaleString()}, its countries ${Number(touched.countries).toLocaleString()}, ` +
        `trend_daily ${Number(touched.per_track).toLocaleString()}, of Spotify ${Number(touched.per_track_spotify).toLocaleString()}; ${unitFigures}; load average ${os.loadavg()[0].toFixed(1)}): ${figures.join('; ')}`,
    )
  }
  // tests/bench/results/<time>-<engine>-analytics-reads.json (force-added when a figure is quoted).
  const dir = path.join(import.meta.dirname, 'results')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${result.at.replace(/[:.]/g, '-')}-${kind}-analytics-reads.json`)
  writeFileSync(file, JSON.stringify(result, null, 2))
  log(`Results: ${path.relative(process.cwd(), file)}`)
}
