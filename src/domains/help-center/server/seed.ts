import { sql } from 'drizzle-orm'
import type { Seeder } from '@server/seed/seeder'
import * as repo from './repository'

const HOUR = 60 * 60 * 1000

/** Demo conversations: what the account asked and, for some, what the team answered. */
const PLAN: { subject: string; question: string; answer?: string; hoursAgo: number }[] = [
  {
    subject: 'How are royalties split with my producer?',
    question: 'My producer should get 20% of one single. Where do I set that?',
    answer: 'Open Royalty Splits, create a split for the track and add your producer with 20%.',
    hoursAgo: 72,
  },
  { subject: 'Changing my artist name', question: 'I am changing my artist name. Will my existing releases move with it?', hoursAgo: 20 },
  { subject: 'Invoice for my subscription', question: 'Could you send me an invoice for last year?', hoursAgo: 3 },
]

/** A few help-center threads on the demo artist and label accounts. */
export const helpCenterSeeder: Seeder = {
  name: 'help center',
  async run({ services, tenant, log }) {
    const { db } = services
    const people = await db.execute<{ id: number }>(sql`
      select id from accounts where tenant_id = ${tenant.id} and type in ('artist', 'label') order by id limit 3`)
    const staff = await db.execute<{ id: number }>(
      sql`select id from accounts where tenant_id = ${tenant.id} and type = 'admin' order by id limit 1`,
    )
    if (people.rows.length === 0 || !staff.rows[0]) return
    const now = Date.now()
    await db.transaction(async (tx) => {
      for (const [index, plan] of PLAN.entries()) {
        const accountId = Number(people.rows[index % people.rows.length].id)
        const asked = new Date(now - plan.hoursAgo * HOUR)
        const answered = plan.answer ? new Date(asked.getTime() + 2 * HOUR) : null
        const thread = await repo.insertThread(tx, {
          tenantId: tenant.id,
          accountId,
          subject: plan.subject,
          status: answered ? 'answered' : 'open',
          lastMessageAt: answered ?? asked,
          createdAt: asked,
        })
        await repo.insertMessage(tx, { tenantId: tenant.id, threadId: thread.id, accountId, body: plan.question, createdAt: asked })
        if (plan.answer && answered)
          await repo.insertMessage(tx, {
            tenantId: tenant.id,
            threadId: thread.id,
            accountId: Number(staff.rows[0].id),
            body: plan.answer,
            fromSupport: true,
            createdAt: answered,
          })
      }
    })
    log(`help center: ${PLAN.length} threads`)
  },
}
