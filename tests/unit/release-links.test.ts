import { describe, expect, it } from 'vitest'
import { CommandRegistry } from '../../commands/registry'
import { ASSET_ACTIONS, RELEASE_LINK_COMMANDS } from '../../commands/releases'
import type { Command, CommandContext } from '../../commands/types'
import { fakeCommandEnv } from '../helpers/command-env'
import { typeForTracks } from '../../src/core/release-type'
import { normalizeShortLinkHost, shortLinkBase } from '../../src/core/short-links'
import { ENDPOINTS } from '../../src/contract/index'
import { releaseLinksEndpoints } from '../../src/contract/release-links'

const minutes = (value: number) => value * 60

describe('the stores’ type rule', () => {
  it.each([
    [[200], 'Single'],
    [[200, 210, 590], 'Single'],
    [[200, 600], 'EP'],
    [[minutes(11)], 'EP'],
    [[200, 200, 200, 200], 'EP'],
    [[290, 290, 290, 290, 290, 290], 'EP'],
    [[300, 300, 300, 300, 300, 300], 'Album'],
    [[100, 100, 100, 100, 100, 100, 100], 'Album'],
    [[minutes(16), minutes(14)], 'Album'],
    [[minutes(31)], 'Album'],
  ])('%j seconds make a %s', (durations, type) => {
    const verdict = typeForTracks(durations)
    expect(verdict.ok && verdict.type).toBe(type)
  })

  it('says why it cannot decide', () => {
    expect(typeForTracks([])).toEqual({ ok: false, reason: 'The release has no tracks, so its type cannot be worked out.' })
    expect(typeForTracks([200, null])).toMatchObject({ ok: false, reason: expect.stringMatching(/Track 2 has no duration/) })
  })
})

describe('the short-link host setting', () => {
  it('takes a host name or an https address, normalized', () => {
    expect(normalizeShortLinkHost(' Go.Example.COM ')).toEqual({ ok: true, value: 'go.example.com' })
    expect(normalizeShortLinkHost('localhost:3000')).toEqual({ ok: true, value: 'localhost:3000' })
    expect(normalizeShortLinkHost('https://Go.example.com')).toEqual({ ok: true, value: 'go.example.com' })
    expect(normalizeShortLinkHost('https://example.com/go')).toEqual({ ok: true, value: 'https://example.com/go/' })
    for (const bad of [
      'http://go.example.com',
      'ftp://x.example.com',
      'go',
      'go example.com',
      'https://example.com/?a=1',
      '-x.example.com',
    ])
      expect(normalizeShortLinkHost(bad).ok, bad).toBe(false)
  })

  it('makes the prefix of every link, the workspace’s own address by default', () => {
    expect(shortLinkBase(null, 'http://localhost:3000')).toBe('http://localhost:3000/l/')
    expect(shortLinkBase('go.example.com', 'http://x')).toBe('https://go.example.com/l/')
    expect(shortLinkBase('https://example.com/go/', 'http://x')).toBe('https://example.com/go/')
  })

  it('names the endpoints the spec lists, as admin calls', () => {
    for (const id of Object.keys(releaseLinksEndpoints)) expect(ENDPOINTS[id as keyof typeof ENDPOINTS].access).toBe('admin')
  })
})

const base: CommandContext = { account: { id: 1, type: 'admin', isOperator: false }, route: null, record: null, list: null, paneCount: 1 }
const onRelease = (state: Record<string, unknown> = {}): CommandContext => ({
  ...base,
  record: { kind: 'release', id: '7', title: 'Night Drive', state: { title: 'Night Drive', type: 'Single', hasCover: true, ...state } },
})

const env = fakeCommandEnv

const registry = new CommandRegistry()
registry.register(RELEASE_LINK_COMMANDS)
const titles = (context: CommandContext) =>
  registry.available(context).map((entry) => (entry.disabledReason ? `${entry.title} [${entry.disabledReason}]` : entry.title))
const titleOf = (command: Command, context: CommandContext) => (typeof command.title === 'string' ? command.title : command.title(context))
const signal = () => new AbortController().signal

