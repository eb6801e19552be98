import type { Availability, Command, CommandContext, CommandEnv } from './types'
import { stateOf } from './records'
import { defineAction, targetOfRecord, type RecordAction, type Target } from './actions'
import type { ReleaseGeneral } from '@contract/releases'
import { TRACK_FILE_KINDS, type DeliveryTarget } from '@contract/releases-vocabulary'
import type { DeliveryTargetType } from '@contract/delivery-vocabulary'
import type { EndpointInput, EndpointOutput, Endpoints } from '@contract/index'
import type { Smartlink } from '@contract/release-links'
import { ASSET_SPECS, type AssetKind, type LinkPlatform } from '@contract/release-links-vocabulary'
import { SLUG_PATTERN, SLUG_RULE } from '@core/short-links'
import { RELEASE_STATUS, RELEASE_STATUSES, TAKEDOWN_STATUSES, checkTransition, requiresReason, statusLabel } from '@core/release-status'

/** What the release tab publishes about the release it shows (`publishRecord`, kind 'release'). */
export interface ReleaseRecordState {
  title?: string
  artist?: string
  status?: number
  statusLabel?: string
  allowedStatuses?: readonly { status: number; label: string; needsReason: boolean }[]
  adminReview?: boolean
  priorityReview?: boolean
  delivery?: readonly { platform: DeliveryTarget; label: string; delivered: boolean; completed: boolean }[]
  ownerId?: number
  ownerName?: string
  /** The release shown beside it (?compare=), if any. */
  compareId?: number | null
  /** Single, EP, Album or Compilation. */
  type?: string
  hasCover?: boolean
  /** "09:00", or null when the release goes out at the start of its date. */
  releaseTime?: ReleaseGeneral['releaseTime']
  /**
   * The release's failed deliveries (target and delivery id), absent where they were not loaded
   * (a list's selection): "Retry failed deliveries" is offered only when there is one.
   */
  failedDeliveries?: readonly { id: number; target: DeliveryTargetType }[]
  /** The staff notes (to choose the one to remove). */
  notes?: readonly Pick<ReleaseGeneral['notes'][number], 'id' | 'content'>[]
  /**
   * The smartlink, null when the release has none; absent where it was not loaded (the release tab's
   * header). The Links section and the palette's Smartlink chooser load it and pass it on.
   */
  smartlink?: SmartlinkState | null
  /** How many platform links a new smartlink would list (with `smartlink`). */
  platformLinks?: number
}

/** What the smartlink actions decide on, cut from the contract's smartlink. */
export type SmartlinkState = Pick<Smartlink, 'code' | 'url' | 'title'> & {
  entries: readonly Pick<Smartlink['entries'][number], 'platform' | 'label' | 'hidden'>[]
}

/** What the track tab publishes (kind 'track'). */
export interface TrackRecordState {
  title?: string
  releaseId?: number
  releaseTitle?: string
  /** Which of its files the track has (audio, instrument, dolby). */
  files?: Partial<Record<(typeof TRACK_FILE_KINDS)[number], boolean>>
  /** Its audio scans: null never requested, 0 processing, 1 completed, 2 failed. */
  scanStatus?: number | null
  /** Why no scan can be requested now (where the scan history was loaded), else null. */
  scanBlocked?: string | null
  /** Whether its earnings are held (analytics' Hold earnings); absent until the hold is loaded. */
  earningsHeld?: boolean
}

const FILE_WORDS = { audio: 'audio', instrument: 'instrumental version', dolby: 'Dolby Atmos version' } as const

export const TAKEDOWN_REASON_PLACEHOLDER = 'Why is it taken down? The reason is recorded with who asked.'

const release = (context: CommandContext) => stateOf(context.record, 'release')
const track = (context: CommandContext) => stateOf(context.record, 'track')
const editRequest = (context: CommandContext) => stateOf(context.record, 'editRequest')
const recordId = (context: CommandContext) => Number(context.record?.id)
const titleOf = (context: CommandContext) => release(context)?.title ?? track(context)?.title ?? context.record?.title ?? 'this release'

function on<T>(pick: (context: CommandContext) => T | null, applies: (state: T) => boolean | string = () => true) {
  return (context: CommandContext) => {
    const state = pick(context)
    return state ? applies(state) : false
  }
}

function done(env: CommandEnv, text: string) {
  env.refresh()
  env.notify(text, 'success')
}

type DiscoveryAnswer = EndpointOutput<Endpoints['releases.addToSpotifyDiscovery']>

/** One line saying what a Spotify discovery submission did: submitted, already there, refused with reasons. */
export function discoverySummary(answer: DiscoveryAnswer): { text: string; tone: 'success' | 'info' | 'error' } {
  const parts: string[] = []
  if (answer.submitted.length) parts.push(`Submitted ${answer.submitted.length} to Spotify Discovery Mode.`)
  if (answer.alreadySubmitted.length)
    parts.push(
      answer.alreadySubmitted.length === 1
        ? `${answer.alreadySubmitted[0].title} was already submitted.`
        : `${answer.alreadySubmitted.length} were already submitted.`,
    )
  const reasons = [...new Set(answer.refused.map((entry) => entry.reason))]
  if (reasons.length) parts.push(`Refused ${answer.refused.length}: ${reasons.join(' ')}`)
  return { text: parts.join(' '), tone: reasons.length ? 'error' : answer.submitted.length ? 'success' : 'info' }
}

