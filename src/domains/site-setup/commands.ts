import type { Command } from '@commands/types'

// Site setup's palette commands: the wizard (operator only) and the mail DNS checks. They load with
// the palette's registry (src/client/shell/domain-commands.ts), not with the routes at start-up.

const SITE = 'Site setup'

export const SITE_SETUP_COMMANDS: readonly Command[] = [
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
