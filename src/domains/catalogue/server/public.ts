// The catalogue domain's public module: the only file of src/domains/catalogue/server that another domain may
// import (eslint.config.js, boundaries/domain-imports). docs/architecture.md, "Boundaries".
import { sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'

export * as catalogueStats from './stats'
export { catalogueTitles, releaseTarget, trackTarget, type MatchTarget } from './royalties-read'
export { catalogueTrackRows } from './report-rows'
export { listAccountReleases } from './account-releases'
// The release tab's record (catalogue operations answers it with the release's deliveries beside it).
export { loadGeneral as loadReleaseGeneral, loadAdditional as loadReleaseAdditional } from './service'
// A release's smartlink clicks: analytics answers releases/analytics/{id} with them and the streams.
export { loadAnalytics as smartlinkClicks } from './links.service'
// Codes: catalogue operations give UPCs and ISRCs from a CSV through this (it owns the pools, not the releases).
export { giveCodes } from './codes.service'
export { createIngestedRelease, createIngestedReleases, type IngestedRelease } from './ingest.service'
export { updateImportedRelease, type ImportedReleaseFields } from './ingest.service'
export { convertReleaseType, markDelivered, markExported, type TypeConversion } from './exported'
export { RELEASE_IMAGE_PURPOSES, releaseImageAudience, releasesByIds, tracksByIds } from './release-reads'
// The outside services the platform builds once per app (src/server/app.ts) and hands to every request.
export { createHttpScanProvider, type ScanProvider } from './adapters/scan-provider'
export { AUDIOSALAD_NOT_CONFIGURED, createAudioSaladClient, type AudioSaladClient } from './adapters/audiosalad'

/**
 * Relations other domains may read (never write) in SQL: royalties, splits and reports join
 * millions of lines to releases and tracks for titles, codes and owners, which a call per row
 * through the service cannot match; analytics ranks releases by their smartlinks' clicks. Changing their columns is a change to this public API.
 */
export const readModels: readonly string[] = ['releases', 'tracks', 'smartlinks', 'smartlink_clicks']

/**
 * Transfers (catalogue operations): hands the release to `toAccountId` when it still belongs to
 * `fromAccountId`, inside the caller's transaction; its tracks follow (they have no owner of their
 * own). Returns the track ids, or null when the owner changed meanwhile.
 */
export async function moveReleaseOwner(
  tx: Queryable,
  tenantId: number,
  releaseId: number,
  fromAccountId: number,
  toAccountId: number,
): Promise<number[] | null> {
  const moved = await tx.execute(
    sql`update releases set account_id = ${toAccountId}, updated_at = now() where id = ${releaseId} and tenant_id = ${tenantId} and account_id = ${fromAccountId} returning id`,
  )
  if (!moved.rows.length) return null
  const { rows } = await tx.execute<{ id: number }>(sql`select id from tracks where release_id = ${releaseId} and tenant_id = ${tenantId}`)
  return rows.map((row) => Number(row.id))
}

/** Transfer-in (catalogue operations): flags a release created in the caller's transaction as brought from another distributor. */
export async function markTransferIn(tx: Queryable, tenantId: number, releaseId: number): Promise<void> {
  await tx.execute(sql`update releases set transfer_in = true where id = ${releaseId} and tenant_id = ${tenantId}`)
}
