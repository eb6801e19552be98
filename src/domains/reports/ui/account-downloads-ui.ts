import type { DomainUi } from '@client/routing/types'

/** The account downloads' palette actions; their section is mounted by the account tab (Downloads). */
export const accountDownloadsUi: DomainUi = {
  name: 'account-downloads',
  routes: [],
}
