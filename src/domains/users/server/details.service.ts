import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { artistProfile, businessDetails, labelProfile, personalDetails, userDetails as userDetailsSchema } from '@contract/users-admin'
import type { AuthedContext } from '@server/context'
import type { Queryable, Tx } from '@server/db/engine'
import { accounts, artistProfiles, labelProfiles } from '@server/db/schema/platform'
import { userDetails } from './schema'
import { auditedMutation } from '@server/audit'
import { badRequest } from '@server/errors'
import { findAccount, type AccountRecord } from './account.service'
import { cleanRoleRows } from './account-actions.service'

type Details = z.input<typeof userDetailsSchema>
type ArtistInput = z.output<typeof artistProfile>
type LabelInput = z.output<typeof labelProfile>

const cleanAddress = (address: Record<string, string | undefined> | undefined) =>
  Object.fromEntries(Object.entries(address ?? {}).filter(([, value]) => value !== undefined && value !== ''))

export async function loadDetails(db: Queryable, accountId: number): Promise<Details> {
  const [row] = await db.select().from(userDetails).where(eq(userDetails.accountId, accountId))
  return {
    payment: {
      paypalEmail: row?.paypalEmail ?? null,
      paypalConfirmed: row?.paypalConfirmed ?? false,
      venmoPhone: row?.venmoPhone ?? null,
      venmoConfirmed: row?.venmoConfirmed ?? false,
      tipaltiId: row?.tipaltiId ?? null,
    },
    personal: {
      firstName: row?.firstName ?? null,
      lastName: row?.lastName ?? null,
      displayName: row?.displayName ?? null,
      citizenship: row?.citizenship ?? null,
      nationality: row?.nationality ?? null,
      address: row?.address ?? {},
    },
    business: {
      legalEntity: row?.legalEntity ?? null,
      representativeFirstName: row?.representativeFirstName ?? null,
      representativeLastName: row?.representativeLastName ?? null,
      companyPosition: row?.companyPosition ?? null,
      legalAddress: row?.legalAddress ?? {},
      mailingAddress: row?.mailingAddress ?? {},
    },
  }
}

export async function getDetails(ctx: AuthedContext, id: number) {
  const account = await findAccount(ctx.services.db, ctx.tenant.id, id)
  return loadDetails(ctx.services.db, account.id)
}

async function upsertDetails(tx: Tx, account: AccountRecord, values: Partial<typeof userDetails.$inferInsert>) {
  await tx
    .insert(userDetails)
    .values({ accountId: account.id, tenantId: account.tenantId, ...values })
    .onConflictDoUpdate({ target: userDetails.accountId, set: { ...values, updatedAt: new Date() } })
}

/** Saves one part of the details in a transaction with its audit row, and answers all details. */
async function saveDetails(
  ctx: AuthedContext,
  userId: number,
  action: string,
  values: Partial<typeof userDetails.$inferInsert>,
  extra?: (tx: Tx, account: AccountRecord) => Promise<Record<string, unknown>>,
) {
  return auditedMutation(ctx, { action, entityType: 'account' }, async (tx) => {
    const account = await findAccount(tx, ctx.tenant.id, userId)
    const before = await loadDetails(tx, account.id)
    await upsertDetails(tx, account, values)
    const extraChange = extra ? await extra(tx, account) : {}
    const after = await loadDetails(tx, account.id)
    return { result: after, entityId: account.id, before, after: { ...after, ...extraChange } }
  })
}

type PersonalInput = z.output<typeof personalDetails> & { userId: number; flags?: Partial<Record<string, boolean>> }

const DETAIL_FLAGS = [
  'releaseNotification',
  'partnerNotification',
  'enableFanBlast',
  'bulkImportOption',
  'isAudioScanEnable',
  'publishingApplication',
  'publishingManual',
] as const

export function saveDetailsAndFlags(ctx: AuthedContext, input: PersonalInput) {
  return saveDetails(
    ctx,
    input.userId,
    'account.details_changed',
    {
      firstName: input.firstName,
      lastName: input.lastName,
      displayName: input.displayName,
      citizenship: input.citizenship,
      nationality: input.nationality,
      address: cleanAddress(input.address),
    },
    async (tx, account) => {
      const flags = Object.fromEntries(
        DETAIL_FLAGS.filter((flag) => input.flags?.[flag] !== undefined).map((flag) => [flag, input.flags![flag]]),
      )
      if (Object.keys(flags).length)
        await tx
          .update(accounts)
          .set({ ...flags, updatedAt: new Date() })
          .where(eq(accounts.id, account.id))
      return { flags }
    },
  )
}

export function saveBusinessDetails(ctx: AuthedContext, input: z.output<typeof businessDetails> & { userId: number }) {
  return saveDetails(ctx, input.userId, 'account.business_details_changed', {
    legalEntity: input.legalEntity,
    representativeFirstName: input.representativeFirstName,
    representativeLastName: input.representativeLastName,
    companyPosition: input.companyPosition,
    legalAddress: cleanAddress(input.legalAddress),
    mailingAddress: cleanAddress(input.mailingAddress),
  })
}

