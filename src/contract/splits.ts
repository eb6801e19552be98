import { z } from 'zod'
import { endpoint } from './define'
import { email, id, idParams, nullableTimestamp, page, pageOf, timestamp } from './common'
import { MONTH_PATTERN, PAYEE_STATUSES, SPLIT_STATUSES, checkShare } from '@core/split-status'

// Royalty splits (docs/royalties.md, spec "Split list item", "Single split", "split summary").

export const splitStatus = z.enum(SPLIT_STATUSES)
export const payeeStatus = z.enum(PAYEE_STATUSES)
export type { SplitStatus, PayeeStatus } from '@core/split-status'

/** The splits list keeps the sidebar's 10 per page besides the usual sizes. */
export const SPLIT_PAGE_SIZES = [10, 25, 50, 100, 200] as const

const personCard = z.object({ id: z.number(), initials: z.string(), name: z.string() })

export const splitListItem = z.object({
  id: z.number(),
  title: z.string(),
  isrc: z.string().nullable(),
  date: timestamp,
  status: splitStatus,
  isLocked: z.boolean(),
  startsOn: z.string(),
  endedOn: z.string().nullable(),
  payeeCount: z.number(),
  trackId: z.number(),
  user: personCard,
})
export type SplitListItem = z.infer<typeof splitListItem>

export const splitPayee = z.object({
  id: z.number(),
  email: z.string(),
  /** A decimal with 10 places; the shares of payees that are not removed sum to exactly 1. */
  share: z.string(),
  isUser: z.boolean(),
  status: payeeStatus,
  /** The account's name when the email has one. */
  name: z.string().nullable(),
  accountId: z.number().nullable(),
  isOwner: z.boolean(),
  confirmedAt: nullableTimestamp,
})
export type SplitPayee = z.infer<typeof splitPayee>

export const splitTrack = z.object({
  id: z.number(),
  releaseId: z.number(),
  title: z.string(),
  isrc: z.string().nullable(),
  artwork: z.string().nullable(),
  upc: z.string().nullable(),
  catalogNumber: z.string().nullable(),
  releaseDate: z.string().nullable(),
  releaseTitle: z.string(),
})

export const splitSingle = z.object({
  id: z.number(),
  title: z.string(),
  date: timestamp,
  status: splitStatus,
  isLocked: z.boolean(),
  lockedAt: nullableTimestamp,
  startsOn: z.string(),
  endedOn: z.string().nullable(),
  batchId: z.number().nullable(),
  payees: z.array(splitPayee),
  track: splitTrack,
  user: personCard.extend({ email: z.string() }),
})
export type SplitSingle = z.infer<typeof splitSingle>

export const splitSummary = z.object({
  id: z.number(),
  status: splitStatus,
  created: timestamp,
  ended: z.string().nullable(),
  startsOn: z.string(),
  payeeCount: z.number(),
  trackId: z.number(),
  trackTitle: z.string(),
  isLocked: z.boolean(),
})
export type SplitSummary = z.infer<typeof splitSummary>

export const trackOption = z.object({
  id: z.number(),
  title: z.string(),
  isrc: z.string().nullable(),
  releaseTitle: z.string(),
  artwork: z.string().nullable(),
  ownerName: z.string(),
})
export type TrackOption = z.infer<typeof trackOption>

export const splitData = z.object({
  /** Tracks matching the search (own tracks only for non-staff). */
  tracks: z.array(trackOption),
  selected: z
    .object({
      track: splitTrack,
      owner: personCard.extend({ email: z.string() }),
      /** The track's pending or active split: a new one ends an active one at its start; a pending one blocks it. */
      openSplit: z.object({ id: z.number(), status: splitStatus, startsOn: z.string(), payeeCount: z.number() }).nullable(),
    })
    .nullable(),
})
export type SplitData = z.infer<typeof splitData>

