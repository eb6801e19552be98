import { z } from 'zod'
import {
  BLOCKLIST,
  GREENLIST,
  GREENLIST_FORMATS,
  GREENLIST_PLATFORM_LABELS,
  GREENLIST_PLATFORMS,
  REVIEW_KIND_NAMES,
  invalidPlatformEntries,
  type ReviewKindDef,
} from '@core/feature-requests'
import { checkIsrc, ISRC_MESSAGE } from '@core/identifiers'
import { endpoint, type Access } from './define'
import { id, idParams, page, pageOf, perPage, timestamp } from './common'

// Feature controls (docs/feature-controls.md): one review pattern, written once here and in
// src/domains/feature-controls/server/review.ts; each kind gives its paths, statuses and fields.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
const message = z.object({ message: z.string() })
export const REVIEW_PAGE_SIZES = [25, 50, 100, 200, 500] as const
export const reviewReason = z.string().trim().max(2_000, 'The reason is too long')

export const reviewRow = z.object({
  id: z.number(),
  kind: z.enum(REVIEW_KIND_NAMES as [string, ...string[]]),
  status: z.string(),
  title: z.string(),
  requester: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  release: z.object({ id: z.number(), title: z.string() }).nullable(),
  track: z.object({ id: z.number(), title: z.string(), isrc: z.string().nullable() }).nullable(),
  fields: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  reviewedAt: timestamp.nullable(),
  created: timestamp,
  updated: timestamp,
})
export type ReviewRow = z.infer<typeof reviewRow>
export type ReviewRowResult = z.input<typeof reviewRow>

/** A staff list's filters (search, status, created date range, page size). */
function reviewListQuery(def: ReviewKindDef) {
  return z.object({
    per_page: perPage,
    search: z.string().trim().max(100, 'The search is too long').optional(),
    status: z.enum(def.statuses as [string, ...string[]], `Choose one of: ${def.statuses.join(', ')}`).optional(),
    from: day.optional(),
    to: day.optional(),
  })
}

/** The five calls of a kind: the staff list, single and status change; the requester's create and own list. */
function reviewEndpoints<F extends z.ZodType>(
  def: ReviewKindDef,
  paths: { list: string; single: string; changeStatus: string; create: string; mine: string },
  fields: F,
) {
  const status = z.enum(def.statuses as [string, ...string[]], `Choose one of: ${def.statuses.join(', ')}`)
  const noun = def.label.toLowerCase()
  const admin: Access = 'admin'
  return {
    list: endpoint({
      method: 'GET',
      path: paths.list,
      access: admin,
      summary: `${def.label} requests, newest first, by page: search by title, requester or #id; filter by status and created date range`,
      params: z.object({ page }),
      query: reviewListQuery(def),
      response: pageOf(reviewRow),
    }),
    single: endpoint({
      method: 'GET',
      path: paths.single,
      access: admin,
      summary: `One ${noun} request with its fields, requester, release and track`,
      params: idParams,
      response: reviewRow,
    }),
    changeStatus: endpoint({
      method: 'POST',
      path: paths.changeStatus,
      access: admin,
      summary: `Moves ${noun} requests to a status along the allowed transitions (src/core/feature-requests.ts), all or nothing; a refusal needs a reason; the requester is mailed`,
      body: z.object({
        ids: z.array(id).min(1, 'Choose a request').max(500, 'At most 500 requests at once'),
        status,
        reason: reviewReason.optional(),
      }),
      response: message.extend({ changed: z.number() }),
    }),
    create: endpoint({
      method: 'POST',
      path: paths.create,
      access: 'auth',
      summary: `An artist or label asks for a ${noun} for one of their own releases or tracks; staff review it`,
      status: 201,
      body: fields,
      response: message.extend({ id: z.number() }),
    }),
    mine: endpoint({
      method: 'GET',
      path: paths.mine,
      access: 'auth',
      summary: `The signed-in account's own ${noun} requests, newest first, with their status and any reason`,
      params: z.object({ page }),
      query: z.object({ per_page: perPage }),
      response: pageOf(reviewRow),
    }),
  }
}

const platformList = z.string().trim().max(5_000, 'The list is too long').default('')

