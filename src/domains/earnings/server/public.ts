// The earnings domain's public module: the only file of src/domains/earnings/server that another domain may
// import (eslint.config.js, boundaries/domain-imports). docs/architecture.md, "Boundaries".

export { availableUnits, balanceLines, lockAccount, postPublishing, reversePublishing, toCents } from './ledger/service'
// Payouts post their reserve, release and settle entries through the ledger's own posting code.
export { createTransaction, insertEntries, type NewEntry } from './ledger/posting'
// Held earnings of a flagged track (analytics' spike review places and releases them).
export { heldAmounts, listHolds, placeHold, releaseHold, type HoldRow } from './ledger/holds'
export { monthlyEarnings } from './reports/stats'
export {
  accountMonthlyRows,
  releaseDetailRows,
  releaseTrackMonthRows,
  workspaceArtistRows,
  workspaceChannelRows,
  workspaceMonthlyRows,
  workspaceReleaseRows,
  workspaceTerritoryRows,
  workspaceTrackRows,
} from './reports/report-rows'
export {
  accountEntryRows,
  apportionedRows,
  balanceBefore,
  exchangeRateRows,
  monthlyCreditRows,
  shareRows,
  type EntryRow,
  type ShareDimension,
  type ShareRow,
} from './ledger/report-rows'
export { rawData } from './imports/raw-rows'

/**
 * Relations other domains may read (never write) in SQL: the append-only ledger's entries (a
 * balance is their sum; payouts pick who may be paid from it) and the per-account monthly rollup.
 * Writes go through the posting functions above.
 */
export const readModels: readonly string[] = ['ledger_entries', 'earnings_account_monthly', 'earnings_holds']
