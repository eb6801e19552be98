// The catalogue domain's public module: the only file of src/domains/catalogue/server that another domain may
// import (eslint.config.js, boundaries/domain-imports). docs/architecture.md, "Boundaries".

export * as catalogueStats from './stats'
export { catalogueTitles, releaseOwners, releaseTarget, trackTarget, type MatchTarget } from './royalties-read'
export { catalogueTrackRows } from './report-rows'
export { listAccountReleases } from './account-releases'
// Codes: catalogue operations give UPCs and ISRCs from a CSV through this (it owns the pools, not the releases).
export { giveCodes } from './codes.service'
export { createIngestedRelease, type IngestedRelease } from './ingest.service'
export { convertReleaseType, markDelivered, markExported, type TypeConversion } from './exported'
export { RELEASE_IMAGE_PURPOSES, releaseImageAudience, releasesByIds, tracksByIds } from './release-reads'
// The outside services the platform builds once per app (src/server/app.ts) and hands to every request.
export { createHttpScanProvider, type ScanProvider } from './adapters/scan-provider'
export { createAudioSaladClient, type AudioSaladClient } from './adapters/audiosalad'

/**
 * Relations other domains may read (never write) in SQL: royalties, splits and reports join
 * millions of lines to releases and tracks for titles, codes and owners, which a call per row
 * through the service cannot match. Changing their columns is a change to this public API.
 */
export const readModels: readonly string[] = ['releases', 'tracks']
