import type { Config } from '@server/config'
import { HttpError } from '@server/errors'
import { paypalPayoutsCsv } from './files'
import { bearerJsonCall, tokenSource } from './http'
import type { PayoutProviderAdapter, ProviderBatchStatus, ProviderItemStatus } from './types'

const LABEL = 'PayPal'

/** PayPal's transaction_status of a payout item, in our terms (UNCLAIMED turns RETURNED after 30 days). */
export function paypalItemStatus(status: string): ProviderItemStatus {
  const value = status.toUpperCase()
  if (value === 'SUCCESS') return 'paid'
  if (['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED', 'DENIED'].includes(value)) return 'failed'
  return 'pending'
}

/**
 * PayPal Payouts API: an OAuth2 client-credentials token (`POST /v1/oauth2/token`), a batch with
 * `POST /v1/payments/payouts` (sender_batch_header + items; PayPal refuses a sender_batch_id it has
 * seen in the last 30 days, so a retried export cannot pay twice) and its state with
 * `GET /v1/payments/payouts/{payout_batch_id}`.
 */
export function createPaypalAdapter(config: Config['payoutProviders']['paypal'], fetchImpl: typeof fetch = fetch): PayoutProviderAdapter {
  const { clientId, clientSecret, apiBase } = config
  const configured = Boolean(clientId && clientSecret)
  const token = tokenSource(LABEL, fetchImpl, () =>
    configured
      ? {
          url: `${apiBase}/v1/oauth2/token`,
          init: {
            method: 'POST',
            headers: {
              authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
              'content-type': 'application/x-www-form-urlencoded',
              accept: 'application/json',
            },
            body: 'grant_type=client_credentials',
          },
        }
      : null,
  )
  const request = bearerJsonCall(LABEL, fetchImpl, apiBase, token)
  const call = async (path: string, init: RequestInit) => (await request(path, init)) as Record<string, unknown>
  return {
    provider: 'paypal',
    label: LABEL,
    configured,
    apiBase,
    fileName: (batchId, date) => `paypal-payouts-${date.toISOString().slice(0, 10)}-batch-${batchId}.csv`,
    buildFile: paypalPayoutsCsv,
    async submit(batch) {
      const body = await call('/v1/payments/payouts', {
        method: 'POST',
        headers: { 'paypal-request-id': batch.reference },
        body: JSON.stringify({
          sender_batch_header: {
            sender_batch_id: batch.reference,
            email_subject: 'You have a payout',
            email_message: 'Your royalties were paid out.',
          },
          items: batch.lines.map((line) => ({
            recipient_type: 'EMAIL',
            receiver: line.payeeId,
            amount: { value: line.net, currency: line.currency },
            note: line.note,
            sender_item_id: line.reference,
            recipient_wallet: 'PAYPAL',
          })),
        }),
      })
      const header = (body.batch_header ?? {}) as { payout_batch_id?: unknown }
      if (typeof header.payout_batch_id !== 'string')
        throw new HttpError(502, 'PayPal accepted the batch but sent no batch id.', 'upstream_error')
      return { providerBatchId: header.payout_batch_id }
    },
    async status(providerBatchId) {
      const items: ProviderBatchStatus['items'] = []
      let batchStatus = 'UNKNOWN'
      for (let page = 1; page <= 100; page++) {
        const body = await call(
          `/v1/payments/payouts/${encodeURIComponent(providerBatchId)}?page=${page}&page_size=1000&total_required=true`,
          {
            method: 'GET',
          },
        )
        batchStatus = String((body.batch_header as { batch_status?: unknown } | undefined)?.batch_status ?? batchStatus)
        const pageItems = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : []
        for (const item of pageItems) {
          const payoutItem = (item.payout_item ?? {}) as { sender_item_id?: unknown }
          const providerStatus = String(item.transaction_status ?? 'PENDING')
          const errors = (item.errors ?? null) as { message?: unknown; name?: unknown } | null
          items.push({
            reference: String(payoutItem.sender_item_id ?? ''),
            status: paypalItemStatus(providerStatus),
            providerStatus,
            reason: errors ? String(errors.message ?? errors.name ?? providerStatus) : null,
          })
        }
        const totalPages =
          typeof body.total_page === 'number' ? body.total_page : typeof body.total_pages === 'number' ? body.total_pages : 1
        if (page >= totalPages || pageItems.length === 0) break
      }
      return { batchStatus, items }
    },
  }
}