export const greenlistFields = z
  .object({
    releaseId: id,
    /** A track of that release; none: the whole release. */
    trackId: id.optional(),
    format: z.enum(GREENLIST_FORMATS, 'Choose All or Single'),
    ...(Object.fromEntries(GREENLIST_PLATFORMS.map((platform) => [platform, platformList])) as Record<
      (typeof GREENLIST_PLATFORMS)[number],
      typeof platformList
    >),
    info: z.string().trim().max(2_000, 'The info is too long').default(''),
    comment: z.string().trim().max(2_000, 'The comment is too long').default(''),
    isrc: z.string().trim().max(20).optional(),
  })
  .superRefine((body, ctx) => {
    let any = false
    for (const platform of GREENLIST_PLATFORMS) {
      const value = body[platform] ?? ''
      if (value.trim()) any = true
      const bad = invalidPlatformEntries(platform, value)
      if (bad.length)
        ctx.addIssue({
          code: 'custom',
          path: [platform],
          message: `Not a ${GREENLIST_PLATFORM_LABELS[platform]} channel or URL: ${bad.slice(0, 3).join(', ')}`,
        })
    }
    if (!any) ctx.addIssue({ code: 'custom', path: ['youtube'], message: 'Give at least one channel or URL' })
    if (body.isrc && !checkIsrc(body.isrc).ok) ctx.addIssue({ code: 'custom', path: ['isrc'], message: ISRC_MESSAGE })
  })
export type GreenlistFields = z.infer<typeof greenlistFields>

const greenlist = reviewEndpoints(
  GREENLIST,
  {
    list: 'whitelist/{page}',
    single: 'whitelist/single/{id}',
    changeStatus: 'whitelist/change-status',
    create: 'whitelist/request',
    mine: 'whitelist/mine/{page}',
  },
  greenlistFields,
)

export const blocklistFields = z
  .object({
    releaseId: id,
    /** A track of that release; none: the whole release (every track). */
    trackId: id.optional(),
    platform: z.enum(GREENLIST_PLATFORMS, `Choose one of: ${GREENLIST_PLATFORMS.map((p) => GREENLIST_PLATFORM_LABELS[p]).join(', ')}`),
    format: z.enum(GREENLIST_FORMATS, 'Choose All or Single'),
    startDate: day,
    endDate: day,
    comment: z.string().trim().max(2_000, 'The comment is too long').default(''),
    isrc: z.string().trim().max(20).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.endDate < body.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date comes before the start date' })
    if (body.isrc && !checkIsrc(body.isrc).ok) ctx.addIssue({ code: 'custom', path: ['isrc'], message: ISRC_MESSAGE })
  })
export type BlocklistFields = z.infer<typeof blocklistFields>

const blocklist = reviewEndpoints(
  BLOCKLIST,
  {
    list: 'blocklist/{page}',
    single: 'blocklist/single/{id}',
    changeStatus: 'blocklist/change-status',
    create: 'blocklist/request',
    mine: 'blocklist/mine/{page}',
  },
  blocklistFields,
)

/** One pending request in the shared review queue: its kind and where its single screen is. */
export const queueItem = z.object({ id: z.number(), kind: z.enum(REVIEW_KIND_NAMES as [string, ...string[]]), path: z.string(), title: z.string() })

export const featureControlEndpoints = {
  'featureRequests.queue': endpoint({
    method: 'GET',
    path: 'feature-requests/queue',
    access: 'admin',
    summary: 'The shared review queue: pending requests of every feature-control kind, oldest first (at most 500)',
    response: z.object({ data: z.array(queueItem) }),
  }),
  'greenlist.list': greenlist.list,
  'greenlist.single': greenlist.single,
  'greenlist.changeStatus': greenlist.changeStatus,
  'greenlist.create': greenlist.create,
  'greenlist.mine': greenlist.mine,
  // The spec names the staff list `GET blocklist` with its page in the query string.
  'blocklist.list': endpoint({
    ...blocklist.list,
    path: 'blocklist',
    params: undefined,
    query: reviewListQuery(BLOCKLIST).extend({ page }),
  }),
  'blocklist.single': blocklist.single,
  'blocklist.changeStatus': blocklist.changeStatus,
  'blocklist.create': blocklist.create,
  'blocklist.mine': blocklist.mine,
} as const
