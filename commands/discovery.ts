import { defineAction, type RecordAction, type Target } from './actions'
import type { DiscoveryRow } from '@contract/discovery'
import {
  discoveryTransitionRefusal,
  removalRequestRefusal,
  removalTransitionRefusal,
  toggleRefusal,
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
