import type { PayoutProvider } from '@core/payout-status'
import type { Config } from '@server/config'
import { createPaypalAdapter } from './paypal'
import { createTipaltiAdapter } from './tipalti'
import type { PayoutProviderAdapter } from './types'

export type { PayoutProviderAdapter } from './types'

const cache = new WeakMap<Config, Record<PayoutProvider, PayoutProviderAdapter>>()

/**
 * The payout provider adapters of this installation, from its configuration (PAYPAL_* and
 * TIPALTI_* variables): one set per Config, so an OAuth token is reused between calls.
 */
export function payoutProviders(config: Config): Record<PayoutProvider, PayoutProviderAdapter> {
  let adapters = cache.get(config)
  if (!adapters) {
    adapters = { paypal: createPaypalAdapter(config.payoutProviders.paypal), tipalti: createTipaltiAdapter(config.payoutProviders.tipalti) }
    cache.set(config, adapters)
  }
  return adapters
}
