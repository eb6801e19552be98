import { startFakeServer } from './fake-servers'

// Local stand-ins for PayPal's Payouts API and Tipalti's REST API (node:http on a random port):
// tokens, batch submission and batch status, with a switch for refused credentials and errors.

export type FakeMode = 'ok' | 'auth-fail' | 'error'

export const FAKE_CLIENT = { id: 'fake-client', secret: 'fake-secret' }

export interface FakeProviders {
  url: string
  mode: FakeMode
  /** Item states the status calls answer, by our reference (P<id>): PayPal or Tipalti words. */
  itemStatus: Map<string, string>
  requests: { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string }[]
  /** The batches submitted, as their JSON bodies. */
  paypalBatches: { id: string; body: Record<string, unknown> }[]
  tipaltiBatches: { id: string; body: Record<string, unknown>; raw: string }[]
  env(): Record<string, string>
  close(): Promise<void>
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const state = {
    mode: 'ok' as FakeMode,
    itemStatus: new Map<string, string>(),
    paypalBatches: [] as FakeProviders['paypalBatches'],
    tipaltiBatches: [] as FakeProviders['tipaltiBatches'],
  }
  const basic = `Basic ${Buffer.from(`${FAKE_CLIENT.id}:${FAKE_CLIENT.secret}`).toString('base64')}`
  const authed = (header: string | undefined) => header === 'Bearer fake-token'
  const server = await startFakeServer((req, body) => {
    const url = req.url ?? '/'
    const path = url.split('?')[0]
    // PayPal
    if (req.method === 'POST' && path === '/paypal/v1/oauth2/token') {
      if (state.mode === 'auth-fail' || req.headers.authorization !== basic)
        return { status: 401, json: { error: 'invalid_client', error_description: 'Client Authentication failed' } }
      return { json: { access_token: 'fake-token', token_type: 'Bearer', expires_in: 32400 } }
    }
    if (path.startsWith('/paypal/') && !authed(req.headers.authorization)) return { status: 401, json: { name: 'AUTHENTICATION_FAILURE' } }
    if (req.method === 'POST' && path === '/paypal/v1/payments/payouts') {
      if (state.mode === 'error')
        return { status: 422, json: { name: 'INSUFFICIENT_FUNDS', message: 'Sender does not have sufficient funds.', details: [] } }
      const id = `PB-${state.paypalBatches.length + 1}`
      state.paypalBatches.push({ id, body: JSON.parse(body) as Record<string, unknown> })
      return { status: 201, json: { batch_header: { payout_batch_id: id, batch_status: 'PENDING' } } }
    }
    const paypalBatch = /^\/paypal\/v1\/payments\/payouts\/([^/]+)$/.exec(path)
    if (req.method === 'GET' && paypalBatch) {
      const batch = state.paypalBatches.find((entry) => entry.id === decodeURIComponent(paypalBatch[1]))
      if (!batch) return { status: 404, json: { name: 'INVALID_RESOURCE_ID', message: 'Batch not found' } }
      const items = (batch.body.items as { sender_item_id: string; amount: unknown; receiver: string }[]).map((item, index) => {
        const status = state.itemStatus.get(item.sender_item_id) ?? 'PENDING'
        return {
          payout_item_id: `IT-${index}`,
          transaction_status: status,
          payout_item: { sender_item_id: item.sender_item_id, amount: item.amount, receiver: item.receiver },
          ...(status === 'FAILED' ? { errors: { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' } } : {}),
        }
      })
      return { json: { batch_header: { payout_batch_id: batch.id, batch_status: 'SUCCESS' }, items, total_page: 1 } }
    }
    // Tipalti
    if (req.method === 'POST' && path === '/tipalti/connect/token') {
      const form = new URLSearchParams(body)
      if (state.mode === 'auth-fail' || form.get('client_id') !== FAKE_CLIENT.id || form.get('client_secret') !== FAKE_CLIENT.secret)
        return { status: 400, json: { error: 'invalid_client' } }
      return { json: { access_token: 'fake-token', expires_in: 3600 } }
    }
    if (path.startsWith('/tipalti/api') && !authed(req.headers.authorization)) return { status: 401, json: { title: 'Unauthorized' } }
    if (req.method === 'POST' && path === '/tipalti/api/v1/payment-batches') {
      if (state.mode === 'error') return { status: 400, json: { title: 'Payer balance is insufficient' } }
      const id = `TB-${state.tipaltiBatches.length + 1}`
      state.tipaltiBatches.push({ id, body: JSON.parse(body) as Record<string, unknown>, raw: body })
      return { status: 202, json: { id } }
    }
    const tipaltiBatch = /^\/tipalti\/api\/v1\/payment-batches\/([^/]+)(\/instructions)?$/.exec(path)
    if (req.method === 'GET' && tipaltiBatch) {
      const batch = state.tipaltiBatches.find((entry) => entry.id === decodeURIComponent(tipaltiBatch[1]))
      if (!batch) return { status: 404, json: { title: 'Not found' } }
      if (!tipaltiBatch[2]) return { json: { id: batch.id, status: 'Processed' } }
      const instructions = batch.body.paymentInstructions as { refCode: string; payeeId: string }[]
      return {
        json: {
          items: instructions.map((item) => ({
            refCode: item.refCode,
            payeeId: item.payeeId,
            status: state.itemStatus.get(item.refCode) ?? 'Pending',
            ...(state.itemStatus.get(item.refCode) === 'Error' ? { errorMessage: 'Payee is not payable' } : {}),
          })),
        },
      }
    }
    return { status: 404, json: { message: `No fake for ${req.method} ${path}` } }
  })
  return {
    url: server.url,
    get mode() {
      return state.mode
    },
    set mode(value: FakeMode) {
      state.mode = value
    },
    itemStatus: state.itemStatus,
    requests: server.requests,
    paypalBatches: state.paypalBatches,
    tipaltiBatches: state.tipaltiBatches,
    env: () => ({
      PAYPAL_CLIENT_ID: FAKE_CLIENT.id,
      PAYPAL_CLIENT_SECRET: FAKE_CLIENT.secret,
      PAYPAL_API_BASE: `${server.url}/paypal`,
      TIPALTI_CLIENT_ID: FAKE_CLIENT.id,
      TIPALTI_CLIENT_SECRET: FAKE_CLIENT.secret,
      TIPALTI_API_BASE: `${server.url}/tipalti`,
      TIPALTI_TOKEN_URL: `${server.url}/tipalti/connect/token`,
    }),
    close: server.close,
  }
}
