/**
 * A review queue (open edit requests, unresolved tickets): the open records in list order (newest
 * first, so ids fall). A record that is no longer open keeps its place by id, so j/k still step from
 * it to its neighbours.
 */
export interface QueuePlace {
  /** 1-based position among the open records, or null when this one is not open. */
  position: number | null
  previous: number | null
  next: number | null
  /** Where to go once this one is decided: the next open one, else the one before it, else none. */
  nextOpen: number | null
}

export function queuePlace(queue: readonly number[], current: number): QueuePlace {
  const index = queue.indexOf(current)
  if (index >= 0) {
    const previous = index > 0 ? queue[index - 1] : null
    const next = index < queue.length - 1 ? queue[index + 1] : null
    return { position: index + 1, previous, next, nextOpen: next ?? previous }
  }
  // Not open: its neighbours are the open records either side of its id.
  const after = queue.findIndex((id) => id < current)
  const next = after >= 0 ? queue[after] : null
  const previous = after > 0 ? queue[after - 1] : after < 0 && queue.length ? queue[queue.length - 1] : null
  return { position: null, previous, next, nextOpen: next ?? previous }
}