const compareChoice = (currentId: number, other: { id: number; title: string; artist: string; upc: string | null }): Command => ({
  id: `releases.compare.with.${other.id}`,
  title: `${other.title} — ${other.artist}${other.upc ? ` · UPC ${other.upc}` : ''}`,
  group: 'Releases',
  run: (_context, env) => env.open(`/releases/single/${other.id}?compare=${currentId}`, 'right'),
})

/** Actions on the release, track or edit request in the focused tab. */
export const RELEASE_COMMANDS: readonly Command[] = [
  {
    id: 'releases.openOwner',
    title: (context) => `Open the owner, ${release(context)?.ownerName ?? 'their account'}`,
    group: 'Release',
    keywords: ['owner', 'artist', 'account', 'user'],
    access: 'admin',
    when: on(release, (state) => typeof state.ownerId === 'number'),
    run: (context, env) => env.open(`/users/${release(context)!.ownerId}`),
  },
  {
    id: 'releases.compare',
    title: (context) => `Compare ${titleOf(context)} with…`,
    group: 'Release',
    keywords: ['compare', 'side by side', 'diff', 'difference'],
    access: 'admin',
    placeholder: 'Search releases by title, UPC, ISRC, catalog number or artist',
    when: on(release),
    search: async (query, context, env) => {
      const currentId = recordId(context)
      const result = await env.call('releases.list', { query: { search: query || undefined, per_page: 25 } })
      return result.data.filter((other) => other.id !== currentId).map((other) => compareChoice(currentId, other))
    },
  },
  {
    id: 'releases.closeCompare',
    title: 'Close the comparison',
    group: 'Release',
    keywords: ['compare', 'close'],
    access: 'admin',
    when: on(release, (state) => typeof state.compareId === 'number'),
    run: (context, env) => env.open(`/releases/single/${recordId(context)}`),
  },
  // Tracks.
  {
    id: 'tracks.openRelease',
    title: (context) => `Open the release, ${track(context)?.releaseTitle ?? ''}`.replace(/, $/, ''),
    group: 'Track',
    keywords: ['release', 'album', 'parent'],
    access: 'admin',
    when: on(track, (state) => typeof state.releaseId === 'number'),
    run: (context, env) => env.open(`/releases/single/${track(context)!.releaseId}?section=tracks`),
  },
  {
    id: 'tracks.compare',
    title: (context) => `Compare ${titleOf(context)} with another track of the release…`,
    group: 'Track',
    keywords: ['compare', 'side by side', 'diff'],
    access: 'admin',
    placeholder: 'Choose the track',
    when: on(track, (state) => typeof state.releaseId === 'number'),
    children: async (context, env) => {
      const currentId = recordId(context)
      const { data } = await env.call('releases.tracks', { params: { id: track(context)!.releaseId! } })
      return data
        .filter((other) => other.id !== currentId)
        .map((other) => ({
          id: `tracks.compare.with.${other.id}`,
          title: `${other.position}. ${other.title}${other.isrc ? ` · ${other.isrc}` : ''}`,
          group: 'Tracks',
          run: (_runContext: CommandContext, runEnv: CommandEnv) =>
            runEnv.open(`/releases/track/${other.id}?compare=${currentId}`, 'right'),
        }))
    },
  },
  {
    id: 'tracks.replaceAudio',
    title: (context) => `Replace audio of ${titleOf(context)}…`,
    group: 'Track',
    keywords: ['audio', 'replace', 'upload', 'file', 'wav', 'flac', 'mp3', 'instrumental', 'dolby', 'atmos'],
    access: 'admin',
    placeholder: 'Choose the file to upload',
    when: on(track),
    // The track tab opens the file chooser for the kind named in ?upload=.
    children: (context) =>
      TRACK_FILE_KINDS.map((kind) => ({
        id: `tracks.replaceAudio.${kind}`,
        title: `${track(context)?.files?.[kind] ? 'Replace' : 'Upload'} ${FILE_WORDS[kind]}…`,
        group: 'File',
        keywords: [kind],
        run: (runContext: CommandContext, env: CommandEnv) => env.open(`/releases/track/${recordId(runContext)}?upload=${kind}`),
      })),
  },
  // Edit requests: approve and reject are declared record actions (EDIT_REQUEST_ACTIONS).
  {
    id: 'editRequests.openRelease',
    title: (context) => `Open the release, ${editRequest(context)?.releaseTitle ?? ''}`.replace(/, $/, ''),
    group: 'Edit request',
    keywords: ['release', 'open'],
    access: 'admin',
    when: on(editRequest, (state) => typeof state.releaseId === 'number'),
    run: (context, env) => env.open(`/releases/single/${editRequest(context)!.releaseId}`, 'right'),
  },
  {
    id: 'editRequests.compare',
    title: (context) => `Compare the edit request with ${editRequest(context)?.releaseTitle ?? 'its release'} side by side`,
    group: 'Edit request',
    keywords: ['compare', 'side by side', 'diff', 'proposal', 'release'],
    access: 'admin',
    when: on(editRequest, (state) => typeof state.releaseId === 'number'),
    run: (context, env) => env.open(`/releases/single/${editRequest(context)!.releaseId}?request=${recordId(context)}`, 'right'),
  },
]

