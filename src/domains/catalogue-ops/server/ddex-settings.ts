import { sql } from 'drizzle-orm'
import { ddexPartyId, printedPartyId } from '@contract/catalogue-ops'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { auditedMutation } from '@server/audit'
import { ddexSettings } from './schema'

// The workspace's DDEX identity (docs/formats/ddex-ern.md "Sender"): the DPID DDEX allocated to it is
// the MessageSender of every ERN message it exports or delivers, and the namespace of its proprietary ids.

/** The sender every message of the workspace names: its recorded DPID, or a stand-in stores will refuse. */
export async function ddexSender(q: Queryable, tenantId: number) {
  const { rows } = await q.execute<{
    slug: string
    name: string
    party_id: string | null
    party_name: string | null
    updated_at: Date | string | null
  }>(sql`
    select te.slug, te.name, d.party_id, d.party_name, d.updated_at
      from tenants te left join ddex_settings d on d.tenant_id = te.id
     where te.id = ${tenantId}`)
  const row = rows[0]
  if (!row) throw new Error(`tenant ${tenantId} is missing`)
  const updated = row.updated_at === null ? null : new Date(row.updated_at)
  if (row.party_id) return { partyId: row.party_id, partyName: row.party_name ?? row.name, sender: { partyId: row.party_id, name: row.party_name ?? row.name }, updated }
  return { partyId: null, partyName: '', sender: { partyId: `PADPIDA-${row.slug}`, name: row.name }, updated }
}

export function getDdexSettings(ctx: AuthedContext) {
  return ddexSender(ctx.services.db, ctx.tenant.id)
}

export async function updateDdexSettings(ctx: AuthedContext, body: { partyId: string; partyName?: string }) {
  const tenantId = ctx.tenant.id
  const partyId = ddexPartyId(body.partyId)
  const settings = await auditedMutation(
    ctx,
    { action: 'ddex_settings.updated', entityType: 'ddex_settings', entityId: tenantId },
    async (tx) => {
      const before = await ddexSender(tx, tenantId)
      const partyName = body.partyName || before.sender.name
      const row = { tenantId, partyId, partyName, updatedBy: ctx.session.account.id, updatedAt: ctx.services.now() }
      await tx.insert(ddexSettings).values(row).onConflictDoUpdate({ target: ddexSettings.tenantId, set: row })
      const after = await ddexSender(tx, tenantId)
      return {
        result: after,
        before: { partyId: before.partyId, partyName: before.partyName },
        after: { partyId: after.partyId, partyName: after.partyName },
      }
    },
  )
  return { settings, message: `DDEX messages now come from ${printedPartyId(partyId)} (${settings.partyName}).` }
}
