import type { DomainUi } from '@client/routing/types'

/** Operator setup: site settings, menus, login settings, wallet, and the first-run wizard. */
export const siteSetupUi: DomainUi = {
  name: 'site-setup',
  routes: [],
}
