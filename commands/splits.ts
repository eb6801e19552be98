import { stateOf } from './records'
import type { Command, CommandContext } from './types'
import { defineAction, type RecordAction, type Target } from './actions'
import type { SplitStatus } from '@core/split-status'
import { shareAsPercent, splitStatusLabel } from '@core/split-status'

const splitKind = ['split'] as const

/** What the split tab publishes about the split it shows (`publishRecord`, kind 'split'). */
export interface SplitRecordState {
  title?: string
  status?: SplitStatus
  isLocked?: boolean
  /** Statuses an admin may pick now; `refused` says why one is not allowed. */
  choices?: readonly { status: SplitStatus; refused: string | null }[]
  payees?: readonly { id: number; email: string; share: string; status: string; isOwner: boolean }[]
  /** The bulk upload that created it. */
  batchId?: number | null
}

const split = (context: CommandContext): SplitRecordState | null =>
  context.record?.kind === 'split' ? (stateOf(context.record, 'split') ?? {}) : null

type Payee = NonNullable<SplitRecordState['payees']>[number]

const titleOf = (target: Target<'split'>) => target.items[0]?.state?.title ?? 'this split'
const isOpen = (state: SplitRecordState) => state.status === 'pending' || state.status === 'active'
const payeesOf = (target: Target<'split'>, pick: (payee: Payee) => boolean) => (target.items[0]?.state?.payees ?? []).filter(pick)

const invited = (payee: Payee) => payee.status === 'invited'
const removable = (payee: Payee) => !payee.isOwner && (payee.status === 'invited' || payee.status === 'confirmed')
const removalRequested = (payee: Payee) => payee.status === 'removal_requested'

/** A decision on one payee of an open split: the payee is the question's answer (the split screen's row buttons give it). */
function payeeAction(options: {
  id: 'splits.confirm' | 'splits.remove' | 'splits.confirmRemoval'
  label: string
  title(splitTitle: string): string
  keywords: string[]
  tone?: 'red'
  pick(payee: Payee): boolean
  choice(email: string, share: string): string
}): RecordAction {
  return defineAction({
    id: options.id,
    kinds: splitKind,
    scope: 'one',
    label: options.label,
    tone: options.tone,
    title: (target) => options.title(titleOf(target)),
    group: 'Split',
    keywords: options.keywords,
    available: (state) => isOpen(state) && (state.payees ?? []).some(options.pick),
    ask: {
      kind: 'choose',
      placeholder: 'Which payee?',
      choices: (target) =>
        payeesOf(target, options.pick).map((payee) => ({
          value: payee.id,
          title: options.choice(payee.email, shareAsPercent(payee.share)),
        })),
    },
    input: (item, payeeId: number) => ({ body: { splitId: item.id, payeeId } }),
    success: (result) => result.message,
  })
}

/** Statuses an admin may move every split of a bulk upload to. */
export const BATCH_STATUSES = ['active', 'declined', 'ended'] as const

