import { accountState } from '../helpers/records'
import { fakeCommandEnv } from '../helpers/command-env'
import { describe, expect, it } from 'vitest'
import { CommandRegistry } from '../../commands/registry'
import { EDIT_REQUEST_ACTIONS, RELEASE_ACTIONS, RELEASE_COMMANDS, type ReleaseRecordState } from '../../commands/releases'
import type { Command, CommandContext, CommandEnv } from '../../commands/types'
import { allowedStatuses, statusLabel, requiresReason } from '../../src/core/release-status'
import { queuePlace } from '../../src/client/ui/review-queue'
import { formatMinSec } from '../../src/domains/catalogue/ui/min-sec'

const base: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }

function releaseState(status: number, extra: Partial<ReleaseRecordState> = {}): ReleaseRecordState {
  return {
    title: 'Night Drive',
    artist: 'Nina Vale',
    status,
    statusLabel: statusLabel(status),
    allowedStatuses: allowedStatuses(status).map((to) => ({ status: to, label: statusLabel(to), needsReason: requiresReason(to) })),
    adminReview: false,
    priorityReview: false,
    delivery: [
      { platform: 'beatport', label: 'Beatport', delivered: false, completed: false },
      { platform: 'youtube', label: 'YouTube', delivered: true, completed: true },
    ],
    ownerId: 42,
    ownerName: 'Nina Vale',
    compareId: null,
    ...extra,
  }
}
const onRelease = (state: ReleaseRecordState): CommandContext => ({
  ...base,
  record: { kind: 'release', id: '7', title: state.title, state: state as Record<string, unknown> },
})

const env = fakeCommandEnv

const registry = new CommandRegistry()
registry.register(RELEASE_COMMANDS)
registry.register(EDIT_REQUEST_ACTIONS.flatMap((action) => action.commands))
registry.register(RELEASE_ACTIONS.flatMap((action) => action.commands))
const titles = (context: CommandContext) =>
  registry.available(context).map((entry) => (entry.disabledReason ? `${entry.title} [${entry.disabledReason}]` : entry.title))
const signal = () => new AbortController().signal

async function childrenOf(command: Command, context: CommandContext, fake: CommandEnv) {
  return registry.available(context, await command.children!(context, fake)).map((entry) => entry.command)
}

