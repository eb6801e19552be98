import type { DomainUi } from '@client/routing/types'
import { LEDGER_COMMANDS } from '@commands/ledger'

/** The ledger's palette actions; its sections are mounted by the earnings screen and the account tab. */
export const ledgerUi: DomainUi = {
  name: 'ledger',
  routes: [],
  commands: LEDGER_COMMANDS,
}
