import { and, asc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '@server/db/engine'
import { accounts } from '@server/db/schema/platform'
import { agreements, dnsRecords, loginSlides, mailSettings, menuItems, siteSettings } from './schema'

export type SettingsRow = typeof siteSettings.$inferSelect
export type SettingsPatch = Partial<Omit<typeof siteSettings.$inferInsert, 'tenantId'>>
export type MenuRow = typeof menuItems.$inferSelect
export type SlideRow = typeof loginSlides.$inferSelect
export type MailRow = typeof mailSettings.$inferSelect
export type MailPatch = Partial<Omit<typeof mailSettings.$inferInsert, 'tenantId'>>
export type DnsRow = typeof dnsRecords.$inferSelect
export type NewDnsRow = typeof dnsRecords.$inferInsert
export type AgreementRow = typeof agreements.$inferSelect

// ---------------------------------------------------------------------------------------------
// Site settings: one row per workspace, created on first save

export async function findSettings(db: Queryable, tenantId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.tenantId, tenantId))
  return row ?? null
}

export async function upsertSettings(db: Queryable, tenantId: number, patch: SettingsPatch, now: Date): Promise<SettingsRow> {
  const [row] = await db
    .insert(siteSettings)
    .values({ tenantId, ...patch, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.tenantId, set: { ...patch, updatedAt: now } })
    .returning()
  return row
}

export async function shortLinkHostTaken(db: Queryable, tenantId: number, host: string): Promise<boolean> {
  const rows = await db
    .select({ tenantId: siteSettings.tenantId })
    .from(siteSettings)
    .where(and(sql`lower(${siteSettings.shortLinkHost}) = ${host.toLowerCase()}`, sql`${siteSettings.tenantId} <> ${tenantId}`))
    .limit(1)
  return rows.length > 0
}

// ---------------------------------------------------------------------------------------------
// Client portal menu

export async function listMenu(db: Queryable, tenantId: number): Promise<MenuRow[]> {
  return db.select().from(menuItems).where(eq(menuItems.tenantId, tenantId)).orderBy(asc(menuItems.position), asc(menuItems.id))
}

export async function upsertMenu(db: Queryable, tenantId: number, items: { key: string; label: string; visible: boolean }[], now: Date) {
  if (items.length === 0) return
  await db
    .insert(menuItems)
    .values(items.map((item, position) => ({ tenantId, ...item, position, updatedAt: now })))
    .onConflictDoUpdate({
      target: [menuItems.tenantId, menuItems.key],
      set: { label: sql`excluded.label`, visible: sql`excluded.visible`, position: sql`excluded.position`, updatedAt: now },
    })
}

// ---------------------------------------------------------------------------------------------
// Sign-in slides

const ownSlide = (tenantId: number, id: number) => and(eq(loginSlides.tenantId, tenantId), eq(loginSlides.id, id))

export async function listSlides(db: Queryable, tenantId: number, onlyVisible = false): Promise<SlideRow[]> {
  return db
    .select()
    .from(loginSlides)
    .where(onlyVisible ? and(eq(loginSlides.tenantId, tenantId), eq(loginSlides.visible, true)) : eq(loginSlides.tenantId, tenantId))
    .orderBy(asc(loginSlides.position), asc(loginSlides.id))
}

export async function findSlide(db: Queryable, tenantId: number, id: number): Promise<SlideRow | null> {
  const [row] = await db.select().from(loginSlides).where(ownSlide(tenantId, id))
  return row ?? null
}

export async function nextSlidePosition(db: Queryable, tenantId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${loginSlides.position}) + 1, 0)::int` })
    .from(loginSlides)
    .where(eq(loginSlides.tenantId, tenantId))
  return row?.next ?? 0
}

export async function insertSlide(db: Queryable, values: typeof loginSlides.$inferInsert): Promise<SlideRow> {
  const [row] = await db.insert(loginSlides).values(values).returning()
  return row
}

export async function updateSlide(
  db: Queryable,
  tenantId: number,
  id: number,
  patch: Partial<Omit<typeof loginSlides.$inferInsert, 'tenantId' | 'id'>>,
): Promise<SlideRow | null> {
  const [row] = await db.update(loginSlides).set(patch).where(ownSlide(tenantId, id)).returning()
  return row ?? null
}

export async function deleteSlide(db: Queryable, tenantId: number, id: number): Promise<SlideRow | null> {
  const [row] = await db.delete(loginSlides).where(ownSlide(tenantId, id)).returning()
  return row ?? null
}

export async function setSlidePositions(db: Queryable, tenantId: number, ids: readonly number[], now: Date): Promise<void> {
  // A slider holds a handful of slides: one small update each, inside the caller's transaction.
  for (const [position, id] of ids.entries()) {
    await db.update(loginSlides).set({ position, updatedAt: now }).where(ownSlide(tenantId, id))
  }
}

// ---------------------------------------------------------------------------------------------
// Mail settings and DNS records

export async function findMail(db: Queryable, tenantId: number): Promise<MailRow | null> {
  const [row] = await db.select().from(mailSettings).where(eq(mailSettings.tenantId, tenantId))
  return row ?? null
}

export async function upsertMail(db: Queryable, tenantId: number, patch: MailPatch, now: Date): Promise<MailRow> {
  const [row] = await db
    .insert(mailSettings)
    .values({ tenantId, ...patch, updatedAt: now })
    .onConflictDoUpdate({ target: mailSettings.tenantId, set: { ...patch, updatedAt: now } })
    .returning()
  return row
}

export async function listDnsRecords(db: Queryable, tenantId: number): Promise<DnsRow[]> {
  return db.select().from(dnsRecords).where(eq(dnsRecords.tenantId, tenantId)).orderBy(asc(dnsRecords.kind), asc(dnsRecords.id))
}

export async function replaceDnsRecords(db: Queryable, tenantId: number, rows: Omit<NewDnsRow, 'tenantId'>[]): Promise<DnsRow[]> {
  await db.delete(dnsRecords).where(eq(dnsRecords.tenantId, tenantId))
  if (rows.length === 0) return []
  return db
    .insert(dnsRecords)
    .values(rows.map((row) => ({ ...row, tenantId })))
    .returning()
}

export async function recordDnsCheck(db: Queryable, tenantId: number, id: number, result: { isActive: boolean; valid: boolean }, at: Date) {
  await db
    .update(dnsRecords)
    .set({ ...result, lastCheckedAt: at })
    .where(and(eq(dnsRecords.tenantId, tenantId), eq(dnsRecords.id, id)))
}

// ---------------------------------------------------------------------------------------------
// Agreements

export async function listAgreements(db: Queryable, tenantId: number) {
  return db
    .select({
      id: agreements.id,
      type: agreements.type,
      signedAt: agreements.signedAt,
      textVersion: agreements.textVersion,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
    })
    .from(agreements)
    .leftJoin(accounts, eq(accounts.id, agreements.accountId))
    .where(eq(agreements.tenantId, tenantId))
    .orderBy(asc(agreements.signedAt), asc(agreements.id))
}

export async function insertAgreement(db: Queryable, values: typeof agreements.$inferInsert): Promise<AgreementRow> {
  const [row] = await db.insert(agreements).values(values).returning()
  return row
}

export async function hasAgreement(db: Queryable, tenantId: number, type: 'initial'): Promise<boolean> {
  const [row] = await db
    .select({ id: agreements.id })
    .from(agreements)
    .where(and(eq(agreements.tenantId, tenantId), eq(agreements.type, type)))
    .limit(1)
  return Boolean(row)
}
