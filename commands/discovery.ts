import { defineAction, type RecordAction, type Target } from './actions'
import type { DiscoveryRow, MatchRow, UploadedTrackRow } from '@contract/discovery'
import type { EndpointOutput, Endpoints } from '@contract/index'
import type { Command } from './types'
import {
  discoveryTransitionRefusal,
  removalRequestRefusal,
  removalTransitionRefusal,
  toggleRefusal,
  MATCH_ACTIONS,
  matchActionRefusal,
  type MatchAction,
  type DiscoveryStatus,
  type RemovalStatus,
} from '@core/discovery'

// Spotify Discovery Mode actions (docs/discovery.md), declared once each: approve, reject…,
// reconsider; turn on / off; request removal…; approve / refuse… / reopen a removal. Offered only
// where src/core/discovery.ts allows the move; each runs on the focused submission and on a list's
// selection (one all-or-nothing call).

/** What a submission's list row or single screen publishes for the actions to decide on. */
export interface DiscoveryRecordState {
  status: DiscoveryRow['status']
  enabled: DiscoveryRow['enabled']
  removalStatus: NonNullable<DiscoveryRow['removal']>['status'] | null
  title: string
  /** The next pending submission of the queue, to move on to once decided. */
  nextPath?: string | null
}

type Kind = 'discoverySubmission'
const kinds = ['discoverySubmission'] as const
const GROUP = 'Discovery Mode'

const describe = (target: Target<Kind>) => {
  if (target.items.length !== 1) return `${target.items.length} selected submissions`
  const { id, state } = target.items[0]
  return `submission #${id}${state ? ` “${state.title}”` : ''}`
}
const moveOn = (_result: unknown, target: Target<Kind>, env: { open(path: string): void }) => {
  const path = target.from === 'record' ? target.items[0]?.state?.nextPath : null
  if (path) env.open(path)
}
const reasonAsk = (verb: string, who: string) => ({
  kind: 'text' as const,
  placeholder: `Why? ${who} is told by email`,
  validate: (text: string) => (!text.trim() ? 'Give a reason' : text.length > 2000 ? 'The reason is too long' : null),
  confirmTitle: (text: string, target: Target<Kind>) => `${verb} ${describe(target)} because “${text}”`,
})
const said = (result: { message: string }) => result.message

const STATUS_VERBS: Readonly<Record<DiscoveryStatus, { label: string; keywords: string[]; tone?: 'green' | 'red' } | null>> = {
  approved: { label: 'Approve', keywords: ['approve', 'accept', 'yes'], tone: 'green' },
  rejected: { label: 'Reject', keywords: ['reject', 'refuse', 'deny', 'no'], tone: 'red' },
  pending: { label: 'Reconsider', keywords: ['reconsider', 'reopen', 'pending'] },
  // Only an approved removal removes a submission.
  removed: null,
}

const statusActions: RecordAction[] = (Object.entries(STATUS_VERBS) as [DiscoveryStatus, (typeof STATUS_VERBS)[DiscoveryStatus]][]).flatMap(
  ([status, verb]) => {
    if (!verb) return []
    const common = {
      id: 'spotifyDiscovery.changeStatus' as const,
      variant: status,
      kinds,
      scope: 'both' as const,
      tone: verb.tone,
      group: GROUP,
      shortcut: status === 'approved' ? ('discovery.approve' as const) : status === 'rejected' ? ('discovery.reject' as const) : undefined,
      keywords: [...verb.keywords, 'spotify', 'discovery mode', 'submission', 'status'],
      available: (state: DiscoveryRecordState) => discoveryTransitionRefusal(state.status, status, 'offered') === null,
      success: said,
      after: moveOn,
    }
    if (status === 'rejected')
      return [
        defineAction({
          ...common,
          label: `${verb.label}…`,
          title: (target) => `${verb.label} ${describe(target)}…`,
          ask: reasonAsk(verb.label, 'The artist'),
          input: (item, reason: string) => ({ body: { ids: [item.id], status, reason } }),
          inputMany: (ids, reason) => ({ body: { ids: [...ids], status, reason } }),
        }),
      ]
    return [
      defineAction({
        ...common,
        label: verb.label,
        title: (target) => `${verb.label} ${describe(target)}`,
        input: (item) => ({ body: { ids: [item.id], status } }),
        inputMany: (ids) => ({ body: { ids: [...ids], status } }),
      }),
    ]
  },
)

const toggleActions: RecordAction[] = [true, false].map((enabled) =>
  defineAction({
    id: 'spotifyDiscovery.toggle',
    variant: enabled ? 'on' : 'off',
    kinds,
    scope: 'both',
    label: enabled ? 'Turn on' : 'Turn off',
    title: (target) => `Turn Discovery Mode ${enabled ? 'on' : 'off'} for ${describe(target)}`,
    group: GROUP,
    keywords: ['toggle', 'switch', enabled ? 'on' : 'off', enabled ? 'resume' : 'pause', 'spotify', 'discovery mode'],
    available: (state: DiscoveryRecordState) => toggleRefusal(state.status, state.enabled, enabled) === null,
    input: (item) => ({ body: { ids: [item.id], enabled } }),
    inputMany: (ids) => ({ body: { ids: [...ids], enabled } }),
    success: said,
  }),
)

