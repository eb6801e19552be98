/**
 * Chunks fetched ahead of need (the grid, the screens the go-shortcuts open, the deferred dialogs, a
 * list's record screen) go two at a time, and only while no read a user waits for is in flight.
 *
 * The browser opens six connections to a host over HTTP/1.1 and serves the rest in the order asked.
 * The warm-up after the first list asked for ~150 files at once, so a g r pressed then sent its
 * read behind all of them: the list's data left the browser ~900 ms after it was asked
 * (docs/decisions.md, "Tenth round"). Two background imports at a time (their own imports come with them)
 * leave connections free, a read started meanwhile pauses the queue until it is answered, and each
 * waits for an idle moment so its parsing does not hold back a screen that is rendering.
 */

type Load = () => Promise<unknown>

const queue: Load[] = []
/** Two at a time: each import waits on its own round trips; two keep the queue moving and leave four connections free. */
const AT_ONCE = 2
let running = 0
let reads = 0
/** A read that hangs (a slow export, a poll) must not stop the warm-up for good. */
const READ_PATIENCE_MS = 1_500
let patience: ReturnType<typeof setTimeout> | undefined

let waiting = false
/** After a read is answered, its screen renders the answer: the next load waits this long too. */
const QUIET_AFTER_READ_MS = 300
let lastAnswerAt = -Infinity

/** The next load, once the page is idle (a screen rendering its rows goes first) and no read is in flight. */
function next() {
  if (running >= AT_ONCE || waiting || queue.length === 0) return
  waiting = true
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 50))
  idle(
    () => {
      waiting = false
      if (running >= AT_ONCE || queue.length === 0) return
      const sinceAnswer = performance.now() - lastAnswerAt
      if (reads === 0 && sinceAnswer < QUIET_AFTER_READ_MS) {
        waiting = true
        setTimeout(() => {
          waiting = false
          next()
        }, QUIET_AFTER_READ_MS - sinceAnswer)
        return
      }
      if (reads > 0) {
        // The read's answer calls next() again; one that hangs (a slow export, a poll) does not stop the warm-up for good.
        patience ??= setTimeout(() => {
          patience = undefined
          start()
        }, READ_PATIENCE_MS)
        return
      }
      start()
    },
    { timeout: 1_000 },
  )
}

function start() {
  if (running >= AT_ONCE) return
  const load = queue.shift()
  if (!load) return
  if (patience) clearTimeout(patience)
  patience = undefined
  running++
  void load()
    .catch(() => undefined)
    .finally(() => {
      running--
      next()
    })
  next()
}

/**
 * Queues a chunk's load, to run when nothing the user waits for is being read: behind the others,
 * or before them with `soon` (what the screen on show leads to next, e.g. its rows' record screen).
 */
export function loadInBackground(load: Load, options: { soon?: boolean } = {}): void {
  if (options.soon) queue.unshift(load)
  else queue.push(load)
  next()
}

/** Marks a read the user waits for as in flight until `answer` settles; answers `answer`. */
export function foregroundRead<T>(answer: Promise<T>): Promise<T> {
  reads++
  const done = () => {
    reads--
    lastAnswerAt = performance.now()
    if (reads === 0) next()
  }
  answer.then(done, done)
  return answer
}

/**
 * Runs `loads` in order, `atOnce` at a time, each as soon as a lane is free (no waiting for idle or
 * for reads, unlike the queue above): for chunks wanted right away that must still not take every
 * connection (the go-shortcut screens after the first list). A failed load does not stop the rest.
 */
export function inLanes(loads: readonly (() => Promise<unknown>)[], atOnce: number): Promise<void> {
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < loads.length) {
      const load = loads[next++]
      await load().catch(() => undefined)
    }
  }
  return Promise.all(Array.from({ length: Math.max(1, atOnce) }, lane)).then(() => undefined)
}
