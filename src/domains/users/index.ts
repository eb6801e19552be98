import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

const UsersListScreen = lazyScreen(() => import('./ui/UsersListScreen'))
const AccountScreen = lazyScreen(() => import('./ui/AccountScreen'))
const AdminsListScreen = lazyScreen(() => import('./ui/AdminsListScreen'))
const UserInvitesScreen = lazyScreen(() => import('./ui/InvitesScreen').then((m) => ({ default: m.UserInvitesScreen })))
const AdminInvitesScreen = lazyScreen(() => import('./ui/InvitesScreen').then((m) => ({ default: m.AdminInvitesScreen })))

/** Accounts: users, admins, invitations and the account tab. */
export const usersUi: DomainUi = {
  name: 'users',
  routes: [
    {
      path: '/users/manage/{page}',
      access: 'auth',
      title: 'Users',
      screen: UsersListScreen,
    },
    { path: '/users/invites/{page}', access: 'auth', title: 'User invites', screen: UserInvitesScreen },
    {
      path: '/users/{id}',
      access: 'admin',
      title: 'User',
      screen: AccountScreen,
    },
    { path: '/admins/manage/{page}', access: 'auth', title: 'Admins', screen: AdminsListScreen },
    { path: '/admins/invites/{page}', access: 'auth', title: 'Admin invites', screen: AdminInvitesScreen },
  ],
}
