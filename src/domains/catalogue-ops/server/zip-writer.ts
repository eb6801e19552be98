import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { crc32, deflateRawSync } from 'node:zlib'

// A ZIP archive written entry by entry to a file (PKWARE APPNOTE 6.3: local headers, then the central
// directory): each entry is small and deflated whole, the archive never is in memory. Classic ZIP
// only (no ZIP64), so at most 65,535 entries and 4 GiB, which the callers check.

export const ZIP_MAX_ENTRIES = 0xffff
const ZIP_MAX_BYTES = 0xffffffff
/** General purpose flag bit 11: names are UTF-8. */
const UTF8 = 0x0800

function dosTime(date: Date) {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2)
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate()
  return { time, day }
}

interface Entry {
  name: Buffer
  crc: number
  compressed: number
  size: number
  offset: number
}

export class ZipWriter {
  private readonly out
  private readonly entries: Entry[] = []
  private offset = 0
  private readonly stamp

  constructor(path: string, now: Date) {
    this.out = createWriteStream(path)
    this.stamp = dosTime(now)
  }

  get count() {
    return this.entries.length
  }

  private async write(chunk: Buffer) {
    this.offset += chunk.length
    if (!this.out.write(chunk)) await once(this.out, 'drain')
  }

  async add(name: string, content: string | Buffer) {
    if (this.entries.length >= ZIP_MAX_ENTRIES) throw new Error(`A ZIP archive holds at most ${ZIP_MAX_ENTRIES.toLocaleString('en')} files`)
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content
    const deflated = deflateRawSync(data)
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      crc: crc32(data),
      compressed: deflated.length,
      size: data.length,
      offset: this.offset,
    }
    if (this.offset + 30 + entry.name.length + deflated.length > ZIP_MAX_BYTES) throw new Error('The archive would pass 4 GiB')
    const header = Buffer.alloc(30)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(UTF8, 6)
    header.writeUInt16LE(8, 8)
    header.writeUInt16LE(this.stamp.time, 10)
    header.writeUInt16LE(this.stamp.day, 12)
    header.writeUInt32LE(entry.crc, 14)
    header.writeUInt32LE(entry.compressed, 18)
    header.writeUInt32LE(entry.size, 22)
    header.writeUInt16LE(entry.name.length, 26)
    header.writeUInt16LE(0, 28)
    this.entries.push(entry)
    await this.write(Buffer.concat([header, entry.name]))
    await this.write(deflated)
  }

  /** Writes the central directory and closes the file. */
  async close() {
    const start = this.offset
    for (const entry of this.entries) {
      const header = Buffer.alloc(46)
      header.writeUInt32LE(0x02014b50, 0)
      header.writeUInt16LE(20, 4)
      header.writeUInt16LE(20, 6)
      header.writeUInt16LE(UTF8, 8)
      header.writeUInt16LE(8, 10)
      header.writeUInt16LE(this.stamp.time, 12)
      header.writeUInt16LE(this.stamp.day, 14)
      header.writeUInt32LE(entry.crc, 16)
      header.writeUInt32LE(entry.compressed, 20)
      header.writeUInt32LE(entry.size, 24)
      header.writeUInt16LE(entry.name.length, 28)
      // extra, comment, disk, internal and external attributes: 0
      header.writeUInt32LE(entry.offset, 42)
      await this.write(Buffer.concat([header, entry.name]))
    }
    const end = Buffer.alloc(22)
    end.writeUInt32LE(0x06054b50, 0)
    end.writeUInt16LE(this.entries.length, 8)
    end.writeUInt16LE(this.entries.length, 10)
    end.writeUInt32LE(this.offset - start, 12)
    end.writeUInt32LE(start, 16)
    await this.write(end)
    this.out.end()
    await once(this.out, 'finish')
  }

  /** Drops the file handle after a failure (the caller removes the file). */
  destroy() {
    this.out.destroy()
  }
}
