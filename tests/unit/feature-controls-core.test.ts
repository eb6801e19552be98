import { describe, expect, it } from 'vitest'
import { GREENLIST, REVIEW_KINDS, invalidPlatformEntries, reviewTransitionRefusal } from '../../src/core/feature-requests'

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
