// Zod-free, for start-up code (the palette's commands); ledger.ts re-exports it.

/**
 * The error code of a change refused because it would take a balance below zero and the shortfall was
 * not confirmed (an adjustment, an import's rollback): `errors.shortfall` carries the total to confirm.
 */
export const SHORTFALL_UNCONFIRMED = 'shortfall_unconfirmed'