// ---------------------------------------------------------------------------------------------
// Links, promotional images, type and lyrics of the release in the focused tab

/** Smartlink, type and lyrics: registered beside RELEASE_COMMANDS by the catalogue. */
export const RELEASE_LINK_COMMANDS: readonly Command[] = [
  {
    // The release's state does not carry its smartlink: this loads it, then offers the declared smartlink actions.
    id: 'releases.smartlink',
    title: (context) => `Smartlink of ${titleOf(context)}…`,
    group: 'Release',
    keywords: ['smartlink', 'smart link', 'short link', 'create', 'refresh', 'code', 'slug', 'landing page'],
    access: 'admin',
    placeholder: 'Choose what to do with the smartlink',
    when: on(release),
    children: async (context, env) => {
      const record = context.record
      if (!record || record.kind !== 'release') return []
      const answer = await env.call('releases.smartlink', { params: { id: recordId(context) } })
      const target = targetOfRecord({ ...record, state: withSmartlink(record.state ?? {}, answer) })
      if (!target) return []
      return SMARTLINK_ACTIONS.filter((action) => action.availability(target, context) !== false).map((action) => action.command(target))
    },
  },
  {
    id: 'releases.convert',
    title: (context) => `Convert ${titleOf(context)} to the type its tracks make it`,
    group: 'Release',
    keywords: ['convert', 'type', 'single', 'ep', 'album', 'format'],
    access: 'admin',
    when: on(release, (state) => (state.type === 'Compilation' ? 'A compilation keeps its type' : true)),
    run: async (context, env) => {
      const result = await env.call('releases.convert', { params: { id: recordId(context) } })
      done(env, `Converted from ${result.before} to ${result.after}: ${result.because}.`)
    },
  },
  {
    id: 'releases.exportLyrics',
    title: (context) => `Export the lyrics of ${titleOf(context)} (CSV)`,
    group: 'Release',
    keywords: ['lyrics', 'export', 'csv', 'download'],
    access: 'admin',
    when: on(release),
    run: async (context, env) => {
      await env.download('releases.lyricsExport', { body: { ids: [recordId(context)] } })
      env.notify('Lyrics exported.', 'success')
    },
  },
]

const editRequestTitle = (target: Target<'editRequest'>) => target.items[0]?.state?.releaseTitle ?? 'this release'
const pending = (state: { status: string }) => (state.status === 'pending' ? true : `This request is already ${state.status}`)
/** Once decided, the review moves on to the next open request (the one the screen published). */
const next = (target: Target<'editRequest'>) => target.items[0]?.state?.nextOpenId ?? null

/** The edit-request review: approve (a) and reject with a comment (r), on the request's page and in the palette. */
export const EDIT_REQUEST_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'releases.editRequestStatus',
    variant: 'approved',
    kinds: ['editRequest'],
    scope: 'one',
    label: 'Approve',
    tone: 'green',
    shortcut: 'editRequest.approve',
    title: (target) => `Approve the edit request of ${editRequestTitle(target)}`,
    group: 'Edit request',
    keywords: ['approve', 'accept', 'edit request'],
    available: pending,
    input: (item) => ({ body: { id: item.id, status: 'approved' as const } }),
    success: (_result, target) => `Approved: the release is now Edited.${next(target) ? '' : ' No more open edit requests.'}`,
    after: (_result, target, env) => {
      const id = next(target)
      if (id) env.open(`/release/edit-requests/view/${id}`)
    },
  }),
  defineAction({
    id: 'releases.editRequestStatus',
    variant: 'rejected',
    kinds: ['editRequest'],
    scope: 'one',
    label: 'Reject…',
    tone: 'red',
    shortcut: 'editRequest.reject',
    title: (target) => `Reject the edit request of ${editRequestTitle(target)}…`,
    group: 'Edit request',
    keywords: ['reject', 'decline', 'refuse', 'edit request'],
    available: pending,
    ask: {
      kind: 'text',
      placeholder: 'Why? The comment is sent with the rejection.',
      validate: (text) => (text.length > 2000 ? 'The comment is too long' : null),
      confirmTitle: (text) => `Reject: “${text}”`,
    },
    input: (item, comment: string) => ({ body: { id: item.id, status: 'rejected' as const, comment } }),
    success: (_result, target) => `Rejected.${next(target) ? '' : ' No more open edit requests.'}`,
    after: (_result, target, env) => {
      const id = next(target)
      if (id) env.open(`/release/edit-requests/view/${id}`)
    },
  }),
]

// ---------------------------------------------------------------------------------------------
// Declared actions on releases (the release's header, the releases list's bulk bar, the palette) and tracks

const releaseKind = ['release'] as const

/** "Night Drive", or "3 selected releases". */
const releasesNamed = (target: Target<'release'>) => {
  if (target.items.length !== 1) return `${target.items.length} selected releases`
  const [item] = target.items
  return item.state?.title ?? item.title ?? 'this release'
}

/**
 * Whether a release may move to `to`: the release page publishes the moves the server allows; a list row
 * only has its status, so the transition table decides (the server checks again, and says why it refused).
 */
