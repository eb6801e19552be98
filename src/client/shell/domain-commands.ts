import type { Command } from '@commands/types'
export { RECORD_ACTION_COMMANDS, RECORD_ACTIONS } from '@commands/record-actions'
import { USER_COMMANDS } from '@commands/users'
import { RELEASE_COMMANDS, RELEASE_LINK_COMMANDS } from '@commands/releases'
import { SPLIT_COMMANDS } from '@commands/splits'
import { EARNINGS_COMMANDS } from '@commands/earnings'
import { ACCOUNT_SALES_COMMANDS } from '@commands/account-sales'
import { IMPORT_COMMANDS } from '@commands/earnings-imports'
import { LEDGER_COMMANDS } from '@commands/ledger'
import { ACCOUNT_REPORT_COMMANDS } from '@commands/account-reports'
import { PAYOUT_BATCH_COMMANDS } from '@commands/payout-batches'
import { REPORT_COMMANDS } from '@commands/reports'
import { PAYOUT_COMMANDS } from '@commands/payouts'
import { CATALOGUE_OPS_COMMANDS, DELIVERY_COMMANDS, EXPORT_COMMANDS, INGESTION_COMMANDS, TRANSFER_COMMANDS } from '@commands/catalogue-ops'
import { FEATURE_CONTROL_COMMANDS } from '@commands/feature-controls'
import { NEWS_COMMANDS } from '@commands/news'
import { ANALYTICS_COMMANDS } from '@commands/analytics'
import { FANBLAST_COMMANDS } from '@commands/fanblast'
import { USAGE_COMMANDS } from '@commands/discovery'
import { SITE_SETUP_COMMANDS } from '@domains/site-setup/commands'

/**
 * Each area's palette commands beyond its routes' navigation and its declared record actions. They
 * are listed here, beside the registry that holds them, rather than on each area's `DomainUi` with
 * its routes: the routes are in the start-up chunk (the router needs them before anything draws);
 * this module, with the declared record actions, is fetched by `loadCommands()` once the first
 * screen's content is shown (docs/architecture.md, "Client"). A new area adds its commands here.
 */
export const DOMAIN_COMMANDS: readonly (readonly Command[])[] = [
  USER_COMMANDS,
  [...RELEASE_COMMANDS, ...RELEASE_LINK_COMMANDS],
  SPLIT_COMMANDS,
  [...EARNINGS_COMMANDS, ...ACCOUNT_SALES_COMMANDS],
  IMPORT_COMMANDS,
  LEDGER_COMMANDS,
  ACCOUNT_REPORT_COMMANDS,
  PAYOUT_BATCH_COMMANDS,
  REPORT_COMMANDS,
  PAYOUT_COMMANDS,
  SITE_SETUP_COMMANDS,
  [...CATALOGUE_OPS_COMMANDS, ...INGESTION_COMMANDS, ...EXPORT_COMMANDS, ...DELIVERY_COMMANDS, ...TRANSFER_COMMANDS],
  FEATURE_CONTROL_COMMANDS,
  NEWS_COMMANDS,
  ANALYTICS_COMMANDS,
  FANBLAST_COMMANDS,
  USAGE_COMMANDS,
]