describe('smartlink, image, convert and lyrics commands', () => {
  it('apply to the release in the focused tab, for staff', () => {
    expect(titles(base)).toEqual([])
    expect(titles(onRelease())).toEqual([
      'Smartlink of Night Drive…',
      'Convert Night Drive to the type its tracks make it',
      'Export the lyrics of Night Drive (CSV)',
    ])
    expect(titles(onRelease({ type: 'Compilation' }))).toEqual(
      expect.arrayContaining(['Convert Night Drive to the type its tracks make it [A compilation keeps its type]']),
    )
  })

  it('create a smartlink when there is none, with a generated or a typed code', async () => {
    const context = onRelease()
    const fake = env({
      'releases.smartlink': { smartlink: null, platformLinks: 4 },
      'releases.linkCreate': { url: 'https://go.test/l/night-drive' },
    })
    const children = await registry.get('releases.smartlink')!.children!(context, fake)
    expect(children.map((child) => titleOf(child, context))).toEqual([
      'Create a smartlink with a generated code',
      'Create a smartlink with a code of your own…',
    ])
    await children[0].run!(context, fake)
    expect(fake.call).toHaveBeenCalledWith('releases.linkCreate', { body: { releaseId: 7, code: undefined } })
    expect(fake.notify).toHaveBeenCalledWith('Smartlink created: https://go.test/l/night-drive', 'success')
    expect(await children[1].search!('no', context, fake, signal())).toMatchObject([{ title: expect.stringMatching(/3 to 40/) }])
    const [confirm] = await children[1].search!('Night-Drive', context, fake, signal())
    await confirm.run!(context, fake)
    expect(fake.call).toHaveBeenCalledWith('releases.linkCreate', { body: { releaseId: 7, code: 'night-drive' } })

    const undelivered = env({ 'releases.smartlink': { smartlink: null, platformLinks: 0 } })
    const offered = registry.available(context, await registry.get('releases.smartlink')!.children!(context, undelivered))
    expect(offered.map((entry) => entry.disabledReason)).toEqual([
      'No platform links yet: the release is not delivered',
      'No platform links yet: the release is not delivered',
    ])
  })

  it('refresh, recode, retitle an existing smartlink, and hide, show or move its platforms', async () => {
    const context = onRelease()
    const smartlink = {
      url: 'https://go.test/l/abc1234',
      code: 'abc1234',
      title: 'Night Drive — Nina Vale',
      entries: [
        { platform: 'spotify', label: 'Spotify', hidden: false },
        { platform: 'apple', label: 'Apple Music', hidden: true },
        { platform: 'deezer', label: 'Deezer', hidden: false },
      ],
    }
    const fake = env({
      'releases.smartlink': { smartlink, platformLinks: 4 },
      'releases.linkRefresh': { added: ['deezer'], updated: [], removed: [] },
      'releases.linkUpdate': { url: 'https://go.test/l/new-code', title: 'Night Drive' },
    })
    const children = await registry.get('releases.smartlink')!.children!(context, fake)
    expect(children.map((child) => titleOf(child, context))).toEqual([
      'Refresh https://go.test/l/abc1234 from the platform links',
      'Change the code “abc1234”…',
      'Change the smartlink title “Night Drive — Nina Vale”…',
      'Hide a platform on the smartlink…',
      'Show a platform on the smartlink…',
      'Move a platform up on the smartlink…',
      'Move a platform down on the smartlink…',
    ])
    await children[0].run!(context, fake)
    expect(fake.call).toHaveBeenCalledWith('releases.linkRefresh', { body: { releaseId: 7 } })
    expect(fake.notify).toHaveBeenCalledWith('Smartlink refreshed: 1 platform changed.', 'success')
    const [confirm] = await children[1].search!('new-code', context, fake, signal())
    await confirm.run!(context, fake)
    expect(fake.call).toHaveBeenCalledWith('releases.linkUpdate', { body: { releaseId: 7, code: 'new-code' } })
    expect(fake.notify).toHaveBeenLastCalledWith('The smartlink is now https://go.test/l/new-code.', 'success')
    const [retitle] = await children[2].search!('Night Drive', context, fake, signal())
    await retitle.run!(context, fake)
    expect(fake.call).toHaveBeenLastCalledWith('releases.linkUpdate', { body: { releaseId: 7, title: 'Night Drive' } })
    // The platforms: each choice names one, and the call sends every platform in the new order.
    const hide = await children[3].children!(context, fake)
    expect(hide.map((choice) => titleOf(choice, context))).toEqual(['Hide Spotify', 'Hide Deezer'])
    await hide[1].run!(context, fake)
    expect(fake.call).toHaveBeenLastCalledWith('releases.linkUpdate', {
      body: {
        releaseId: 7,
        entries: [
          { platform: 'spotify', hidden: false },
          { platform: 'apple', hidden: true },
          { platform: 'deezer', hidden: true },
        ],
      },
    })
    expect(fake.notify).toHaveBeenLastCalledWith('Deezer hidden on the smartlink.', 'success')
    const up = await children[5].children!(context, fake)
    expect(up.map((choice) => titleOf(choice, context))).toEqual(['Move Apple Music up', 'Move Deezer up'])
    await up[1].run!(context, fake)
    expect(fake.call.mock.lastCall?.[1]).toMatchObject({ body: { entries: [{ platform: 'spotify' }, { platform: 'deezer' }, { platform: 'apple' }] } })
    expect(fake.notify).toHaveBeenLastCalledWith('Deezer moved up.', 'success')
  })

  it('make each image kind, convert, and download the lyrics', async () => {
    const context = onRelease()
    const fake = env({ 'releases.convert': { before: 'Single', after: 'EP', because: '4 tracks, 13 min in total (under 30 minutes)' } })
    const kinds = Object.values(ASSET_ACTIONS).map((action) => action.commands[0])
    expect(kinds.map((kind) => titleOf(kind, context))).toEqual([
      'Make the post image of Night Drive (1080 × 1080)',
      'Make the story image of Night Drive (1080 × 1920)',
      'Make the canvas image of Night Drive (1080 × 1920)',
    ])
    expect(kinds.map((kind) => kind.when!(onRelease({ hasCover: false })))).toEqual(Array(3).fill('The release has no cover art'))
    for (const kind of kinds) await kind.run!(context, fake)
    expect(fake.call.mock.calls.map(([id, input]) => [id, input])).toEqual([
      ['releases.assetsPost', { body: { releaseId: 7 } }],
      ['releases.assetsStory', { params: { id: 7 } }],
      ['releases.assetsCanvas', { body: { releaseId: 7 } }],
    ])
    await registry.get('releases.convert')!.run!(context, fake)
    expect(fake.notify).toHaveBeenLastCalledWith('Converted from Single to EP: 4 tracks, 13 min in total (under 30 minutes).', 'success')
    await registry.get('releases.exportLyrics')!.run!(context, fake)
    expect(fake.download).toHaveBeenCalledWith('releases.lyricsExport', { body: { ids: [7] } })
  })
})
