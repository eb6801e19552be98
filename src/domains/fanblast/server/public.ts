// The fan blast domain's public module: the only file of src/domains/fanblast/server that another domain
// may import (eslint.config.js, boundaries/domain-imports). docs/architecture.md, "Boundaries".

export { optInFormHtml, registerOptIn, type OptInTarget } from './optin'
export { audienceRows, blastRows, topFanRows } from './reads'

/** Relations of this domain that other domains may name in SQL (read only); none. */
export const readModels: readonly string[] = []
