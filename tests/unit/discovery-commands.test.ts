import { describe, expect, it } from 'vitest'
import { fakeCommandEnv } from '../helpers/command-env'
import { CommandRegistry } from '../../commands/registry'
import { DISCOVERY_ACTIONS, USAGE_ACTIONS, USAGE_COMMANDS, type DiscoveryRecordState, type UsageMatchRecordState } from '../../commands/discovery'
import { REVIEW_QUEUES } from '../../commands/review'
import type { CommandContext } from '../../commands/types'
import { discoveryTransitionRefusal, removalTransitionRefusal, toggleRefusal } from '../../src/core/discovery'

const base: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const on = (state: Partial<DiscoveryRecordState>): CommandContext => ({
  ...base,
  record: {
    kind: 'discoverySubmission',
    id: '12',
    title: 'Submission #12',
    state: { status: 'pending', enabled: true, removalStatus: null, title: 'Glow (Night Drive)', ...state },
  },
})
const signal = () => new AbortController().signal
const registry = new CommandRegistry()
registry.register(DISCOVERY_ACTIONS.flatMap((action) => action.commands))
const titles = (context: CommandContext) => registry.available(context).map((entry) => entry.title)

describe('Discovery Mode statuses', () => {
  it('move only along the defined transitions, a rejection with a reason', () => {
    expect(discoveryTransitionRefusal('pending', 'approved')).toBeNull()
    expect(discoveryTransitionRefusal('pending', 'rejected')).toBe('Give a reason: the artist is told why.')
    expect(discoveryTransitionRefusal('approved', 'removed')).toBe('A approved submission cannot change any more.')
    expect(discoveryTransitionRefusal('rejected', 'approved')).toBe('A rejected submission cannot become approved.')
    expect(removalTransitionRefusal('requested', 'approved')).toBeNull()
    expect(removalTransitionRefusal('approved', 'requested')).toBe('A removed removal request cannot change any more.')
    expect(toggleRefusal('pending', true, false)).toMatch(/Only an approved submission/)
  })
})

describe('Discovery Mode commands', () => {
  it('offer on a focused submission only what its status, toggle and removal allow', () => {
    expect(titles(on({ status: 'pending' }))).toEqual(['Approve submission #12 “Glow (Night Drive)”', 'Reject submission #12 “Glow (Night Drive)”…'])
    expect(titles(on({ status: 'approved' }))).toEqual([
      'Turn Discovery Mode off for submission #12 “Glow (Night Drive)”',
      'Request removal of submission #12 “Glow (Night Drive)” from Discovery Mode…',
    ])
    expect(titles(on({ status: 'approved', enabled: false, removalStatus: 'requested' }))).toEqual([
      'Turn Discovery Mode on for submission #12 “Glow (Night Drive)”',
      'Approve removal of submission #12 “Glow (Night Drive)”',
      'Refuse removal of submission #12 “Glow (Night Drive)”…',
    ])
    expect(titles(on({ status: 'rejected' }))).toEqual(['Reconsider submission #12 “Glow (Night Drive)”'])
    expect(titles(on({ status: 'removed', enabled: false, removalStatus: 'approved' }))).toEqual([])
  })

  it('approve calls change-status and moves on to the next pending one; reject and removal send the typed text', async () => {
    const env = fakeCommandEnv({ 'spotifyDiscovery.changeStatus': { message: 'Submission #12 is now approved.', changed: 1 } })
    const pending = on({ status: 'pending', nextPath: '/spotify-discovery/single/13' })
    await registry.get('spotifyDiscovery.changeStatus:approved')!.run!(pending, env)
    expect(env.call).toHaveBeenCalledWith('spotifyDiscovery.changeStatus', { body: { ids: [12], status: 'approved' } })
    expect(env.notify).toHaveBeenCalledWith('Submission #12 is now approved.', 'success')
    expect(env.open).toHaveBeenCalledWith('/spotify-discovery/single/13')
    const [reject] = await registry.get('spotifyDiscovery.changeStatus:rejected')!.search!('Too few streams', pending, env, signal())
    await reject.run!(pending, env)
    expect(env.call).toHaveBeenLastCalledWith('spotifyDiscovery.changeStatus', { body: { ids: [12], status: 'rejected', reason: 'Too few streams' } })
    const approved = on({ status: 'approved' })
    const [removal] = await registry.get('spotifyDiscovery.requestRemoval')!.search!('Rate too low', approved, env, signal())
    await removal.run!(approved, env)
    expect(env.call).toHaveBeenLastCalledWith('spotifyDiscovery.requestRemoval', { body: { ids: [12], note: 'Rate too low' } })
    await registry.get('spotifyDiscovery.toggle:off')!.run!(approved, env)
    expect(env.call).toHaveBeenLastCalledWith('spotifyDiscovery.toggle', { body: { ids: [12], enabled: false } })
  })

  it('the pending submissions are a review queue ("Review next")', async () => {
    const queue = REVIEW_QUEUES.find((entry) => entry.id === 'discoverySubmissions')!
    const env = fakeCommandEnv({ 'spotifyDiscovery.list': { data: [{ id: 5 }, { id: 4 }], meta: { last_page: 1 } } })
    expect(await queue.page(env, 1, 25)).toEqual({ ids: [5, 4], lastPage: 1 })
    expect(env.call).toHaveBeenCalledWith('spotifyDiscovery.list', { params: { page: 1 }, query: { status: 'pending', per_page: 25 } })
    expect(queue.path(4)).toBe('/spotify-discovery/single/4')
  })
})

