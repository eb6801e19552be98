import { describe, expect, it } from 'vitest'
import {
  BLOCKLIST,
  PITCH,
  PITCH_DEFAULT_LEAD_DAYS,
  isPitchLink,
  pitchLeadRefusal,
  semicolonList,
  GREENLIST,
  REVIEW_KINDS,
  blocklistEndsAt,
  blocklistOverlaps,
  invalidPlatformEntries,
  isrcShown,
  manualStatuses,
  reviewTransitionRefusal,
  type BlocklistPeriod,
} from '../../src/core/feature-requests'
import { formatIsrc } from '../../src/core/identifiers'

describe('the review pattern', () => {
  it('every kind has a status graph over its own statuses, starting in a pending status', () => {
    for (const def of Object.values(REVIEW_KINDS)) {
      expect(def.statuses).toContain(def.initial)
      expect(def.pending).toContain(def.initial)
      for (const [from, targets] of Object.entries(def.transitions)) {
        expect(def.statuses).toContain(from)
        for (const to of targets as readonly string[]) expect(def.statuses).toContain(to)
      }
      for (const status of def.reasonRequired) expect(def.statuses).toContain(status)
    }
  })

  it('allows only the declared moves and asks a reason for a refusal', () => {
    expect(reviewTransitionRefusal(GREENLIST, 'pending', 'approved')).toBeNull()
    expect(reviewTransitionRefusal(GREENLIST, 'pending', 'rejected')).toBe('Give a reason: the requester is told why.')
    expect(reviewTransitionRefusal(GREENLIST, 'pending', 'rejected', '  ')).toBe('Give a reason: the requester is told why.')
    expect(reviewTransitionRefusal(GREENLIST, 'pending', 'rejected', 'No proof')).toBeNull()
    expect(reviewTransitionRefusal(GREENLIST, 'rejected', 'pending')).toBeNull()
    expect(reviewTransitionRefusal(GREENLIST, 'approved', 'pending')).toBe('A approved greenlist entry cannot become pending.')
    expect(reviewTransitionRefusal(GREENLIST, 'revoked', 'approved')).toBe('A revoked greenlist entry cannot change any more.')
    expect(reviewTransitionRefusal(GREENLIST, 'pending', 'archived')).toBe('Unknown greenlist entry status "archived".')
  })
})

describe('greenlist URLs per platform', () => {
  it.each([
    ['youtube', 'UCaBcDeFgHiJkLmNoPqRsTuV'],
    ['youtube', 'https://www.youtube.com/channel/UCaBcDeFgHiJkLmNoPqRsTuV'],
    ['youtube', 'https://m.youtube.com/@some.channel'],
    ['youtube', 'https://youtube.com/user/oldname'],
    ['soundcloud', 'https://soundcloud.com/artist-name/track-name'],
    ['facebook', 'https://www.facebook.com/my.page'],
    ['facebook', 'https://facebook.com/profile.php?id=100012345'],
    ['tiktok', 'https://www.tiktok.com/@dancer.one'],
    ['instagram', 'https://instagram.com/my.name/'],
  ] as const)('%s accepts %s', (platform, url) => {
    expect(invalidPlatformEntries(platform, url)).toEqual([])
  })

  it.each([
    ['youtube', 'https://vimeo.com/12345'],
    ['youtube', 'UCshort'],
    ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['soundcloud', 'https://soundcloud.evil.test/artist'],
    ['facebook', 'javascript:alert(1)'],
    ['tiktok', 'https://www.tiktok.com/dancer'],
    ['instagram', 'https://www.tiktok.com/@someone'],
  ] as const)('%s refuses %s', (platform, url) => {
    expect(invalidPlatformEntries(platform, url)).toEqual([url])
  })

  it('reads a comma-separated list and names only the wrong entries', () => {
    expect(invalidPlatformEntries('tiktok', ' https://tiktok.com/@a_b , https://x.test/@c ,, ')).toEqual(['https://x.test/@c'])
  })
})

