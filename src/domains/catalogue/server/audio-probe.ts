/**
 * Reads what an uploaded audio file says about itself: its container (WAV, FLAC, MP3), its length in
 * seconds when the header tells it, and for WAV the RIFF chunks present (a Dolby Atmos ADM BWF
 * carries `chna` and `axml`). Pure functions over the bytes; the file store has already judged the type.
 */

export interface AudioProbe {
  format: 'wav' | 'flac' | 'mp3'
  /** Whole seconds, rounded; null when the header does not say (a damaged or unusual file). */
  duration: number | null
  /** WAV only: the ids of the top-level chunks, in order. */
  chunks: string[]
}

const ascii = (data: Buffer, at: number, length: number) => data.toString('latin1', at, at + length)

/** The top-level chunks of a RIFF WAVE file, or null when its structure does not hold together. */
export function riffChunks(data: Buffer): { id: string; offset: number; size: number }[] | null {
  if (data.length < 12 || ascii(data, 0, 4) !== 'RIFF' || ascii(data, 8, 4) !== 'WAVE') return null
  const chunks: { id: string; offset: number; size: number }[] = []
  let at = 12
  while (at + 8 <= data.length) {
    const id = ascii(data, at, 4)
    const size = data.readUInt32LE(at + 4)
    if (!/^[\x20-\x7e]{4}$/.test(id)) return null
    chunks.push({ id, offset: at + 8, size })
    // Chunks are padded to an even length.
    at += 8 + size + (size % 2)
  }
  return chunks
}

function probeWav(data: Buffer): AudioProbe | null {
  const chunks = riffChunks(data)
  if (!chunks) return null
  const fmt = chunks.find((chunk) => chunk.id === 'fmt ')
  const body = chunks.find((chunk) => chunk.id === 'data')
  if (!fmt || !body || fmt.size < 16 || fmt.offset + 16 > data.length) return null
  const byteRate = data.readUInt32LE(fmt.offset + 8)
  // A recorder that could not seek back leaves the data size unset: count what arrived instead.
  const dataBytes = Math.min(body.size, data.length - body.offset)
  const duration = byteRate > 0 ? Math.round(dataBytes / byteRate) : null
  return { format: 'wav', duration, chunks: chunks.map((chunk) => chunk.id) }
}

function probeFlac(data: Buffer): AudioProbe | null {
  if (data.length < 42 || ascii(data, 0, 4) !== 'fLaC') return null
  // The first metadata block is always STREAMINFO: 20 bits sample rate, 36 bits total samples.
  if ((data[4] & 0x7f) !== 0) return null
  const info = 8
  const sampleRate = (data[info + 10] << 12) | (data[info + 11] << 4) | (data[info + 12] >> 4)
  const totalSamples = (data[info + 13] & 0x0f) * 2 ** 32 + data.readUInt32BE(info + 14)
  const duration = sampleRate > 0 && totalSamples > 0 ? Math.round(totalSamples / sampleRate) : null
  return { format: 'flac', duration, chunks: [] }
}

const MP3_BITRATES: Record<string, number[]> = {
  // kbit/s by index, for MPEG-1 layer III and MPEG-2/2.5 layer III.
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
}
const MP3_SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] }

function probeMp3(data: Buffer): AudioProbe | null {
  let at = 0
  if (ascii(data, 0, 3) === 'ID3' && data.length > 10) {
    // The ID3v2 size is four 7-bit bytes.
    at = 10 + ((data[6] << 21) | (data[7] << 14) | (data[8] << 7) | data[9])
  }
  const limit = Math.min(data.length - 4, at + 64 * 1024)
  while (at < limit && !(data[at] === 0xff && (data[at + 1] & 0xe0) === 0xe0)) at += 1
  if (at >= limit) return { format: 'mp3', duration: null, chunks: [] }
  const version = (data[at + 1] >> 3) & 0x03
  const layer = (data[at + 1] >> 1) & 0x03
  const bitrate = (version === 3 ? MP3_BITRATES.v1 : MP3_BITRATES.v2)[(data[at + 2] >> 4) & 0x0f] ?? 0
  const sampleRate = MP3_SAMPLE_RATES[version]?.[(data[at + 2] >> 2) & 0x03] ?? 0
  if (layer !== 1 || !bitrate || !sampleRate) return { format: 'mp3', duration: null, chunks: [] }
  const mono = ((data[at + 3] >> 6) & 0x03) === 3
  const samplesPerFrame = version === 3 ? 1152 : 576
  // A VBR file says its frame count in a Xing/Info header inside the first frame.
  const side = version === 3 ? (mono ? 17 : 32) : mono ? 9 : 17
  const xing = at + 4 + side
  const tag = ascii(data, xing, 4)
  if ((tag === 'Xing' || tag === 'Info') && data.length >= xing + 12 && data.readUInt32BE(xing + 4) & 0x1) {
    const frames = data.readUInt32BE(xing + 8)
    return { format: 'mp3', duration: Math.round((frames * samplesPerFrame) / sampleRate), chunks: [] }
  }
  // Constant bitrate: the bytes after the tag at the first frame's rate.
  return { format: 'mp3', duration: Math.round(((data.length - at) * 8) / (bitrate * 1000)), chunks: [] }
}

/** What the bytes say, for the MIME type the file store detected. */
export function probeAudio(data: Buffer, mime: string): AudioProbe | null {
  if (mime.includes('wav') || mime.includes('wave')) return probeWav(data)
  if (mime.includes('flac')) return probeFlac(data)
  if (mime === 'audio/mpeg') return probeMp3(data)
  return null
}

/** A Dolby Atmos master delivered as ADM BWF: a WAV with a channel allocation (chna) and ADM XML (axml). */
export function isAdmBwf(probe: AudioProbe | null): boolean {
  return probe?.format === 'wav' && probe.chunks.includes('chna') && probe.chunks.includes('axml')
}
