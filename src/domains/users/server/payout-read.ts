import { and, eq } from 'drizzle-orm'
import { displayName } from '@core/names'
import type { Queryable } from '@server/db/engine'
import { accounts, artistProfiles, labelProfiles } from '@server/db/schema/platform'
import { userDetails } from './schema'

// The users domain's read API for payouts: whether an account may be paid and where to.
// Other domains ask here; they do not read user_details.

export interface PayoutEligibility {
  id: number
  type: 'artist' | 'label' | 'admin'
  name: string
  email: string
  banned: boolean
  blockWithdraw: boolean
  paypalEmail: string | null
  paypalConfirmed: boolean
  tipaltiId: string | null
}

/** The account of this workspace with its payout flags and methods, or null when there is none. */
export async function payoutEligibility(q: Queryable, tenantId: number, accountId: number): Promise<PayoutEligibility | null> {
  const [row] = await q
    .select({
      id: accounts.id,
      type: accounts.type,
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      banned: accounts.banned,
      blockWithdraw: accounts.blockWithdraw,
      artistName: artistProfiles.artistName,
      labelName: labelProfiles.labelName,
      paypalEmail: userDetails.paypalEmail,
      paypalConfirmed: userDetails.paypalConfirmed,
      tipaltiId: userDetails.tipaltiId,
    })
    .from(accounts)
    .leftJoin(artistProfiles, eq(artistProfiles.accountId, accounts.id))
    .leftJoin(labelProfiles, eq(labelProfiles.accountId, accounts.id))
    .leftJoin(userDetails, eq(userDetails.accountId, accounts.id))
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.id, accountId)))
  if (!row) return null
  return {
    id: row.id,
    type: row.type,
    name: displayName(row),
    email: row.email,
    banned: row.banned,
    blockWithdraw: row.blockWithdraw,
    paypalEmail: row.paypalEmail?.trim() || null,
    paypalConfirmed: row.paypalConfirmed ?? false,
    tipaltiId: row.tipaltiId?.trim() || null,
  }
}

/** Records a Tipalti payee id for the account (the demo seed links a few payees; staff use users/edit/payout-methods). */
export async function linkTipaltiPayee(q: Queryable, tenantId: number, accountId: number, payeeId: string): Promise<void> {
  await q
    .insert(userDetails)
    .values({ accountId, tenantId, tipaltiId: payeeId })
    .onConflictDoUpdate({ target: userDetails.accountId, set: { tipaltiId: payeeId, updatedAt: new Date() } })
}
