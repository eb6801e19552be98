import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { accounts } from '@server/db/schema/platform'
import type { Seeder } from '@server/seed/seeder'
import { fanblastBlasts, fanblastFans } from './schema'

const DAY = 24 * 60 * 60 * 1000

/** The demo artist may send fan blasts, has a few fans from an imported sign-up sheet and two blasts waiting for review. */
export const fanblastSeeder: Seeder = {
  name: 'fan blast',
  async run({ services, tenant, log }) {
    const { db } = services
    const [artist] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.tenantId, tenant.id), eq(accounts.email, `artist@${tenant.slug}.test`)))
    if (!artist) return
    const now = services.now().getTime()
    await db.update(accounts).set({ enableFanBlast: true }).where(and(eq(accounts.id, artist.id), eq(accounts.tenantId, tenant.id)))
    await db
      .insert(fanblastFans)
      .values(
        ['mia', 'noah', 'olivia', 'liam', 'emma', 'lucas'].map((name, index) => ({
          tenantId: tenant.id,
          accountId: artist.id,
          email: `${name}@fans.example`,
          source: 'import' as const,
          consentAt: new Date(now - (40 - index) * DAY),
          consentProof: 'sign-up sheet, Berlin show',
        })),
      )
      .onConflictDoNothing()
    const blast = (subject: string, content: string, daysAgo: number) => ({
      tenantId: tenant.id,
      accountId: artist.id,
      subject,
      fromName: 'Demo Artist',
      content,
      status: 'submitted' as const,
      messageId: `${randomBytes(9).toString('base64url')}@${tenant.slug}.fanblast`,
      createdAt: new Date(now - daysAgo * DAY),
    })
    await db.insert(fanblastBlasts).values([
      blast('Message from Demo Artist: new single on Friday', '<h2>New single</h2><p>It is out on <strong>Friday</strong>. Pre-save it now.</p>', 2),
      blast('Tour dates announced', '<p>We play <a href="https://example.com/tour">ten cities</a> this spring.</p><ul><li>Berlin</li><li>Paris</li></ul>', 1),
    ])
    log('fan blast: 6 fans and 2 submitted blasts for the demo artist')
  },
}
