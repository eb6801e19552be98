import type { EndpointId } from '@contract/index'
import type { Command, CommandEnv } from './types'
import { trackReviewPath } from './analytics-paths'

/** A review queue: what "Review next …" opens. Its list endpoint answers newest first. */
export interface ReviewQueue {
  id: string
  /** "edit request": the command is "Review next edit request". */
  noun: string
  plural: string
  keywords: readonly string[]
  /** Ids of the open items, newest first, one page: `perPage` items of page `page`, and how many pages there are. */
  page(env: CommandEnv, page: number, perPage: number): Promise<{ ids: number[]; lastPage: number }>
  path(id: number): string
  /** The list endpoint, for access and for the test that every queue is reachable. */
  endpoint: EndpointId
}

/** A list page as a queue reads it: the ids on it and how many pages there are. */
const pageIds = (result: { data: readonly { id: number }[]; meta: { last_page: number } }) => ({
  ids: result.data.map((row) => row.id),
  lastPage: result.meta.last_page,
})

/** Each queue added later is one entry here. */
export const REVIEW_QUEUES: readonly ReviewQueue[] = [
  {
    id: 'editRequests',
    noun: 'edit request',
    plural: 'edit requests',
    keywords: ['review', 'next', 'pending', 'edit request', 'queue'],
    endpoint: 'releases.editRequests',
    page: async (env, page, perPage) =>
      pageIds(await env.call('releases.editRequests', { params: { page }, query: { status: 'pending', per_page: perPage } })),
    path: (id) => `/release/edit-requests/view/${id}`,
  },
  {
    id: 'payouts',
    noun: 'pending payout',
    plural: 'pending payouts',
    keywords: ['review', 'next', 'pending', 'payout', 'withdrawal', 'queue'],
    endpoint: 'payouts.list',
    page: async (env, page, perPage) => pageIds(await env.call('payouts.list', { query: { status: 'pending', page, per_page: perPage } })),
    path: (id) => `/payouts/manage/1?status=pending&payout=${id}`,
  },
  {
    id: 'tickets',
    noun: 'unresolved ticket',
    plural: 'unresolved tickets',
    keywords: ['review', 'next', 'support', 'ticket', 'unresolved', 'queue', 'inbox'],
    endpoint: 'support.list',
    page: async (env, page, perPage) => pageIds(await env.call('support.list', { query: { unresolved: 'true', page, per_page: perPage } })),
    path: (id) => `/support/single/${id}`,
  },
  {
    id: 'greenlist',
    noun: 'pending greenlist request',
    plural: 'pending greenlist requests',
    keywords: ['review', 'next', 'pending', 'greenlist', 'whitelist', 'content id', 'queue'],
    endpoint: 'greenlist.list',
    page: async (env, page, perPage) =>
      pageIds(await env.call('greenlist.list', { params: { page }, query: { status: 'pending', per_page: perPage } })),
    path: (id) => `/whitelisting/${id}`,
  },
  {
    id: 'blasts',
    noun: 'submitted fan blast',
    plural: 'submitted fan blasts',
    keywords: ['review', 'next', 'submitted', 'fan blast', 'blast', 'campaign', 'queue'],
    endpoint: 'fanblast.list',
    page: async (env, page, perPage) =>
      pageIds(await env.call('fanblast.list', { query: { status: 'submitted', page, per_page: perPage } })),
    path: (id) => `/fanblast/single/${id}`,
  },
  {
    id: 'discoverySubmissions',
    noun: 'pending Discovery Mode submission',
    plural: 'pending Discovery Mode submissions',
    keywords: ['review', 'next', 'pending', 'spotify', 'discovery mode', 'submission', 'queue'],
    endpoint: 'spotifyDiscovery.list',
    page: async (env, page, perPage) =>
      pageIds(await env.call('spotifyDiscovery.list', { params: { page }, query: { status: 'pending', per_page: perPage } })),
    path: (id) => `/spotify-discovery/single/${id}`,
  },
  {
    id: 'usageMatches',
    noun: 'new usage match',
    plural: 'new usage matches',
    keywords: ['review', 'next', 'new', 'usage discovery', 'match', 'pex', 'claim', 'queue'],
    endpoint: 'pex.matches',
    page: async (env, page, perPage) =>
      pageIds(await env.call('pex.matches', { params: { page }, query: { status: 'new', per_page: perPage } })),
    path: (id) => `/usage-discovery/match/${id}`,
  },
  {
    id: 'trackReviews',
    noun: 'flagged track',
    plural: 'flagged tracks in review',
    keywords: ['review', 'next', 'flagged', 'track', 'fraud', 'spike', 'artificial', 'streams', 'queue'],
    endpoint: 'analytics.reviews',
    page: async (env, page, perPage) => pageIds(await env.call('analytics.reviews', { query: { status: 'open', page, per_page: perPage } })),
    path: (id) => trackReviewPath(id),
  },
]

/** The oldest open item: the last one of the last page (lists answer newest first). */
export async function oldestOpen(queue: ReviewQueue, env: CommandEnv): Promise<number | null> {
  const first = await queue.page(env, 1, 25)
  if (first.ids.length === 0) return null
  if (first.lastPage <= 1) return first.ids[first.ids.length - 1]
  const last = await queue.page(env, first.lastPage, 25)
  return last.ids[last.ids.length - 1] ?? first.ids[first.ids.length - 1]
}

/** "Review next edit request", "Review next pending payout": one step to the oldest open item. */
export const REVIEW_COMMANDS: readonly Command[] = REVIEW_QUEUES.map((queue) => ({
  id: `review.${queue.id}`,
  title: `Review next ${queue.noun}`,
  subject: queue.noun,
  group: 'Review',
  keywords: queue.keywords,
  access: 'admin',
  run: async (_context, env) => {
    const id = await oldestOpen(queue, env)
    if (id === null) env.notify(`No open ${queue.plural}.`, 'info')
    else env.open(queue.path(id))
  },
}))
