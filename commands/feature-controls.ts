import { defineAction, type RecordAction, type Target } from './actions'
import type { Command, CommandContext, CommandEnv } from './types'
import { MECHANICAL_FORMATS, rateTableRefusal, type MechanicalFormat, type MechanicalRate } from '@core/mechanical-rates'
import { BLOCKLIST, CHART_REGISTRATION, GREENLIST, LICENSING, PITCH, PITCH_MAX_LEAD_DAYS, REVIEW_KINDS, YOUTUBE_MCN, manualStatuses, reviewStatusLabel, reviewTransitionRefusal, type ReviewKind, type ReviewKindDef } from '@core/feature-requests'

// Feature-control review actions (docs/feature-controls.md), declared once per kind from its
// statuses: Approve, Reject…, and the kind's other moves, on the focused request and on a list's
// selection (one all-or-nothing call). A status that needs a reason asks for it.

/** What a request's list row or single screen publishes for the actions to decide on. */
export interface ReviewRecordState {
  status: string
  title: string
  requesterName: string
  /** The next pending request of the shared queue, to move on to once decided. */
  nextPath?: string | null
}

type ReviewKindName = ReviewKind

/** The verb of moving into a status, per status name used by the kinds. */
const VERBS: Readonly<Record<string, { label: string; keywords: string[]; tone?: 'green' | 'red' }>> = {
  approved: { label: 'Approve', keywords: ['approve', 'accept', 'allow', 'yes'], tone: 'green' },
  rejected: { label: 'Reject', keywords: ['reject', 'refuse', 'deny', 'decline', 'no'], tone: 'red' },
  revoked: { label: 'Revoke', keywords: ['revoke', 'withdraw', 'cancel'], tone: 'red' },
  pending: { label: 'Reconsider', keywords: ['reconsider', 'reopen', 'pending', 'again'] },
  withdrawn: { label: 'Withdraw', keywords: ['withdraw', 'cancel', 'pull', 'delay'], tone: 'red' },
  removed: { label: 'Remove from network', keywords: ['remove', 'unlink', 'leave', 'network'], tone: 'red' },
  lifted: { label: 'Lift early', keywords: ['lift', 'end', 'stop', 'early', 'cancel'], tone: 'red' },
}

/** "Change status…"'s answer: a status, or "status:reason" for a move that needs a reason. */
export function statusAnswer(answer: string): { status: string; reason?: string } {
  const colon = answer.indexOf(':')
  return colon < 0 ? { status: answer } : { status: answer.slice(0, colon), reason: answer.slice(colon + 1) }
}

function reviewActions<K extends ReviewKindName>(kind: K, def: ReviewKindDef): RecordAction[] {
  const noun = def.label.toLowerCase()
  const kinds = [kind] as const
  const describe = (target: Target<K>) => {
    if (target.items.length !== 1) return `${target.items.length} selected ${noun} requests`
    const { id, state } = target.items[0]
    return `${noun} request #${id}${state ? ` “${state.title}”` : ''}`
  }
  const next = (target: Target<K>) => (target.from === 'record' ? target.items[0]?.state?.nextPath : null)
  // "Change status…": every move the targeted requests allow. A move that needs a reason (a refusal,
  // a revocation) is offered once a reason is typed, as "<Status> because “…”"; the rest at once.
  const manual = manualStatuses(def)
  // 'offered': the reason is asked after the move is chosen, so only the graph decides here.
  const allowedFrom = (from: string) => manual.filter((to) => reviewTransitionRefusal(def, from, to, 'offered') === null)
  const meaning = (to: string) => (def.statusInfo as Record<string, { meaning: string }>)[to].meaning
  const changeStatus = defineAction({
    id: `${kind}.changeStatus` as 'greenlist.changeStatus',
    variant: 'choose',
    kinds,
    scope: 'both',
    group: def.label,
    label: 'Change status…',
    title: (target) => `Change status of ${describe(target)}…`,
    keywords: ['change', 'status', 'move', 'set', noun, 'request', ...manual.map((status) => reviewStatusLabel(def, status).toLowerCase())],
    available: (state: ReviewRecordState) => allowedFrom(state.status).length > 0,
    ask: {
      kind: 'find',
      placeholder: 'Choose the new status (for a refusal or a revocation, type its reason first)',
      find: async (query, target) => {
        const reason = query.trim().slice(0, 2000)
        return manual
          .filter((to) => target.items.every((item) => !item.state || allowedFrom(item.state.status).includes(to)))
          .flatMap((to) => {
            const label = reviewStatusLabel(def, to)
            if (!def.reasonRequired.includes(to)) return [{ value: to, title: `${label}: ${meaning(to)}` }]
            // The requester is mailed the reason: without one the move is not offered yet.
            return reason ? [{ value: `${to}:${reason}`, title: `${label} because “${reason}”: ${meaning(to)}` }] : []
          })
      },
    },
    input: (item, answer: string) => ({ body: { ids: [item.id], ...statusAnswer(answer) } }),
    inputMany: (ids, answer) => ({ body: { ids: [...ids], ...statusAnswer(answer) } }),
    success: (result) => result.message,
    after: (_result, target, env) => {
      const path = next(target)
      if (path) env.open(path)
    },
  })
  // Automatic statuses (a blocklist period's end) are the server's to set: no action offers them.
  const moves = manualStatuses(def).map((status) => {
    const verb = VERBS[status] ?? { label: `Mark ${reviewStatusLabel(def, status).toLowerCase()}`, keywords: [status] }
    const common = {
      // Every kind's change-status call takes the same body (reviewEndpoints), so one type serves all.
      id: `${kind}.changeStatus` as 'greenlist.changeStatus',
      variant: status,
      kinds,
      scope: 'both' as const,
      tone: verb.tone,
      shortcut: status === 'approved' ? ('feature.approve' as const) : status === 'rejected' ? ('feature.reject' as const) : undefined,
      group: def.label,
      keywords: [...verb.keywords, noun, 'request', 'review', 'status', reviewStatusLabel(def, status).toLowerCase()],
      // Only moves the kind allows from the request's status are offered (the server refuses the rest).
      available: (state: ReviewRecordState) => reviewTransitionRefusal(def, state.status, status, 'offered') === null,
      success: (result: { message: string }) => result.message,
      after: (_result: unknown, target: Target<K>, env: { open(path: string): void }) => {
        const path = next(target)
        if (path) env.open(path)
      },
    }
    if (def.reasonRequired.includes(status))
      return defineAction({
        ...common,
        label: `${verb.label}…`,
        title: (target) => `${verb.label} ${describe(target)}…`,
        ask: {
          kind: 'text',
          placeholder: `Why? The requester is told by email`,
          validate: (text) => (!text.trim() ? 'Give a reason' : text.length > 2000 ? 'The reason is too long' : null),
          confirmTitle: (text, target) => `${verb.label} ${describe(target)} because “${text}”`,
        },
        input: (item, reason: string) => ({ body: { ids: [item.id], status, reason } }),
        inputMany: (ids, reason) => ({ body: { ids: [...ids], status, reason } }),
      })
    return defineAction({
      ...common,
      label: verb.label,
      title: (target) => `${verb.label} ${describe(target)}`,
      input: (item) => ({ body: { ids: [item.id], status } }),
      inputMany: (ids) => ({ body: { ids: [...ids], status } }),
    })
  })
  return [...moves, changeStatus]
}

