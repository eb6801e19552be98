import { lazyScreen } from '@client/routing/lazy-screen'
import { createElement, lazy, Suspense, type ComponentType } from 'react'
import type { DomainUi } from '@client/routing/types'
import { registerOverlay } from '@client/shell/slots'
import type { Command } from '@commands/types'
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

const SITE = 'Site setup'

const commands: readonly Command[] = [
  {
    id: 'site.openWizard',
    title: 'Open the setup wizard',
    group: SITE,
    keywords: ['setup', 'first run', 'agreement', 'onboarding', 'wizard'],
    access: 'admin',
    when: (context) => context.account?.isOperator === true,
    run: async (_context, env) => {
      const { openSetupWizard } = await import('./ui/wizard-store')
      if (!openSetupWizard()) env.notify('The setup wizard is not available right now.', 'error')
    },
  },
  {
    id: 'site.generateDns',
    title: 'Generate DNS records',
    group: SITE,
    keywords: ['mail', 'smtp', 'spf', 'dkim', 'mx', 'domain'],
    access: 'admin',
    run: async (_context, env) => {
      try {
        const records = await env.call('site.generateDns', { body: {} })
        env.notify(`DNS records generated for ${records.domain}.`, 'success')
        env.open('/site-settings?tab=3')
      } catch (error) {
        env.notify(error instanceof Error ? error.message : 'Something went wrong! Please try again.', 'error')
        env.open('/site-settings?tab=3')
      }
    },
  },
  {
    id: 'site.verifyDns',
    title: 'Verify DNS records',
    group: SITE,
    keywords: ['mail', 'dns', 'check'],
    access: 'admin',
    run: async (_context, env) => {
      try {
        const records = await env.call('site.verifyDns')
        const all = [...records.sending, ...records.receiving]
        const verified = all.filter((record) => record.is_active && record.valid).length
        env.notify(`${verified} of ${all.length} DNS records verified.`, verified === all.length ? 'success' : 'info')
      } catch (error) {
        env.notify(error instanceof Error ? error.message : 'Something went wrong! Please try again.', 'error')
      }
    },
  },
  {
    id: 'site.sendTestEmail',
    title: 'Send a test email',
    group: SITE,
    keywords: ['mail', 'smtp', 'test'],
    access: 'admin',
    run: async (_context, env) => {
      try {
        const result = await env.call('site.testSmtp', { body: {} })
        env.notify(`${result.message} The server answered: ${result.response}`, 'success')
      } catch (error) {
        env.notify(error instanceof Error ? error.message : 'Something went wrong! Please try again.', 'error')
      }
    },
  },
]

/** Operator setup: site settings, menus, login settings, wallet, and the first-run wizard. */
export const siteSetupUi: DomainUi = {
  name: 'site-setup',
  routes: [
    { path: '/site-settings', access: 'auth', title: 'Site settings', screen: lazyScreen(() => import('./ui/SiteSettingsScreen')) },
    { path: '/menus', access: 'auth', title: 'Menu settings', screen: lazyScreen(() => import('./ui/MenusScreen')) },
    { path: '/wallet', access: 'auth', title: 'Wallet', screen: lazyScreen(() => import('./ui/WalletScreen')) },
    { path: '/login-settings', access: 'admin', title: 'Login settings', screen: lazyScreen(() => import('./ui/LoginSettingsScreen')) },
  ],
  commands,
}
