import type { DomainUi } from '@client/routing/types'
import { ACCOUNT_REPORT_COMMANDS } from '@commands/account-reports'

/** The account downloads' palette actions; their section is mounted by the account tab (Downloads). */
export const accountDownloadsUi: DomainUi = {
  name: 'account-downloads',
  routes: [],
  commands: ACCOUNT_REPORT_COMMANDS,
}
