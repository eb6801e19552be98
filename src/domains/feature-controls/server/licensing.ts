import { and, asc, eq, sql } from 'drizzle-orm'
import type { LicensingFields } from '@contract/feature-controls'
import { LICENSING } from '@core/feature-requests'
import { moneyUnits, unitsToCents } from '@core/decimal'
import { MECHANICAL_FORMAT_LABELS, rateInForce, ratePerCopy, rateTableRefusal, royaltyOwed, US_STATUTORY_RATES, type MechanicalFormat, type MechanicalRate } from '@core/mechanical-rates'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { auditedMutation } from '@server/audit'
import { fieldError } from '@server/errors'
import { likePattern } from '@server/search'
import { featureRequests, mechanicalRates } from './schema'
import type { KindServer } from './review'

// Cover song licensing (docs/feature-controls.md): a licensee asks for a mechanical licence for a
// cover of a song on physical copies or downloads. The server computes what is owed per format
// from the mechanical rate in force on the release date (src/core/mechanical-rates.ts), exactly,
// when the request is sent and again when it is approved (the rate table may have changed).

/** The spec's licensing status block, as computed by the server. */
export interface LicenceTerms {
  canLicenseCurrently: boolean
  canLicenseEver: boolean
  description: string
  /** Dollars to cents, the sum over the formats; null while some format has no rate in force. */
  royaltyOwed: string | null
  /** Per copy, in dollars: one figure when every format shares it, else each format's. */
  royaltyRate: string | null
}

/** The workspace's rate table: its own once staff changed it, else the US statutory rates. */
export async function rateTable(q: Queryable, tenantId: number): Promise<MechanicalRate[]> {
  const rows = await q.select().from(mechanicalRates).where(eq(mechanicalRates.tenantId, tenantId)).orderBy(asc(mechanicalRates.format), asc(mechanicalRates.fromDate))
  if (rows.length === 0) return US_STATUTORY_RATES.map((rate) => ({ ...rate }))
  return rows.map((row) => ({
    format: row.format as MechanicalFormat,
    from: row.fromDate,
    to: row.toDate,
    perCopy: trimZeros(row.perCopy),
    perMinute: trimZeros(row.perMinute),
    source: row.source,
  }))
}

const trimZeros = (value: string) => (value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value)

export async function getRates(ctx: AuthedContext) {
  return { data: await rateTable(ctx.services.db, ctx.tenant.id) }
}

export async function updateRates(ctx: AuthedContext, body: { data: MechanicalRate[] }) {
  const refusal = rateTableRefusal(body.data)
  if (refusal) throw fieldError('data', refusal)
  return auditedMutation(ctx, { action: 'mechanical_rates.updated', entityType: 'mechanical_rates' }, async (tx) => {
    const before = await rateTable(tx, ctx.tenant.id)
    await tx.delete(mechanicalRates).where(eq(mechanicalRates.tenantId, ctx.tenant.id))
    if (body.data.length)
      await tx.insert(mechanicalRates).values(
        body.data.map((rate) => ({
          tenantId: ctx.tenant.id,
          format: rate.format,
          fromDate: rate.from,
          toDate: rate.to,
          perCopy: rate.perCopy,
          perMinute: rate.perMinute,
          source: rate.source,
        })),
      )
    return { result: { data: await rateTable(tx, ctx.tenant.id) }, entityId: ctx.tenant.id, before: { rates: before }, after: { rates: body.data } }
  })
}

type Release = LicensingFields['releases'][number]