const requestRemoval = defineAction({
  id: 'spotifyDiscovery.requestRemoval',
  kinds,
  scope: 'both',
  label: 'Request removal…',
  title: (target) => `Request removal of ${describe(target)} from Discovery Mode…`,
  group: GROUP,
  keywords: ['removal', 'remove', 'leave', 'opt out', 'spotify', 'discovery mode'],
  available: (state: DiscoveryRecordState) => removalRequestRefusal(state.status, state.removalStatus) === null,
  ask: {
    kind: 'text',
    placeholder: 'Why does the artist want to leave Discovery Mode?',
    validate: (text) => (!text.trim() ? 'Say why the artist wants to leave' : text.length > 2000 ? 'The note is too long' : null),
    confirmTitle: (text, target) => `Request removal of ${describe(target)}: “${text}”`,
  },
  input: (item, note: string) => ({ body: { ids: [item.id], note } }),
  inputMany: (ids, note) => ({ body: { ids: [...ids], note } }),
  success: said,
})

const REMOVAL_VERBS: Readonly<Record<RemovalStatus, { label: string; keywords: string[]; tone?: 'green' | 'red' }>> = {
  approved: { label: 'Approve removal', keywords: ['approve removal', 'remove', 'accept'], tone: 'green' },
  rejected: { label: 'Refuse removal', keywords: ['refuse removal', 'reject', 'keep'], tone: 'red' },
  requested: { label: 'Reopen removal', keywords: ['reopen removal', 'reconsider'] },
}

const removalActions: RecordAction[] = (Object.entries(REMOVAL_VERBS) as [RemovalStatus, (typeof REMOVAL_VERBS)[RemovalStatus]][]).map(
  ([status, verb]) => {
    const common = {
      id: 'spotifyDiscovery.changeRemovalStatus' as const,
      variant: status,
      kinds,
      scope: 'both' as const,
      tone: verb.tone,
      group: GROUP,
      keywords: [...verb.keywords, 'removal', 'spotify', 'discovery mode'],
      available: (state: DiscoveryRecordState) =>
        state.removalStatus !== null && removalTransitionRefusal(state.removalStatus, status, 'offered') === null,
      success: said,
    }
    if (status === 'rejected')
      return defineAction({
        ...common,
        label: `${verb.label}…`,
        title: (target) => `${verb.label} of ${describe(target)}…`,
        ask: reasonAsk(verb.label, 'The artist'),
        input: (item, reason: string) => ({ body: { ids: [item.id], status, reason } }),
        inputMany: (ids, reason) => ({ body: { ids: [...ids], status, reason } }),
      })
    return defineAction({
      ...common,
      label: verb.label,
      title: (target) => `${verb.label} of ${describe(target)}`,
      input: (item) => ({ body: { ids: [item.id], status } }),
      inputMany: (ids) => ({ body: { ids: [...ids], status } }),
    })
  },
)

export const DISCOVERY_ACTIONS: readonly RecordAction[] = [...statusActions, ...toggleActions, requestRemoval, ...removalActions]

// ---------------------------------------------------------------------------------------------
// Usage discovery (docs/discovery.md): submit the focused release or track (or a selection), take
// tracks out of discovery, and act on matches (claim, monetise, take down, ignore). The takedown
// guard is the server's: a refusal comes back with its reason and is shown as the action's error.

/** A track in discovery (the In Discovery list's rows). */
export interface UsageAssetRecordState {
  status: UploadedTrackRow['status']
  title: string
}

/** A match (the Match Results rows and the match screen). */
export interface UsageMatchRecordState {
  status: MatchRow['status']
  title: string
  platform: MatchRow['platform']
  /** The next new match, to move on to once decided. */
  nextPath?: string | null
}

type SubmitAnswer = EndpointOutput<Endpoints['pex.submitTracks']>
const submittedSummary = (answer: SubmitAnswer, env: { notify(text: string, tone: 'success' | 'info' | 'error'): void }) =>
  env.notify(answer.message, answer.refused.length && !answer.submitted ? 'error' : answer.submitted ? 'success' : 'info')
const LIVE_STATUSES = [1, 7]