export function savePayoutMethods(
  ctx: AuthedContext,
  input: {
    userId: number
    paypalEmail?: string | null
    paypalConfirmed: boolean
    venmoPhone?: string | null
    venmoConfirmed: boolean
    tipaltiId: string | null
  },
) {
  if (input.paypalConfirmed && !input.paypalEmail)
    throw badRequest('A PayPal account needs its email to be confirmed.', { paypalEmail: 'Enter the PayPal email' })
  if (input.venmoConfirmed && !input.venmoPhone)
    throw badRequest('A Venmo account needs its phone to be confirmed.', { venmoPhone: 'Enter the Venmo phone number' })
  return saveDetails(ctx, input.userId, 'account.payout_methods_changed', {
    paypalEmail: input.paypalEmail ?? null,
    paypalConfirmed: input.paypalConfirmed,
    venmoPhone: input.venmoPhone ?? null,
    venmoConfirmed: input.venmoConfirmed,
    tipaltiId: input.tipaltiId,
  })
}

export async function getPaymentConnection(ctx: AuthedContext, id: number) {
  return (await getDetails(ctx, id)).payment
}

// ---------------------------------------------------------------------------------------------
// Artist and label profiles

function toArtist(row: typeof artistProfiles.$inferSelect): z.input<typeof artistProfile> {
  return {
    artistName: row.artistName,
    about: row.about,
    primaryGenre: row.primaryGenre,
    secondaryGenre: row.secondaryGenre,
    releaseTime: row.releaseTime,
    timeZone: row.timeZone,
    labelName: row.labelName,
    cLine: row.cLine,
    pLine: row.pLine,
    platformLinks: row.platformLinks,
    socials: row.socials,
    extraIds: row.extraIds,
    stores: row.stores,
    territories: row.territories,
    defaultArtists: row.defaultArtists,
    defaultWriters: row.defaultWriters,
    defaultCredits: row.defaultCredits,
    deliveryFlags: row.deliveryFlags as z.input<typeof artistProfile>['deliveryFlags'],
  }
}

function toLabel(row: typeof labelProfiles.$inferSelect): z.input<typeof labelProfile> {
  return {
    labelName: row.labelName,
    about: row.about,
    genres: row.genres,
    language: row.language,
    platforms: row.platforms,
    socials: row.socials,
  }
}

export async function loadProfiles(db: Queryable, accountId: number) {
  const [artist] = await db.select().from(artistProfiles).where(eq(artistProfiles.accountId, accountId))
  const [label] = await db.select().from(labelProfiles).where(eq(labelProfiles.accountId, accountId))
  return { artist: artist ? toArtist(artist) : null, label: label ? toLabel(label) : null }
}

export async function getProfiles(ctx: AuthedContext, id: number) {
  const account = await findAccount(ctx.services.db, ctx.tenant.id, id)
  return loadProfiles(ctx.services.db, account.id)
}

/** Saves the artist and/or label profile (rows with an empty name or no role are dropped first). */
export async function saveProfiles(ctx: AuthedContext, input: { userId: number; artist?: ArtistInput; label?: LabelInput }) {
  if (!input.artist && !input.label) throw badRequest('Nothing to save.')
  return auditedMutation(ctx, { action: 'account.profile_changed', entityType: 'account' }, async (tx) => {
    const account = await findAccount(tx, ctx.tenant.id, input.userId)
    const before = await loadProfiles(tx, account.id)
    if (input.artist) {
      const artist = cleanRoleRows(input.artist)
      const values = {
        artistName: artist.artistName,
        about: artist.about,
        primaryGenre: artist.primaryGenre,
        secondaryGenre: artist.secondaryGenre,
        releaseTime: artist.releaseTime,
        timeZone: artist.timeZone || 'utc',
        labelName: artist.labelName,
        cLine: artist.cLine,
        pLine: artist.pLine,
        platformLinks: stripEmpty(artist.platformLinks),
        socials: stripEmpty(artist.socials),
        extraIds: stripEmpty(artist.extraIds),
        stores: [...new Set(artist.stores)],
        territories: [...new Set(artist.territories)],
        defaultArtists: artist.defaultArtists,
        defaultWriters: artist.defaultWriters,
        defaultCredits: artist.defaultCredits,
        deliveryFlags: artist.deliveryFlags,
        updatedAt: new Date(),
      }
      await tx
        .insert(artistProfiles)
        .values({ accountId: account.id, tenantId: account.tenantId, ...values })
        .onConflictDoUpdate({ target: artistProfiles.accountId, set: values })
    }
    if (input.label) {
      const values = { ...input.label, socials: stripEmpty(input.label.socials), updatedAt: new Date() }
      await tx
        .insert(labelProfiles)
        .values({ accountId: account.id, tenantId: account.tenantId, ...values })
        .onConflictDoUpdate({ target: labelProfiles.accountId, set: values })
    }
    const after = await loadProfiles(tx, account.id)
    return { result: after, entityId: account.id, before, after }
  })
}

function stripEmpty(record: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== ''),
  )
}