describe('usage discovery commands', () => {
  const usage = new CommandRegistry()
  usage.register(USAGE_ACTIONS.flatMap((action) => action.commands))
  usage.register(USAGE_COMMANDS)
  const onMatch = (status: UsageMatchRecordState['status']): CommandContext => ({
    ...base,
    record: { kind: 'usageMatch', id: '7', title: 'Match #7', state: { status, title: 'Echo', platform: 'twitch', nextPath: '/usage-discovery/match/6' } },
  })
  const matchTitles = (context: CommandContext) => usage.available(context).map((entry) => entry.title).filter((title) => title.includes('match #7'))

  it('offer on a match only the moves its status allows; claim moves on to the next new match', async () => {
    expect(matchTitles(onMatch('new'))).toEqual(['Claim match #7 “Echo”', 'Monetise match #7 “Echo”', 'Take down match #7 “Echo”', 'Ignore match #7 “Echo”'])
    expect(matchTitles(onMatch('claimed'))).toEqual(['Monetise match #7 “Echo”', 'Take down match #7 “Echo”'])
    expect(matchTitles(onMatch('taken_down'))).toEqual([])
    const env = fakeCommandEnv({ 'pex.matchAction': { message: 'Match #7 is now claimed.', changed: 1 } })
    await usage.get('pex.matchAction:claim')!.run!(onMatch('new'), env)
    expect(env.call).toHaveBeenCalledWith('pex.matchAction', { body: { ids: [7], action: 'claim' } })
    expect(env.open).toHaveBeenCalledWith('/usage-discovery/match/6')
  })

  it('submit the focused live release or track for usage discovery, and look for matches now', async () => {
    const onRelease = (status: number): CommandContext => ({ ...base, record: { kind: 'release', id: '3', title: 'Night Drive', state: { title: 'Night Drive', status } } })
    const submit = usage.available(onRelease(1)).find((entry) => entry.command.id === 'pex.submitReleases')
    expect(submit?.title).toBe('Submit “Night Drive” for usage discovery')
    expect(usage.available(onRelease(0)).find((entry) => entry.command.id === 'pex.submitReleases')?.disabledReason).toBe('Only live releases go to usage discovery')
    const env = fakeCommandEnv({ 'pex.submitReleases': { message: '2 tracks submitted for usage discovery.', submitted: 2, alreadyInDiscovery: [], refused: [] }, 'pex.refresh': { message: 'Looking' } })
    await usage.get('pex.submitReleases')!.run!(onRelease(1), env)
    expect(env.call).toHaveBeenCalledWith('pex.submitReleases', { body: { releaseIds: [3] } })
    expect(env.notify).toHaveBeenCalledWith('2 tracks submitted for usage discovery.', 'success')
    await usage.get('pex.refresh')!.run!(base, env)
    expect(env.call).toHaveBeenLastCalledWith('pex.refresh', undefined)
  })
})
