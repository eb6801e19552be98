import { sql } from 'drizzle-orm'
import { analyticsPlatform, type TrendBreakdown } from '@core/analytics-platforms'
import { addDays, dayString } from '@core/analytics-range'
import type { Seeder } from '@server/seed/seeder'
import { commitTrendImport, createTrendImport, parseTrendImport } from './trend-import'

// Demo trends imported THROUGH THE REAL PATH (store, parse as the job does, commit): a year up to
// yesterday for the catalogue's busiest tracks on eight platforms, and one planted spike on Spotify
// ten days ago (Brazil, others' playlists) for the spike detection to find.

export const DEMO_TREND_PLATFORMS = ['spotify', 'apple', 'deezer', 'amazon', 'youtube-content', 'tiktok', 'soundcloud', 'pandora'] as const
const DAYS = 365
const TRACKS = 6
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'MX', 'SE', 'JP', 'NG', 'IN']
const VALUES: Partial<Record<TrendBreakdown, readonly string[]>> = {
  source: ['collection', 'album', 'search', 'radio', 'others_playlist', 'play_queue', 'artist'],
  tier: ['free', 'paid'],
  gender: ['m', 'f', 'n'],
  age: ['<18', '18-24', '25-34', '35-44', '45-54', '55+'],
  devices: ['mobile', 'desktop', 'tablet', 'speaker'],
  channel: ['Official Artist Channel', 'Topic', 'UGC'],
  subscription: ['individual', 'family', 'student'],
  playlist: ['editorial', 'algorithmic', 'user'],
}
/** The spike's day, counted back from the day the demo is seeded. */
export const DEMO_SPIKE_DAYS_AGO = 10

type Faker = Parameters<Seeder['run']>[0]['faker']

function trendFile(faker: Faker, platform: string, tracks: readonly string[], until: string, spike: boolean): string {
  const format = analyticsPlatform(platform)!.format!
  const breakdowns = Object.keys(format.breakdowns ?? {}) as TrendBreakdown[]
  const header = [format.date[0], format.isrc![0], format.country![0], format.streams[0], format.listeners![0]]
  if (format.artificial) header.push(format.artificial[0])
  if (format.hour) header.push(format.hour[0])
  header.push(...breakdowns.map((breakdown) => format.breakdowns![breakdown]![0]))
  const scale = platform === 'spotify' ? 1 : faker.number.float({ min: 0.15, max: 0.6 })
  const base = tracks.map(() => faker.number.int({ min: 40, max: 2500 }) * scale)
  const lines: string[] = [header.join(',')]
  const spikeDay = addDays(until, -DEMO_SPIKE_DAYS_AGO + 1)
  for (let offset = DAYS - 1; offset >= 0; offset -= 1) {
    const day = addDays(until, -offset)
    const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) ? 1.35 : 1
    const growth = 0.6 + (0.8 * (DAYS - offset)) / DAYS
    for (const [index, isrc] of tracks.entries()) {
      const streams = Math.max(1, Math.round(base[index] * weekend * growth * faker.number.float({ min: 0.85, max: 1.15 })))
      const line = (country: string, count: number, extra: Partial<Record<TrendBreakdown, string>> = {}, artificial = 0) => {
        const cells: (string | number)[] = [day, isrc, country, count, Math.max(1, Math.round(count * 0.62))]
        if (format.artificial) cells.push(artificial)
        if (format.hour) cells.push(faker.number.int({ min: 0, max: 23 }))
        for (const breakdown of breakdowns) cells.push(extra[breakdown] ?? faker.helpers.arrayElement(VALUES[breakdown] ?? ['unknown']))
        lines.push(cells.join(','))
      }
      const artificial = format.artificial && faker.number.int({ min: 0, max: 40 }) === 0 ? Math.round(streams * 0.2) : 0
      line(faker.helpers.arrayElement(COUNTRIES), streams, {}, artificial)
      if (spike && index === 0 && day === spikeDay)
        line('BR', Math.round(base[0] * 18), { source: 'others_playlist' }, Math.round(base[0] * 9))
    }
  }
  return lines.join('\n') + '\n'
}

export const trendsSeeder: Seeder = {
  name: 'analytics-trends',
  async run({ services, tenant, faker, log }) {
    const started = Date.now()
    const { db } = services
    const admin = await db.execute<{ id: number }>(sql`
      select id from accounts where tenant_id = ${tenant.id} and type = 'admin' order by id limit 1`)
    if (!admin.rows[0]) return
    const actor = { tenantId: tenant.id, actorAccountId: Number(admin.rows[0].id), ip: null, requestId: 'seed' }
    const found = await db.execute<{ isrc: string }>(sql`
      select t.isrc from tracks t join releases r on r.id = t.release_id
      where t.tenant_id = ${tenant.id} and t.isrc is not null and r.status in (1, 7) order by t.id limit ${TRACKS}`)
    const tracks = found.rows.map((row) => row.isrc)
    if (!tracks.length) return
    const until = addDays(dayString(new Date()), -1)
    let lines = 0
    for (const platform of DEMO_TREND_PLATFORMS) {
      const text = trendFile(faker, platform, tracks, until, platform === 'spotify')
      lines += text.split('\n').length - 2
      const created = await createTrendImport(
        services,
        actor,
        platform,
        { filename: `${platform}-trends-${until}.csv`, data: Buffer.from(text) },
        false,
      )
      await parseTrendImport(services, tenant.id, created.id)
      await commitTrendImport(services, actor, created.id)
    }
    log(`imported ${DEMO_TREND_PLATFORMS.length} trend reports (${lines} lines) in ${Date.now() - started} ms`)
  },
}
