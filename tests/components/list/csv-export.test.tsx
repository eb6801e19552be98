import { describe, expect, it } from 'vitest'
import { CheckIcon } from '@radix-ui/react-icons'
import { cellText, rowsToCsv, toCsv } from '../../../src/client/ui/list/csv-export'
import type { ColumnDef } from '../../../src/client/ui/list/list-types'

describe('toCsv', () => {
  it('writes a header line and one record per row, separated by CRLF', () => {
    expect(
      toCsv(
        ['Name', 'Count'],
        [
          ['Alice', 3],
          ['Bob', 0],
        ],
      ),
    ).toBe('Name,Count\r\nAlice,3\r\nBob,0')
  })

  it('quotes fields with commas, quotes or line breaks and doubles the quotes (RFC 4180)', () => {
    expect(toCsv(['a'], [['Doe, Jane'], ['say "hi"'], ['two\nlines'], ['cr\rhere']])).toBe(
      'a\r\n"Doe, Jane"\r\n"say ""hi"""\r\n"two\nlines"\r\n"cr\rhere"',
    )
  })

  it('writes empty fields for null, undefined and empty text', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, '']])).toBe('a,b,c\r\n,,')
  })

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(toCsv(['x'], [['=SUM(A1:A9)'], ['+cmd'], ['-2+3'], ['@import'], ['\tlead'], ['=HYPERLINK("http://x","y")']])).toBe(
      `x\r\n'=SUM(A1:A9)\r\n'+cmd\r\n'-2+3\r\n'@import\r\n'\tlead\r\n"'=HYPERLINK(""http://x"",""y"")"`,
    )
  })

  it('leaves plain numbers alone, negative ones included', () => {
    expect(toCsv(['n'], [['-12.50'], ['+3'], [-7], ['1e5'], ['a=b']])).toBe('n\r\n-12.50\r\n+3\r\n-7\r\n1e5\r\na=b')
  })

  it('neutralises a header too', () => {
    expect(toCsv(['=1+1'], [])).toBe("'=1+1")
  })
})

describe('cellText', () => {
  interface Row {
    id: number
  }
  const row: Row = { id: 1 }
  const column = (spec: Partial<ColumnDef<Row>> & Pick<ColumnDef<Row>, 'type' | 'value'>) =>
    ({ id: 'c', header: 'C', ...spec }) as ColumnDef<Row>

  it('gives each cell type its plain text', () => {
    expect(cellText(column({ type: 'money', value: () => '-1234.5' }), row)).toBe('-1234.50')
    expect(cellText(column({ type: 'money', value: () => null }), row)).toBe('')
    expect(cellText(column({ type: 'status', value: () => 2, statuses: { 2: { label: 'Under review', color: 'blue' } } }), row)).toBe(
      'Under review',
    )
    expect(cellText(column({ type: 'status', value: () => 9, statuses: {} }), row)).toBe('9')
    expect(cellText(column({ type: 'user', value: () => ({ id: 4, name: 'Jane Doe' }) }), row)).toBe('Jane Doe')
    expect(cellText(column({ type: 'release', value: () => ({ id: 4, title: 'Blue' }) }), row)).toBe('Blue')
    expect(cellText(column({ type: 'group', value: () => ['a', 'b'] }), row)).toBe('a; b')
    expect(
      cellText(
        column({
          type: 'delivery',
          value: () => [
            { platform: 'Beatport', delivered: true },
            { platform: 'Apple Music', delivered: false },
          ],
        }),
        row,
      ),
    ).toBe('Beatport: delivered; Apple Music: pending')
    expect(cellText(column({ type: 'icon', value: () => ({ icon: CheckIcon, label: 'Verified' }) }), row)).toBe('Verified')
    expect(cellText(column({ type: 'img', value: () => ({ src: 'https://x/a.jpg', alt: 'Cover' }) }), row)).toBe('https://x/a.jpg')
    expect(cellText(column({ type: 'date', value: () => new Date('2026-02-03T04:05:06Z') }), row)).toBe('2026-02-03T04:05:06.000Z')
  })

  it('lets a column give its own CSV text', () => {
    expect(cellText(column({ type: 'text', value: () => 'shown', csv: (r) => `id-${r.id}` }), row)).toBe('id-1')
  })

  it('builds the file from the given columns only', () => {
    const columns = [
      column({ id: 'a', header: 'A', type: 'text', value: (r) => r.id }),
      column({ id: 'b', header: 'B', type: 'text', value: () => 'x,y' }),
    ]
    expect(rowsToCsv(columns, [row, { id: 2 }])).toBe('A,B\r\n1,"x,y"\r\n2,"x,y"')
  })
})
