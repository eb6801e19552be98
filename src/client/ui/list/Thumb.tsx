import { useEffect, useState } from 'react'
import { loadInBackground } from '../../routing/background-loads'

// A list row's thumbnail (a release's cover) is decoration: it must not take the connections a read the
// user waits for needs. A list page asks a dozen at once, and over HTTP/1.1 the next screen's read
// queued behind them (a cold record open waited up to 350 ms; docs/decisions.md, "Eleventh round").
// So they load through the background queue, in the rows' order, while nothing the user waits for is
// read; each shows as soon as it is in, and one the browser has already shows at once.

/** Thumbnails asked at once when the queue lets them go: two, as the queue's chunks, so four connections stay free. */
const BATCH = 2

const inCache = new Set<string>()
interface Asked {
  src: string
  done(): void
  gone: boolean
}
const pending: Asked[] = []
let queued = false

const fetchImage = (src: string) =>
  new Promise<void>((resolve) => {
    const image = new Image()
    image.onload = image.onerror = () => resolve()
    image.src = src
  })

function drain(): Promise<unknown> {
  queued = false
  const batch: Asked[] = []
  while (batch.length < BATCH && pending.length) {
    const asked = pending.shift()!
    if (!asked.gone) batch.push(asked)
  }
  return Promise.all(
    batch.map((asked) =>
      fetchImage(asked.src).then(() => {
        inCache.add(asked.src)
        asked.done()
      }),
    ),
  ).finally(() => {
    if (pending.length) schedule()
  })
}

function schedule() {
  if (queued) return
  queued = true
  // Ahead of the chunks fetched for later: what is on the screen comes first.
  loadInBackground(drain, { soon: true })
}

/** A 32-pixel thumbnail that waits for a quiet moment to load; an empty square until then, or without an image. */
export function Thumb({ src, alt = '' }: { src: string | null; alt?: string }) {
  const [shown, setShown] = useState<string | null>(() => (src && inCache.has(src) ? src : null))
  useEffect(() => {
    if (!src) return
    if (inCache.has(src)) {
      setShown(src)
      return
    }
    const asked: Asked = { src, gone: false, done: () => !asked.gone && setShown(src) }
    pending.push(asked)
    schedule()
    return () => {
      asked.gone = true
    }
  }, [src])
  if (!src) return <span className="wl-cell-thumb wl-cell-thumb-empty" aria-hidden />
  if (shown !== src)
    return alt ? (
      <span className="wl-cell-thumb wl-cell-thumb-empty" role="img" aria-label={alt} data-thumb-pending />
    ) : (
      <span className="wl-cell-thumb wl-cell-thumb-empty" aria-hidden data-thumb-pending />
    )
  return <img className="wl-cell-thumb" src={src} alt={alt} width={32} height={32} />
}