describe('release commands: when they apply', () => {
  it('show nothing away from a release, track or edit request, and nothing to non-staff', () => {
    expect(titles(base)).toEqual([])
    const artist: CommandContext = { ...onRelease(releaseState(1)), account: { id: 2, type: 'artist', isOperator: false } }
    expect(titles(artist)).toEqual([])
    const account: CommandContext = { ...base, record: { kind: 'account', id: '7', state: accountState() } }
    expect(titles(account)).toEqual([])
  })

  it('on a live release offer status, takedown, review flags, delivery, owner and compare', () => {
    expect(titles(onRelease(releaseState(1)))).toEqual([
      'Open the owner, Nina Vale',
      'Compare Night Drive with…',
      'Change status of Night Drive…',
      'Take down Night Drive…',
      'Mark Night Drive as taken down…',
      'Flag for admin review: Night Drive',
      'Mark priority review: Night Drive',
      'Add Night Drive to Spotify discovery',
      'Mark Night Drive delivered to a platform…',
      'Add a note to Night Drive…',
      'Make the post image of Night Drive (1080 × 1080)',
      'Make the story image of Night Drive (1080 × 1920)',
      'Make the canvas image of Night Drive (1080 × 1920)',
      'Request audio scans of every track of Night Drive',
    ])
  })

  it('flip the review toggles with the state, and offer closing a comparison only while comparing', () => {
    const flagged = titles(onRelease(releaseState(1, { adminReview: true, priorityReview: true, compareId: 9 })))
    expect(flagged).toEqual(
      expect.arrayContaining(['Clear admin review: Night Drive', 'Clear priority review: Night Drive', 'Close the comparison']),
    )
    expect(flagged).not.toContain('Flag for admin review: Night Drive')
    expect(flagged).not.toContain('Mark priority review: Night Drive')
  })

  it('explain why a draft cannot be taken down, and hide takedown once it is pending', () => {
    expect(titles(onRelease(releaseState(0)))).toContain(
      'Take down Night Drive… [Only a live or edited release can be put up for takedown.]',
    )
    expect(titles(onRelease(releaseState(8))).some((title) => title.startsWith('Take down'))).toBe(false)
  })

  it('disable the status change when the table allows no move', () => {
    const stuck = onRelease({ ...releaseState(1), allowedStatuses: [] })
    expect(titles(stuck)).toContain('Change status of Night Drive… [No status change is allowed from Live / Delivered]')
  })

  it('on a track offer its release, compare and removal; on an open edit request approve and reject', () => {
    const onTrack: CommandContext = {
      ...base,
      record: { kind: 'track', id: '3', state: { title: 'Intro', releaseId: 7, releaseTitle: 'Night Drive' } },
    }
    expect(titles(onTrack)).toEqual([
      'Open the release, Night Drive',
      'Compare Intro with another track of the release…',
      'Replace audio of Intro…',
      'Remove the track Intro…',
      'Request audio scans of Intro',
      'Refresh the audio scans of Intro',
    ])
    const request = (status: 'pending' | 'approved' | 'rejected'): CommandContext => ({
      ...base,
      record: { kind: 'editRequest', id: '5', state: { status, releaseId: 7, releaseTitle: 'Night Drive', nextOpenId: 4 } },
    })
    expect(titles(request('pending'))).toEqual([
      'Open the release, Night Drive',
      'Compare the edit request with Night Drive side by side',
      'Approve the edit request of Night Drive',
      'Reject the edit request of Night Drive…',
    ])
    const opened = env({})
    void registry.get('editRequests.compare')!.run!(request('pending'), opened)
    expect(opened.open).toHaveBeenCalledWith('/releases/single/7?request=5', 'right')
    expect(titles(request('approved'))).toEqual(
      expect.arrayContaining(['Approve the edit request of Night Drive [This request is already approved]']),
    )
  })
})