export const FEATURE_REQUEST_ACTIONS: readonly RecordAction[] = [...reviewActions('greenlist', GREENLIST), ...reviewActions('blocklist', BLOCKLIST),
  ...reviewActions('youtubeMcn', YOUTUBE_MCN),
  ...reviewActions('chartRegistration', CHART_REGISTRATION),
  ...reviewActions('pitch', PITCH),
  ...reviewActions('licensing', LICENSING),
]

/** A new rate period typed in the palette: "physical 2026-01-01 0.13 0.025" (format, first day, per copy, per minute, in dollars). */
export function ratePeriodOf(query: string): Omit<MechanicalRate, 'to' | 'source'> | null {
  const match = /^\s*(physical|download)\s+(\d{4}-\d{2}-\d{2})\s+(\d{1,3}(?:\.\d{1,6})?)\s+(\d{1,3}(?:\.\d{1,6})?)\s*$/i.exec(query)
  if (!match) return null
  return { format: match[1].toLowerCase() as MechanicalFormat, from: match[2], perCopy: match[3], perMinute: match[4] }
}

/** The table with a new period appended: the format's period open on that day ends the day before. */
export function withRatePeriod(table: readonly MechanicalRate[], period: Omit<MechanicalRate, 'to' | 'source'>): MechanicalRate[] {
  const dayBefore = new Date(Date.parse(`${period.from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
  const closed = table.map((rate) =>
    rate.format === period.format && rate.from < period.from && (rate.to === null || rate.to >= period.from) ? { ...rate, to: dayBefore } : rate,
  )
  return [...closed, { ...period, to: null, source: 'Set by staff' }]
}

/** The pitch lead time a palette query names ("14", "14 days"), or null. */
export function leadDaysOf(query: string): number | null {
  const match = /^\s*(\d{1,3})\s*(?:days?|d)?\s*$/i.exec(query)
  const days = match ? Number(match[1]) : NaN
  return Number.isInteger(days) && days >= 0 && days <= PITCH_MAX_LEAD_DAYS ? days : null
}

/** What an artist or label asks for from the palette: each opens that kind's "New request" dialog on the dashboard. */
export const REQUEST_COMMANDS: readonly { kind: ReviewKindName; title: string; keywords: string[] }[] = [
  { kind: 'greenlist', title: 'Request greenlisting…', keywords: ['greenlist', 'whitelist', 'content id', 'channel', 'allow', 'claim'] },
  { kind: 'blocklist', title: 'Request a blocklist period…', keywords: ['blocklist', 'block', 'ugc', 'monetisation', 'period'] },
  { kind: 'licensing', title: 'Request a cover licence…', keywords: ['cover', 'licence', 'license', 'mechanical', 'song', 'royalty'] },
  { kind: 'chartRegistration', title: 'Register for charts…', keywords: ['chart', 'soundscan', 'registration', 'upc', 'isrc'] },
  { kind: 'pitch', title: 'Pitch a release…', keywords: ['pitch', 'playlist', 'playlisting', 'editors', 'spotify'] },
  { kind: 'youtubeMcn', title: 'Join YouTube MCN…', keywords: ['youtube', 'mcn', 'network', 'channel', 'join'] },
]

/** The dashboard with a kind's request dialog open (`?request=<kind>`): the dialog lives in its requester section. */
export const requestDialogPath = (kind: ReviewKindName) => `/dashboard?request=${kind}`

/** Feature controls' global commands: the shared review queue's oldest request, the chart data provider's file. */
export const FEATURE_CONTROL_COMMANDS: readonly Command[] = [
  ...REQUEST_COMMANDS.map(
    ({ kind, title, keywords }): Command => ({
      id: `featureRequests.new.${kind}`,
      title,
      subject: `${REVIEW_KINDS[kind].label} request`,
      group: 'Your requests',
      keywords: [...keywords, 'request', 'ask', 'new'],
      access: 'auth',
      // Staff review requests; only artists and labels file them (for their own releases).
      when: (context) => context.account !== null && context.account.type !== 'admin',
      run: (_context, env) => env.open(requestDialogPath(kind)),
    }),
  ),
  {
    id: 'featureRequests.reviewNext',
    title: 'Review next pending feature request (any kind)',
    subject: 'Pending feature requests',
    group: 'Review',
    keywords: ['review', 'next', 'pending', 'queue', 'feature', 'request', 'blocklist', 'greenlist', 'mcn', 'chart', 'soundscan', 'oldest'],
    access: 'admin',
    // The shared queue answers oldest first across every kind: its first item is the one to review.
    run: async (_context, env) => {
      const { data } = await env.call('featureRequests.queue')
      if (data.length === 0) env.notify('No pending feature requests.', 'info')
      else env.open(data[0].path)
    },
  },
  {
    id: 'chartRegistration.export',
    title: 'Export approved chart registrations (CSV)',
    subject: 'Chart registrations',
    group: 'Chart registration',
    keywords: ['export', 'download', 'soundscan', 'chart', 'registration', 'csv', 'upc', 'isrc', 'file'],
    access: 'admin',
    run: async (_context, env) => {
      await env.download('chartRegistration.export', { query: {} })
      env.notify('Approved chart registrations downloaded.', 'success')
    },
  },
  {
    id: 'pitch.updateSettings',
    title: 'Set pitch lead time…',
    subject: 'Pitch lead time',
    group: 'Pitch portal',
    keywords: ['pitch', 'playlisting', 'lead', 'time', 'days', 'before', 'release', 'date', 'setting', 'minimum'],
    access: 'admin',
    placeholder: `Days before the release date a release may still be pitched (0–${PITCH_MAX_LEAD_DAYS})`,
    search: async (query) => {
      const days = leadDaysOf(query)
      if (days === null) return []
      return [
        {
          id: `pitch.updateSettings.${days}`,
          title: `Pitches at least ${days} day${days === 1 ? '' : 's'} before the release date`,
          group: 'Pitch portal',
          run: async (_context: CommandContext, env: CommandEnv) => {
            const saved = await env.call('pitch.updateSettings', { body: { leadDays: days } })
            env.notify(`Releases can now be pitched up to ${saved.leadDays} day${saved.leadDays === 1 ? '' : 's'} before their release date.`, 'success')
            env.refresh()
          },
        },
      ]
    },
  },
  {
    id: 'licensing.updateRates',
    title: 'Add mechanical rate period…',
    subject: 'Mechanical rates',
    group: 'Cover song licensing',
    keywords: ['mechanical', 'rate', 'royalty', 'statutory', 'licensing', 'cover', 'licence', 'license', 'period', ...MECHANICAL_FORMATS],
    access: 'admin',
    placeholder: 'Format, first day, per copy, per minute in dollars: physical 2026-01-01 0.13 0.025',
    search: async (query) => {
      const period = ratePeriodOf(query)
      if (!period) return []
      return [
        {
          id: `licensing.updateRates.${period.format}.${period.from}`,
          title: `${period.format === 'physical' ? 'Physical' : 'Download'} from ${period.from}: $${period.perCopy} a copy or $${period.perMinute} a minute`,
          group: 'Cover song licensing',
          run: async (_context: CommandContext, env: CommandEnv) => {
            const { data } = await env.call('licensing.rates')
            const table = withRatePeriod(data as MechanicalRate[], period)
            const refusal = rateTableRefusal(table)
            if (refusal) return env.notify(refusal, 'error')
            await env.call('licensing.updateRates', { body: { data: table } })
            env.notify(`Mechanical rate for ${period.format} from ${period.from} saved.`, 'success')
            env.refresh()
          },
        },
      ]
    },
  },
]
