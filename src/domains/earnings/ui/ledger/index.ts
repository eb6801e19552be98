import type { DomainUi } from '@client/routing/types'

/** The ledger's palette actions; its sections are mounted by the earnings screen and the account tab. */
export const ledgerUi: DomainUi = {
  name: 'ledger',
  routes: [],
}
