import { describe, expect, it } from 'vitest'
import { FEATURE_CONTROL_COMMANDS, FEATURE_REQUEST_ACTIONS, leadDaysOf, ratePeriodOf, withRatePeriod } from '../../commands/feature-controls'
import { US_STATUTORY_RATES } from '../../src/core/mechanical-rates'
import { fakeCommandEnv } from '../helpers/command-env'
import type { CommandContext } from '../../commands/types'

const command = (id: string) => FEATURE_CONTROL_COMMANDS.find((entry) => entry.id === id)!
const context = {} as CommandContext

describe('feature-control commands', () => {
  it('"Review next pending feature request" opens the oldest pending request of any kind, or says there is none', async () => {
    const env = fakeCommandEnv({
      'featureRequests.queue': { data: [{ id: 7, kind: 'blocklist', path: '/blocklist/7', title: 'A' }, { id: 3, kind: 'greenlist', path: '/whitelisting/3', title: 'B' }] },
    })
    await command('featureRequests.reviewNext').run!(context, env)
    expect(env.open).toHaveBeenCalledWith('/blocklist/7')
    const empty = fakeCommandEnv({ 'featureRequests.queue': { data: [] } })
    await command('featureRequests.reviewNext').run!(context, empty)
    expect(empty.notify).toHaveBeenCalledWith('No pending feature requests.', 'info')
    expect(empty.open).not.toHaveBeenCalled()
  })

  it('"Export approved chart registrations" downloads the provider file', async () => {
    const env = fakeCommandEnv()
    await command('chartRegistration.export').run!(context, env)
    expect(env.download).toHaveBeenCalledWith('chartRegistration.export', { query: {} })
  })

  it('offers each kind its manual moves only: no action sets a blocklist entry to ended', () => {
    const keys = FEATURE_REQUEST_ACTIONS.map((action) => action.key)
    expect(keys).toEqual(
      expect.arrayContaining([
        'blocklist.changeStatus:approved',
        'blocklist.changeStatus:lifted',
        'youtubeMcn.changeStatus:removed',
        'chartRegistration.changeStatus:revoked',
      ]),
    )
    expect(keys).not.toContain('blocklist.changeStatus:ended')
  })

  it('"Change status…" offers every move the selected requests allow, a refusal once its reason is typed', async () => {
    const action = FEATURE_REQUEST_ACTIONS.find((entry) => entry.key === 'blocklist.changeStatus:choose')!
    expect(action.label).toBe('Change status…')
    const target = (statuses: string[]) => ({
      kind: 'blocklist' as const,
      from: 'selection' as const,
      items: statuses.map((status, index) => ({ id: index + 1, title: '', state: { status, title: '', requesterName: '' } })),
    })
    const choices = async (statuses: string[], query = '') => {
      const found = await action.command(target(statuses)).search!(query, context, fakeCommandEnv(), new AbortController().signal)
      return found.map((child) => child.title as string)
    }
    expect(await choices(['pending'])).toEqual([expect.stringMatching(/^Approved: In force/)])
    expect(await choices(['pending'], 'Proof missing')).toEqual([expect.stringMatching(/^Approved: /), expect.stringMatching(/^Rejected because “Proof missing”: /)])
    expect(await choices(['approved'])).toEqual([])
    expect(await choices(['approved'], 'Campaign over')).toEqual([expect.stringMatching(/^Lifted because “Campaign over”: Ended early/)])
    expect(await choices(['rejected'])).toEqual([expect.stringMatching(/^Pending: /)])
    expect(await choices(['pending', 'rejected'], 'x')).toEqual([])

    // The chosen move is one call with its reason.
    const env = fakeCommandEnv({ 'blocklist.changeStatus': { changed: 2, message: '2 blocklist entry requests are now rejected.' } })
    const found = await action.command(target(['pending', 'pending'])).search!('Proof missing', context, env, new AbortController().signal)
    await found.find((child) => String(child.title).startsWith('Rejected'))!.run!(context, env)
    expect(env.call).toHaveBeenCalledWith('blocklist.changeStatus', { body: { ids: [1, 2], status: 'rejected', reason: 'Proof missing' } })
  })
})

