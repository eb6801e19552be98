import type { Command, CommandEnv } from '@commands/types'

// Site setup's palette commands: the wizard (operator only) and the mail DNS checks. They load with
// the palette's registry (src/client/shell/domain-commands.ts), not with the routes at start-up.

const SITE = 'Site setup'

/** A command's call: its answer as a notice, or the server's reason (then `after`, e.g. showing the form). */
async function notifying<T>(env: CommandEnv, call: () => Promise<T>, done: (result: T) => void, after?: () => void) {
  try {
    done(await call())
  } catch (error) {
    env.notify(error instanceof Error ? error.message : 'Something went wrong! Please try again.', 'error')
    after?.()
  }
}

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
    run: (_context, env) =>
      notifying(
        env,
        () => env.call('site.generateDns', { body: {} }),
        (records) => {
          env.notify(`DNS records generated for ${records.domain}.`, 'success')
          env.open('/site-settings?tab=3')
        },
        () => env.open('/site-settings?tab=3'),
      ),
  },
  {
    id: 'site.verifyDns',
    title: 'Verify DNS records',
    group: SITE,
    keywords: ['mail', 'dns', 'check'],
    access: 'admin',
    run: (_context, env) =>
      notifying(
        env,
        () => env.call('site.verifyDns'),
        (records) => {
          const all = [...records.sending, ...records.receiving]
          const verified = all.filter((record) => record.is_active && record.valid).length
          env.notify(`${verified} of ${all.length} DNS records verified.`, verified === all.length ? 'success' : 'info')
        },
      ),
  },
  {
    id: 'site.sendTestEmail',
    title: 'Send a test email',
    group: SITE,
    keywords: ['mail', 'smtp', 'test'],
    access: 'admin',
    run: (_context, env) =>
      notifying(
        env,
        () => env.call('site.testSmtp', { body: {} }),
        (result) => env.notify(`${result.message} The server answered: ${result.response}`, 'success'),
      ),
  },
]