function mayMove(state: ReleaseRecordState, to: number): true | string {
  if (state.allowedStatuses)
    return state.allowedStatuses.some((choice) => choice.status === to) ? true : checkTransitionReason(state.status, to)
  return state.status === undefined ? true : checkTransitionReason(state.status, to)
}
const checkTransitionReason = (from: number | undefined, to: number): true | string => {
  if (from === undefined) return `No move to ${statusLabel(to)} is allowed from here`
  const check = checkTransition(from, to)
  return check.ok ? true : check.reason
}

type StatusAnswer = EndpointOutput<Endpoints['releases.status']>

/** Said when every release moved; a refusal is said by `statusRefusals` as an error instead. */
const statusMoved = (result: StatusAnswer, target: Target<'release'>, status: number) => {
  if (result.refused.length) return null
  return target.items.length === 1
    ? `Status changed to ${statusLabel(status)}.`
    : `Moved ${result.updated.length} of ${target.items.length} to ${statusLabel(status)}.`
}
const statusRefusals = (result: StatusAnswer, target: Target<'release'>, env: CommandEnv) => {
  const reasons = [...new Set(result.refused.map((entry) => entry.reason))]
  if (!reasons.length) return
  env.notify(
    target.items.length === 1 ? reasons.join(' ') : `Moved ${result.updated.length} of ${target.items.length}. ${reasons.join(' ')}`,
    'error',
  )
}

type TakedownStatus = (typeof TAKEDOWN_STATUSES)[number]

/**
 * One release status action: a move chosen among those allowed without a reason (`to` absent), or a
 * takedown to `to`, which asks for the reason (recorded with who asked). Keys are `releases.status:<variant>`.
 */
interface StatusActionSpec {
  variant: string
  label: string
  /** The palette title, given what it acts on ("Night Drive", "3 selected releases"). */
  title(what: string): string
  keywords: readonly string[]
  to?: TakedownStatus
}

const STATUS_ACTIONS: readonly StatusActionSpec[] = [
  {
    variant: 'change',
    label: 'Change status…',
    title: (what) => `Change status of ${what}…`,
    keywords: ['status', 'live', 'review', 'accept', 'export', 'draft', 'documentation'],
  },
  {
    variant: 'takedown',
    to: RELEASE_STATUS.takedownPending,
    label: 'Take down…',
    title: (what) => `Take down ${what}…`,
    keywords: ['takedown', 'take down', 'remove from stores', 'status'],
  },
  {
    variant: 'takendown',
    to: RELEASE_STATUS.takendown,
    label: 'Mark taken down…',
    title: (what) => `Mark ${what} as taken down…`,
    keywords: ['takedown', 'take down', 'remove from stores', 'status'],
  },
]

/** Any status the choice offers: one release, the moves its page allows; a selection, every status. Takedowns are their own actions. */
const statusChoices = (target: Target<'release'>) => {
  const allowed = target.from === 'record' ? target.items[0]?.state?.allowedStatuses : undefined
  const statuses = allowed
    ? allowed.filter((choice) => !choice.needsReason).map((choice) => choice.status)
    : RELEASE_STATUSES.filter((status) => !requiresReason(status))
  return statuses.map((status) => ({ value: status, title: statusLabel(status) }))
}

const mayChoose = (state: ReleaseRecordState) =>
  !state.allowedStatuses || state.allowedStatuses.some((choice) => !choice.needsReason)
    ? true
    : `No status change is allowed from ${state.statusLabel ?? 'here'}`

function mayTakeDown(state: ReleaseRecordState, status: TakedownStatus): Availability {
  if (state.status === status || (status === RELEASE_STATUS.takedownPending && state.status === RELEASE_STATUS.takendown)) return false
  const verdict = mayMove(state, status)
  // Taken down is the pending takedown's next step: only offered where it applies.
  return status === RELEASE_STATUS.takendown && verdict !== true ? false : verdict
}

function statusAction(spec: StatusActionSpec): RecordAction {
  const common = {
    id: 'releases.status',
    variant: spec.variant,
    kinds: releaseKind,
    scope: 'both',
    label: spec.label,
    tone: spec.to === undefined ? undefined : 'red',
    title: (target: Target<'release'>) => spec.title(releasesNamed(target)),
    group: 'Release',
    keywords: spec.keywords,
    after: statusRefusals,
  } as const
  const to = spec.to
  if (to === undefined)
    return defineAction({
      ...common,
      available: mayChoose,
      ask: { kind: 'choose', placeholder: 'Choose the new status', choices: statusChoices },
      input: (item, status: number) => ({ body: { ids: [item.id], status } }),
      inputMany: (ids, status) => ({ body: { ids: [...ids], status } }),
      success: statusMoved,
    })
  return defineAction({
    ...common,
    available: (state) => mayTakeDown(state, to),
    ask: {
      kind: 'text',
      placeholder: TAKEDOWN_REASON_PLACEHOLDER,
      validate: (text) => (text.length > 1000 ? 'The reason is too long' : null),
      confirmTitle: (text, target) => `${statusLabel(to)}: take down ${releasesNamed(target)} because “${text}”`,
    },
    input: (item, reason: string) => ({ body: { ids: [item.id], status: to, reason } }),
    inputMany: (ids, reason) => ({ body: { ids: [...ids], status: to, reason } }),
    success: (result, target) => statusMoved(result, target, to),
  })
}

