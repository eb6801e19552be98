/**
 * The staff queue: unresolved tickets newest first (ids fall). A ticket no longer in the queue keeps
 * its place by id, so j/k still step from it to its neighbours.
 */
export interface QueuePlace {
  /** 1-based position in the queue, or null when this ticket is not in it. */
  position: number | null
  previous: number | null
  next: number | null
  /** Where to go once this one is solved: the next one, else the one before it, else none. */
  nextOpen: number | null
}

export function queuePlace(queue: readonly number[], current: number): QueuePlace {
  const index = queue.indexOf(current)
  if (index >= 0) {
    const previous = index > 0 ? queue[index - 1] : null
    const next = index < queue.length - 1 ? queue[index + 1] : null
    return { position: index + 1, previous, next, nextOpen: next ?? previous }
  }
  const after = queue.findIndex((id) => id < current)
  const next = after >= 0 ? queue[after] : null
  const previous = after > 0 ? queue[after - 1] : after < 0 && queue.length ? queue[queue.length - 1] : null
  return { position: null, previous, next, nextOpen: next ?? previous }
}
