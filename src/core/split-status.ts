// Split and payee statuses and the rules that move them (docs/royalties.md). Pure: the server
// enforces these, the screens and the palette offer only what they allow.
import { SHARE_ONE, SHARE_SCALE, fromScaled, isDecimal, toScaled } from './decimal'

export const SPLIT_STATUSES = ['pending', 'active', 'declined', 'ended'] as const
export type SplitStatus = (typeof SPLIT_STATUSES)[number]

export const PAYEE_STATUSES = ['invited', 'confirmed', 'removal_requested', 'removed'] as const
export type PayeeStatus = (typeof PAYEE_STATUSES)[number]

export const SPLIT_STATUS_INFO: Readonly<Record<SplitStatus, { label: string; meaning: string }>> = {
  pending: { label: 'Pending', meaning: 'Created; waiting for every payee to confirm.' },
  active: { label: 'Active', meaning: 'Every payee has an account and has confirmed; applies to statements from its start.' },
  declined: { label: 'Declined', meaning: 'Refused by an admin; never applied.' },
  ended: { label: 'Ended', meaning: 'No longer applies to periods from its end month.' },
}

export const PAYEE_STATUS_INFO: Readonly<Record<PayeeStatus, { label: string; meaning: string }>> = {
  invited: { label: 'Invited', meaning: 'Email sent; waiting for the payee to confirm.' },
  confirmed: { label: 'Confirmed', meaning: 'The payee accepted the share.' },
  removal_requested: { label: 'Removal requested', meaning: 'The owner asked to remove the payee; the share still applies.' },
  removed: { label: 'Removed', meaning: 'Removal confirmed; the share went back to the owner.' },
}

export const splitStatusLabel = (status: string) => SPLIT_STATUS_INFO[status as SplitStatus]?.label ?? status
export const payeeStatusLabel = (status: string) => PAYEE_STATUS_INFO[status as PayeeStatus]?.label ?? status

/** A split that is pending or active: a track has at most one. */
export const isOpen = (status: string) => status === 'pending' || status === 'active'

export interface PayeeState {
  status: PayeeStatus | string
  /** Whether the payee's email belongs to an account of the workspace. */
  isUser: boolean
}

/** Payees that still count: their shares sum to exactly 1. */
export const countingPayees = <P extends PayeeState>(payees: readonly P[]) => payees.filter((payee) => payee.status !== 'removed')

/** A pending split becomes active on the last confirmation, when every payee has an account. */
export function becomesActive(status: string, payees: readonly PayeeState[]): boolean {
  if (status !== 'pending') return false
  const counting = countingPayees(payees)
  return counting.length > 0 && counting.every((payee) => payee.isUser && payee.status !== 'invited')
}

/**
 * Whether an admin may move a split from `from` to `to`: a reason to show when not, null when yes.
 * Declined and ended are final; only a pending split can be declined; only an active one ended.
 */
export function adminTransition(from: string, to: SplitStatus, payees: readonly PayeeState[]): string | null {
  if (from === to) return `The split is already ${splitStatusLabel(to).toLowerCase()}.`
  if (from === 'declined' || from === 'ended') return `A ${splitStatusLabel(from).toLowerCase()} split cannot change status.`
  if (to === 'pending') return 'A split cannot go back to pending.'
  if (to === 'declined' && from !== 'pending') return 'Only a pending split can be declined; end an active split instead.'
  if (to === 'ended' && from !== 'active') return 'Only an active split can be ended; decline a pending split instead.'
  if (to === 'active') {
    const missing = countingPayees(payees).filter((payee) => !payee.isUser).length
    if (missing > 0)
      return `Every payee needs an account before the split can be active (${missing} ${missing === 1 ? 'has' : 'have'} none).`
  }
  return null
}

/** The statuses an admin may pick for a split now, each with the reason it is refused (null: allowed). */
export function adminChoices(from: string, payees: readonly PayeeState[]): { status: SplitStatus; refused: string | null }[] {
  return SPLIT_STATUSES.filter((status) => status !== from && status !== 'pending').map((status) => ({
    status,
    refused: adminTransition(from, status, payees),
  }))
}

export type ShareCheck = { ok: true; units: bigint } | { ok: false; message: string }

/** One share: a decimal with at most 10 places, more than 0 and at most 1. */
export function checkShare(raw: string): ShareCheck {
  const value = raw.trim()
  if (!/^\d*\.?\d+$|^\d+\.$/.test(value) || !isDecimal(value)) return { ok: false, message: 'Share must be a decimal such as 0.25' }
  const fraction = value.split('.')[1] ?? ''
  if (fraction.length > SHARE_SCALE) return { ok: false, message: `Share has more than ${SHARE_SCALE} decimal places` }
  const units = toScaled(value, SHARE_SCALE)
  if (units <= 0n) return { ok: false, message: 'Share must be more than 0' }
  if (units > SHARE_ONE) return { ok: false, message: 'Share cannot be more than 1 (100%)' }
  return { ok: true, units }
}

export const SHARE_SUM_MESSAGE = 'Shares must add up to exactly 100%'

/** Sum of shares in units of 10^-10 (shares that are not decimals count as 0). */
export function shareSum(shares: readonly string[]): bigint {
  let total = 0n
  for (const share of shares) {
    const checked = checkShare(share)
    if (checked.ok) total += checked.units
  }
  return total
}

/** What is left to share out (negative: too much), as a decimal string of 10 places. */
export const remainingShare = (shares: readonly string[]) => fromScaled(SHARE_ONE - shareSum(shares), SHARE_SCALE)

/** `count` shares that sum to exactly 1: the first ones take the units left over (a third: 0.3333333334 + 2 × 0.3333333333). */
export function evenShares(count: number): string[] {
  if (count <= 0) return []
  const base = SHARE_ONE / BigInt(count)
  const extra = Number(SHARE_ONE - base * BigInt(count))
  return Array.from({ length: count }, (_, index) => fromScaled(base + (index < extra ? 1n : 0n), SHARE_SCALE))
}

/** A percent as typed ("33.33333334") to a share ("0.3333333334"): percents keep 8 places; null when not a number. */
export function percentToShare(percent: string): string | null {
  const value = percent.trim()
  if (!/^\d*\.?\d+$/.test(value)) return null
  const units = toScaled(value, SHARE_SCALE - 2)
  return fromScaled(units, SHARE_SCALE)
}

/** A share as a percent for screens: "0.3333333334" → "33.33333334%". */
export function shareAsPercent(share: string): string {
  const units = toScaled(share, SHARE_SCALE)
  const text = fromScaled(units, SHARE_SCALE - 2)
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text
  return `${trimmed}%`
}

/** A start month as typed: YYYY-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/
