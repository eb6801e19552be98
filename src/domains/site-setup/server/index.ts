import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { siteSetupHandlers } from './routes'
import { workspaceSmtp } from './mail.service'
import { siteSetupSeeder } from './seed'

export const siteSetupServer: DomainServer = {
  name: 'site-setup',
  handlers: siteSetupHandlers as unknown as Record<string, AnyHandler>,
  // Not a job of its own: the mailer's jobs send a workspace's mail through its own SMTP server,
  // which only this domain knows how to find (and decrypt).
  registerJobs(_runner, services) {
    services.mail.useWorkspaceSmtp((tenantId) => workspaceSmtp(services, tenantId))
  },
  seeders: [siteSetupSeeder],
}
