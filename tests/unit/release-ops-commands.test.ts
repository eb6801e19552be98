import { describe, expect, it, vi } from 'vitest'
import { CommandRegistry } from '../../commands/registry'
import { RELEASE_ACTIONS, RELEASE_COMMANDS } from '../../commands/releases'
import type { Command, CommandContext, CommandEnv } from '../../commands/types'

const base: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const onRelease = (status: number): CommandContext => ({
  ...base,
  record: { kind: 'release', id: '7', state: { title: 'Night Drive', status } },
})
const onTrack: CommandContext = { ...base, record: { kind: 'track', id: '3', state: { title: 'Intro', releaseId: 7 } } }

function env(answers: Record<string, unknown>) {
  return {
    call: vi.fn(async (id: string) => answers[id]),
    notify: vi.fn(),
    refresh: vi.fn(),
    open: vi.fn(),
  } as unknown as CommandEnv & { call: ReturnType<typeof vi.fn>; notify: ReturnType<typeof vi.fn>; refresh: ReturnType<typeof vi.fn> }
}

const registry = new CommandRegistry()
registry.register(RELEASE_COMMANDS)
registry.register(RELEASE_ACTIONS.flatMap((action) => action.commands))
const command = (id: string): Command => registry.get(id)!
const reason = (context: CommandContext, id: string) =>
  registry.available(context).find((entry) => entry.command.id === id)?.disabledReason ?? null

describe('scan and discovery commands', () => {
  it('request and refresh the scans of the focused track', async () => {
    const fake = env({
      'releases.trackStat': { requested: [{ trackId: 3, title: 'Intro', scanStatus: 0 }], skipped: [] },
      'releases.refreshTrackStat': { scanStatus: 1 },
    })
    await command('releases.trackStat:track').run!(onTrack, fake)
    expect(fake.call).toHaveBeenCalledWith('releases.trackStat', { body: { trackId: 3 } })
    expect(fake.notify).toHaveBeenLastCalledWith('Scans of Intro requested.', 'success')
    await command('releases.refreshTrackStat').run!(onTrack, fake)
    expect(fake.call).toHaveBeenLastCalledWith('releases.refreshTrackStat', { body: { trackId: 3 } })
    expect(fake.notify).toHaveBeenLastCalledWith('Scans: completed.', 'success')
    expect(fake.refresh).toHaveBeenCalledTimes(2)
  })

  it('request the scans of every track of a release, saying which were skipped', async () => {
    const fake = env({
      'releases.trackStat': {
        requested: [{ trackId: 3, title: 'Intro', scanStatus: 0 }],
        skipped: [{ trackId: 4, title: 'Outro', reason: 'This track has no audio to scan. Upload its audio first.' }],
      },
    })
    await command('releases.trackStat:release').run!(onRelease(1), fake)
    expect(fake.call).toHaveBeenCalledWith('releases.trackStat', { body: { releaseId: 7 } })
    expect(fake.notify).toHaveBeenCalledWith(
      'Scans requested for 1 track. Skipped 1: This track has no audio to scan. Upload its audio first.',
      'info',
    )
  })

  it('a refused track scan is an error; refresh is offered while the scans process, request unless the tab says why not', async () => {
    const fake = env({ 'releases.trackStat': { requested: [{ trackId: 3, title: 'Intro', scanStatus: 2 }], skipped: [] } })
    await command('releases.trackStat:track').run!(onTrack, fake)
    expect(fake.notify).toHaveBeenCalledTimes(1)
    expect(fake.notify).toHaveBeenCalledWith('The provider refused the scans of Intro.', 'error')
    const onScans = (scanStatus: number | null, scanBlocked: string | null): CommandContext => ({
      ...base,
      record: { kind: 'track', id: '3', state: { title: 'Intro', scanStatus, scanBlocked } },
    })
    const offered = (context: CommandContext) => registry.available(context).map((entry) => entry.command.id)
    expect(offered(onScans(1, null))).not.toContain('releases.refreshTrackStat')
    expect(offered(onScans(0, null))).toContain('releases.refreshTrackStat')
    expect(reason(onScans(0, 'Still processing: refresh instead.'), 'releases.trackStat:track')).toBe('Still processing: refresh instead.')
  })

  it('submit a live release to Spotify discovery, and explain why a draft cannot be', async () => {
    expect(reason(onRelease(0), 'releases.addToSpotifyDiscovery')).toBe('Only live releases go to Spotify Discovery Mode')
    expect(reason(onRelease(7), 'releases.addToSpotifyDiscovery')).toBeNull()
    const fake = env({
      'releases.addToSpotifyDiscovery': {
        submitted: [{ id: 1, releaseId: 7, trackId: null, title: 'Night Drive' }],
        alreadySubmitted: [],
        refused: [],
      },
    })
    await command('releases.addToSpotifyDiscovery').run!(onRelease(1), fake)
    expect(fake.call).toHaveBeenCalledWith('releases.addToSpotifyDiscovery', { body: { releaseIds: [7] } })
    expect(fake.notify).toHaveBeenCalledWith('Submitted 1 to Spotify Discovery Mode.', 'success')
  })
})
