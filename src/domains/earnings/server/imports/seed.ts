import { sql } from 'drizzle-orm'
import { fromScaled } from '@core/decimal'
import type { Seeder } from '@server/seed/seeder'
import { cancelImport, commitImport, createImport } from './service'
import { parseImport } from './parse'

/** Two years of monthly statements, both sources: 2024-10 … 2026-09. */
export const DEMO_STATEMENT_MONTHS = Array.from({ length: 24 }, (_, index) => {
  const month = 9 + index // 0-based from 2024-01
  return `${2024 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`
})
/** The AudioSalad statement that arrives in euros (rates seeded for every demo month). */
export const DEMO_EUR_MONTH = '2025-06'
const EUR_RATES = ['1.0712', '1.0825', '1.0934', '1.1046', '1.0978', '1.1153']
const LINES_PER_STATEMENT = 90
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'MX', 'JP', 'NG', 'IN', 'CA', 'AU', 'ES']
const STORES = ['Spotify', 'Apple Music', 'Amazon Music', 'Deezer', 'Tidal', 'Merlin', 'TikTok', '']
const CMS_SOURCES = ['Ads', 'Subscription', 'Art Track', 'UGC']

const csvCell = (value: string | number) => {
  const text = String(value)
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
const csv = (rows: (string | number)[][]) => rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n'

interface Catalogue {
  tracks: { isrc: string; upc: string | null; title: string; artist: string }[]
  releases: { upc: string; title: string; artist: string }[]
}

/**
 * Demo statements imported THROUGH THE REAL PATH: each file is stored, read by the same parse work
 * the job runs (dry run), then committed by the same commit; one month arrives in EUR, some lines
 * match nothing, and one upload is cancelled so the history shows it.
 */
export const statementsSeeder: Seeder = {
  name: 'statements',
  async run({ services, tenant, faker, log }) {
    const { db } = services
    const admin = await db.execute<{ id: number }>(sql`
      select id from accounts where tenant_id = ${tenant.id} and type = 'admin' order by id limit 1`)
    if (!admin.rows[0]) return
    const actor = { tenantId: tenant.id, actorAccountId: Number(admin.rows[0].id), ip: null, requestId: 'seed' }
    const tracks = await db.execute<{ isrc: string; upc: string | null; title: string; artist: string }>(sql`
      select t.isrc, r.upc, t.title, r.artist_text as artist from tracks t join releases r on r.id = t.release_id
      where t.tenant_id = ${tenant.id} and t.isrc is not null and r.status in (1, 7)
      order by t.id limit 160`)
    const releases = await db.execute<{ upc: string; title: string; artist: string }>(sql`
      select upc, title, artist_text as artist from releases
      where tenant_id = ${tenant.id} and upc is not null and status in (1, 7) order by id desc limit 40`)
    if (!tracks.rows.length) return
    const catalogue: Catalogue = { tracks: tracks.rows, releases: releases.rows }
    for (const [index, month] of DEMO_STATEMENT_MONTHS.entries()) {
      await db.execute(sql`
        insert into exchange_rates (tenant_id, currency, period, rate, created_by)
        values (${tenant.id}, 'EUR', ${`${month}-01`}::date, ${EUR_RATES[index % EUR_RATES.length]}, ${actor.actorAccountId})
        on conflict do nothing`)
    }
    let lines = 0
    for (const month of DEMO_STATEMENT_MONTHS) {
      for (const source of ['cms', 'audiosalad'] as const) {
        const currency = source === 'audiosalad' && month === DEMO_EUR_MONTH ? 'EUR' : 'USD'
        const data = Buffer.from(source === 'cms' ? cmsFile(faker, catalogue, month) : audioSaladFile(faker, catalogue, month, currency))
        const name = source === 'cms' ? `youtube-cms-asset-revenue-${month}.csv` : `audiosalad-sales-${month}.csv`
        const created = await createImport(
          services,
          actor,
          source,
          { period: month, currency, mapping: {} },
          { filename: name, data },
          false,
        )
        await parseImport(services, tenant.id, created.id)
        await commitImport(services, actor, created.id)
        lines += LINES_PER_STATEMENT
      }
    }
    // A statement uploaded by mistake and cancelled: it stays in the history, nothing in balances.
    const month = DEMO_STATEMENT_MONTHS.at(-1)!
    const mistaken = await createImport(
      services,
      actor,
      'cms',
      { period: month, currency: 'USD', mapping: {} },
      { filename: `youtube-cms-asset-revenue-${month}-duplicate-export.csv`, data: Buffer.from(cmsFile(faker, catalogue, month)) },
      false,
    )
    await parseImport(services, tenant.id, mistaken.id)
    await cancelImport(services, actor, mistaken.id)
    log(`imported ${DEMO_STATEMENT_MONTHS.length * 2} statements (${lines} lines)`)
  },
}

type Faker = Parameters<Seeder['run']>[0]['faker']

const unknownIsrc = (faker: Faker) => `QZ${faker.string.alphanumeric({ length: 3, casing: 'upper' })}${faker.string.numeric(7)}`

function cmsFile(faker: Faker, catalogue: Catalogue, month: string): string {
  const rows: (string | number)[][] = [
    [
      'Month',
      'Asset ID',
      'Asset Title',
      'Artist',
      'ISRC',
      'UPC',
      'Country',
      'Content Type',
      'Owned Views',
      'YouTube Revenue Split',
      'Partner Revenue',
    ],
  ]
  for (let index = 0; index < LINES_PER_STATEMENT; index += 1) {
    const unmatched = index % 18 === 17
    const track = faker.helpers.arrayElement(catalogue.tracks)
    const partner = BigInt(faker.number.int({ min: 20_000, max: 85_000_000 }))
    rows.push([
      month,
      `A${faker.string.alphanumeric({ length: 13, casing: 'upper' })}`,
      unmatched ? `${faker.music.songName()} (Cover)` : track.title,
      unmatched ? faker.person.fullName() : track.artist,
      unmatched ? unknownIsrc(faker) : track.isrc,
      unmatched ? '' : (track.upc ?? ''),
      faker.helpers.arrayElement(COUNTRIES),
      faker.helpers.arrayElement(CMS_SOURCES),
      faker.number.int({ min: 50, max: 90_000 }),
      // YouTube keeps 45%: gross = partner revenue / 0.55, in micro-units.
      fromScaled((partner * 100n) / 55n, 6),
      fromScaled(partner, 6),
    ])
  }
  return csv(rows)
}

function audioSaladFile(faker: Faker, catalogue: Catalogue, month: string, currency: string): string {
  const rows: (string | number)[][] = [
    ['Sale Month', 'Store', 'Country', 'UPC', 'ISRC', 'Track Title', 'Artist', 'Quantity', 'Gross', 'Net', 'Currency'],
  ]
  for (let index = 0; index < LINES_PER_STATEMENT; index += 1) {
    const kind = index % 15 === 14 ? 'unmatched' : index % 9 === 8 && catalogue.releases.length ? 'release' : 'track'
    const track = faker.helpers.arrayElement(catalogue.tracks)
    const release = catalogue.releases.length ? faker.helpers.arrayElement(catalogue.releases) : null
    const quantity = faker.number.int({ min: 1, max: 40_000 })
    const net = faker.number.int({ min: 1_000, max: 60_000_000 })
    rows.push([
      month,
      faker.helpers.arrayElement(STORES),
      faker.helpers.arrayElement(COUNTRIES),
      kind === 'unmatched' ? faker.string.numeric(12) : kind === 'release' ? release!.upc : (track.upc ?? ''),
      kind === 'track' ? track.isrc : kind === 'unmatched' ? unknownIsrc(faker) : '',
      kind === 'release' ? release!.title : kind === 'unmatched' ? faker.music.songName() : track.title,
      kind === 'release' ? release!.artist : kind === 'unmatched' ? faker.person.fullName() : track.artist,
      quantity,
      fromScaled(BigInt(Math.round(net * 1.25)), 6),
      fromScaled(BigInt(net), 6),
      currency,
    ])
  }
  return csv(rows)
}
