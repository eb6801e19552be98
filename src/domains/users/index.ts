import type { DomainUi } from '@client/routing/types'

/** Accounts: users, admins, invitations and the account tab. */
export const usersUi: DomainUi = {
  name: 'users',
  routes: [],
}
