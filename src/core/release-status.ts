// Release status codes, the scheduled rule and the allowed-transition table (docs/release-status.md).
// One module for server and client: the list, the release tab, the palette and the API agree.

export const RELEASE_STATUS = {
  draft: 0,
  live: 1,
  underReview: 2,
  accepted: 3,
  exported: 4,
  needsDocumentation: 5,
  editPending: 6,
  edited: 7,
  takedownPending: 8,
  takendown: 9,
} as const

/** A status stored on a release. */
export type ReleaseStatus = (typeof RELEASE_STATUS)[keyof typeof RELEASE_STATUS]
/** Shown in lists only: a live or edited release whose release date is still ahead. Never stored. */
export const SCHEDULED = 10 as const
export type DisplayStatus = ReleaseStatus | typeof SCHEDULED

export const RELEASE_STATUSES: readonly ReleaseStatus[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
export const DISPLAY_STATUSES: readonly DisplayStatus[] = [...RELEASE_STATUSES, SCHEDULED]

export const RELEASE_STATUS_LABELS: Readonly<Record<DisplayStatus, string>> = {
  0: 'Draft',
  1: 'Live / Delivered',
  2: 'Under review',
  3: 'Accepted',
  4: 'Exported',
  5: 'Needs documentation',
  6: 'Edit pending',
  7: 'Edited',
  8: 'Takedown pending',
  9: 'Takendown',
  10: 'Scheduled',
}

export function isReleaseStatus(value: number): value is ReleaseStatus {
  return Number.isInteger(value) && value >= 0 && value <= 9
}

export function statusLabel(code: number): string {
  return RELEASE_STATUS_LABELS[code as DisplayStatus] ?? `Unknown (${code})`
}

/** The start of the release date (YYYY-MM-DD or a timestamp), in UTC. */
function dayOf(value: string | Date): number {
  if (value instanceof Date) return value.getTime()
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value
  return new Date(day).getTime()
}

/**
 * What lists show: status 1 (live) or 7 (edited) with a release date still in the future is
 * 10, scheduled. Everything else shows as stored.
 */
export function displayStatus(status: number, releaseDate: string | Date | null | undefined, now: Date = new Date()): DisplayStatus {
  if ((status === RELEASE_STATUS.live || status === RELEASE_STATUS.edited) && releaseDate) {
    const at = dayOf(releaseDate)
    if (Number.isFinite(at) && at > now.getTime()) return SCHEDULED
  }
  return status as DisplayStatus
}

/** The release date has passed (or is today): the record is out in the stores. */
export function isLive(releaseDate: string | Date | null | undefined, now: Date = new Date()): boolean {
  if (!releaseDate) return false
  const at = dayOf(releaseDate)
  return Number.isFinite(at) && at <= now.getTime()
}

interface TargetRule {
  /** The statuses a release may come from to reach this one. */
  from: readonly ReleaseStatus[]
  /** Why any other status may not. */
  refusal: string
}

/**
 * The allowed-transition table, by target status. Every refusal carries the target's reason, so the
 * API, the palette's nested page and the docs say the same thing.
 */
export const TRANSITIONS: Readonly<Record<ReleaseStatus, TargetRule>> = {
  0: {
    from: [2, 5],
    refusal: 'Only a release under review or needing documentation can go back to draft; a delivered release is taken down instead.',
  },
  1: {
    from: [4, 6, 7, 8],
    refusal:
      'Only an exported release can be marked live, or a live release whose edit or takedown is withdrawn; it must be accepted and exported first.',
  },
  2: {
    from: [0, 3, 5, 9],
    refusal: 'Only a draft, an accepted release, one needing documentation or a taken-down release can be (re)submitted for review.',
  },
  3: { from: [2, 5], refusal: 'Only a release under review (or one whose documentation arrived) can be accepted.' },
  4: { from: [3], refusal: 'Only an accepted release can be exported.' },
  5: { from: [2, 3], refusal: 'Documentation can only be requested while the release is under review or accepted.' },
  6: { from: [1, 7], refusal: 'Only a live or edited release can have an edit pending.' },
  7: {
    from: [6],
    refusal: 'Only a release with an edit pending can be marked edited; approve its edit request instead.',
  },
  8: { from: [1, 7], refusal: 'Only a live or edited release can be put up for takedown.' },
  9: { from: [1, 7, 8], refusal: 'Only a live, edited or takedown-pending release can be taken down.' },
}

/** Statuses that take a release out of the stores: the change needs a reason and is recorded with it. */
export const TAKEDOWN_STATUSES: readonly ReleaseStatus[] = [RELEASE_STATUS.takedownPending, RELEASE_STATUS.takendown]

export function requiresReason(to: number): boolean {
  return (TAKEDOWN_STATUSES as readonly number[]).includes(to)
}

export type TransitionCheck = { ok: true } | { ok: false; reason: string }

export function checkTransition(from: number, to: number): TransitionCheck {
  if (to === SCHEDULED)
    return { ok: false, reason: 'Scheduled is not a status you set: a live release whose release date is ahead shows as scheduled.' }
  if (!isReleaseStatus(to)) return { ok: false, reason: `There is no release status ${to}.` }
  if (from === to) return { ok: false, reason: `The release is already ${statusLabel(to)}.` }
  const rule = TRANSITIONS[to]
  if (!(rule.from as readonly number[]).includes(from)) return { ok: false, reason: rule.refusal }
  return { ok: true }
}

/** The statuses a release may move to from `from`, in code order (the palette's nested page). */
export function allowedStatuses(from: number): ReleaseStatus[] {
  return RELEASE_STATUSES.filter((to) => checkTransition(from, to).ok)
}
