import { eq } from 'drizzle-orm'
import type { Seeder } from '@server/seed/seeder'
import { accounts, artistProfiles, labelProfiles, notifications, promoCodes, tenants } from '@server/db/schema/platform'
import { hashPassword } from '@server/auth/passwords'
import { DEMO_PASSWORD } from '@server/seed/demo'

const ARTISTS = 300
const LABELS = 60
const DAY = 24 * 60 * 60 * 1000

/**
 * The four demo sign-ins and a few hundred artists and labels with realistic names.
 * Generated accounts have no password (as if imported): they sign in after an invite or recovery.
 */
export const authSeeder: Seeder = {
  name: 'accounts',
  async run({ services, tenant, faker }) {
    const now = services.now()
    const passwordHash = await hashPassword(DEMO_PASSWORD)
    await services.db.transaction(async (tx) => {
      const demo = await tx
        .insert(accounts)
        .values([
          {
            tenantId: tenant.id,
            email: 'operator@demo.test',
            type: 'admin',
            firstName: 'Olivia',
            lastName: 'Park',
            passwordHash,
            emailVerifiedAt: now,
            createdAt: new Date(now.getTime() - 800 * DAY),
          },
          {
            tenantId: tenant.id,
            email: 'admin@demo.test',
            type: 'admin',
            firstName: 'Adam',
            lastName: 'Reed',
            passwordHash,
            emailVerifiedAt: now,
            hasInit: true,
            createdAt: new Date(now.getTime() - 700 * DAY),
          },
          {
            tenantId: tenant.id,
            email: 'artist@demo.test',
            type: 'artist',
            firstName: 'Nina',
            lastName: 'Vale',
            passwordHash,
            emailVerifiedAt: now,
            hasInit: true,
            createdAt: new Date(now.getTime() - 400 * DAY),
          },
          {
            tenantId: tenant.id,
            email: 'label@demo.test',
            type: 'label',
            firstName: 'Leo',
            lastName: 'Marsh',
            passwordHash,
            emailVerifiedAt: now,
            hasInit: true,
            createdAt: new Date(now.getTime() - 500 * DAY),
          },
        ])
        .returning()
      const [operator, admin, artist, label] = demo
      await tx.update(tenants).set({ ownerAccountId: operator.id }).where(eq(tenants.id, tenant.id))
      await tx.insert(artistProfiles).values({ accountId: artist.id, tenantId: tenant.id, artistName: 'Nina Vale' })
      await tx.insert(labelProfiles).values({ accountId: label.id, tenantId: tenant.id, labelName: 'Marsh Audio' })

      const used = new Set<string>()
      const uniqueEmail = (base: string) => {
        const slug =
          base
            .toLowerCase()
            .normalize('NFKD')
            .replace(/[^a-z0-9]+/g, '.')
            .replace(/^\.|\.$/g, '') || 'user'
        let email = `${slug}@example.com`
        for (let n = 2; used.has(email); n++) email = `${slug}${n}@example.com`
        used.add(email)
        return email
      }
      const people = (count: number, type: 'artist' | 'label') =>
        Array.from({ length: count }, () => {
          const firstName = faker.person.firstName()
          const lastName = faker.person.lastName()
          const name =
            type === 'artist'
              ? faker.helpers.arrayElement([
                  `${firstName} ${lastName}`,
                  faker.music.artist(),
                  // A band named like one ("The Hendersons"), not a first name and a random adjective.
                  `The ${lastName.endsWith('s') ? lastName : `${lastName}s`}`,
                ])
              : `${lastName} ${faker.helpers.arrayElement(['Records', 'Music', 'Recordings', 'Sound', 'Audio'])}`
          const createdAt = new Date(now.getTime() - faker.number.int({ min: 1, max: 730 }) * DAY - faker.number.int({ min: 0, max: DAY }))
          return {
            row: {
              tenantId: tenant.id,
              email: uniqueEmail(type === 'artist' ? name : name.replace(/ (Records|Music|Recordings|Sound|Audio)$/, '')),
              type,
              firstName,
              lastName,
              emailVerifiedAt: faker.datatype.boolean(0.85) ? createdAt : null,
              hasInit: true,
              createdAt,
              updatedAt: createdAt,
            },
            name,
          }
        })
      for (const [type, count] of [
        ['artist', ARTISTS],
        ['label', LABELS],
      ] as const) {
        const batch = people(count, type)
        const inserted = await tx
          .insert(accounts)
          .values(batch.map((entry) => entry.row))
          .returning({ id: accounts.id })
        if (type === 'artist') {
          await tx
            .insert(artistProfiles)
            .values(inserted.map((row, i) => ({ accountId: row.id, tenantId: tenant.id, artistName: batch[i].name })))
        } else {
          await tx
            .insert(labelProfiles)
            .values(inserted.map((row, i) => ({ accountId: row.id, tenantId: tenant.id, labelName: batch[i].name })))
        }
      }

      await tx.insert(promoCodes).values([
        { tenantId: tenant.id, code: 'WELCOME', description: 'First release distributed free of charge' },
        {
          tenantId: tenant.id,
          code: 'LAUNCH50',
          description: '50% off the first year of distribution',
          maxRedemptions: 50,
          expiresAt: new Date(now.getTime() + 365 * DAY),
        },
      ])
      await tx.insert(notifications).values(
        [operator, admin].map((staff) => ({
          tenantId: tenant.id,
          accountId: staff.id,
          title: 'Welcome to your back-office',
          message: 'Press Ctrl+K (⌘K on a Mac) anywhere to jump to a screen, a record or an action.',
          type: 'info',
          createdAt: new Date(now.getTime() - DAY),
        })),
      )
    })
  },
}
