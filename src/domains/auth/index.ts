import { lazyScreen } from '@client/routing/lazy-screen'
import type { DomainUi } from '@client/routing/types'

/** Sign-in, recovery and invitation screens. */
const LoginScreen = lazyScreen(() => import('./ui/LoginScreen'))
const RecoverScreen = lazyScreen(() => import('./ui/RecoverScreen'))
const ResetPasswordScreen = lazyScreen(() => import('./ui/ResetPasswordScreen'))

export const authUi: DomainUi = {
  name: 'auth',
  routes: [
    { path: '/', access: 'guest-only', title: 'Login', screen: LoginScreen },
    { path: '/login', access: 'guest-only', title: 'Login', screen: LoginScreen },
    { path: '/recover', access: 'guest-only', title: 'Recover password', screen: RecoverScreen },
    { path: '/recover/{token}', access: 'guest-only', title: 'Recover password', screen: ResetPasswordScreen },
    { path: '/invite/accept', access: 'public', title: 'Accept invite', screen: lazyScreen(() => import('./ui/InviteAcceptScreen')) },
  ],
}
