import { describe, expect, it } from 'vitest'
import { CommandRegistry } from '../../commands/registry'
import { ANALYTICS_COMMANDS, TRACK_HOLD_ACTIONS, TREND_IMPORT_ACTIONS, TREND_IMPORT_FLOW_PATH, platformViewPath } from '../../commands/analytics'
import type { Command, CommandContext } from '../../commands/types'
import { ANALYTICS_PLATFORMS } from '../../src/core/analytics-platforms'
import { fakeCommandEnv } from '../helpers/command-env'

const admin: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const onImport = (state: Record<string, unknown>): CommandContext => ({ ...admin, record: { kind: 'trendImport', id: '7', state } })
const registry = new CommandRegistry()
const ALL = [...ANALYTICS_COMMANDS, ...TREND_IMPORT_ACTIONS.flatMap((action) => action.commands)]
registry.register(ALL)
const command = (id: string): Command => ALL.find((entry) => entry.id === id)!
const shown = (context: CommandContext) =>
  Object.fromEntries(registry.available(context).map((entry) => [entry.command.id, entry.disabledReason ?? entry.title]))

describe('analytics commands', () => {
  it('"Go to <platform> analytics" for every platform of the spec, for admins only', () => {
    const titles = shown(admin)
    for (const platform of ANALYTICS_PLATFORMS) expect(titles[`analytics.go.${platform.slug}`]).toBe(`Go to ${platform.label} analytics`)
    expect(Object.keys(titles).filter((id) => id.startsWith('analytics.go.'))).toHaveLength(ANALYTICS_PLATFORMS.length)
    const env = fakeCommandEnv()
    command('analytics.go.spotify').run!(admin, env)
    expect(env.open).toHaveBeenCalledWith('/analytics/overview?platform=spotify')
    expect(platformViewPath('youtube-shorts')).toBe('/analytics/overview?platform=youtube-shorts')
    expect(shown({ ...admin, account: { id: 2, type: 'artist', isOperator: false } })).toEqual({})
  })

  it('"Analytics for this release" opens the focused release\'s analytics section, and only on a release', () => {
    const onRelease: CommandContext = { ...admin, record: { kind: 'release', id: '42' } }
    expect(shown(onRelease)['analytics.forRelease']).toBe('Analytics for this release')
    expect(shown(admin)['analytics.forRelease']).toBeUndefined()
    const env = fakeCommandEnv()
    command('analytics.forRelease').run!(onRelease, env)
    expect(env.open).toHaveBeenCalledWith('/releases/single/42?section=analytics')
  })

  it('"Analytics for this account" opens the overview filtered to the focused account, and only on an account', () => {
    const onAccount: CommandContext = { ...admin, record: { kind: 'account', id: '9' } }
    expect(shown(onAccount)['analytics.forAccount']).toBe('Analytics for this account')
    expect(shown(admin)['analytics.forAccount']).toBeUndefined()
    const env = fakeCommandEnv()
    command('analytics.forAccount').run!(onAccount, env)
    expect(env.open).toHaveBeenCalledWith('/analytics/overview?account=9')
  })

  it('offers Hold earnings on a track whose earnings are not held, Release on one that is', () => {
    const onTrack = (state: Record<string, unknown>): CommandContext => ({ ...admin, record: { kind: 'track', id: '5', title: 'Night Drive', state } })
    const holds = new CommandRegistry()
    holds.register(TRACK_HOLD_ACTIONS.flatMap((action) => action.commands))
    const offered = (context: CommandContext) =>
      holds.available(context).map((entry) => [entry.command.id.split(':')[0].replace(/\.(record|selection)$/, ''), entry.title])
    expect(offered(onTrack({ title: 'Night Drive', earningsHeld: false }))).toEqual([['analytics.holdTrack', 'Hold earnings of Night Drive…']])
    expect(offered(onTrack({ title: 'Night Drive', earningsHeld: true }))).toEqual([
      ['analytics.releaseHold', 'Release held earnings of Night Drive…'],
    ])
    // Until the track's hold is loaded, neither is offered.
    expect(offered(onTrack({ title: 'Night Drive' }))).toEqual([])
  })

  it('"Import trend report…" opens the imports section with the flow started', () => {
    const env = fakeCommandEnv()
    command('analytics.importTrends').run!(admin, env)
    expect(env.open).toHaveBeenCalledWith(TREND_IMPORT_FLOW_PATH)
    expect(TREND_IMPORT_FLOW_PATH).toBe('/analytics/overview?section=imports&import=new')
  })

  it('offers commit and cancel on a trend import in review, and says why cancel waits while it is read', async () => {
    expect(shown(onImport({ status: 'review' }))).toMatchObject({
      'analytics.importCommit': 'Commit trend import #7',
      'analytics.importCancel': 'Cancel trend import #7',
    })
    expect(shown(onImport({ status: 'committed' }))['analytics.importCommit']).toBeUndefined()
    expect(shown(onImport({ status: 'parsing' }))['analytics.importCancel']).toBe(
      'The file is still being read: cancel it when its dry run is ready.',
    )
    const env = fakeCommandEnv()
    await command('analytics.importCommit').run!(onImport({ status: 'review' }), env)
    expect(env.call).toHaveBeenLastCalledWith('analytics.importCommit', { params: { id: 7 } })
    expect(env.notify).toHaveBeenLastCalledWith('Trend report committed: its streams are in the analytics.', 'success')
    await command('analytics.importCancel').run!(onImport({ status: 'review' }), env)
    expect(env.call).toHaveBeenLastCalledWith('analytics.importCancel', { params: { id: 7 } })
    expect(env.refresh).toHaveBeenCalledTimes(2)
  })
})