/** A release flag that flips (admin review, priority review): one action to turn it on, one to turn it off. */
function flag<E extends 'releases.changeReview' | 'releases.changePriorityReview'>(options: {
  id: E
  on: { label: string; done(what: string): string }
  off: { label: string; done(what: string): string }
  keywords: string[]
  isOn(state: ReleaseRecordState): boolean | undefined
  body(ids: number[], on: boolean): EndpointInput<Endpoints[E]>
}): RecordAction[] {
  return [true, false].map((turnOn) => {
    const words = turnOn ? options.on : options.off
    return defineAction({
      id: options.id,
      variant: turnOn ? 'on' : 'off',
      kinds: releaseKind,
      scope: 'both',
      label: words.label,
      title: (target) => `${words.label}: ${releasesNamed(target)}`,
      group: 'Release',
      keywords: options.keywords,
      available: (state) => Boolean(options.isOn(state)) !== turnOn,
      input: (item) => options.body([item.id], turnOn),
      inputMany: (ids) => options.body([...ids], turnOn),
      success: (_result, target) => words.done(releasesNamed(target)),
    })
  })
}

const liveOnly = (state: ReleaseRecordState) =>
  state.status === undefined || state.status === RELEASE_STATUS.live || state.status === RELEASE_STATUS.edited
    ? true
    : 'Only live releases go to Spotify Discovery Mode'

const discovery = (scope: 'one' | 'many') =>
  defineAction({
    id: 'releases.addToSpotifyDiscovery',
    variant: scope === 'many' ? 'selection' : undefined,
    kinds: releaseKind,
    scope,
    label: 'Add to Spotify discovery',
    title: (target) => `Add ${releasesNamed(target)} to Spotify discovery${scope === 'many' ? '…' : ''}`,
    group: 'Release',
    keywords: ['spotify', 'discovery', 'discovery mode', 'submit', 'promote'],
    available: liveOnly,
    // A selection may hold many releases: asked first, as the list always did.
    ask: scope === 'many' ? { kind: 'confirm', question: () => 'Submit the selected live releases to Spotify Discovery Mode?' } : undefined,
    input: (item) => ({ body: { releaseIds: [item.id] } }),
    inputMany: (ids) => ({ body: { releaseIds: [...ids] } }),
    // Submitted, already there or refused: said with its own tone after the call.
    success: () => null,
    after: (answer, _target, env) => {
      const summary = discoverySummary(answer)
      env.notify(summary.text, summary.tone)
    },
  })

// ---------------------------------------------------------------------------------------------
// The release tab's sections (delivery, notes, release time, smartlink, images) and a track's audio scans

const stateOfTarget = <K extends 'release' | 'track'>(target: Target<K>) => target.items[0]?.state
const trackNamed = (target: Target<'track'>) => target.items[0]?.state?.title ?? target.items[0]?.title ?? 'this track'

const DELIVERY_ACTION = defineAction({
  id: 'releases.updateDeliveryStatus',
  kinds: releaseKind,
  scope: 'one',
  label: 'Delivery…',
  title: (target) => `Mark ${releasesNamed(target)} delivered to a platform…`,
  group: 'Release',
  keywords: ['deliver', 'delivery', 'platform', 'store', 'completed', 'beatport', 'youtube', 'soundcloud', 'apple'],
  available: (state) => (state.delivery ?? []).length > 0,
  ask: {
    kind: 'choose',
    placeholder: 'Choose the platform',
    choices: (target) =>
      (stateOfTarget(target)?.delivery ?? []).map((entry) => ({
        value: entry.platform,
        title: entry.delivered ? `Undo delivery to ${entry.label} (delivered)` : `Mark delivered to ${entry.label}`,
      })),
  },
  input: (item, platform: DeliveryTarget) => ({ body: { releaseId: item.id, platform } }),
  // Said from the state before the call: turning a delivered platform off undoes it.
  success: (_result, target, platform) => {
    const entry = stateOfTarget(target)?.delivery?.find((candidate) => candidate.platform === platform)
    const label = entry?.label ?? platform
    return entry?.delivered ? `${label}: delivery undone.` : `${label}: delivered.`
  },
})

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text).replace(/\s+/g, ' ')

const NOTE_ACTIONS = [
  defineAction({
    id: 'releases.notesCreate',
    kinds: releaseKind,
    scope: 'one',
    label: 'Add note',
    title: (target) => `Add a note to ${releasesNamed(target)}…`,
    group: 'Release',
    keywords: ['note', 'comment', 'staff note', 'memo'],
    ask: {
      kind: 'text',
      placeholder: 'The note (staff only)',
      validate: (text) => (text.length > 5000 ? 'The note is too long' : null),
      confirmTitle: (text) => `Add the note “${excerpt(text)}”`,
    },
    input: (item, content: string) => ({ body: { releaseId: item.id, content } }),
    success: () => 'Note added.',
  }),
  defineAction({
    id: 'releases.notesRemove',
    kinds: releaseKind,
    scope: 'one',
    label: 'Remove a note…',
    tone: 'red',
    title: (target) => `Remove a note of ${releasesNamed(target)}…`,
    group: 'Release',
    keywords: ['note', 'remove', 'delete', 'comment'],
    available: (state) => (state.notes ?? []).length > 0,
    ask: {
      kind: 'choose',
      placeholder: 'Choose the note to remove',
      choices: (target) => (stateOfTarget(target)?.notes ?? []).map((note) => ({ value: note.id, title: excerpt(note.content) })),
    },
    input: (item, noteId: number) => ({ body: { releaseId: item.id, noteId } }),
    success: () => 'Note removed.',
  }),
]