export const bulkRow = z.object({
  row: z.number(),
  isrc: z.string(),
  email: z.string(),
  share: z.string(),
  startsOn: z.string(),
  trackId: z.number().nullable(),
  trackTitle: z.string().nullable(),
  errors: z.array(z.string()),
})
export type BulkRow = z.infer<typeof bulkRow>

export const bulkPreview = z.object({
  batchId: z.number(),
  token: z.string(),
  kind: z.enum(['splits', 'creator']),
  rows: z.array(bulkRow),
  valid: z.number(),
  invalid: z.number(),
  /** Splits the valid rows make (one per track). */
  splits: z.number(),
})
export type BulkPreview = z.infer<typeof bulkPreview>

export const bulkResult = z.object({
  batchId: z.number(),
  created: z.number(),
  skippedRows: z.number(),
  splitIds: z.array(z.number()),
})

// ---------------------------------------------------------------------------------------------
// Inputs

export const shareInput = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const checked = checkShare(value)
    if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message })
  })

export const startMonth = z.string().trim().regex(MONTH_PATTERN, 'Start month must look like 2025-01')

export const splitSubmitBody = z.object({
  trackId: id,
  startsOn: startMonth,
  payees: z
    .array(z.object({ email, share: shareInput }))
    .min(1, 'Add at least one payee')
    .max(50, 'At most 50 payees per split'),
})
export type SplitSubmitBody = z.input<typeof splitSubmitBody>

export const splitsListQuery = z.object({
  page,
  per_page: z.coerce
    .number<number>()
    .int()
    .refine((value) => (SPLIT_PAGE_SIZES as readonly number[]).includes(value), {
      message: `Page size must be one of ${SPLIT_PAGE_SIZES.join(', ')}`,
    })
    .default(10),
  search: z.string().trim().max(200).optional(),
  status: splitStatus.optional(),
  locked: z.enum(['true', 'false']).optional(),
})
export type SplitsListQuery = z.infer<typeof splitsListQuery>

const payeeRef = z.object({ splitId: id, payeeId: id })
const splitRef = z.object({ id })
const done = z.object({ ok: z.literal(true), message: z.string(), split: splitSingle })

const bulkFile = { file: { maxBytes: 2 * 1024 * 1024, required: true } } as const

