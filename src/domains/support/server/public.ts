// The support domain's public module: the only file of src/domains/support/server that another domain may
// import (eslint.config.js, boundaries/domain-imports). docs/architecture.md, "Boundaries".

export { accountTickets, refuseWhenDisabled, SUPPORT_OFF_FOR_ACCOUNT } from './service'
export { supportDisabled } from './repository'

/** Relations of this domain that other domains may name in SQL (read only); none. */
export const readModels: readonly string[] = []
