import type { Config } from '@server/config'
import { HttpError } from '@server/errors'
import { tipaltiPaymentFile } from './files'
import { bearerJsonCall, tokenSource } from './http'
import type { PayoutProviderAdapter, ProviderBatchStatus, ProviderItemStatus } from './types'

const LABEL = 'Tipalti'
const SCOPES = 'tipalti.api.payment.read tipalti.api.payment.write'

/** A Tipalti payment instruction's status, in our terms. */
export function tipaltiItemStatus(status: string): ProviderItemStatus {
  const value = status.toLowerCase().replace(/[^a-z]/g, '')
  if (value === 'paid' || value === 'completed') return 'paid'
  if (['error', 'failed', 'canceled', 'cancelled', 'rejected', 'returned', 'declined'].includes(value)) return 'failed'
  return 'pending'
}

/** JSON with the amounts as JSON numbers written from their decimal text (never through a float). */
function jsonWithAmounts(value: unknown): string {
  return JSON.stringify(value).replace(/"#amount:(\d+\.\d{2})"/g, '$1')
}

/**
 * Tipalti's REST API (docs/formats/tipalti-payment-file.md): an OAuth2 client-credentials token
 * from its identity server, a payment batch with `POST /api/v1/payment-batches`
 * (paymentInstructions: payeeId, amountSubmitted, refCode; Tipalti refuses a refCode it has seen,
 * so a retried export cannot pay twice) and its instructions' state with
 * `GET /api/v1/payment-batches/{id}/instructions`.
 */
export function createTipaltiAdapter(config: Config['payoutProviders']['tipalti'], fetchImpl: typeof fetch = fetch): PayoutProviderAdapter {
  const { clientId, clientSecret, apiBase, tokenUrl } = config
  const configured = Boolean(clientId && clientSecret)
  const token = tokenSource(LABEL, fetchImpl, () =>
    configured
      ? {
          url: tokenUrl,
          init: {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: new URLSearchParams({
              grant_type: 'client_credentials',
              client_id: clientId!,
              client_secret: clientSecret!,
              scope: SCOPES,
            }).toString(),
          },
        }
      : null,
  )
  const call = bearerJsonCall(LABEL, fetchImpl, apiBase, token)
  return {
    provider: 'tipalti',
    label: LABEL,
    configured,
    apiBase,
    fileName: (batchId, date) => `tipalti-payment-file-${date.toISOString().slice(0, 10)}-batch-${batchId}.csv`,
    buildFile: tipaltiPaymentFile,
    async submit(batch) {
      const body = (await call('/api/v1/payment-batches', {
        method: 'POST',
        body: jsonWithAmounts({
          paymentInstructions: batch.lines.map((line) => ({
            payeeId: line.payeeId,
            amountSubmitted: { amount: `#amount:${line.net}`, currency: line.currency },
            refCode: line.reference,
            eWalletMessage: line.note.slice(0, 100),
          })),
        }),
      })) as Record<string, unknown> | null
      const id = body?.id ?? body?.paymentBatchId
      if (typeof id !== 'string' && typeof id !== 'number')
        throw new HttpError(502, 'Tipalti accepted the batch but sent no batch id.', 'upstream_error')
      return { providerBatchId: String(id) }
    },
    async status(providerBatchId) {
      const id = encodeURIComponent(providerBatchId)
      const batch = (await call(`/api/v1/payment-batches/${id}`, { method: 'GET' })) as Record<string, unknown> | null
      const body = await call(`/api/v1/payment-batches/${id}/instructions`, { method: 'GET' })
      const list = Array.isArray(body)
        ? body
        : Array.isArray((body as Record<string, unknown> | null)?.items)
          ? ((body as Record<string, unknown>).items as unknown[])
          : Array.isArray((body as Record<string, unknown> | null)?.data)
            ? ((body as Record<string, unknown>).data as unknown[])
            : []
      const items: ProviderBatchStatus['items'] = (list as Record<string, unknown>[]).map((item) => {
        const providerStatus = String(item.status ?? 'Pending')
        const reason = item.errorMessage ?? item.error ?? item.failureReason ?? null
        return {
          reference: String(item.refCode ?? ''),
          status: tipaltiItemStatus(providerStatus),
          providerStatus,
          reason: reason === null ? null : String(reason),
        }
      })
      return { batchStatus: String(batch?.status ?? 'Unknown'), items }
    },
  }
}
