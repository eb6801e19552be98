import { describe, expect, it } from 'vitest'
import { readTrackLines } from '../../src/domains/catalogue-ops/ui/transfer-in-lines'

describe('transfer-in form', () => {
  it('reads "ISRC, title[, explicit]" lines, titles with commas kept whole', () => {
    expect(readTrackLines('US-RC1-19-00001, First\n\n  USRC11900002, Hello, World, explicit \nUSRC11900003, Yes')).toEqual([
      { isrc: 'US-RC1-19-00001', title: 'First', explicit: false },
      { isrc: 'USRC11900002', title: 'Hello, World', explicit: true },
      { isrc: 'USRC11900003', title: 'Yes', explicit: false },
    ])
  })
})
