// The importer's view of the ledger: the posting code moves the money (postImport, rollbackImport)
// and the ledger's exchange rates convert statements (exchangeRateFor: '1' for USD, null if none).
export { importAccountChanges, postImport, rollbackImport } from '../ledger/posting'
export { lockAccounts } from '../ledger/service'
export { queueTrackFold } from '../ledger/track-fold'
export * as debts from '../ledger/debts'
export { exchangeRateFor as rateFor } from '../ledger/service'
