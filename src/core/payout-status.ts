// Payout statuses, the transitions allowed between them, and the payout providers (docs/payouts.md).
// Pure: the server enforces these; screens and the palette offer only what they allow.

export const PAYOUT_STATUSES = ['pending', 'approved', 'processing', 'paid', 'rejected', 'failed'] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

export const PAYOUT_PROVIDERS = ['paypal', 'tipalti'] as const
export type PayoutProvider = (typeof PAYOUT_PROVIDERS)[number]

export const PAYOUT_PROVIDER_LABELS: Readonly<Record<PayoutProvider, string>> = { paypal: 'PayPal', tipalti: 'Tipalti' }

export const PAYOUT_STATUS_INFO: Readonly<Record<PayoutStatus, { label: string; meaning: string }>> = {
  pending: { label: 'Pending', meaning: 'Requested; the amount is reserved from the balance, waiting for an admin.' },
  approved: { label: 'Approved', meaning: 'Accepted by an admin; goes into the next batch file of its provider.' },
  processing: { label: 'Processing', meaning: 'In an exported batch; waiting for the provider to pay.' },
  paid: { label: 'Paid', meaning: 'Paid out; the reservation is settled.' },
  rejected: { label: 'Rejected', meaning: 'Refused by an admin; the reservation went back to the balance.' },
  failed: { label: 'Failed', meaning: 'The provider could not pay it; the reservation went back to the balance.' },
}

/** Where each status may go. Paid, rejected and failed are final. */
export const PAYOUT_TRANSITIONS: Readonly<Record<PayoutStatus, readonly PayoutStatus[]>> = {
  pending: ['approved', 'rejected'],
  approved: ['processing', 'paid', 'rejected'],
  processing: ['paid', 'failed'],
  paid: [],
  rejected: [],
  failed: [],
}

export const payoutStatusLabel = (status: string) => PAYOUT_STATUS_INFO[status as PayoutStatus]?.label ?? status

/** Whether a payout may move from `from` to `to`: the reason to show when not, null when it may. */
export function payoutTransitionRefusal(from: string, to: string): string | null {
  if (from === to) return `The payout is already ${payoutStatusLabel(to).toLowerCase()}.`
  const allowed = PAYOUT_TRANSITIONS[from as PayoutStatus]
  if (!allowed) return `Unknown payout status "${from}".`
  if (!PAYOUT_STATUSES.includes(to as PayoutStatus)) return `Unknown payout status "${to}".`
  if (allowed.length === 0) return `A ${payoutStatusLabel(from).toLowerCase()} payout cannot change any more.`
  if (!allowed.includes(to as PayoutStatus))
    return `A ${payoutStatusLabel(from).toLowerCase()} payout cannot become ${payoutStatusLabel(to).toLowerCase()}.`
  return null
}

/** Statuses whose amount is still reserved from the account's balance and not yet settled. */
export const RESERVED_STATUSES: readonly PayoutStatus[] = ['pending', 'approved', 'processing']
