import { describe, expect, it } from 'vitest'
import { CsvReader } from '../../src/domains/analytics/server/trend-csv'
import { copyText } from '../../src/server/db/copy'
import { lineEncoder } from '../../src/domains/analytics/server/trend-copy'

/** Every record of `text` fed in chunks of `size` characters, with the line each starts on. */
function records(text: string | Buffer, size = Infinity) {
  const out: [string[], number][] = []
  const reader = new CsvReader()
  const sink = (fields: string[], line: number) => out.push([fields, line])
  const whole = typeof text === 'string' ? Buffer.from(text) : text
  const step = Number.isFinite(size) ? size : whole.length
  for (let at = 0; at < whole.length; at += step) reader.push(whole.subarray(at, at + step), sink)
  reader.end(sink)
  return out
}

describe('trend report CSV reader', () => {
  const text =
    '\ufeffdate,isrc,source\r\n2026-01-05,USWL12600001,album\r\n\r\n2026-01-06,"USWL1260000""2",' +
    '"others, playlist"\n2026-01-07,"two\nlines",radio\n2026-01-08,USWL12600003,'
  const expected: [string[], number][] = [
    [['date', 'isrc', 'source'], 1],
    [['2026-01-05', 'USWL12600001', 'album'], 2],
    [['2026-01-06', 'USWL1260000"2', 'others, playlist'], 4],
    [['2026-01-07', 'two\nlines', 'radio'], 5],
    [['2026-01-08', 'USWL12600003', ''], 7],
  ]

  it('reads quotes, doubled quotes, line breaks inside quotes, CRLF, a BOM, skips empty lines, keeps line numbers', () => {
    expect(records(text)).toEqual(expected)
  })

  it('reads the same records whatever the chunks (a record, a quote or a UTF-8 character cut in two)', () => {
    for (const size of [1, 2, 3, 5, 7, 16, 33]) expect(records(text, size)).toEqual(expected)
    const accented = Buffer.from('city,streams\nSão Paulo,5\n"Zürich, CH",7\n')
    for (const size of [1, 2, 3, 9]) {
      expect(records(accented, size)).toEqual([
        [['city', 'streams'], 1],
        [['São Paulo', '5'], 2],
        [['Zürich, CH', '7'], 3],
      ])
    }
  })

  it('ends an unclosed quote at the end of the file rather than losing the record', () => {
    expect(records('a,b\n1,"open')).toEqual([
      [['a', 'b'], 1],
      [['1', 'open'], 2],
    ])
  })
})

describe('COPY text rows', () => {
  it('escapes what COPY reads as separators, and writes null as \\N', () => {
    expect(copyText(null)).toBe('\\N')
    expect(copyText('plain')).toBe('plain')
    expect(copyText('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e')
  })

  it('codes a line’s country and dims once per combination: names, values and the country all tell combinations apart', () => {
    const asked: string[] = []
    const code = lineEncoder((country, dims) => {
      asked.push(`${country}|${JSON.stringify(dims)}`)
      return Int32Array.from([asked.length])
    })
    const line = (country: string | null, dims: Record<string, string>) => ({ day: '2026-01-01', isrc: null, trackId: 'x', country, streams: 1, listeners: 0, artificial: 0, dims })
    const first = code(line('SE', { source: 'a', tier: 'b' }))
    expect(code(line('SE', { source: 'a', tier: 'b' }))).toBe(first)
    expect(first.json).toBe('{"source":"a","tier":"b"}')
    expect(first.id).toBeNull()
    // The same values under other names, another country, no country, one value fewer: each its own.
    const others = [
      code(line('SE', { source: 'a', gender: 'b' })),
      code(line('US', { source: 'a', tier: 'b' })),
      code(line(null, { source: 'a', tier: 'b' })),
      code(line('SE', { source: 'a' })),
      code(line('SE', { source: 'a', tier: 'b', hour: '' })),
    ]
    expect(new Set([first, ...others]).size).toBe(6)
    expect(others.map((c) => c.json)).toEqual([
      '{"source":"a","gender":"b"}',
      '{"source":"a","tier":"b"}',
      '{"source":"a","tier":"b"}',
      '{"source":"a"}',
      '{"source":"a","tier":"b","hour":""}',
    ])
    expect(asked).toHaveLength(6)
  })
})
