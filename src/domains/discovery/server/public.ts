// The discovery domain's public module: the only file of src/domains/discovery/server that another
// domain may import (eslint.config.js, boundaries/domain-imports). docs/architecture.md, "Boundaries".

/** The statement import asks this to tag the lines of tracks in Discovery Mode (docs/discovery.md). */
export { discoveryModeTargets, type DiscoveryModeTarget } from './tagging'

/** The usage-discovery provider the platform builds from its configuration (src/server/app.ts). */
export { createHttpUsageProvider, type UsageProvider } from './usage/provider'

/** The rows of the usage-discovery site report (the reports domain streams them). */
export { usageMatchRows, type UsageMatchRow } from './report-rows'

/** Relations of this domain that other domains may name in SQL (read only); none. */
export const readModels: readonly string[] = []
