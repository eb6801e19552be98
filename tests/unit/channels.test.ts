import { describe, expect, it } from 'vitest'
import { channelKey, channelLabel } from '../../src/core/channels'
import { channelTotal } from '../../src/contract/earnings-imports'

describe('channel labels', () => {
  it('shows Merlin as Admin Rebate and an empty channel as Other Revenue (spec section 9)', () => {
    expect(channelLabel('Merlin')).toBe('Admin Rebate')
    expect(channelLabel('MERLIN')).toBe('Admin Rebate')
    expect(channelLabel('')).toBe('Other Revenue')
    expect(channelLabel('   ')).toBe('Other Revenue')
    expect(channelLabel(null)).toBe('Other Revenue')
  })

  it('maps the stores as AudioSalad and YouTube statements name them', () => {
    expect(channelLabel('iTunes')).toBe('Apple Music')
    expect(channelLabel('Apple Music')).toBe('Apple Music')
    expect(channelLabel('spotify')).toBe('Spotify')
    expect(channelLabel('YouTube Content ID')).toBe('YouTube Content ID')
    expect(channelLabel('youtube_content_id')).toBe('YouTube Content ID')
    expect(channelLabel('YouTube  Art-Track')).toBe('YouTube Art Track')
    expect(channelLabel('YouTube')).toBe('YouTube')
    expect(channelLabel('Amazon Unlimited')).toBe('Amazon Music Unlimited')
    expect(channelLabel('Tik Tok')).toBe('TikTok')
    expect(channelLabel('TIKTOK')).toBe('TikTok')
  })

  it('ignores case, spaces and separators', () => {
    expect(channelKey('  YouTube_Content-ID ')).toBe('youtube content id')
    expect(channelLabel(' aMaZoN   uNlImItEd ')).toBe('Amazon Music Unlimited')
  })

  it('title-cases a channel it does not know, keeping short acronyms', () => {
    expect(channelLabel('some new store')).toBe('Some New Store')
    expect(channelLabel('NEW STORE')).toBe('New Store')
    expect(channelLabel('BBC radio')).toBe('BBC Radio')
  })
})

describe('the import dry run shows channel labels', () => {
  it('adds the label to each by-channel total of a report, MERLIN as Admin Rebate', () => {
    expect(channelTotal.parse({ channel: 'MERLIN', rows: 2, net: '5.000000' })).toEqual({
      channel: 'MERLIN',
      label: 'Admin Rebate',
      rows: 2,
      net: '5.000000',
    })
    expect(channelTotal.parse({ channel: '', rows: 1, net: '1.000000' }).label).toBe('Other Revenue')
  })
})