export const splitsEndpoints = {
  'splits.list': endpoint({
    method: 'GET',
    path: 'splits',
    access: 'auth',
    summary: 'Splits, newest first: every split of the workspace for staff, splits one owns or is a payee of for others',
    query: splitsListQuery,
    response: pageOf(splitListItem),
  }),
  'splits.single': endpoint({
    method: 'GET',
    path: 'splits/single/{id}',
    access: 'auth',
    summary: 'One split with its payees, track and owner (staff, the owner or a payee)',
    params: idParams,
    response: splitSingle,
  }),
  'splits.ofRelease': endpoint({
    method: 'GET',
    path: 'splits/releases/{id}',
    access: 'auth',
    summary: "Split summaries of a release's tracks (staff or the release's owner)",
    params: idParams,
    response: z.object({ data: z.array(splitSummary) }),
  }),
  'splits.releaseTab': endpoint({
    method: 'GET',
    path: 'releases/{id}/splits',
    access: 'admin',
    summary: "Split summaries of a release's tracks for the release tab (spec: split summary)",
    params: idParams,
    response: z.object({ data: z.array(splitSummary) }),
  }),
  'splits.changeStatus': endpoint({
    method: 'POST',
    path: 'splits/change-status',
    access: 'admin',
    summary: 'Move a split to another status (docs/royalties.md: active needs every payee to have an account)',
    body: z.object({ id, status: splitStatus }),
    response: done,
  }),
  'splits.confirmRemoval': endpoint({
    method: 'POST',
    path: 'splits/confirm-removal',
    access: 'auth',
    summary: "Confirm a payee's removal (the payee or staff): the share goes back to the owner",
    body: payeeRef,
    response: done,
  }),
  'splits.data': endpoint({
    method: 'POST',
    path: 'splits/data',
    access: 'auth',
    summary: 'What the create screen needs: tracks matching a search, and the chosen track with its owner and open split',
    body: z.object({
      trackId: id.optional(),
      search: z.string().trim().max(200).optional(),
    }),
    response: splitData,
  }),
  'splits.submit': endpoint({
    method: 'POST',
    path: 'splits/submit',
    access: 'auth',
    summary: 'Create a split of a track (its owner or staff): payees by email with shares summing to 1; each payee is emailed',
    status: 201,
    body: splitSubmitBody,
    response: splitSingle,
  }),
  'splits.remove': endpoint({
    method: 'POST',
    path: 'splits/remove',
    access: 'auth',
    summary: 'Ask to remove a payee (the owner or staff); the share applies until the removal is confirmed',
    body: payeeRef,
    response: done,
  }),
  'splits.confirm': endpoint({
    method: 'POST',
    path: 'splits/confirm',
    access: 'auth',
    summary: "Confirm a payee's share: the signed-in payee their own, staff any payee's; the last confirmation activates the split",
    body: z.object({ splitId: id, payeeId: id.optional() }),
    response: done,
  }),
  'splits.bulkProcess': endpoint({
    method: 'POST',
    path: 'splits/bulk/process',
    access: 'admin',
    summary:
      'Read a CSV of splits (isrc, email, share, starts_on; docs/formats/splits-bulk.md): every row with its errors, and a token to submit',
    bodyType: 'multipart',
    files: bulkFile,
    body: z.object({}),
    response: bulkPreview,
  }),
  'splits.bulkSubmit': endpoint({
    method: 'POST',
    path: 'splits/bulk/submit',
    access: 'admin',
    summary: 'Create the splits of a processed CSV; refused while a row has an error unless skipInvalid leaves those tracks out',
    body: z.object({ token: z.string().trim().min(1, 'Process a file first'), skipInvalid: z.boolean().default(false) }),
    response: bulkResult,
  }),
  'splits.bulkStatus': endpoint({
    method: 'POST',
    path: 'splits/bulk/status/{id}/{status}',
    access: 'admin',
    summary: 'Move every split of a bulk batch to a status; splits the rules refuse are listed with the reason',
    params: z.object({ id, status: splitStatus }),
    response: z.object({ changed: z.number(), refused: z.array(z.object({ id: z.number(), reason: z.string() })) }),
  }),
  'splits.lock': endpoint({
    method: 'POST',
    path: 'splits/lock',
    access: 'admin',
    summary: 'Lock a split: its owner can no longer change it',
    body: splitRef,
    response: done,
  }),
  'splits.unlock': endpoint({
    method: 'POST',
    path: 'splits/unlock',
    access: 'admin',
    summary: 'Unlock a split: its owner may change it again',
    body: splitRef,
    response: done,
  }),
  'splits.isValidUser': endpoint({
    method: 'POST',
    path: 'splits/is-valid-user',
    access: 'auth',
    summary:
      'Whether an email belongs to an account of this workspace (a payee needs one for the split to become active); the name only to staff, and rate-limited for artists and labels',
    body: z.object({ email }),
    response: z.object({ isUser: z.boolean(), name: z.string().optional() }),
  }),
  'splits.creatorProcess': endpoint({
    method: 'POST',
    path: 'splits/bulk-creator-split/process',
    access: 'admin',
    summary:
      "Read a CSV giving each listed track's owner a split with the listed payees (the owner keeps the rest); every row with its errors",
    bodyType: 'multipart',
    files: bulkFile,
    body: z.object({}),
    response: bulkPreview,
  }),
  'splits.creatorSubmit': endpoint({
    method: 'POST',
    path: 'splits/bulk-creator-split/submit',
    access: 'admin',
    summary: 'Create the creator splits of a processed CSV (refused while a row has an error unless skipInvalid)',
    body: z.object({ token: z.string().trim().min(1, 'Process a file first'), skipInvalid: z.boolean().default(false) }),
    response: bulkResult,
  }),
} as const
