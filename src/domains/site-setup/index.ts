import { lazyScreen } from '@client/routing/lazy-screen'
import { createElement, lazy, Suspense, type ComponentType } from 'react'
import type { DomainUi } from '@client/routing/types'
import { registerOverlay } from '@client/shell/slots'
import type { SessionAccount } from '@contract/auth'

/** A shell overlay whose code loads only once someone is signed in, without holding the shell back meanwhile. */
function lazyOverlay(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Overlay = lazy(load)
  return function LazyOverlay() {
    return createElement(Suspense, { fallback: null }, createElement(Overlay))
  }
}

// The setup dialog, then the profile redirect that waits for it to close: both for the operator only
// (the wizard opens again from the palette), so nobody else downloads them.
const forOperator = (account: SessionAccount) => account.isOperator
registerOverlay(
  'site-setup.wizard',
  lazyOverlay(() => import('./ui/SetupWizard')),
  forOperator,
)
registerOverlay(
  'site-setup.profile-redirect',
  lazyOverlay(() => import('./ui/ProfileRedirect')),
  forOperator,
)

/** Operator setup: site settings, menus, login settings, wallet, and the first-run wizard. */
export const siteSetupUi: DomainUi = {
  name: 'site-setup',
  routes: [
    { path: '/site-settings', access: 'auth', title: 'Site settings', screen: lazyScreen(() => import('./ui/SiteSettingsScreen')) },
    { path: '/menus', access: 'auth', title: 'Menu settings', screen: lazyScreen(() => import('./ui/MenusScreen')) },
    { path: '/wallet', access: 'auth', title: 'Wallet', screen: lazyScreen(() => import('./ui/WalletScreen')) },
    { path: '/login-settings', access: 'admin', title: 'Login settings', screen: lazyScreen(() => import('./ui/LoginSettingsScreen')) },
  ],
}
