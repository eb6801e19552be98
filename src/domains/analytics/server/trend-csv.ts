import { StringDecoder } from 'node:string_decoder'

// A streaming CSV reader for trend reports (RFC 4180: quoted fields, doubled quotes, line breaks
// inside quotes, CRLF, a leading BOM, empty lines skipped). csv-parse read a million-line report in
// ~16 s on the bench machine, a quarter of the ingestion budget by itself; a line without a quote is
// split as it is, and only a line with one walks character by character. Memory is one chunk and
// the unfinished record after it.

export type CsvRecordSink = (fields: string[], line: number) => void

export class CsvReader {
  private rest = ''
  /** Physical lines consumed before `rest`. */
  private consumed = 0
  private started = false
  private readonly decoder = new StringDecoder('utf8')

  /** Reads every complete record of `chunk` (and what was left before it); `line` is the 1-based line it starts on. */
  push(chunk: Buffer | string, sink: CsvRecordSink): void {
    let text = this.rest + (typeof chunk === 'string' ? chunk : this.decoder.write(chunk))
    if (!this.started && text.length) {
      this.started = true
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    this.rest = text.slice(this.read(text, sink, false))
  }

  /** The last record, when the file does not end with a line break. */
  end(sink: CsvRecordSink): void {
    const text = this.rest + this.decoder.end()
    this.rest = ''
    if (text.length) this.read(text, sink, true)
  }

  /** Reads records from `text`; answers where the unread part starts. */
  private read(text: string, sink: CsvRecordSink, final: boolean): number {
    let pos = 0
    const length = text.length
    while (pos < length) {
      let newline = text.indexOf('\n', pos)
      if (newline < 0) {
        if (!final) return pos
        newline = length
      }
      const quote = text.indexOf('"', pos)
      if (quote < 0 || quote > newline) {
        const end = newline > pos && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline
        this.consumed += 1
        if (end > pos) sink(text.slice(pos, end).split(','), this.consumed)
        pos = newline + 1
        continue
      }
      const quoted = this.quoted(text, pos, final)
      if (!quoted) return pos
      sink(quoted.fields, this.consumed + 1)
      this.consumed += quoted.lines
      pos = quoted.next
    }
    return pos
  }

  /** A record with quotes, character by character; null when it is not complete in `text`. */
  private quoted(text: string, start: number, final: boolean): { fields: string[]; next: number; lines: number } | null {
    const fields: string[] = []
    let field = ''
    let lines = 1
    let pos = start
    let inQuotes = false
    let fieldStart = pos
    const length = text.length
    while (pos < length) {
      const code = text.charCodeAt(pos)
      if (inQuotes) {
        if (code === 34) {
          if (pos + 1 >= length && !final) return null
          if (text.charCodeAt(pos + 1) === 34) {
            field += text.slice(fieldStart, pos + 1)
            pos += 2
            fieldStart = pos
            continue
          }
          field += text.slice(fieldStart, pos)
          inQuotes = false
          pos += 1
          fieldStart = pos
          continue
        }
        if (code === 10) lines += 1
        pos += 1
        continue
      }
      if (code === 34) {
        field += text.slice(fieldStart, pos)
        inQuotes = true
        pos += 1
        fieldStart = pos
        continue
      }
      if (code === 44) {
        fields.push(field + text.slice(fieldStart, pos))
        field = ''
        pos += 1
        fieldStart = pos
        continue
      }
      if (code === 10) {
        const end = pos > fieldStart && text.charCodeAt(pos - 1) === 13 ? pos - 1 : pos
        fields.push(field + text.slice(fieldStart, end))
        return { fields, next: pos + 1, lines }
      }
      pos += 1
    }
    if (!final) return null
    // The file ends inside the record (or inside an unclosed quote): what was read is the record.
    fields.push(field + text.slice(fieldStart, pos))
    return { fields, next: length, lines }
  }
}
