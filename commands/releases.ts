import type { Command, CommandContext, CommandEnv } from './types'
import { stateOf } from './records'
import { defineAction, type RecordAction, type Target } from './actions'
import { promptCommand } from './prompt'
import { TRACK_FILE_KINDS, type DeliveryTarget } from '@contract/releases'
import type { EndpointInput, EndpointOutput, Endpoints } from '@contract/index'
import { ASSET_KINDS, ASSET_SPECS } from '@contract/release-links'
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
}

/** What the track tab publishes (kind 'track'). */
export interface TrackRecordState {
  title?: string
  releaseId?: number
  releaseTitle?: string
  /** Which of its files the track has (audio, instrument, dolby). */
  files?: Partial<Record<(typeof TRACK_FILE_KINDS)[number], boolean>>
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

const SCAN_TEXT = (status: number | null) =>
  status === null ? 'never requested' : status === 0 ? 'processing' : status === 1 ? 'completed' : 'failed'

const compareChoice = (currentId: number, other: { id: number; title: string; artist: string; upc: string | null }): Command => ({
  id: `releases.compare.with.${other.id}`,
  title: `${other.title} — ${other.artist}${other.upc ? ` · UPC ${other.upc}` : ''}`,
  group: 'Releases',
  run: (_context, env) => env.open(`/releases/single/${other.id}?compare=${currentId}`, 'right'),
})

/** Actions on the release, track or edit request in the focused tab. */
export const RELEASE_COMMANDS: readonly Command[] = [
  {
    id: 'releases.deliver',
    title: (context) => `Mark ${titleOf(context)} delivered to a platform…`,
    group: 'Release',
    keywords: ['deliver', 'delivery', 'platform', 'store', 'completed', 'beatport', 'youtube', 'soundcloud', 'apple'],
    access: 'admin',
    placeholder: 'Choose the platform',
    when: on(release, (state) => (state.delivery ?? []).length > 0),
    children: (context) =>
      (release(context)?.delivery ?? []).map((entry) => ({
        id: `releases.deliver.${entry.platform}`,
        title: entry.delivered ? `Undo delivery to ${entry.label} (delivered)` : `Mark delivered to ${entry.label}`,
        group: 'Platform',
        keywords: [entry.platform],
        run: async (runContext: CommandContext, env: CommandEnv) => {
          await env.call('releases.updateDeliveryStatus', {
            body: { releaseId: recordId(runContext), platform: entry.platform },
          })
          done(env, entry.delivered ? `${entry.label}: delivery undone.` : `${entry.label}: delivered.`)
        },
      })),
  },
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
  {
    id: 'releases.requestScans',
    title: (context) => `Request audio scans of every track of ${titleOf(context)}`,
    group: 'Release',
    keywords: ['scan', 'audio recognition', 'fingerprint', 'cover song', 'copyright'],
    access: 'admin',
    when: on(release),
    run: async (context, env) => {
      const answer = await env.call('releases.trackStat', { body: { releaseId: recordId(context) } })
      env.refresh()
      const skipped = answer.skipped.length
        ? ` Skipped ${answer.skipped.length}: ${[...new Set(answer.skipped.map((entry) => entry.reason))].join(' ')}`
        : ''
      env.notify(
        `Scans requested for ${answer.requested.length} track${answer.requested.length === 1 ? '' : 's'}.${skipped}`,
        skipped ? 'info' : 'success',
      )
    },
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
  {
    id: 'tracks.requestScan',
    title: (context) => `Request audio scans of ${titleOf(context)}`,
    group: 'Track',
    keywords: ['scan', 'audio recognition', 'fingerprint', 'cover song', 'copyright'],
    access: 'admin',
    when: on(track),
    run: async (context, env) => {
      const answer = await env.call('releases.trackStat', { body: { trackId: recordId(context) } })
      env.refresh()
      const status = answer.requested[0]?.scanStatus ?? null
      if (status === 2) env.notify('The provider refused the scans; the scan row says why.', 'error')
      else env.notify('Scans requested: both are processing.', 'success')
    },
  },
  {
    id: 'tracks.refreshScan',
    title: (context) => `Refresh the audio scans of ${titleOf(context)}`,
    group: 'Track',
    keywords: ['scan', 'refresh', 'results', 'audio recognition'],
    access: 'admin',
    when: on(track),
    run: async (context, env) => {
      const answer = await env.call('releases.refreshTrackStat', { body: { trackId: recordId(context) } })
      env.refresh()
      env.notify(
        `Scans: ${SCAN_TEXT(answer.scanStatus)}.`,
        answer.scanStatus === 2 ? 'error' : answer.scanStatus === 1 ? 'success' : 'info',
      )
    },
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

const smartlinkCodePrompt = (
  id: string,
  title: string,
  submit: (code: string, context: CommandContext, env: CommandEnv) => Promise<void>,
) =>
  promptCommand({
    id,
    title,
    group: 'Smartlink',
    placeholder: 'The code: 3 to 40 lower-case letters, digits and hyphens',
    validate: (text) => (SLUG_PATTERN.test(text.toLowerCase()) && !/^-|-$/.test(text) ? null : SLUG_RULE),
    confirmTitle: (text) => `Use the code “${text.toLowerCase()}”`,
    submit: (text, context, env) => submit(text.toLowerCase(), context, env),
  })

/** Smartlink, images, type and lyrics: registered beside RELEASE_COMMANDS by the catalogue. */
export const RELEASE_LINK_COMMANDS: readonly Command[] = [
  {
    id: 'releases.smartlink',
    title: (context) => `Smartlink of ${titleOf(context)}…`,
    group: 'Release',
    keywords: ['smartlink', 'smart link', 'short link', 'create', 'refresh', 'code', 'slug', 'landing page'],
    access: 'admin',
    placeholder: 'Choose what to do with the smartlink',
    when: on(release),
    children: async (context, env) => {
      const { smartlink, platformLinks } = await env.call('releases.smartlink', { params: { id: recordId(context) } })
      if (smartlink)
        return [
          {
            id: 'releases.smartlink.refresh',
            title: `Refresh ${smartlink.url} from the platform links`,
            group: 'Smartlink',
            keywords: ['refresh', 'update links'],
            run: async (runContext: CommandContext, runEnv: CommandEnv) => {
              const result = await runEnv.call('releases.linkRefresh', { body: { releaseId: recordId(runContext) } })
              const changes = result.added.length + result.updated.length + result.removed.length
              done(
                runEnv,
                changes
                  ? `Smartlink refreshed: ${changes} platform${changes === 1 ? '' : 's'} changed.`
                  : 'Smartlink refreshed: nothing changed.',
              )
            },
          },
          smartlinkCodePrompt('releases.smartlink.code', `Change the code “${smartlink.code}”…`, async (code, runContext, runEnv) => {
            const updated = await runEnv.call('releases.linkUpdate', { body: { releaseId: recordId(runContext), code } })
            done(runEnv, `The smartlink is now ${updated.url}.`)
          }),
        ]
      const create = async (code: string | undefined, runContext: CommandContext, runEnv: CommandEnv) => {
        const created = await runEnv.call('releases.linkCreate', { body: { releaseId: recordId(runContext), code } })
        done(runEnv, `Smartlink created: ${created.url}`)
      }
      const unavailable = platformLinks === 0 ? () => 'No platform links yet: the release is not delivered' : undefined
      return [
        {
          id: 'releases.smartlink.create',
          title: 'Create a smartlink with a generated code',
          group: 'Smartlink',
          keywords: ['create', 'new'],
          when: unavailable,
          run: (runContext: CommandContext, runEnv: CommandEnv) => create(undefined, runContext, runEnv),
        },
        {
          ...smartlinkCodePrompt('releases.smartlink.createWithCode', 'Create a smartlink with a code of your own…', create),
          when: unavailable,
        },
      ]
    },
  },
  {
    id: 'releases.assets',
    title: (context) => `Make promotional images of ${titleOf(context)}…`,
    group: 'Release',
    keywords: ['assets', 'images', 'post', 'story', 'canvas', 'instagram', 'spotify canvas', 'promo', 'generate'],
    access: 'admin',
    placeholder: 'Choose the image',
    when: on(release, (state) => (state.hasCover === false ? 'The release has no cover art' : true)),
    children: () =>
      ASSET_KINDS.map((kind) => ({
        id: `releases.assets.${kind}`,
        title: `${ASSET_SPECS[kind].label} (${ASSET_SPECS[kind].width} × ${ASSET_SPECS[kind].height})`,
        group: 'Image',
        keywords: [kind],
        run: async (runContext: CommandContext, env: CommandEnv) => {
          const releaseId = recordId(runContext)
          if (kind === 'post') await env.call('releases.assetsPost', { body: { releaseId } })
          else if (kind === 'story') await env.call('releases.assetsStory', { params: { id: releaseId } })
          else await env.call('releases.assetsCanvas', { body: { releaseId } })
          done(env, `${ASSET_SPECS[kind].label} image made.`)
        },
      })),
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

/** A takedown status: asks for the reason, recorded with who asked. */
function takedown(status: (typeof TAKEDOWN_STATUSES)[number], variant: string, label: string, phrase: (what: string) => string) {
  return defineAction({
    id: 'releases.status',
    variant,
    kinds: releaseKind,
    scope: 'both',
    label,
    tone: 'red',
    title: (target) => `${phrase(releasesNamed(target))}…`,
    group: 'Release',
    keywords: ['takedown', 'take down', 'remove from stores', 'status'],
    available: (state) => {
      if (state.status === status || (status === RELEASE_STATUS.takedownPending && state.status === RELEASE_STATUS.takendown)) return false
      const verdict = mayMove(state, status)
      // Taken down is the pending takedown's next step: only offered where it applies.
      return status === RELEASE_STATUS.takendown && verdict !== true ? false : verdict
    },
    ask: {
      kind: 'text',
      placeholder: TAKEDOWN_REASON_PLACEHOLDER,
      validate: (text) => (text.length > 1000 ? 'The reason is too long' : null),
      confirmTitle: (text, target) => `${statusLabel(status)}: take down ${releasesNamed(target)} because “${text}”`,
    },
    input: (item, reason: string) => ({ body: { ids: [item.id], status, reason } }),
    inputMany: (ids, reason) => ({ body: { ids: [...ids], status, reason } }),
    success: (result, target) => statusMoved(result, target, status),
    after: statusRefusals,
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

/** Status, takedown, review flags and Spotify discovery on releases; removal of a track. */
export const RELEASE_ACTIONS: readonly RecordAction[] = [
  defineAction({
    id: 'releases.status',
    variant: 'change',
    kinds: releaseKind,
    scope: 'both',
    label: 'Change status…',
    title: (target) => `Change status of ${releasesNamed(target)}…`,
    group: 'Release',
    keywords: ['status', 'live', 'review', 'accept', 'export', 'draft', 'documentation'],
    available: (state) =>
      !state.allowedStatuses || state.allowedStatuses.some((choice) => !choice.needsReason)
        ? true
        : `No status change is allowed from ${state.statusLabel ?? 'here'}`,
    ask: {
      kind: 'choose',
      placeholder: 'Choose the new status',
      // One release: the moves its page says are allowed. A selection: every status (each moves if it may).
      // Takedowns ask for a reason: they are their own actions.
      choices: (target) => {
        const allowed = target.from === 'record' ? target.items[0]?.state?.allowedStatuses : undefined
        const statuses = allowed
          ? allowed.filter((choice) => !choice.needsReason).map((choice) => choice.status)
          : RELEASE_STATUSES.filter((status) => !requiresReason(status))
        return statuses.map((status) => ({ value: status, title: statusLabel(status) }))
      },
    },
    input: (item, status: number) => ({ body: { ids: [item.id], status } }),
    inputMany: (ids, status) => ({ body: { ids: [...ids], status } }),
    success: statusMoved,
    after: statusRefusals,
  }),
  takedown(RELEASE_STATUS.takedownPending, 'takedown', 'Take down…', (what) => `Take down ${what}`),
  takedown(RELEASE_STATUS.takendown, 'takendown', 'Mark taken down…', (what) => `Mark ${what} as taken down`),
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
]
