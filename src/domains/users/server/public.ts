// The users domain's public module: the only file of src/domains/users/server that another domain may
// import (eslint.config.js, boundaries/domain-imports). docs/architecture.md, "Boundaries".

export { linkTipaltiPayee, payoutEligibility, type PayoutEligibility } from './payout-read'
export { payableAccountCounts } from './payment-methods.service'

/** Relations of this domain that other domains may name in SQL (read only); none. */
export const readModels: readonly string[] = []
