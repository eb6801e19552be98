import type { z } from 'zod'
import type { inviteRow, UserRow, UserSingle } from '@contract/users-admin'
import type { PayoutItem } from '@contract/payouts'
import type { EditRequestRow } from '@contract/releases'
import type { ReportRow } from '@contract/reports'
import type { NotificationItem } from '@contract/notifications'
import type { EntityKind } from '@contract/search'
import type { ReleaseRecordState, TrackRecordState } from './releases'
import type { SplitRecordState } from './splits'
import type { ImportRecordState } from './earnings-imports'
import type { PayoutBatchRecordState } from './payout-batches'
import type { TicketRow } from '@contract/support'
import type { HelpThreadRow } from '@contract/help-center'
import type { DeliveryRecordState, ExportRecordState, IngestionRecordState } from './catalogue-ops'
import type { ReviewRecordState } from './feature-controls'
import type { NewsCategoryRecordState, NewsPostRecordState } from './news'
import type { FlaggedTrackRecordState, TrackReviewRecordState, TrendImportRecordState, TrendSourceRecordState } from './analytics'
import type { BlastRecordState } from './fanblast'
import type { DiscoveryRecordState, UsageAssetRecordState, UsageMatchRecordState } from './discovery'

/**
 * What a screen publishes about the record it shows, per kind: the fields record actions decide on.
 * Each is cut from the contract's response for that record, so a list row and a record page can
 * both give it (the users list's rows are accounts too) and a renamed field breaks the build here.
 */
export interface RecordStates {
  account: Pick<
    UserRow,
    'type' | 'banned' | 'verified' | 'priorityMember' | 'blockWithdraw' | 'dmcaMode' | 'restrictNewRelease' | 'displayName' | 'email'
  > & {
    /** Only the account page knows these (the list's rows do not carry them). */
    isOperator?: UserSingle['isOperator']
    restrictRelease?: UserSingle['flags']['restrictRelease']
    verifiedInvestor?: UserSingle['flags']['verifiedInvestor']
    verifiedCharity?: UserSingle['flags']['verifiedCharity']
    tenantSplit?: UserSingle['tenantSplit']
    label?: UserSingle['label']
    documents?: readonly Pick<UserSingle['documents'][number], 'id' | 'title'>[]
    publishing?: readonly Pick<UserSingle['publishing'][number], 'id' | 'period' | 'amount' | 'note'>[]
  }
  payout: Pick<PayoutItem, 'status' | 'amount'> & { accountName: PayoutItem['user']['name']; accountId: PayoutItem['user']['id'] }
  editRequest: Pick<EditRequestRow, 'status'> & {
    releaseId: EditRequestRow['release']['id']
    releaseTitle: EditRequestRow['release']['title']
    /** The next open request after this one in the review queue, to move on to. */
    nextOpenId: number | null
  }
  release: ReleaseRecordState
  track: TrackRecordState
  split: SplitRecordState
  statementImport: ImportRecordState
  trendImport: TrendImportRecordState
  trendSource: TrendSourceRecordState
  flaggedTrack: FlaggedTrackRecordState
  trackReview: TrackReviewRecordState
  payoutBatch: PayoutBatchRecordState
  report: Pick<ReportRow, 'status' | 'scope' | 'error'>
  draft: Record<string, never>
  /** A bulk split upload: its id is all its actions need (the upload has no page of its own). */
  splitBatch: Record<string, never>
  /** One of the signed-in account's notifications (the bell's and the notifications screen's items). */
  notification: Pick<NotificationItem, 'read' | 'title'>
  /** An open session of an account, and a notification it received: their actions need the account. */
  accountSession: { accountId: number }
  accountNotification: { accountId: number }
  /** An invitation of an artist or label (users.*Invite), or of an admin (admins.*Invite). */
  invite: Pick<z.infer<typeof inviteRow>, 'status' | 'email'>
  adminInvite: Pick<z.infer<typeof inviteRow>, 'status' | 'email'>
  /** A support ticket (list rows and the ticket screen). */
  ticket: Pick<TicketRow, 'status' | 'priority' | 'subject'> & {
    requesterName: TicketRow['requester']['name']
    assigneeId: number | null
    /** The requester's account (null: only an email address wrote). */
    requesterId?: number | null
    /** Only the ticket screen knows it (from the account card). */
    supportDisabled?: boolean
    /** The next unresolved ticket after this one in the queue, to move on to once solved. */
    nextId?: number | null
  }
  /** A help-center thread: its account (staff see every thread) and where it stands. */
  helpThread: Pick<HelpThreadRow, 'status' | 'subject'> & { accountName: HelpThreadRow['account']['name'] }
  /** An internal note on a ticket: deleting it needs only its id. */
  ticketNote: Record<string, never>
  /** A catalogue ingestion (the import page's record). */
  ingestion: IngestionRecordState
  /** An export of releases (found by the search; it has no actions of its own). */
  catalogueExport: ExportRecordState
  /** A release's delivery to a target (the delivery queue's rows). */
  delivery: DeliveryRecordState
  /** A greenlist request (its list rows and single screen). */
  greenlist: ReviewRecordState
  /** A blocklist request (its list rows and single screen). */
  blocklist: ReviewRecordState
  /** A YouTube MCN request (its list rows). */
  youtubeMcn: ReviewRecordState
  /** A chart registration request (its list rows and single screen). */
  chartRegistration: ReviewRecordState
  /** A pitch (its list rows and single screen). */
  pitch: ReviewRecordState
  /** A cover licence request (its list rows). */
  licensing: ReviewRecordState
  /** A company news post, and a news category (commands/news.ts). */
  newsPost: NewsPostRecordState
  newsCategory: NewsCategoryRecordState
  /** A fan blast (its list rows and single screen; commands/fanblast.ts). */
  blast: BlastRecordState
  /** A Spotify Discovery Mode submission (its list rows, the removals list and its single screen). */
  discoverySubmission: DiscoveryRecordState
  /** A track in usage discovery, and a match the provider found (commands/discovery.ts). */
  usageAsset: UsageAssetRecordState
  usageMatch: UsageMatchRecordState
}

export type RecordKind = keyof RecordStates

/** Every kind the search finds is a record kind (and payout batches, which have no search). */
export type SearchKindsAreRecordKinds = EntityKind extends RecordKind ? true : never
export const SEARCH_KINDS_ARE_RECORD_KINDS: SearchKindsAreRecordKinds = true

/** The record in a tab: its kind, id and (once loaded) its state, typed by kind. */
export type RecordRef<K extends RecordKind = RecordKind> = {
  [P in K]: { kind: P; id: string; title?: string; state?: RecordStates[P] }
}[K]

/** Narrows a record to one kind (a type guard, so callers read the state without casts). */
export function isRecordOf<K extends RecordKind>(record: RecordRef | null | undefined, kind: K): record is Extract<RecordRef, { kind: K }> {
  return record?.kind === kind
}

/** The state of the record when it is of this kind and has loaded, else null. */
export function stateOf<K extends RecordKind>(record: RecordRef | null | undefined, kind: K): RecordStates[K] | null
// The overload says what the guard proves: a record of kind K carries RecordStates[K].
export function stateOf(record: RecordRef | null | undefined, kind: RecordKind): RecordStates[RecordKind] | null {
  return isRecordOf(record, kind) ? (record.state ?? null) : null
}