describe('blocklist periods', () => {
  const period = (overrides: Partial<BlocklistPeriod> = {}): BlocklistPeriod => ({
    releaseId: 1,
    trackId: 10,
    platform: 'youtube',
    startDate: '2026-04-01',
    endDate: '2026-04-30',
    ...overrides,
  })

  it('clash only on the same platform and track (a whole release covers its tracks) sharing a day', () => {
    expect(blocklistOverlaps(period(), period({ startDate: '2026-04-30', endDate: '2026-05-31' }))).toBe(true)
    expect(blocklistOverlaps(period(), period({ startDate: '2026-05-01', endDate: '2026-05-31' }))).toBe(false)
    expect(blocklistOverlaps(period(), period({ startDate: '2026-03-01', endDate: '2026-03-31' }))).toBe(false)
    expect(blocklistOverlaps(period(), period({ trackId: null }))).toBe(true)
    expect(blocklistOverlaps(period({ trackId: null }), period({ trackId: 11 }))).toBe(true)
    expect(blocklistOverlaps(period(), period({ trackId: 11 }))).toBe(false)
    expect(blocklistOverlaps(period(), period({ platform: 'tiktok' }))).toBe(false)
    expect(blocklistOverlaps(period(), period({ releaseId: 2, trackId: null }))).toBe(false)
  })

  it('end after their end date (inclusive, UTC); only the server ends them', () => {
    expect(blocklistEndsAt('2026-04-30').toISOString()).toBe('2026-05-01T00:00:00.000Z')
    expect(manualStatuses(BLOCKLIST)).toEqual(['pending', 'approved', 'rejected', 'lifted'])
    expect(reviewTransitionRefusal(BLOCKLIST, 'approved', 'ended')).toBe('A blocklist entry becomes ended by itself.')
    expect(reviewTransitionRefusal(BLOCKLIST, 'approved', 'lifted')).toBe('Give a reason: the requester is told why.')
    expect(reviewTransitionRefusal(BLOCKLIST, 'ended', 'approved')).toBe('A ended blocklist entry cannot change any more.')
  })

  it('shows the ISRC as "Not Set" when neither the request nor its track has one', () => {
    expect(isrcShown(null, undefined)).toBe('Not Set')
    expect(isrcShown(null, 'USRC17607839')).toBe(formatIsrc('USRC17607839'))
    expect(isrcShown('GBAYE0000001', 'USRC17607839')).toBe(formatIsrc('GBAYE0000001'))
  })
})

describe('pitch portal rules', () => {
  it('takes each link only from its own platform', () => {
    expect(isPitchLink('spotify', 'https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF')).toBe(true)
    expect(isPitchLink('spotify', 'https://open.spotify.com/intl-de/track/0OdUWJ0sBjDrqHygGUXeCF?si=abc')).toBe(true)
    expect(isPitchLink('spotify', 'http://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF')).toBe(false)
    expect(isPitchLink('spotify', 'https://soundcloud.com/someone')).toBe(false)
    expect(isPitchLink('twitter', 'https://twitter.com/pitchers')).toBe(true)
    expect(isPitchLink('twitter', 'https://x.com/pitchers')).toBe(true)
    expect(isPitchLink('twitter', 'https://x.com/pitchers/status/1')).toBe(false)
    expect(isPitchLink('tiktok', 'https://www.tiktok.com/@pitchers')).toBe(true)
    expect(isPitchLink('instagram', 'javascript:alert(1)')).toBe(false)
    expect(isPitchLink('facebook', 'https://facebook.com/profile.php?id=123')).toBe(true)
  })

  it('splits marketing drivers on semicolons', () => {
    expect(semicolonList(' Radio; ;TikTok push ;')).toEqual(['Radio', 'TikTok push'])
  })

  it('pitches only a release not yet live, at least the lead time before its date', () => {
    expect(pitchLeadRefusal(null, '2026-01-01', 7)).toBe('The release has no release date yet: a pitch needs one')
    expect(pitchLeadRefusal('2026-01-01', '2026-01-01', 0)).toBe('The release is already live: only a release not yet out can be pitched')
    expect(pitchLeadRefusal('2026-01-08', '2026-01-01', 7)).toBeNull()
    expect(pitchLeadRefusal('2026-01-07', '2026-01-01', 7)).toBe('Pitch at least 7 days before the release date (2026-01-07)')
    expect(pitchLeadRefusal('2026-01-02', '2026-01-01', 1)).toBeNull()
    expect(pitchLeadRefusal('2026-01-02', '2026-01-01', 2)).toBe('Pitch at least 2 days before the release date (2026-01-02)')
    expect(PITCH_DEFAULT_LEAD_DAYS).toBe(7)
  })

  it('lets a pitch be withdrawn only once approved, with a reason', () => {
    expect(reviewTransitionRefusal(PITCH, 'pending', 'withdrawn', 'x')).toBe('A pending pitch cannot become withdrawn.')
    expect(reviewTransitionRefusal(PITCH, 'approved', 'withdrawn')).toBe('Give a reason: the requester is told why.')
    expect(reviewTransitionRefusal(PITCH, 'approved', 'withdrawn', 'Delayed')).toBeNull()
    expect(reviewTransitionRefusal(PITCH, 'withdrawn', 'pending')).toBe('A withdrawn pitch cannot change any more.')
  })
})
