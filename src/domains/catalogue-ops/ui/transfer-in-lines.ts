import type { TransferInBody } from '@contract/catalogue-ops'

/** "ISRC, title[, explicit]" a line: the tracks in order, as a distributor's release sheet lists them. */
export function readTrackLines(text: string): TransferInBody['tracks'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [isrc = '', ...rest] = line.split(',').map((cell) => cell.trim())
      const explicit = rest.length > 1 && /^(explicit|yes|true|1)$/i.test(rest.at(-1)!)
      return { isrc, title: (explicit ? rest.slice(0, -1) : rest).join(', '), explicit }
    })
}