const submitReleases = (scope: 'one' | 'many') =>
  defineAction({
    id: 'pex.submitReleases',
    variant: scope === 'many' ? 'selection' : undefined,
    kinds: ['release'] as const,
    scope,
    label: 'Submit for usage discovery',
    title: (target) =>
      target.items.length === 1
        ? `Submit ${target.items[0].state?.title ? `“${target.items[0].state.title}”` : `release #${target.items[0].id}`} for usage discovery`
        : `Submit ${target.items.length} selected releases for usage discovery…`,
    group: 'Usage discovery',
    keywords: ['usage discovery', 'pex', 'fingerprint', 'content id', 'ugc', 'submit', 'matches'],
    available: (state) =>
      state.status === undefined || LIVE_STATUSES.includes(state.status) ? true : 'Only live releases go to usage discovery',
    ask: scope === 'many' ? { kind: 'confirm', question: () => 'Register every track of the selected live releases for usage discovery?' } : undefined,
    input: (item) => ({ body: { releaseIds: [item.id] } }),
    inputMany: (ids) => ({ body: { releaseIds: [...ids] } }),
    success: () => null,
    after: (answer, _target, env) => submittedSummary(answer, env),
  })

const submitTrack = defineAction({
  id: 'pex.submitTracks',
  kinds: ['track'] as const,
  scope: 'both',
  label: 'Submit for usage discovery',
  title: (target) =>
    target.items.length === 1
      ? `Submit ${target.items[0].state?.title ? `“${target.items[0].state.title}”` : `track #${target.items[0].id}`} for usage discovery`
      : `Submit ${target.items.length} selected tracks for usage discovery`,
  group: 'Usage discovery',
  keywords: ['usage discovery', 'pex', 'fingerprint', 'ugc', 'submit', 'matches'],
  available: (state) => (state.files && state.files.audio === false ? 'The track has no audio file' : true),
  input: (item) => ({ body: { trackIds: [item.id] } }),
  inputMany: (ids) => ({ body: { trackIds: [...ids] } }),
  success: () => null,
  after: (answer, _target, env) => submittedSummary(answer, env),
})

const removeAsset = defineAction({
  id: 'pex.remove',
  kinds: ['usageAsset'] as const,
  scope: 'both',
  label: 'Remove from discovery…',
  title: (target) =>
    target.items.length === 1
      ? `Remove ${target.items[0].state ? `“${target.items[0].state.title}”` : `#${target.items[0].id}`} from usage discovery…`
      : `Remove ${target.items.length} selected tracks from usage discovery…`,
  group: 'Usage discovery',
  tone: 'red',
  keywords: ['remove', 'cancel', 'stop', 'usage discovery', 'pex'],
  available: (state: UsageAssetRecordState) => state.status !== 'cancelled',
  ask: { kind: 'confirm', question: () => 'Stop looking for uses of these recordings? Their matches stay listed.' },
  input: (item) => ({ body: { ids: [item.id] } }),
  inputMany: (ids) => ({ body: { ids: [...ids] } }),
  success: (result) => result.message,
})

const MATCH_VERBS: Readonly<Record<MatchAction, { label: string; keywords: string[]; tone?: 'green' | 'red' }>> = {
  claim: { label: 'Claim', keywords: ['claim', 'own', 'accept'], tone: 'green' },
  monetise: { label: 'Monetise', keywords: ['monetise', 'monetize', 'money', 'revenue'] },
  takedown: { label: 'Take down', keywords: ['take down', 'takedown', 'remove', 'block'], tone: 'red' },
  ignore: { label: 'Ignore', keywords: ['ignore', 'skip', 'dismiss', 'reject'] },
}

const matchActions: RecordAction[] = MATCH_ACTIONS.map((action) => {
  const verb = MATCH_VERBS[action]
  return defineAction({
    id: 'pex.matchAction',
    variant: action,
    kinds: ['usageMatch'] as const,
    scope: 'both',
    label: verb.label,
    title: (target) =>
      target.items.length === 1
        ? `${verb.label} match #${target.items[0].id}${target.items[0].state ? ` “${target.items[0].state.title}”` : ''}`
        : `${verb.label} ${target.items.length} selected matches`,
    group: 'Usage discovery',
    tone: verb.tone,
    shortcut: action === 'claim' ? 'match.claim' : action === 'ignore' ? 'match.ignore' : undefined,
    keywords: [...verb.keywords, 'match', 'usage discovery', 'pex'],
    available: (state: UsageMatchRecordState) => matchActionRefusal(state.status, action) === null,
    input: (item) => ({ body: { ids: [item.id], action } }),
    inputMany: (ids) => ({ body: { ids: [...ids], action } }),
    success: (result) => result.message,
    after: (_result, target, env) => {
      const path = target.from === 'record' ? target.items[0]?.state?.nextPath : null
      if (path) env.open(path)
    },
  })
})

export const USAGE_ACTIONS: readonly RecordAction[] = [submitReleases('one'), submitReleases('many'), submitTrack, removeAsset, ...matchActions]

/** "Look for new usage matches now": the refresh job at once instead of at its hour. */
export const USAGE_COMMANDS: readonly Command[] = [
  {
    id: 'pex.refresh',
    title: 'Look for new usage discovery matches now',
    group: 'Usage discovery',
    keywords: ['refresh', 'matches', 'usage discovery', 'pex', 'poll', 'fetch'],
    access: 'admin',
    run: async (_context, env) => {
      const answer = await env.call('pex.refresh', undefined)
      env.notify(answer.message, 'success')
    },
  },
]
