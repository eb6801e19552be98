import { describe, expect, it } from 'vitest'
import { CommandRegistry } from '../../commands/registry'
import { ANALYTICS_COMMANDS, TREND_IMPORT_ACTIONS, TREND_IMPORT_FLOW_PATH, platformViewPath } from '../../commands/analytics'
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
