import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { parse } from 'csv-parse/sync'
import { byteOffset, CsvError, csvBatches } from '@domains/earnings/server/imports/csv'

/** Reads `text` fed in pieces of `size` bytes (records and quotes cut anywhere). */
async function read(text: string, size = 3): Promise<string[][]> {
  const bytes = Buffer.from(text)
  const pieces = async function* () {
    for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size)
  }
  const records: string[][] = []
  for await (const batch of csvBatches(pieces())) records.push(...batch)
  return records
}

describe('statement CSV reader', () => {
  it('reads quoted cells with separators, doubled quotes and line breaks, whatever the piece boundaries', async () => {
    const text = '\uFEFFISRC,Title,Net\r\nUS1,"Hello, world","1,234.50"\r\n\r\nUS2,"Say ""hi""\nagain",2\nUS3,ab"c,"q"tail\n'
    for (const size of [1, 2, 5, 64]) {
      expect(await read(text, size)).toEqual([
        ['ISRC', 'Title', 'Net'],
        ['US1', 'Hello, world', '1,234.50'],
        ['US2', 'Say "hi"\nagain', '2'],
        ['US3', 'ab"c', '"q"tail'],
      ])
    }
  })

  it('reads a last record without a line break and multi-byte text cut between pieces', async () => {
    expect(await read('a,b\nÅsa,Björk 🎵', 1)).toEqual([
      ['a', 'b'],
      ['Åsa', 'Björk 🎵'],
    ])
  })

  it('says on which record a quote is never closed', async () => {
    await expect(read('a,b\n1,2\n3,"open\n')).rejects.toThrow(CsvError)
    await expect(read('a,b\n1,2\n3,"open\n')).rejects.toMatchObject({ line: 3 })
  })

  it('agrees with csv-parse on files with \\n line breaks', async () => {
    const cellArb = fc.oneof(
      fc.stringMatching(/^[a-z0-9 .]{0,6}$/),
      fc.stringMatching(/^[a-z,"\n ]{0,6}$/).map((value) => `"${value.replace(/"/g, '""')}"`),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cellArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 7 }),
        async (rows, size) => {
          const text = rows.map((cells) => cells.join(',')).join('\n') + '\n'
          const expected = parse(text, { relax_column_count: true, skip_empty_lines: true, relax_quotes: true, record_delimiter: '\n' })
          expect(await read(text, size)).toEqual(expected)
        },
      ),
      { numRuns: 200 },
    )
  })

  it('places every record in the file by byte, so a record read back from its bytes alone is the same record', async () => {
    const cellArb = fc.oneof(
      fc.stringMatching(/^[a-zé♫🎵 .]{0,6}$/u),
      fc.stringMatching(/^[a-zÅ,"\n ]{0,6}$/).map((value) => `"${value.replace(/"/g, '""')}"`),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(cellArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        async (rows, size, end, bom) => {
          const bytes = Buffer.from((bom ? '\uFEFF' : '') + rows.map((cells) => cells.join(',')).join(end) + end)
          const pieces = async function* () {
            for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size)
          }
          for await (const batch of csvBatches(pieces())) {
            for (let index = 0; index < batch.length; index += 1) {
              const from = byteOffset(batch.place, batch.place.starts[index])
              const to = byteOffset(batch.place, batch.place.ends[index])
              const again: string[][] = []
              const part = async function* () {
                yield bytes.subarray(from, to)
              }
              for await (const batch of csvBatches(part(), from)) again.push(...batch)
              expect(again).toEqual([batch[index]])
            }
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})
