import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Seeder } from '@server/seed/seeder'
import { accounts, artistProfiles, auditLog, invites, labelProfiles, loginHistory } from '@server/db/schema/platform'
import { accountDocuments, accountNotes, publishingEntries, userDetails } from './schema'
import { postPublishing } from '@domains/earnings/server/public'
import { hashToken, newToken } from '@server/auth/tokens'

const DAY = 24 * 60 * 60 * 1000
const GENRES = [
  'Pop',
  'Hip-Hop/Rap',
  'Electronic',
  'Dance',
  'R&B/Soul',
  'Rock',
  'Alternative',
  'Indie Pop',
  'Jazz',
  'Latin',
  'Country',
  'Afrobeats',
  'K-Pop',
  'Ambient',
]
const STORES = [1, 2, 3, 4, 5, 7, 51, 78]

/** A minimal valid PDF: the file store judges documents by their bytes. */
function pdf(title: string): Buffer {
  const text = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length ${title.length + 30}>>stream\nBT /F1 14 Tf 20 70 Td (${title}) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`
  return Buffer.from(text, 'latin1')
}

/**
 * Account demo data on top of the sign-ins and generated artists and labels: full profiles, artists
 * signed to labels, staff notes and documents, invitations in every state, sign-in history, and a
 * few banned, restricted, DMCA-flagged, priority and verified accounts.
 */
export const usersSeeder: Seeder = {
  name: 'accounts-details',
  async run({ services, tenant, faker }) {
    const { db } = services
    const now = services.now()
    const all = await db.select().from(accounts).where(eq(accounts.tenantId, tenant.id)).orderBy(accounts.id)
    const admins = all.filter((account) => account.type === 'admin')
    const artists = all.filter((account) => account.type === 'artist')
    const labels = all.filter((account) => account.type === 'label')
    const staff = admins[1] ?? admins[0]

    await db.transaction(async (tx) => {
      // Artist profiles: genres, links, release defaults, stores and territories.
      for (const artist of artists) {
        const name =
          (await tx.select({ name: artistProfiles.artistName }).from(artistProfiles).where(eq(artistProfiles.accountId, artist.id)))[0]
            ?.name ?? artist.firstName
        const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '')
        await tx
          .update(artistProfiles)
          .set({
            about: `${faker.helpers.arrayElement(['Singer-songwriter', 'Producer', 'Band', 'Duo', 'DJ and producer'])} from ${faker.location.city()}.`,
            primaryGenre: faker.helpers.arrayElement(GENRES),
            secondaryGenre: faker.helpers.maybe(() => faker.helpers.arrayElement(GENRES), { probability: 0.5 }) ?? null,
            releaseTime: faker.helpers.arrayElement(['00:00', '09:00', '12:00']),
            timeZone: faker.helpers.arrayElement(['utc', 'America/New_York', 'Europe/London', 'Europe/Berlin']),
            cLine: `${now.getUTCFullYear()} ${name}`,
            pLine: `${now.getUTCFullYear()} ${name}`,
            platformLinks: {
              spotify: `https://open.spotify.com/artist/${faker.string.alphanumeric(22)}`,
              website: `https://${slug || 'artist'}.example.com`,
            },
            socials: { instagram: `https://instagram.com/${slug || 'artist'}` },
            extraIds: faker.datatype.boolean(0.3) ? { isni: faker.string.numeric(16) } : {},
            stores: faker.helpers.arrayElements(STORES, { min: 3, max: STORES.length }),
            territories: ['WW'],
            defaultArtists: [{ name, roles: 'Primary Artist' }],
            defaultWriters: [{ firstName: artist.firstName, lastName: artist.lastName, roles: 'Composer;Lyricist' }],
            defaultCredits: faker.datatype.boolean(0.4) ? [{ name: faker.person.fullName(), roles: 'Producer' }] : [],
            deliveryFlags: { beatport: faker.datatype.boolean(0.3), youtube: true, soundcloud: faker.datatype.boolean(0.5) },
          })
          .where(eq(artistProfiles.accountId, artist.id))
      }
      for (const label of labels) {
        await tx
          .update(labelProfiles)
          .set({ about: `Independent label from ${faker.location.city()}.`, genres: faker.helpers.arrayElements(GENRES, { min: 1, max: 3 }), language: 'English' })
          .where(eq(labelProfiles.accountId, label.id))
      }
      // About a third of the artists are signed to a label.
      const signed = artists.filter((_, index) => index % 3 === 0)
      for (const artist of signed) {
        await tx
          .update(accounts)
          .set({ labelAccountId: faker.helpers.arrayElement(labels).id })
          .where(eq(accounts.id, artist.id))
      }

      // Flags staff set: a few of each, deterministic.
      const pick = (count: number, offset: number) => artists.slice(offset, offset + count).map((account) => account.id)
      const setFlag = (ids: number[], values: Partial<typeof accounts.$inferInsert>) =>
        tx.update(accounts).set(values).where(inArray(accounts.id, ids))
      await setFlag(pick(4, 10), {
        banned: true,
        bannedAt: new Date(now.getTime() - 20 * DAY),
        bannedReason: 'Repeated copyright claims on delivered releases',
      })
      await setFlag(pick(6, 20), { restrictNewRelease: true })
      await setFlag(pick(2, 26), { restrictRelease: true })
      await setFlag(pick(5, 30), { dmcaMode: true })
      await setFlag(pick(4, 40), { blockWithdraw: true })
      await setFlag(pick(25, 50), { priorityMember: true })
      await setFlag(pick(60, 80), { verified: true })
      await setFlag(pick(3, 150), { verifiedInvestor: true })
      await setFlag(pick(2, 160), { verifiedCharity: true })
      // Artists early in the list own the demo releases the seeded statements pay, so the admin fee shows.
      await setFlag(pick(15, 32), { tenantSplit: '15.0000' })
      // Audio-recognition scans are an opt-in staff turn on per account; most demo artists have it.
      await setFlag(pick(Math.ceil(artists.length * 0.8), 0), { isAudioScanEnable: true })

      // User details with payment connections for a share of the artists.
      for (const artist of artists.filter((_, index) => index % 4 === 0)) {
        await tx.insert(userDetails).values({
          accountId: artist.id,
          tenantId: tenant.id,
          paypalEmail: artist.email,
          paypalConfirmed: faker.datatype.boolean(0.7),
          firstName: artist.firstName,
          lastName: artist.lastName,
          nationality: faker.location.countryCode(),
          address: {
            line1: faker.location.streetAddress(),
            city: faker.location.city(),
            postcode: faker.location.zipCode(),
            country: faker.location.countryCode(),
          },
        })
      }

      // Staff notes and publishing entries on the demo artist and some others.
      const noted = [artists[0], ...artists.slice(1, 30).filter((_, index) => index % 5 === 0)]
      for (const account of noted) {
        await tx.insert(accountNotes).values([
          {
            tenantId: tenant.id,
            accountId: account.id,
            authorId: staff.id,
            title: 'Onboarding call',
            content: 'Walked through delivery timelines and the split sheet.',
            createdAt: new Date(now.getTime() - 40 * DAY),
          },
          {
            tenantId: tenant.id,
            accountId: account.id,
            authorId: staff.id,
            title: 'Payout method',
            content: 'Asked to confirm the PayPal email before the next payout run.',
            createdAt: new Date(now.getTime() - 5 * DAY),
          },
        ])
      }
      const seededPublishing = await tx
        .insert(publishingEntries)
        .values([
          {
            tenantId: tenant.id,
            accountId: artists[0].id,
            amount: '120.50',
            period: '2026-09-01',
            note: 'Sync licence, September',
            createdBy: staff.id,
          },
          {
            tenantId: tenant.id,
            accountId: artists[0].id,
            amount: '75.00',
            period: '2026-10-01',
            note: 'Mechanicals, October',
            createdBy: staff.id,
          },
        ])
        .returning()
      // Publishing entries are ledger money too (docs/royalties.md).
      for (const entry of seededPublishing) {
        await postPublishing(tx, {
          tenantId: tenant.id,
          accountId: entry.accountId,
          entryId: entry.id,
          amount: entry.amount,
          period: entry.period,
          note: entry.note,
          actorId: staff.id,
        })
      }

      // Invitations in every state.
      const invite = (
        email: string,
        type: 'artist' | 'label' | 'admin',
        status: 'pending' | 'accepted' | 'cancelled',
        expiresInDays: number,
        createdDaysAgo: number,
      ) => ({
        tenantId: tenant.id,
        email,
        type,
        firstName: faker.person.firstName(),
        lastName: faker.person.lastName(),
        tokenHash: hashToken(newToken()),
        status,
        invitedBy: staff.id,
        expiresAt: new Date(now.getTime() + expiresInDays * DAY),
        createdAt: new Date(now.getTime() - createdDaysAgo * DAY),
        cancelledAt: status === 'cancelled' ? new Date(now.getTime() - 1 * DAY) : null,
      })
      await tx
        .insert(invites)
        .values([
          invite('new.artist@example.com', 'artist', 'pending', 5, 2),
          invite('rising.label@example.com', 'label', 'pending', 6, 1),
          invite('late.reply@example.com', 'artist', 'pending', -3, 10),
          invite('changed.mind@example.com', 'artist', 'cancelled', 4, 3),
          invite('new.staff@demo.test', 'admin', 'pending', 7, 0),
          invite('former.staff@demo.test', 'admin', 'cancelled', 2, 5),
        ])

      // Sign-in history for the demo accounts and some artists, including failed attempts.
      const history: (typeof loginHistory.$inferInsert)[] = []
      for (const account of [...admins, artists[0], ...artists.slice(1, 40)]) {
        for (let day = 30; day > 0; day -= faker.number.int({ min: 2, max: 9 })) {
          const ip = `203.0.113.${faker.number.int({ min: 2, max: 250 })}`
          if (faker.datatype.boolean(0.15))
            history.push({
              tenantId: tenant.id,
              accountId: account.id,
              email: account.email,
              ip,
              granted: false,
              reason: 'wrong_password',
              createdAt: new Date(now.getTime() - day * DAY - 60_000),
            })
          history.push({
            tenantId: tenant.id,
            accountId: account.id,
            email: account.email,
            ip,
            granted: true,
            createdAt: new Date(now.getTime() - day * DAY),
          })
        }
      }
      for (let i = 0; i < history.length; i += 500) await tx.insert(loginHistory).values(history.slice(i, i + 500))

      // The audit trail records the staff actions above, so the account tab explains the flags.
      const flagged = await tx
        .select({ id: accounts.id, banned: accounts.banned, dmca: accounts.dmcaMode, restrict: accounts.restrictNewRelease })
        .from(accounts)
        .where(and(eq(accounts.tenantId, tenant.id), sql`(${accounts.banned} or ${accounts.dmcaMode} or ${accounts.restrictNewRelease})`))
      await tx.insert(auditLog).values(
        flagged.map((account) => ({
          tenantId: tenant.id,
          actorAccountId: staff.id,
          action: account.banned ? 'account.banned' : account.dmca ? 'account.dmca_on' : 'account.new_releases_restricted',
          entityType: 'account',
          entityId: String(account.id),
          before: account.banned ? { banned: false } : null,
          after: account.banned ? { banned: true, reason: 'Repeated copyright claims on delivered releases' } : null,
          createdAt: new Date(now.getTime() - 20 * DAY),
        })),
      )
    })

    // Documents go through the file store like uploads do.
    for (const [account, title, isPrivate] of [
      [artists[0], 'Distribution agreement', false],
      [artists[0], 'Passport scan (KYC)', true],
      [artists[3], 'Split sheet', false],
    ] as const) {
      const stored = await services.files.save(db, {
        tenantId: tenant.id,
        purpose: 'account-document',
        originalName: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
        data: pdf(title),
        kind: 'document',
        maxBytes: 1024 * 1024,
        createdBy: staff.id,
      })
      await db
        .insert(accountDocuments)
        .values({ tenantId: tenant.id, accountId: account.id, fileId: stored.id, title, private: isPrivate, createdBy: staff.id })
    }
  },
}
