import type { PayoutProvider } from '@core/payout-status'

// One interface for every payout provider (docs/formats/): the batch file it takes, and, with
// credentials configured, its API for submitting a batch and asking how it went.

/** Payouts are paid in US dollars, the ledger's base currency. */
export const PAYOUT_CURRENCY = 'USD'

/** One payout as a provider pays it. */
export interface BatchLine {
  payoutId: number
  /** The payee at the provider: the PayPal email, the Tipalti payee id (IdAP). */
  payeeId: string
  /** What the payee receives (amount − fee), two decimals, e.g. "120.50". */
  net: string
  currency: typeof PAYOUT_CURRENCY
  /** Our reference for the payout, unique per payout: `P<id>`. */
  reference: string
  /** Shown to the payee. */
  note: string
}

export interface BatchSubmission {
  /**
   * Our id for the batch, derived from its payouts: submitting the same payouts again is refused by
   * the provider as a duplicate instead of paying twice.
   */
  reference: string
  lines: readonly BatchLine[]
}

/** Where a payout stands at the provider, in our terms. */
export type ProviderItemStatus = 'paid' | 'failed' | 'pending'

export interface ProviderBatchStatus {
  /** The provider's word for the whole batch (e.g. SUCCESS, PROCESSING). */
  batchStatus: string
  items: { reference: string; status: ProviderItemStatus; providerStatus: string; reason: string | null }[]
}

export interface PayoutProviderAdapter {
  readonly provider: PayoutProvider
  readonly label: string
  /** Credentials present: export also submits the batch through the API. */
  readonly configured: boolean
  readonly apiBase: string
  /** The batch file's name (no path). */
  fileName(batchId: number, date: Date): string
  /** The batch file in the provider's upload format. */
  buildFile(lines: readonly BatchLine[]): string
  /** Submits the batch; answers the provider's batch id. Throws an HttpError on refusal. */
  submit(batch: BatchSubmission): Promise<{ providerBatchId: string }>
  /** The provider's view of a submitted batch. */
  status(providerBatchId: string): Promise<ProviderBatchStatus>
}