describe('release commands: what they do', () => {
  it('replace audio offers each kind of file, saying upload or replace, and opens its chooser on the track tab', async () => {
    const onTrack: CommandContext = {
      ...base,
      record: { kind: 'track', id: '3', state: { title: 'Intro', releaseId: 7, files: { audio: true, instrument: false } } },
    }
    const command = RELEASE_COMMANDS.find((candidate) => candidate.id === 'tracks.replaceAudio')!
    const children = await command.children!(onTrack, env())
    expect(children.map((child) => child.title)).toEqual(['Replace audio…', 'Upload instrumental version…', 'Upload Dolby Atmos version…'])
    const fake = env()
    await children[2].run!(onTrack, fake)
    expect(fake.open).toHaveBeenCalledWith('/releases/track/3?upload=dolby')
  })

  it('change status offers exactly the allowed statuses but takedowns (their own actions, asking why); a plain one is sent at once', async () => {
    const context = onRelease(releaseState(2))
    const fake = env({ 'releases.status': { updated: [{ id: 7, status: 3, displayStatus: 3 }], refused: [] } })
    const choices = await childrenOf(registry.get('releases.status:change')!, context, fake)
    expect(choices.map((choice) => (typeof choice.title === 'string' ? choice.title : choice.title(context)))).toEqual(
      allowedStatuses(2)
        .filter((status) => !requiresReason(status))
        .map((status) => statusLabel(status)),
    )
    const accept = choices.find((choice) => choice.id === 'releases.status:change.3')!
    await accept.run!(context, fake)
    expect(fake.call).toHaveBeenCalledWith('releases.status', { body: { ids: [7], status: 3 } })
    expect(fake.refresh).toHaveBeenCalled()
    expect(fake.notify).toHaveBeenCalledWith('Status changed to Accepted.', 'success')
  })

  it('a takedown asks for the reason on its own page and sends it', async () => {
    const context = onRelease(releaseState(1))
    const fake = env({ 'releases.status': { updated: [{ id: 7, status: 8, displayStatus: 8 }], refused: [] } })
    const takedown = registry.get('releases.status:takedown')!
    expect(takedown.run).toBeUndefined()
    expect(await takedown.search!('', context, fake, signal())).toEqual([])
    const [confirm] = await takedown.search!('Rights claim', context, fake, signal())
    expect(confirm.title).toBe('Takedown pending: take down Night Drive because “Rights claim”')
    await confirm.run!(context, fake)
    expect(fake.call).toHaveBeenCalledWith('releases.status', { body: { ids: [7], status: 8, reason: 'Rights claim' } })
    expect(fake.notify).toHaveBeenCalledWith('Status changed to Takedown pending.', 'success')
  })

  it('a refused transition is said with the table’s reason, not as a success', async () => {
    const context = onRelease(releaseState(2))
    const fake = env({ 'releases.status': { updated: [], refused: [{ id: 7, reason: 'Only an accepted release can be exported.' }] } })
    const choices = await childrenOf(registry.get('releases.status:change')!, context, fake)
    await choices[0].run!(context, fake)
    expect(fake.notify).toHaveBeenCalledWith('Only an accepted release can be exported.', 'error')
    expect(fake.notify).not.toHaveBeenCalledWith(expect.anything(), 'success')
  })

  it('the review flags change one release, or a selection in one call', async () => {
    const fake = env()
    await registry.get('releases.changeReview:on')!.run!(onRelease(releaseState(1)), fake)
    expect(fake.call).toHaveBeenCalledWith('releases.changeReview', { body: { ids: [7], adminReview: true } })
    expect(fake.notify).toHaveBeenCalledWith('Flagged Night Drive for admin review.', 'success')
    const selection: CommandContext = {
      ...base,
      list: {
        listId: 'releases',
        title: 'Releases',
        selectedCount: 2,
        selection: {
          kind: 'release',
          from: 'selection',
          items: [
            { id: 7, state: { title: 'Night Drive', status: 1, priorityReview: false } },
            { id: 9, state: { title: 'Day Drive', status: 1, priorityReview: true } },
          ],
        },
        bulkActions: [],
      },
    }
    await registry.get('releases.changePriorityReview:on.selection')!.run!(selection, fake)
    expect(fake.call).toHaveBeenLastCalledWith('releases.changePriorityReview', { body: { ids: [7, 9], priorityReview: true } })
    expect(fake.notify).toHaveBeenLastCalledWith('Marked 2 selected releases for priority review.', 'success')
  })

  it('removing a track asks first, then shows its release', async () => {
    const onTrack: CommandContext = {
      ...base,
      record: { kind: 'track', id: '3', state: { title: 'Intro', releaseId: 7, releaseTitle: 'Night Drive' } },
    }
    const fake = env()
    const [yes, no] = await registry.get('releases.trackRemove')!.children!(onTrack, fake)
    expect(yes.title).toBe('Yes: Remove Intro from Night Drive? The tracks after it move up; this cannot be undone.')
    expect(no.title).toBe('No, cancel')
    await yes.run!(onTrack, fake)
    expect(fake.call).toHaveBeenCalledWith('releases.trackRemove', { body: { trackId: 3 } })
    expect(fake.notify).toHaveBeenCalledWith('Track removed.', 'success')
    expect(fake.open).toHaveBeenCalledWith('/releases/single/7?section=tracks')
  })

  it('delivery toggles one platform; compare opens the other release to the right with ?compare', async () => {
    const context = onRelease(releaseState(1))
    const fake = env({
      'releases.list': {
        data: [
          { id: 7, title: 'Night Drive', artist: 'Nina Vale', upc: null },
          { id: 9, title: 'Day Drive', artist: 'Nina Vale', upc: '036000291452' },
        ],
      },
    })
    const platforms = await childrenOf(registry.get('releases.updateDeliveryStatus')!, context, fake)
    expect(platforms.map((choice) => choice.title)).toEqual(['Mark delivered to Beatport', 'Undo delivery to YouTube (delivered)'])
    await platforms[0].run!(context, fake)
    expect(fake.call).toHaveBeenCalledWith('releases.updateDeliveryStatus', { body: { releaseId: 7, platform: 'beatport' } })
    expect(fake.notify).toHaveBeenLastCalledWith('Beatport: delivered.', 'success')
    await platforms[1].run!(context, fake)
    expect(fake.notify).toHaveBeenLastCalledWith('YouTube: delivery undone.', 'success')

    const found = await registry.get('releases.compare')!.search!('drive', context, fake, signal())
    expect(fake.call).toHaveBeenCalledWith('releases.list', { query: { search: 'drive', per_page: 25 } })
    expect(found.map((choice) => choice.title)).toEqual(['Day Drive — Nina Vale · UPC 036000291452'])
    await found[0].run!(context, fake)
    expect(fake.open).toHaveBeenCalledWith('/releases/single/9?compare=7', 'right')
  })

  it('notes: add one from the typed text, remove one chosen from the release’s notes; the release time is removed only when set', async () => {
    const context = onRelease(releaseState(1, { notes: [{ id: 31, content: 'Label asked to hold the date' }], releaseTime: '09:00' }))
    const fake = env()
    const add = registry.get('releases.notesCreate')!
    expect(await add.search!('   ', context, fake, signal())).toEqual([])
    const [confirm] = await add.search!('Check the artwork', context, fake, signal())
    expect(confirm.title).toBe('Add the note “Check the artwork”')
    await confirm.run!(context, fake)
    expect(fake.call).toHaveBeenLastCalledWith('releases.notesCreate', { body: { releaseId: 7, content: 'Check the artwork' } })
    expect(fake.notify).toHaveBeenLastCalledWith('Note added.', 'success')
    const notes = await childrenOf(registry.get('releases.notesRemove')!, context, fake)
    expect(notes.map((choice) => choice.title)).toEqual(['Label asked to hold the date'])
    await notes[0].run!(context, fake)
    expect(fake.call).toHaveBeenLastCalledWith('releases.notesRemove', { body: { releaseId: 7, noteId: 31 } })
    await registry.get('releases.removeReleaseTime')!.run!(context, fake)
    expect(fake.call).toHaveBeenLastCalledWith('releases.removeReleaseTime', { params: { id: 7 } })
    expect(fake.notify).toHaveBeenLastCalledWith('Release time removed.', 'success')
    const plain = titles(onRelease(releaseState(1, { notes: [], releaseTime: null })))
    expect(plain.filter((title) => /note of|release time/.test(title))).toEqual([])
  })

  it('approving an edit request moves on to the next open one', async () => {
    const context: CommandContext = {
      ...base,
      record: { kind: 'editRequest', id: '5', state: { status: 'pending', releaseId: 7, releaseTitle: 'Night Drive', nextOpenId: 4 } },
    }
    const fake = env()
    await registry.get('releases.editRequestStatus:approved')!.run!(context, fake)
    expect(fake.call).toHaveBeenCalledWith('releases.editRequestStatus', { body: { id: 5, status: 'approved' } })
    expect(fake.open).toHaveBeenCalledWith('/release/edit-requests/view/4')
  })
})

describe('review queue and times', () => {
  it('steps through open requests, and moves on after a decision', () => {
    const queue = [30, 20, 10]
    expect(queuePlace(queue, 20)).toEqual({ position: 2, previous: 30, next: 10, nextOpen: 10 })
    expect(queuePlace(queue, 10)).toEqual({ position: 3, previous: 20, next: null, nextOpen: 20 })
    // A decided request keeps its place by id.
    expect(queuePlace(queue, 25)).toEqual({ position: null, previous: 30, next: 20, nextOpen: 20 })
    expect(queuePlace(queue, 5)).toEqual({ position: null, previous: 10, next: null, nextOpen: 10 })
    expect(queuePlace([], 5)).toEqual({ position: null, previous: null, next: null, nextOpen: null })
  })

  it('shows durations as minutes:seconds', () => {
    expect(formatMinSec(65)).toBe('1:05')
    expect(formatMinSec(5)).toBe('0:05')
    expect(formatMinSec(null)).toBe('')
  })
})
