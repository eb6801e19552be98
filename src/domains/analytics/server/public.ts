// The analytics domain's public module: the only file of src/domains/analytics/server another domain
// may import (eslint.config.js, boundaries/domain-imports). docs/architecture.md, "Boundaries".

/** Relations other domains may read in SQL: none yet. */
export const readModels: readonly string[] = []
