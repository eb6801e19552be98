import { stateOf } from './records'
import type { Command, CommandContext, CommandEnv } from './types'
import type { SplitStatus } from '@core/split-status'
import { shareAsPercent, splitStatusLabel } from '@core/split-status'

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
const splitId = (context: CommandContext) => Number(context.record?.id)
const titleOf = (context: CommandContext) => split(context)?.title ?? 'this split'
const isOpen = (context: CommandContext) => {
  const status = split(context)?.status
  return status === 'pending' || status === 'active'
}

function done(env: CommandEnv, text: string) {
  env.refresh()
  env.notify(text, 'success')
}

function payeeCommands(
  context: CommandContext,
  options: {
    id: string
    group: string
    pick(payee: NonNullable<SplitRecordState['payees']>[number]): boolean
    title(email: string, share: string): string
    call(env: CommandEnv, payeeId: number): Promise<{ message: string }>
  },
): Command[] {
  return (split(context)?.payees ?? []).filter(options.pick).map((payee) => ({
    id: `${options.id}.${payee.id}`,
    title: options.title(payee.email, shareAsPercent(payee.share)),
    group: options.group,
    run: async (_, env) => {
      const result = await options.call(env, payee.id)
      done(env, result.message)
    },
  }))
}

const hasPayee = (pick: (payee: NonNullable<SplitRecordState['payees']>[number]) => boolean) => (context: CommandContext) =>
  split(context) !== null && isOpen(context) && (split(context)?.payees ?? []).some(pick)

export const SPLIT_COMMANDS: readonly Command[] = [
  {
    id: 'splits.lock',
    title: (context) => `Lock split of ${titleOf(context)}`,
    group: 'Split',
    keywords: ['lock', 'freeze', 'protect'],
    access: 'admin',
    when: (context) => split(context) !== null && !split(context)?.isLocked,
    run: async (context, env) => {
      await env.call('splits.lock', { body: { id: splitId(context) } })
      done(env, 'Split locked: its owner can no longer change it.')
    },
  },
  {
    id: 'splits.unlock',
    title: (context) => `Unlock split of ${titleOf(context)}`,
    group: 'Split',
    keywords: ['unlock', 'unfreeze'],
    access: 'admin',
    when: (context) => split(context) !== null && Boolean(split(context)?.isLocked),
    run: async (context, env) => {
      await env.call('splits.unlock', { body: { id: splitId(context) } })
      done(env, 'Split unlocked.')
    },
  },
  {
    id: 'splits.changeStatus',
    title: (context) => `Change status of split of ${titleOf(context)}…`,
    group: 'Split',
    keywords: ['status', 'activate', 'decline', 'end'],
    access: 'admin',
    placeholder: 'Pick a status',
    when: (context) => {
      const state = split(context)
      if (!state) return false
      return (state.choices ?? []).some((choice) => choice.refused === null) ? true : 'No status change is allowed from here'
    },
    children: (context) =>
      (split(context)?.choices ?? []).map((choice) => ({
        id: `splits.changeStatus.${choice.status}`,
        title: `Make it ${splitStatusLabel(choice.status).toLowerCase()}`,
        group: 'Status',
        when: () => choice.refused ?? true,
        run: async (runContext, env) => {
          await env.call('splits.changeStatus', { body: { id: splitId(runContext), status: choice.status } })
          done(env, `Split is now ${splitStatusLabel(choice.status).toLowerCase()}.`)
        },
      })),
  },
  {
    id: 'splits.confirm',
    title: (context) => `Confirm a payee's share of ${titleOf(context)}…`,
    group: 'Split',
    keywords: ['confirm', 'accept', 'payee'],
    access: 'admin',
    when: hasPayee((payee) => payee.status === 'invited'),
    children: (context) =>
      payeeCommands(context, {
        id: 'splits.confirm',
        group: 'Confirm',
        pick: (payee) => payee.status === 'invited',
        title: (email, share) => `Confirm ${share} for ${email}`,
        call: (env, payeeId) => env.call('splits.confirm', { body: { splitId: splitId(context), payeeId } }),
      }),
  },
  {
    id: 'splits.remove',
    title: (context) => `Request removal of a payee of ${titleOf(context)}…`,
    group: 'Split',
    keywords: ['remove', 'payee', 'drop'],
    access: 'admin',
    when: hasPayee((payee) => !payee.isOwner && (payee.status === 'invited' || payee.status === 'confirmed')),
    children: (context) =>
      payeeCommands(context, {
        id: 'splits.remove',
        group: 'Request removal',
        pick: (payee) => !payee.isOwner && (payee.status === 'invited' || payee.status === 'confirmed'),
        title: (email, share) => `Request removal of ${email} (${share})`,
        call: (env, payeeId) => env.call('splits.remove', { body: { splitId: splitId(context), payeeId } }),
      }),
  },
  {
    id: 'splits.confirmRemoval',
    title: (context) => `Confirm removal of a payee of ${titleOf(context)}…`,
    group: 'Split',
    keywords: ['remove', 'payee', 'confirm removal'],
    access: 'admin',
    when: hasPayee((payee) => payee.status === 'removal_requested'),
    children: (context) =>
      payeeCommands(context, {
        id: 'splits.confirmRemoval',
        group: 'Confirm removal',
        pick: (payee) => payee.status === 'removal_requested',
        title: (email, share) => `Remove ${email}: ${share} goes back to the owner`,
        call: (env, payeeId) => env.call('splits.confirmRemoval', { body: { splitId: splitId(context), payeeId } }),
      }),
  },
  {
    id: 'splits.bulkStatus',
    title: (context) => `Change status of every split of bulk upload #${split(context)?.batchId ?? ''}…`,
    group: 'Split',
    keywords: ['bulk', 'batch', 'status'],
    access: 'admin',
    when: (context) => split(context)?.batchId != null,
    children: (context) =>
      (['active', 'declined', 'ended'] as const).map((status) => ({
        id: `splits.bulkStatus.${status}`,
        title: `Make every split of the upload ${splitStatusLabel(status).toLowerCase()}`,
        group: 'Status',
        run: async (_, env) => {
          const result = await env.call('splits.bulkStatus', { params: { id: split(context)?.batchId ?? 0, status } })
          env.refresh()
          env.notify(
            `${result.changed} changed${result.refused.length ? `, ${result.refused.length} refused: ${result.refused[0].reason}` : ''}.`,
            result.refused.length ? 'info' : 'success',
          )
        },
      })),
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
