/**
 * A mono 16-bit PCM WAV file around `pcm` (little-endian samples): the demo's playable tracks, and
 * the audio that tests upload, fetch or register (a file-type check only needs the header).
 */
export function monoWav(rate: number, pcm: Buffer): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + pcm.length, 4)
  header.write('WAVEfmt ', 8, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(pcm.length, 40)
  return Buffer.concat([header, pcm])
}

/** A tenth of a second of silence at 8 kHz: the smallest audio a check by content accepts. */
export const silentWav = () => monoWav(8000, Buffer.alloc(800))
