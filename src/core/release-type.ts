// The stores' rule for what a release is, by its tracks (Spotify and Apple Music use the same one).
// docs/release-status.md explains it; POST releases/convert/{id} applies it.

export const SINGLE_MAX_TRACKS = 3
export const EP_MAX_TRACKS = 6
/** A track this long (10 minutes) or longer makes a 1–3 track release an EP. */
export const SINGLE_TRACK_LIMIT_SECONDS = 10 * 60
/** A release this long (30 minutes) in total, or with 7 tracks or more, is an album. */
export const ALBUM_MIN_SECONDS = 30 * 60

export type LengthType = 'Single' | 'EP' | 'Album'

export type TypeVerdict =
  { ok: true; type: LengthType; trackCount: number; seconds: number; because: string } | { ok: false; reason: string }

const minutes = (seconds: number) => {
  const whole = Math.floor(seconds / 60)
  const rest = seconds % 60
  return rest ? `${whole}:${String(rest).padStart(2, '0')}` : `${whole} min`
}

/**
 * The type a release's tracks make it: 7 tracks or more, or 30 minutes or more, is an Album;
 * 1–3 tracks each under 10 minutes is a Single; anything else (4–6 tracks, or a long track on a
 * short release) under 30 minutes is an EP. Every track needs a duration to decide.
 */
export function typeForTracks(durations: readonly (number | null)[]): TypeVerdict {
  const count = durations.length
  if (count === 0) return { ok: false, reason: 'The release has no tracks, so its type cannot be worked out.' }
  const missing = durations.findIndex((seconds) => seconds === null || seconds <= 0)
  if (missing >= 0) return { ok: false, reason: `Track ${missing + 1} has no duration, so the release's type cannot be worked out.` }
  const lengths = durations as readonly number[]
  const seconds = lengths.reduce((sum, value) => sum + value, 0)
  const tracks = `${count} track${count === 1 ? '' : 's'}`
  if (count > EP_MAX_TRACKS) return { ok: true, type: 'Album', trackCount: count, seconds, because: `${tracks} (7 or more)` }
  if (seconds >= ALBUM_MIN_SECONDS)
    return { ok: true, type: 'Album', trackCount: count, seconds, because: `${tracks}, ${minutes(seconds)} in total (30 minutes or more)` }
  const longest = Math.max(...lengths)
  if (count <= SINGLE_MAX_TRACKS && longest < SINGLE_TRACK_LIMIT_SECONDS)
    return { ok: true, type: 'Single', trackCount: count, seconds, because: `${tracks}, each under 10 minutes` }
  return {
    ok: true,
    type: 'EP',
    trackCount: count,
    seconds,
    because:
      count <= SINGLE_MAX_TRACKS
        ? `${tracks} with one of 10 minutes or more, ${minutes(seconds)} in total (under 30 minutes)`
        : `${tracks}, ${minutes(seconds)} in total (under 30 minutes)`,
  }
}
