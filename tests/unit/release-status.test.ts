import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import {
  RELEASE_STATUSES,
  RELEASE_STATUS_LABELS,
  TRANSITIONS,
  allowedStatuses,
  checkTransition,
  displayStatus,
  isLive,
  requiresReason,
  statusLabel,
} from '../../src/core/release-status'
import { checkIsrc, checkUpc, formatIsrc, gtinCheckDigit, isIsrc, isUpc } from '../../src/core/identifiers'

const NOW = new Date('2026-11-21T12:00:00Z')

describe('release status', () => {
  it('labels every code, 10 as scheduled', () => {
    expect(RELEASE_STATUS_LABELS[0]).toBe('Draft')
    expect(RELEASE_STATUS_LABELS[1]).toBe('Live / Delivered')
    expect(RELEASE_STATUS_LABELS[9]).toBe('Takendown')
    expect(statusLabel(10)).toBe('Scheduled')
    expect(statusLabel(42)).toBe('Unknown (42)')
  })

  it('shows a live or edited release with a future date as 10, scheduled, and nothing else', () => {
    expect(displayStatus(1, '2026-12-01', NOW)).toBe(10)
    expect(displayStatus(7, new Date('2026-11-22T00:00:00Z'), NOW)).toBe(10)
    expect(displayStatus(1, '2026-11-21', NOW)).toBe(1)
    expect(displayStatus(7, '2026-01-01', NOW)).toBe(7)
    expect(displayStatus(1, null, NOW)).toBe(1)
    for (const status of [0, 2, 3, 4, 5, 6, 8, 9]) expect(displayStatus(status, '2030-01-01', NOW)).toBe(status)
    expect(isLive('2026-11-21', NOW)).toBe(true)
    expect(isLive('2026-11-22', NOW)).toBe(false)
    expect(isLive(null, NOW)).toBe(false)
  })

  it('walks the happy path draft → review → accepted → exported → live → edit → takedown', () => {
    const path = [0, 2, 3, 4, 1, 6, 7, 8, 9, 2]
    for (let index = 1; index < path.length; index += 1)
      expect(checkTransition(path[index - 1], path[index]), `${path[index - 1]}→${path[index]}`).toEqual({ ok: true })
  })

  it('gives a reason for every refusal, and never allows staying put or setting 10', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RELEASE_STATUSES), fc.integer({ min: -1, max: 11 }), (from, to) => {
        const check = checkTransition(from, to)
        if (!check.ok) expect(check.reason.length).toBeGreaterThan(10)
        if (from === to || to === 10 || to < 0 || to > 10) expect(check.ok).toBe(false)
      }),
    )
    expect(checkTransition(0, 1)).toEqual({ ok: false, reason: TRANSITIONS[1].refusal })
    expect(checkTransition(1, 1)).toEqual({ ok: false, reason: 'The release is already Live / Delivered.' })
    expect(checkTransition(1, 10).ok).toBe(false)
  })

  it('lists allowed next statuses for the palette, and asks a reason for takedowns', () => {
    expect(allowedStatuses(0)).toEqual([2])
    expect(allowedStatuses(1)).toEqual([6, 8, 9])
    expect(allowedStatuses(2)).toEqual([0, 3, 5])
    expect(allowedStatuses(6)).toEqual([1, 7])
    expect(allowedStatuses(9)).toEqual([2])
    for (const status of RELEASE_STATUSES) expect(allowedStatuses(status).length, String(status)).toBeGreaterThan(0)
    expect(requiresReason(8)).toBe(true)
    expect(requiresReason(9)).toBe(true)
    expect(requiresReason(1)).toBe(false)
  })

  it('is documented: docs/release-status.md states every refusal of the table', () => {
    const doc = readFileSync(new URL('../../docs/release-status.md', import.meta.url), 'utf8')
    for (const rule of Object.values(TRANSITIONS)) expect(doc).toContain(rule.refusal)
  })
})

describe('identifiers', () => {
  it('accepts UPC-A and EAN-13 with a valid check digit, ignoring spaces and hyphens', () => {
    expect(checkUpc('012345678905')).toEqual({ ok: true, value: '012345678905' })
    expect(checkUpc('0 12345 67890 5')).toEqual({ ok: true, value: '012345678905' })
    expect(checkUpc('4006381333931')).toEqual({ ok: true, value: '4006381333931' })
    expect(isUpc('4006381333931')).toBe(true)
  })

  it('says what is wrong with a UPC', () => {
    expect(checkUpc('12345')).toEqual({ ok: false, message: 'UPC must be 12 or 13 digits' })
    expect(checkUpc('01234567890X')).toEqual({ ok: false, message: 'UPC must be 12 or 13 digits' })
    expect(checkUpc('012345678906')).toEqual({ ok: false, message: 'UPC check digit is wrong' })
    expect(checkUpc('4006381333932')).toEqual({ ok: false, message: 'UPC check digit is wrong' })
  })

  it('computes a check digit every generated code passes with, and any other digit fails', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,12}$/), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const digit = gtinCheckDigit(body)
        expect(checkUpc(`${body}${digit}`).ok).toBe(true)
        expect(checkUpc(`${body}${(digit + shift) % 10}`)).toEqual({ ok: false, message: 'UPC check digit is wrong' })
      }),
    )
  })

  it('accepts an ISRC with or without hyphens, any case, and stores it compact and upper-case', () => {
    expect(checkIsrc('USRC17607839')).toEqual({ ok: true, value: 'USRC17607839' })
    expect(checkIsrc('us-rc1-76-07839')).toEqual({ ok: true, value: 'USRC17607839' })
    expect(checkIsrc(' gbaye2500001 ')).toEqual({ ok: true, value: 'GBAYE2500001' })
    expect(formatIsrc('USRC17607839')).toBe('US-RC1-76-07839')
    expect(isIsrc('GB-AYE-25-00001')).toBe(true)
  })

  it('says what an ISRC must look like', () => {
    for (const bad of ['US-RC1-76-0783', '1SRC17607839', 'USRC1760783X', 'US-RC1-7607839-', '012345678905'])
      expect(checkIsrc(bad), bad).toEqual({ ok: false, message: 'ISRC must look like CC-XXX-YY-NNNNN' })
  })
})
