import type { DomainServer } from '@server/domains'
import type { AnyHandler } from '@server/handlers'
import { accountDownloadHandlers } from './routes'

/** One account's CSV downloads (users/*-report and the statement), streamed from the report sources. */
export const accountDownloadsServer: DomainServer = {
  name: 'account-downloads',
  handlers: accountDownloadHandlers as unknown as Record<string, AnyHandler>,
}
