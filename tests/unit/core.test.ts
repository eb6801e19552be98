import { describe, expect, it } from 'vitest'
import { displayName, initials } from '../../src/core/names'
import { countryName, COUNTRIES, isCountryCode } from '../../src/core/countries'
import { timeAgo } from '../../src/core/time'
import { loadConfig } from '../../src/server/config'

describe('names', () => {
  it('takes at most two initials from the first two words', () => {
    expect(initials('Nina Vale')).toBe('NV')
    expect(initials('the weeknd and friends')).toBe('TW')
    expect(initials('  björk ')).toBe('B')
    expect(initials('Waelchi - Torp Recordings')).toBe('WT')
    expect(initials('"Weird" Al')).toBe('WA')
    expect(initials('')).toBe('')
  })

  it('falls back: display name, artist or label name, first and last name, email', () => {
    const email = 'x@y.test'
    expect(displayName({ displayName: 'DJ Vale', artistName: 'Nina Vale', firstName: 'Nina', lastName: 'V', email })).toBe('DJ Vale')
    expect(displayName({ displayName: ' ', artistName: 'Nina Vale', firstName: 'Nina', email })).toBe('Nina Vale')
    expect(displayName({ labelName: 'Marsh Audio', firstName: 'Leo', email })).toBe('Marsh Audio')
    expect(displayName({ firstName: 'Leo', lastName: 'Marsh', email })).toBe('Leo Marsh')
    expect(displayName({ firstName: '', lastName: '', email })).toBe(email)
  })
})

describe('countries', () => {
  it('embeds the full list with names', () => {
    expect(COUNTRIES).toHaveLength(250)
    expect(countryName('de')).toBe('Germany')
    expect(countryName('ZZ')).toBeNull()
    expect(isCountryCode('us')).toBe(true)
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length)
  })
})

describe('dates', () => {
  it('shows relative time followed by ago', () => {
    const now = new Date('2026-11-21T12:00:00Z')
    expect(timeAgo('2026-11-21T11:55:00Z', now)).toBe('5 minutes ago')
    expect(timeAgo('2026-11-18T12:00:00Z', now)).toBe('3 days ago')
    expect(timeAgo('2026-11-21T11:59:50Z', now)).toBe('just now')
  })
})

describe('configuration', () => {
  it('has working defaults and demo tenant fallback', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ port: 3000, demo: true, defaultTenant: 'demo', pgliteMode: 'worker', cookieSecure: 'auto' })
    expect(config.dataDir.endsWith('/data')).toBe(true)
    expect(loadConfig({ DEMO: '0' }).defaultTenant).toBeUndefined()
  })

  it('refuses a bad setting with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid configuration: PORT/)
  })
})
