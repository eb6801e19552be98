import { z } from 'zod'
import { PAYOUT_PROVIDERS } from '@core/payout-status'
import { endpoint } from './define'
import { id, idParams, page, pageOf, perPage, timestamp } from './common'

// Payout batches (docs/payouts.md, docs/formats/): exporting approved payouts into a provider's
// batch file, the payout history of batches, the providers' connection state, and syncing a batch
// submitted through a provider's API. Money is a decimal string, never a number.

export const payoutProvider = z.enum(PAYOUT_PROVIDERS, 'Choose PayPal or Tipalti')

const personRef = z.object({ id: z.number(), name: z.string() }).nullable()

/** One batch: spec "Payout history" (id, date, file, count, amount) and what staff need beside it. */
export const payoutBatch = z.object({
  id: z.number(),
  date: timestamp,
  provider: payoutProvider,
  /** The stored batch file (download with `GET files/{id}`). */
  file: z.object({ id: z.number(), name: z.string() }).nullable(),
  count: z.number().int(),
  /** Sum of the payouts' amounts (gross), six places. */
  amount: z.string(),
  /** What the provider pays: the sum of the file's lines (amount − fee, in cents). */
  net: z.string(),
  /** file: paid by uploading the file at the provider; api: submitted through the provider's API. */
  delivery: z.enum(['file', 'api']),
  providerBatchId: z.string().nullable(),
  by: personRef,
  /** Its payouts per status now (processing until the provider pays them). */
  statuses: z.object({ processing: z.number().int(), paid: z.number().int(), failed: z.number().int() }),
})
export type PayoutBatch = z.infer<typeof payoutBatch>
export type PayoutBatchResult = z.input<typeof payoutBatch>

export const payoutConnection = z.object({
  provider: payoutProvider,
  label: z.string(),
  configured: z.boolean(),
  /** The API this installation would call (sandbox or live). */
  apiBase: z.string(),
  /** How batches are paid now. */
  delivery: z.enum(['file', 'api']),
  /** A sentence for the screen, e.g. "PayPal: not configured — batches are paid by uploading the file". */
  message: z.string(),
  /** The provider's account-activity page (the spec's openLink). */
  activityUrl: z.string(),
  lastBatch: z.object({ id: z.number(), date: timestamp, count: z.number().int(), amount: z.string() }).nullable(),
  /** Accounts that can be paid through it: a confirmed PayPal email, or a Tipalti payee id. */
  payableAccounts: z.number().int(),
  /** Approved payouts waiting for the next batch of this provider: count, gross and net. */
  approved: z.object({ count: z.number().int(), amount: z.string(), net: z.string() }),
})
export type PayoutConnection = z.infer<typeof payoutConnection>
export type PayoutConnectionResult = z.input<typeof payoutConnection>

export const syncResult = z.object({
  batch: payoutBatch,
  /** The provider's word for the batch. */
  providerStatus: z.string(),
  paid: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  message: z.string(),
})

export const payoutBatchesEndpoints = {
  'payouts.export': endpoint({
    method: 'POST',
    path: 'payouts/export',
    access: 'admin',
    summary:
      "Export approved payouts of one provider (all of them, or the ids given) into its batch file: stored, the payouts move to processing, a history row is added; submitted through the provider's API when configured",
    status: 201,
    idempotent: true,
    body: z.object({
      provider: payoutProvider,
      ids: z.array(id).min(1, 'Choose at least one payout').max(5000, 'A batch holds at most 5,000 payouts').optional(),
    }),
    response: payoutBatch,
  }),
  'payouts.history': endpoint({
    method: 'GET',
    path: 'payouts/history/{page}',
    access: 'admin',
    summary: 'Payout history: the exported batches, newest first, with their files, counts and amounts',
    params: z.object({ page }),
    query: z.object({ per_page: perPage, provider: payoutProvider.optional() }),
    response: pageOf(payoutBatch),
  }),
  'payouts.connections': endpoint({
    method: 'GET',
    path: 'payouts/connections',
    access: 'admin',
    summary:
      "Each payout provider's state: configured or paid by file, its API base, last batch, payable accounts and approved payouts waiting",
    response: z.object({ data: z.array(payoutConnection) }),
  }),
  'payouts.batchSync': endpoint({
    method: 'POST',
    path: 'payouts/batches/{id}/sync',
    access: 'admin',
    summary: 'Ask the provider how a batch submitted through its API stands, and mark its payouts paid or failed accordingly',
    idempotent: true,
    params: idParams,
    response: syncResult,
  }),
} as const
