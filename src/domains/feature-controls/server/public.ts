// The feature-controls domain's public module: the only file of src/domains/feature-controls/server that
// another domain may import (eslint.config.js, boundaries/domain-imports). docs/architecture.md, "Boundaries".

/** Usage discovery asks this before actioning a match: approved greenlist channels are never actioned. */
export { isGreenlisted } from './greenlisted'

/** The dashboard's whitelist and blocklist lists and their takedown variants (issue 22 item 8). */
export { dashboardRequestLists } from './dashboard-lists'

/** Relations of this domain that other domains may name in SQL (read only); none yet. */
export const readModels: readonly string[] = []
