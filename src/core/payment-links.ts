// The spec's payment-provider openLink: a provider's account-activity page, where staff see the
// payouts a batch made. Pure: the connections screen and the account's payment connections use it.
import type { PayoutProvider } from './payout-status'

/** Whether an API base URL is the provider's sandbox (then the sandbox's web pages are the right ones). */
export function isSandboxBase(apiBase: string | null | undefined): boolean {
  return /sandbox/i.test(apiBase ?? '')
}

/**
 * The account-activity page of a payment provider: PayPal's activity list, Tipalti Hub's payments
 * page. `apiBase` is the API the installation talks to; a sandbox API gets the sandbox page.
 */
export function providerActivityLink(provider: PayoutProvider, options: { apiBase?: string | null } = {}): string {
  const sandbox = isSandboxBase(options.apiBase)
  if (provider === 'paypal')
    return sandbox ? 'https://www.sandbox.paypal.com/myaccount/activities' : 'https://www.paypal.com/myaccount/activities'
  return sandbox ? 'https://hub.sandbox.tipalti.com/dashboard/payments' : 'https://hub.tipalti.com/dashboard/payments'
}

/** Where one payee is found at the provider: PayPal has no page per recipient, Tipalti Hub has one per payee id. */
export function payeeLink(provider: PayoutProvider, payeeId: string, options: { apiBase?: string | null } = {}): string {
  if (provider === 'paypal') return providerActivityLink('paypal', options)
  const host = isSandboxBase(options.apiBase) ? 'https://hub.sandbox.tipalti.com' : 'https://hub.tipalti.com'
  return `${host}/dashboard/payees/${encodeURIComponent(payeeId)}`
}
