import { lazy } from 'react'
import type { DomainUi } from '@client/routing/types'
import { USER_COMMANDS } from '@commands/users'

const UsersListScreen = lazy(() => import('./ui/UsersListScreen'))
const AccountScreen = lazy(() => import('./ui/AccountScreen'))
const AdminsListScreen = lazy(() => import('./ui/AdminsListScreen'))
const UserInvitesScreen = lazy(() => import('./ui/InvitesScreen').then((m) => ({ default: m.UserInvitesScreen })))
const AdminInvitesScreen = lazy(() => import('./ui/InvitesScreen').then((m) => ({ default: m.AdminInvitesScreen })))

/** Accounts: users, admins, invitations and the account tab. */
export const usersUi: DomainUi = {
  name: 'users',
  routes: [
    { path: '/users/manage/{page}', access: 'auth', title: 'Users', screen: UsersListScreen },
    { path: '/users/invites/{page}', access: 'auth', title: 'User invites', screen: UserInvitesScreen },
    { path: '/users/{id}', access: 'admin', title: 'User', screen: AccountScreen },
    { path: '/admins/manage/{page}', access: 'auth', title: 'Admins', screen: AdminsListScreen },
    { path: '/admins/invites/{page}', access: 'auth', title: 'Admin invites', screen: AdminInvitesScreen },
  ],
  commands: USER_COMMANDS,
}