describe('pitch lead time command', () => {
  it('reads the days typed in the palette and saves them', async () => {
    expect(leadDaysOf('14')).toBe(14)
    expect(leadDaysOf(' 3 days ')).toBe(3)
    expect(leadDaysOf('0')).toBe(0)
    expect(leadDaysOf('366')).toBeNull()
    expect(leadDaysOf('soon')).toBeNull()
    const setLead = command('pitch.updateSettings')
    const env = fakeCommandEnv({ 'pitch.updateSettings': { leadDays: 14 } })
    expect(await setLead.search!('nope', context, env, new AbortController().signal)).toEqual([])
    const [choice] = await setLead.search!('14', context, env, new AbortController().signal)
    expect(choice.title).toBe('Pitches at least 14 days before the release date')
    await choice.run!(context, env)
    expect(env.call).toHaveBeenCalledWith('pitch.updateSettings', { body: { leadDays: 14 } })
  })
})

describe('mechanical rate command', () => {
  it('reads a period typed in the palette and ends the format\'s open period the day before', async () => {
    expect(ratePeriodOf('physical 2024-01-01 0.124 0.0239')).toEqual({ format: 'physical', from: '2024-01-01', perCopy: '0.124', perMinute: '0.0239' })
    expect(ratePeriodOf('vinyl 2024-01-01 0.124 0.0239')).toBeNull()
    expect(ratePeriodOf('physical 2024-01-01 -1 0.02')).toBeNull()
    const open = [{ format: 'physical' as const, from: '2023-01-01', to: null, perCopy: '0.12', perMinute: '0.0231', source: 's' }]
    expect(withRatePeriod(open, { format: 'physical', from: '2024-01-01', perCopy: '0.124', perMinute: '0.0239' })).toEqual([
      { ...open[0], to: '2023-12-31' },
      { format: 'physical', from: '2024-01-01', to: null, perCopy: '0.124', perMinute: '0.0239', source: 'Set by staff' },
    ])
    const setRate = command('licensing.updateRates')
    const env = fakeCommandEnv({ 'licensing.rates': { data: US_STATUTORY_RATES }, 'licensing.updateRates': { data: [] } })
    const [choice] = await setRate.search!('download 2027-01-01 0.13 0.025', context, env, new AbortController().signal)
    expect(choice.title).toBe('Download from 2027-01-01: $0.13 a copy or $0.025 a minute')
    await choice.run!(context, env)
    expect(env.call).toHaveBeenCalledWith('licensing.updateRates', { body: { data: [...US_STATUTORY_RATES, { format: 'download', from: '2027-01-01', to: null, perCopy: '0.13', perMinute: '0.025', source: 'Set by staff' }] } })
    // An open period before a later one would overlap it: refused before any call.
    const clash = fakeCommandEnv({ 'licensing.rates': { data: US_STATUTORY_RATES } })
    const [inside] = await setRate.search!('physical 2020-01-01 0.2 0.03', context, clash, new AbortController().signal)
    await inside.run!(context, clash)
    expect(clash.notify).toHaveBeenCalledWith('Two physical periods overlap: from 2020-01-01 and from 2023-01-01', 'error')
    expect(clash.call).not.toHaveBeenCalledWith('licensing.updateRates', expect.anything())
  })
})

describe('requester commands', () => {
  it('offers artists and labels one "New request" command per kind, opening its dialog on the dashboard; staff never', async () => {
    const titles = ['Request greenlisting…', 'Request a blocklist period…', 'Request a cover licence…', 'Register for charts…', 'Pitch a release…', 'Join YouTube MCN…']
    const requests = FEATURE_CONTROL_COMMANDS.filter((entry) => entry.id.startsWith('featureRequests.new.'))
    expect(requests.map((entry) => entry.title)).toEqual(titles)
    const artist = { account: { id: 5, type: 'artist', isOperator: false } } as CommandContext
    const label = { account: { id: 6, type: 'label', isOperator: false } } as CommandContext
    const staff = { account: { id: 1, type: 'admin', isOperator: true } } as CommandContext
    for (const entry of requests) {
      expect(entry.when!(artist)).toBe(true)
      expect(entry.when!(label)).toBe(true)
      expect(entry.when!(staff)).toBe(false)
    }
    const env = fakeCommandEnv()
    await command('featureRequests.new.licensing').run!(artist, env)
    expect(env.open).toHaveBeenCalledWith('/dashboard?request=licensing')
  })
})
