import type { Command } from './types'
import type { BlastItem } from '@contract/fanblast'
import { listSubject } from '@core/fanblast'
import { defineAction, type RecordAction, type Target } from './actions'

// Fan blast review (docs/fanblast.md): staff approve a submitted blast (it is then sent) or reject it
// with a reason, from the blast's page (a / r, and j/k through the submitted ones), the palette and
// the list's bulk bar.

/** What the blast screen and the list's rows publish about a blast. */
export type BlastRecordState = Pick<BlastItem, 'subject' | 'status'> & {
  /** The next submitted blast of the review queue, to move on to once decided (the blast screen only). */
  nextOpenId?: number | null
}

const blast = ['blast'] as const

const describe = (target: Target<'blast'>) =>
  target.items.length === 1
    ? `blast “${listSubject(target.items[0].state?.subject ?? `#${target.items[0].id}`)}”`
    : `${target.items.length} selected blasts`

const next = (target: Target<'blast'>) => (target.from === 'record' ? (target.items[0]?.state?.nextOpenId ?? null) : null)
const submitted = (state: BlastRecordState) => state.status === 'submitted'

export const FANBLAST_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'fanblast.approve',
    kinds: blast,
    scope: 'both',
    label: 'Approve blast',
    tone: 'green',
    shortcut: 'blast.approve',
    title: (target) => `Approve ${describe(target)}`,
    group: 'Fan blast',
    keywords: ['approve', 'accept', 'fan blast', 'blast', 'send', 'campaign'],
    available: submitted,
    input: (item) => ({ body: { id: item.id } }),
    success: (result, target) => (target.items.length === 1 ? result.message : null),
    past: 'Approved',
    after: (_result, target, env) => {
      const id = next(target)
      if (id) env.open(`/fanblast/single/${id}`)
    },
  }),
  defineAction({
    id: 'fanblast.reject',
    kinds: blast,
    scope: 'both',
    label: 'Reject blast…',
    tone: 'red',
    shortcut: 'blast.reject',
    title: (target) => `Reject ${describe(target)}…`,
    group: 'Fan blast',
    keywords: ['reject', 'refuse', 'decline', 'fan blast', 'blast', 'campaign'],
    available: submitted,
    ask: {
      kind: 'text',
      placeholder: 'Why? The artist sees the reason.',
      validate: (text) => (!text.trim() ? 'Give the reason' : text.length > 1000 ? 'The reason is too long' : null),
      confirmTitle: (text, target) => `Reject ${describe(target)} because “${text.trim()}”`,
    },
    input: (item, reason: string) => ({ body: { id: item.id, reason: reason.trim() } }),
    success: (result, target) => (target.items.length === 1 ? result.message : null),
    past: 'Rejected',
    after: (_result, target, env) => {
      const id = next(target)
      if (id) env.open(`/fanblast/single/${id}`)
    },
  }),
]

/** The artist's fan blast section on the dashboard; `?fanblast=compose|import` moves the keyboard to that form. */
export const FANBLAST_SECTION_PATH = '/dashboard'

const artistOnly = (context: { account: { type: string } | null }) =>
  context.account?.type === 'artist' || context.account?.type === 'label'

export const FANBLAST_COMMANDS: readonly Command[] = [
  {
    id: 'fanblast.compose',
    title: 'Compose fan blast…',
    subject: 'Fan blast',
    group: 'Fan blast',
    keywords: ['fan blast', 'blast', 'email', 'fans', 'newsletter', 'campaign', 'compose', 'write'],
    when: artistOnly,
    run: (_context, env) => env.open(`${FANBLAST_SECTION_PATH}?fanblast=compose`),
  },
  {
    id: 'fanblast.importFans',
    title: 'Import fans…',
    subject: 'Fans',
    group: 'Fan blast',
    keywords: ['fan blast', 'fans', 'audience', 'import', 'csv', 'consent', 'upload'],
    when: artistOnly,
    run: (_context, env) => env.open(`${FANBLAST_SECTION_PATH}?fanblast=import`),
  },
]