const RELEASE_TIME_ACTION = defineAction({
  id: 'releases.removeReleaseTime',
  kinds: releaseKind,
  scope: 'one',
  label: 'Remove release time',
  tone: 'red',
  title: (target) => `Remove the release time of ${releasesNamed(target)}`,
  group: 'Release',
  keywords: ['release time', 'time of day', 'time zone', 'remove', 'clear'],
  available: (state) => Boolean(state.releaseTime),
  input: (item) => ({ params: { id: item.id } }),
  success: () => 'Release time removed.',
})

/** One promotional image (post, story, canvas), made from the cover art. */
function assetAction<E extends 'releases.assetsPost' | 'releases.assetsStory' | 'releases.assetsCanvas'>(
  kind: AssetKind,
  id: E,
  input: (releaseId: number) => EndpointInput<Endpoints[E]>,
): RecordAction {
  const spec = ASSET_SPECS[kind]
  const name = spec.label.toLowerCase()
  return defineAction({
    id,
    kinds: releaseKind,
    scope: 'one',
    label: `Make ${name} image`,
    title: (target) => `Make the ${name} image of ${releasesNamed(target)} (${spec.width} × ${spec.height})`,
    group: 'Release',
    keywords: ['assets', 'images', 'promo', 'generate', kind, ...(kind === 'canvas' ? ['spotify canvas'] : ['instagram'])],
    available: (state) => (state.hasCover === false ? 'The release has no cover art' : true),
    input: (item) => input(item.id),
    success: () => `${spec.label} image made.`,
  })
}

/** By image kind: the Assets section's cards run these. */
export const ASSET_ACTIONS: Readonly<Record<AssetKind, RecordAction>> = {
  post: assetAction('post', 'releases.assetsPost', (releaseId) => ({ body: { releaseId } })),
  story: assetAction('story', 'releases.assetsStory', (id) => ({ params: { id } })),
  canvas: assetAction('canvas', 'releases.assetsCanvas', (releaseId) => ({ body: { releaseId } })),
}

/** The release state with its smartlink as `releases.smartlink` answers it (the Links section, the palette's chooser). */
export function withSmartlink(
  state: ReleaseRecordState,
  answer: Pick<EndpointOutput<Endpoints['releases.smartlink']>, 'smartlink' | 'platformLinks'>,
): ReleaseRecordState {
  const link = answer.smartlink
  return {
    ...state,
    platformLinks: answer.platformLinks,
    smartlink: link && {
      code: link.code,
      url: link.url,
      title: link.title,
      entries: link.entries.map(({ platform, label, hidden }) => ({ platform, label, hidden })),
    },
  }
}

const smartlinkOf = (target: Target<'release'>) => stateOfTarget(target)?.smartlink ?? null
const withLink = (state: ReleaseRecordState) => Boolean(state.smartlink)
/** Only where the smartlink was loaded and there is none. */
const mayCreate = (state: ReleaseRecordState): Availability =>
  state.smartlink !== null ? false : state.platformLinks === 0 ? 'No platform links yet: the release is not delivered' : true

const CODE_ASK = {
  kind: 'text',
  placeholder: 'The code: 3 to 40 lower-case letters, digits and hyphens',
  validate: (text: string) => (SLUG_PATTERN.test(text.toLowerCase()) && !/^-|-$/.test(text) ? null : SLUG_RULE),
  confirmTitle: (text: string) => `Use the code “${text.toLowerCase()}”`,
} as const

type Entries = SmartlinkState['entries']
/** The smartlink's platforms: hide or show one, move one up or down. The call names every platform, in order. */
const ENTRY_CHANGES: readonly {
  variant: string
  label: string
  offers(entries: Entries, index: number): boolean
  apply(entries: { platform: LinkPlatform; hidden: boolean }[], index: number): void
  choice(label: string): string
  done(label: string): string
}[] = [
  {
    variant: 'hide',
    label: 'Hide a platform…',
    offers: (entries, index) => !entries[index].hidden,
    apply: (entries, index) => void (entries[index].hidden = true),
    choice: (label) => `Hide ${label}`,
    done: (label) => `${label} hidden on the smartlink.`,
  },
  {
    variant: 'show',
    label: 'Show a platform…',
    offers: (entries, index) => entries[index].hidden,
    apply: (entries, index) => void (entries[index].hidden = false),
    choice: (label) => `Show ${label}`,
    done: (label) => `${label} shown on the smartlink.`,
  },
  {
    variant: 'up',
    label: 'Move a platform up…',
    offers: (_entries, index) => index > 0,
    apply: (entries, index) => void entries.splice(index - 1, 0, ...entries.splice(index, 1)),
    choice: (label) => `Move ${label} up`,
    done: (label) => `${label} moved up.`,
  },
  {
    variant: 'down',
    label: 'Move a platform down…',
    offers: (entries, index) => index < entries.length - 1,
    apply: (entries, index) => void entries.splice(index + 1, 0, ...entries.splice(index, 1)),
    choice: (label) => `Move ${label} down`,
    done: (label) => `${label} moved down.`,
  },
]