/** Actions on a split (its screen's header and payee rows, the palette) and on a bulk upload's splits. */
export const SPLIT_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'splits.lock',
    kinds: splitKind,
    scope: 'one',
    label: 'Lock',
    tone: 'gray',
    title: (target) => `Lock split of ${titleOf(target)}`,
    group: 'Split',
    keywords: ['lock', 'freeze', 'protect'],
    available: (state) => !state.isLocked,
    input: (item) => ({ body: { id: item.id } }),
    success: () => 'Split locked: its owner can no longer change it.',
  }),
  defineAction({
    id: 'splits.unlock',
    kinds: splitKind,
    scope: 'one',
    label: 'Unlock',
    tone: 'gray',
    title: (target) => `Unlock split of ${titleOf(target)}`,
    group: 'Split',
    keywords: ['unlock', 'unfreeze'],
    available: (state) => Boolean(state.isLocked),
    input: (item) => ({ body: { id: item.id } }),
    success: () => 'Split unlocked.',
  }),
  defineAction({
    id: 'splits.changeStatus',
    kinds: splitKind,
    scope: 'one',
    label: 'Change status…',
    title: (target) => `Change status of split of ${titleOf(target)}…`,
    group: 'Split',
    keywords: ['status', 'activate', 'decline', 'end'],
    available: (state) =>
      (state.choices ?? []).some((choice) => choice.refused === null) ? true : 'No status change is allowed from here',
    ask: {
      kind: 'choose',
      placeholder: 'Pick a status',
      // Refused statuses are not offered: the split screen's status menu shows them with the reason.
      choices: (target) =>
        (target.items[0]?.state?.choices ?? [])
          .filter((choice) => choice.refused === null)
          .map((choice) => ({ value: choice.status, title: `Make it ${splitStatusLabel(choice.status).toLowerCase()}` })),
    },
    input: (item, status: SplitStatus) => ({ body: { id: item.id, status } }),
    success: (_result, _target, status) => `Split is now ${splitStatusLabel(status).toLowerCase()}.`,
  }),
  payeeAction({
    id: 'splits.confirm',
    label: 'Confirm share',
    title: (title) => `Confirm a payee's share of ${title}…`,
    keywords: ['confirm', 'accept', 'payee'],
    pick: invited,
    choice: (email, share) => `Confirm ${share} for ${email}`,
  }),
  payeeAction({
    id: 'splits.remove',
    label: 'Request removal',
    title: (title) => `Request removal of a payee of ${title}…`,
    keywords: ['remove', 'payee', 'drop'],
    pick: removable,
    choice: (email, share) => `Request removal of ${email} (${share})`,
  }),
  payeeAction({
    id: 'splits.confirmRemoval',
    label: 'Confirm removal',
    tone: 'red',
    title: (title) => `Confirm removal of a payee of ${title}…`,
    keywords: ['remove', 'payee', 'confirm removal'],
    pick: removalRequested,
    choice: (email, share) => `Remove ${email}: ${share} goes back to the owner`,
  }),
  defineAction({
    id: 'splits.bulkStatus',
    kinds: ['splitBatch'],
    scope: 'one',
    label: 'Change every split of the upload…',
    title: (target) => `Change status of every split of bulk upload #${target.items[0]?.id ?? ''}…`,
    group: 'Split',
    keywords: ['bulk', 'batch', 'upload', 'status'],
    ask: {
      kind: 'choose',
      placeholder: 'Pick a status',
      choices: () =>
        BATCH_STATUSES.map((status) => ({
          value: status,
          title: `Make every split of the upload ${splitStatusLabel(status).toLowerCase()}`,
        })),
    },
    input: (item, status: SplitStatus) => ({ params: { id: item.id, status } }),
    success: (result) =>
      `${result.changed} ${result.changed === 1 ? 'split' : 'splits'} changed` +
      (result.refused.length
        ? `; ${result.refused.length} refused (${result.refused.map((r) => `#${r.id}: ${r.reason}`).join(' ')})`
        : '.'),
  }),
]

const bulkStatusAction = SPLIT_ACTIONS.find((action) => action.key === 'splits.bulkStatus')

/** The split's bulk upload as a record ('splitBatch'), the target of the upload's declared action. */
const batchOf = (context: CommandContext): Target<'splitBatch'> | null => {
  const batchId = split(context)?.batchId
  return batchId ? { kind: 'splitBatch', from: 'record', items: [{ id: batchId, state: {} }] } : null
}

export const SPLIT_COMMANDS: readonly Command[] = [
  {
    // On a focused split: its upload's declared action (the upload is not the focused record, so it is handed over).
    id: 'splits.bulkStatus.ofSplit',
    title: (context) => `Change status of every split of bulk upload #${split(context)?.batchId ?? ''}…`,
    group: 'Split',
    keywords: ['bulk', 'batch', 'upload', 'status'],
    access: 'admin',
    placeholder: 'Pick a status',
    when: (context) => batchOf(context) !== null,
    children: async (context, env) => {
      const target = batchOf(context)
      return (target && (await bulkStatusAction?.command(target).children?.(context, env))) ?? []
    },
  },
  {
    id: 'splits.submit',
    title: (context) => (context.record?.kind === 'track' ? `Create a split of ${context.record.title ?? 'this track'}` : 'Create a split'),
    group: 'Splits',
    keywords: ['new split', 'royalty', 'share', 'payees'],
    access: 'auth',
    run: (context, env) => env.open(context.record?.kind === 'track' ? `/splits/new?trackId=${context.record.id}` : '/splits/new', 'tab'),
  },
  {
    id: 'splits.bulkProcess',
    title: 'Bulk splits from a CSV…',
    group: 'Splits',
    keywords: ['bulk', 'csv', 'import', 'splits', 'upload'],
    access: 'admin',
    run: (_, env) => env.open('/royalty-shares/bulk', 'tab'),
  },
  {
    id: 'splits.creatorProcess',
    title: 'Bulk creator splits from a CSV…',
    group: 'Splits',
    keywords: ['bulk', 'csv', 'creator', 'owner', 'splits'],
    access: 'admin',
    run: (_, env) => env.open('/royalty-shares/bulk?tab=creator', 'tab'),
  },
]
