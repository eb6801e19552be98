import type { RecordAction } from './actions'
import { ACCOUNT_NOTIFICATION_ACTIONS, ACCOUNT_SESSION_ACTIONS, INVITE_ACTIONS, USER_ACTIONS } from './users'
import { PAYOUT_ACTIONS } from './payouts'
import { EDIT_REQUEST_ACTIONS, RELEASE_ACTIONS } from './releases'
import { SPLIT_ACTIONS } from './splits'
import { REPORT_ACTIONS } from './reports'
import { PAYOUT_BATCH_ACTIONS } from './payout-batches'
import { IMPORT_ACTIONS } from './earnings-imports'
import { NOTIFICATION_ACTIONS } from './notifications'
import { HELP_THREAD_ACTIONS, TICKET_ACTIONS } from './support'
import { FEATURE_REQUEST_ACTIONS } from './feature-controls'
import { ACCOUNT_EXPORT_ACTIONS, CONVERT_ACTIONS, DELIVERY_ACTIONS, EXPORT_ACTIONS, INGESTION_ACTIONS } from './catalogue-ops'
import { TRANSFER_ACTIONS } from './catalogue-ops'
import { NEWS_ACTIONS } from './news'
import { TRACK_HOLD_ACTIONS, TRACK_REVIEW_ACTIONS, TREND_IMPORT_ACTIONS, TREND_SOURCE_ACTIONS } from './analytics'
import { FANBLAST_ACTIONS } from './fanblast'
import { DISCOVERY_ACTIONS, USAGE_ACTIONS } from './discovery'

/**
 * Every declared record action. The shell registers their palette commands, record headers and list
 * bulk bars render them, and tests/unit/record-actions.test.ts checks the contract's mutations
 * against them. A new domain's list joins here.
 */
export const RECORD_ACTIONS: readonly RecordAction[] = [
  ...USER_ACTIONS,
  ...ACCOUNT_SESSION_ACTIONS,
  ...ACCOUNT_NOTIFICATION_ACTIONS,
  ...INVITE_ACTIONS,
  ...PAYOUT_ACTIONS,
  ...EDIT_REQUEST_ACTIONS,
  ...RELEASE_ACTIONS,
  ...SPLIT_ACTIONS,
  ...REPORT_ACTIONS,
  ...PAYOUT_BATCH_ACTIONS,
  ...IMPORT_ACTIONS,
  ...NOTIFICATION_ACTIONS,
  ...TICKET_ACTIONS,
  ...HELP_THREAD_ACTIONS,
  ...INGESTION_ACTIONS,
  ...EXPORT_ACTIONS,
  ...CONVERT_ACTIONS,
  ...ACCOUNT_EXPORT_ACTIONS,
  ...DELIVERY_ACTIONS,
  ...TRANSFER_ACTIONS,
  ...FEATURE_REQUEST_ACTIONS,
  ...NEWS_ACTIONS,
  ...TREND_IMPORT_ACTIONS,
  ...FANBLAST_ACTIONS,
  ...DISCOVERY_ACTIONS,
  ...USAGE_ACTIONS,
  ...TRACK_HOLD_ACTIONS,
  ...TREND_SOURCE_ACTIONS,
  ...TRACK_REVIEW_ACTIONS,
]

/** The palette commands of every declared action (on the focused record, and on a list's selection). */
export const RECORD_ACTION_COMMANDS = RECORD_ACTIONS.flatMap((action) => action.commands)