/** Create, refresh, change the code or title, and order or hide the platforms of a release's smartlink. */
export const SMARTLINK_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'releases.linkRefresh',
    kinds: releaseKind,
    scope: 'one',
    label: 'Refresh links',
    tone: 'gray',
    title: (target) => `Refresh ${smartlinkOf(target)?.url ?? 'the smartlink'} from the platform links`,
    group: 'Smartlink',
    keywords: ['smartlink', 'refresh', 'update links'],
    available: withLink,
    input: (item) => ({ body: { releaseId: item.id } }),
    success: (result) => {
      const changes = result.added.length + result.updated.length + result.removed.length
      return changes ? `Smartlink refreshed: ${changes} platform${changes === 1 ? '' : 's'} changed.` : 'Smartlink refreshed: nothing changed.'
    },
  }),
  defineAction({
    id: 'releases.linkUpdate',
    variant: 'code',
    kinds: releaseKind,
    scope: 'one',
    label: 'Change code…',
    title: (target) => `Change the code “${smartlinkOf(target)?.code ?? ''}”…`,
    group: 'Smartlink',
    keywords: ['smartlink', 'code', 'slug', 'short link'],
    available: withLink,
    ask: CODE_ASK,
    input: (item, code: string) => ({ body: { releaseId: item.id, code: code.toLowerCase() } }),
    success: (updated) => `The smartlink is now ${updated.url}.`,
  }),
  defineAction({
    id: 'releases.linkUpdate',
    variant: 'title',
    kinds: releaseKind,
    scope: 'one',
    label: 'Change title…',
    title: (target) => `Change the smartlink title “${smartlinkOf(target)?.title ?? ''}”…`,
    group: 'Smartlink',
    keywords: ['smartlink', 'title', 'name'],
    available: withLink,
    ask: {
      kind: 'text',
      placeholder: 'The title its page shows',
      validate: (text) => (text.length > 200 ? 'The title is too long' : null),
      confirmTitle: (text) => `Use the title “${text}”`,
    },
    input: (item, title: string) => ({ body: { releaseId: item.id, title } }),
    success: (updated) => `The smartlink’s title is now “${updated.title}”.`,
  }),
  ...ENTRY_CHANGES.map((change) =>
    defineAction({
      id: 'releases.linkUpdate',
      variant: change.variant,
      kinds: releaseKind,
      scope: 'one',
      label: change.label,
      title: () => `${change.label.replace(/…$/, '')} on the smartlink…`,
      group: 'Smartlink',
      keywords: ['smartlink', 'platform', 'order', 'hide', 'show', 'move'],
      available: (state) => (state.smartlink?.entries ?? []).some((_entry, index, entries) => change.offers(entries, index)),
      ask: {
        kind: 'choose',
        placeholder: 'Choose the platform',
        choices: (target) => {
          const entries = smartlinkOf(target)?.entries ?? []
          return entries.flatMap((entry, index) =>
            change.offers(entries, index) ? [{ value: entry.platform, title: change.choice(entry.label) }] : [],
          )
        },
      },
      input: (item, platform: LinkPlatform) => {
        const entries = (item.state?.smartlink?.entries ?? []).map(({ platform: each, hidden }) => ({ platform: each, hidden }))
        const index = entries.findIndex((entry) => entry.platform === platform)
        if (index >= 0) change.apply(entries, index)
        return { body: { releaseId: item.id, entries } }
      },
      success: (_updated, target, platform) =>
        change.done(smartlinkOf(target)?.entries.find((entry) => entry.platform === platform)?.label ?? platform),
    }),
  ),
  defineAction({
    id: 'releases.linkCreate',
    variant: 'generated',
    kinds: releaseKind,
    scope: 'one',
    label: 'Create smartlink',
    title: () => 'Create a smartlink with a generated code',
    group: 'Smartlink',
    keywords: ['smartlink', 'create', 'new'],
    available: mayCreate,
    input: (item) => ({ body: { releaseId: item.id } }),
    success: (created) => `Smartlink created: ${created.url}`,
  }),
  defineAction({
    id: 'releases.linkCreate',
    variant: 'code',
    kinds: releaseKind,
    scope: 'one',
    label: 'Create with a code…',
    title: () => 'Create a smartlink with a code of your own…',
    group: 'Smartlink',
    keywords: ['smartlink', 'create', 'new', 'code', 'slug'],
    available: mayCreate,
    ask: CODE_ASK,
    input: (item, code: string) => ({ body: { releaseId: item.id, code: code.toLowerCase() } }),
    success: (created) => `Smartlink created: ${created.url}`,
  }),
]

const SCAN_TEXT = (status: number | null) =>
  status === null ? 'never requested' : status === 0 ? 'processing' : status === 1 ? 'completed' : 'failed'