/** What each format owes and the licence's terms, from the rate table, for a song of this playing time released on this day. */
export function licenceTerms(table: readonly MechanicalRate[], fields: Pick<LicensingFields, 'releaseDate' | 'releases' | 'song'>) {
  const releases = fields.releases.map((release: Release) => {
    const rate = rateInForce(table, release.formatId, fields.releaseDate)
    const perCopy = rate ? ratePerCopy(rate, fields.song.playingSeconds) : null
    return { ...release, royaltyRate: perCopy, royaltyOwed: perCopy ? royaltyOwed(perCopy, release.quantityLicensed) : null }
  })
  const missing = releases.filter((release) => release.royaltyRate === null).map((release) => release.formatId)
  const rates = [...new Set(releases.map((release) => release.royaltyRate))]
  const terms: LicenceTerms = {
    canLicenseCurrently: missing.length === 0,
    // Whether the table has any period for every format: a missing rate may yet be added, a missing format never licenses.
    canLicenseEver: fields.releases.every((release) => table.some((rate) => rate.format === release.formatId)),
    description: missing.length
      ? `No mechanical rate in force on ${fields.releaseDate} for ${[...new Set(missing)].map((format) => MECHANICAL_FORMAT_LABELS[format].toLowerCase()).join(', ')}: staff add it to the rate table.`
      : `Statutory mechanical rate in force on ${fields.releaseDate}, the larger of the rate per copy and per minute of ${Math.ceil(fields.song.playingSeconds / 60)} started minute(s).`,
    royaltyOwed: missing.length ? null : unitsToCents(releases.reduce((sum, release) => sum + moneyUnits(release.royaltyOwed), 0n)),
    royaltyRate: missing.length ? null : rates.length === 1 ? rates[0] : releases.map((release) => `${release.formatTitle}: ${release.royaltyRate}`).join('; '),
  }
  return { releases, status: terms }
}

export const licensingKind: KindServer<LicensingFields> = {
  def: LICENSING,
  async prepare(tx, ctx, body) {
    const computed = licenceTerms(await rateTable(tx, ctx.tenant.id), body)
    return {
      title: `${body.song.title} (${body.albumTitle})`,
      releaseId: null,
      trackId: null,
      fields: { ...body, releases: computed.releases, status: computed.status },
    }
  },
  async ruleRefusal(tx, ctx, request, to) {
    if (to !== 'approved') return null
    const fields = request.fields as unknown as LicensingFields
    const { status } = licenceTerms(await rateTable(tx, ctx.tenant.id), fields)
    return status.canLicenseCurrently ? null : status.description
  },
  async afterChange(tx, ctx, request, to) {
    if (to !== 'approved') return
    // The royalty is fixed when the licence is granted, from the rate table as it stands then.
    const fields = request.fields as unknown as LicensingFields
    const computed = licenceTerms(await rateTable(tx, ctx.tenant.id), fields)
    await tx
      .update(featureRequests)
      .set({ fields: { ...request.fields, releases: computed.releases, status: computed.status } })
      .where(and(eq(featureRequests.tenantId, ctx.tenant.id), eq(featureRequests.id, request.id)))
  },
}

/** The expression feature_requests_licensing_song_trgm_idx indexes (the migration's hand-written part). */
const licensedSongText = sql`((r.fields -> 'song') ->> 'composedBy') || ' ' || ((r.fields -> 'song') ->> 'originalRecordingArtist')`

/** Songs already licensed (approved) matching a title, composer, original artist or album fragment, newest first. */
export async function searchLicensedSongs(ctx: AuthedContext, query: { query: string; per_page: number }) {
  const pattern = likePattern(query.query)
  const limit = Math.min(query.per_page, 100)
  const { rows } = await ctx.services.db.execute<{ id: number; fields: Record<string, unknown>; reviewed_at: Date | string | null }>(sql`
    select r.id, r.fields, r.reviewed_at from feature_requests r
    where r.tenant_id = ${ctx.tenant.id} and r.kind = 'licensing' and r.status = 'approved'
      and (r.title ilike ${pattern} or ${licensedSongText} ilike ${pattern})
    order by r.reviewed_at desc nulls last, r.id desc
    limit ${limit}`)
  return {
    data: rows.map((row) => {
      const fields = row.fields as unknown as LicensingFields
      const licensee = fields.licensee
      return {
        id: Number(row.id),
        songTitle: fields.song.title,
        composedBy: fields.song.composedBy,
        originalRecordingArtist: fields.song.originalRecordingArtist,
        publishedBy: fields.song.publishedBy,
        albumTitle: fields.albumTitle,
        licensee: licensee.companyName || `${licensee.firstName} ${licensee.lastName}`,
        approvedAt: row.reviewed_at === null ? null : new Date(row.reviewed_at),
      }
    }),
  }
}