/** Audio-recognition scans: every track of a release, or one track; a track's processing scans refreshed. */
const SCAN_ACTIONS = [
  defineAction({
    id: 'releases.trackStat',
    variant: 'release',
    kinds: releaseKind,
    scope: 'one',
    label: 'Request audio scans',
    title: (target) => `Request audio scans of every track of ${releasesNamed(target)}`,
    group: 'Release',
    keywords: ['scan', 'audio recognition', 'fingerprint', 'cover song', 'copyright'],
    input: (item) => ({ body: { releaseId: item.id } }),
    // Skipped tracks are said with their reasons, as information.
    success: () => null,
    after: (answer, _target, env) => {
      const count = answer.requested.length
      const skipped = answer.skipped.length
        ? ` Skipped ${answer.skipped.length}: ${[...new Set(answer.skipped.map((entry) => entry.reason))].join(' ')}`
        : ''
      env.notify(`Scans requested for ${count} track${count === 1 ? '' : 's'}.${skipped}`, skipped ? 'info' : 'success')
    },
  }),
  defineAction({
    id: 'releases.trackStat',
    variant: 'track',
    kinds: ['track'],
    scope: 'one',
    label: 'Request scan',
    title: (target) => `Request audio scans of ${trackNamed(target)}`,
    group: 'Track',
    keywords: ['scan', 'audio recognition', 'fingerprint', 'cover song', 'copyright'],
    available: (state) => state.scanBlocked ?? true,
    input: (item) => ({ body: { trackId: item.id } }),
    success: (answer, target) => (answer.requested[0]?.scanStatus === 2 ? null : `Scans of ${trackNamed(target)} requested.`),
    after: (answer, target, env) => {
      if (answer.requested[0]?.scanStatus === 2) env.notify(`The provider refused the scans of ${trackNamed(target)}.`, 'error')
    },
  }),
  defineAction({
    id: 'releases.refreshTrackStat',
    kinds: ['track'],
    scope: 'one',
    label: 'Refresh scans',
    tone: 'gray',
    title: (target) => `Refresh the audio scans of ${trackNamed(target)}`,
    group: 'Track',
    keywords: ['scan', 'refresh', 'results', 'audio recognition'],
    // Only processing scans have results to fetch (a track tab that does not know says so when asked).
    available: (state) => state.scanStatus === undefined || state.scanStatus === 0,
    input: (item) => ({ body: { trackId: item.id } }),
    success: () => null,
    after: (answer, _target, env) =>
      env.notify(
        answer.scanStatus === 0 ? 'The scans are still processing.' : `Scans: ${SCAN_TEXT(answer.scanStatus)}.`,
        answer.scanStatus === 2 ? 'error' : answer.scanStatus === 0 ? 'info' : 'success',
      ),
  }),
]

/**
 * Status, takedown, review flags and Spotify discovery on releases; delivery, notes, release time, images,
 * smartlink and scans from the release tab's sections; removal and scans of a track.
 */
export const RELEASE_ACTIONS: readonly RecordAction[] = [
  ...STATUS_ACTIONS.map(statusAction),
  ...flag({
    id: 'releases.changeReview',
    on: { label: 'Flag for admin review', done: (what) => `Flagged ${what} for admin review.` },
    off: { label: 'Clear admin review', done: (what) => `Cleared the admin review of ${what}.` },
    keywords: ['review', 'admin review', 'flag'],
    isOn: (state) => state.adminReview,
    body: (ids, adminReview) => ({ body: { ids, adminReview } }),
  }),
  ...flag({
    id: 'releases.changePriorityReview',
    on: { label: 'Mark priority review', done: (what) => `Marked ${what} for priority review.` },
    off: { label: 'Clear priority review', done: (what) => `Cleared the priority review of ${what}.` },
    keywords: ['priority', 'urgent', 'review'],
    isOn: (state) => state.priorityReview,
    body: (ids, priorityReview) => ({ body: { ids, priorityReview } }),
  }),
  discovery('one'),
  discovery('many'),
  defineAction({
    id: 'releases.trackRemove',
    kinds: ['track'],
    scope: 'one',
    label: 'Remove track…',
    tone: 'red',
    title: (target) => `Remove the track ${target.items[0]?.state?.title ?? target.items[0]?.title ?? ''}…`.replace(/ …$/, '…'),
    group: 'Track',
    keywords: ['remove', 'delete', 'track'],
    ask: {
      kind: 'confirm',
      question: (target) => {
        const state = target.items[0]?.state
        return `Remove ${state?.title ?? 'the track'} from ${state?.releaseTitle ?? 'its release'}? The tracks after it move up; this cannot be undone.`
      },
    },
    input: (item) => ({ body: { trackId: item.id } }),
    success: () => 'Track removed.',
    after: (_result, target, env) => {
      const releaseId = target.items[0]?.state?.releaseId
      if (releaseId) env.open(`/releases/single/${releaseId}?section=tracks`)
    },
  }),
  DELIVERY_ACTION,
  ...NOTE_ACTIONS,
  RELEASE_TIME_ACTION,
  ...Object.values(ASSET_ACTIONS),
  ...SMARTLINK_ACTIONS,
  ...SCAN_ACTIONS,
]
