import { sql } from 'drizzle-orm'
import type { TicketStatus } from '@core/ticket-status'
import type { Seeder } from '@server/seed/seeder'
import { addComment, createTicket } from './service'
import * as repo from './repository'

const HOUR = 60 * 60 * 1000

/** Demo tickets, oldest first: what the requester wrote, and what the team answered (if anything). */
const PLAN: { subject: string; message: string; hoursAgo: number; reply?: string; status: TicketStatus; priority?: 'high' | 'urgent' }[] = [
  {
    subject: 'Payout not received',
    message: 'I asked for a payout two weeks ago and nothing has arrived on PayPal.',
    hoursAgo: 340,
    reply: 'It was paid on the 3rd: please check the PayPal account ending in 42.',
    status: 'solved',
  },
  {
    subject: 'Wrong artist name on Spotify',
    message: 'My single shows under another artist with the same name.',
    hoursAgo: 200,
    reply: 'We asked Spotify to move it to your profile; this takes a few days.',
    status: 'on_hold',
  },
  {
    subject: 'How do I add a featured artist?',
    message: 'I need to add a featured artist to a release that is already live.',
    hoursAgo: 90,
    reply: 'Open the release, choose Edit, then add the artist with the role Featuring.',
    status: 'pending',
  },
  {
    subject: 'Statement for March missing',
    message: 'The March statement is not in my reports. Can you check?',
    hoursAgo: 50,
    status: 'open',
    priority: 'high',
  },
  {
    subject: 'Cover art rejected',
    message: 'The store rejected my cover art, but it is 3000×3000. What is wrong?',
    hoursAgo: 30,
    status: 'new',
  },
  {
    subject: 'Cannot log in on my phone',
    message: 'The sign-in code never arrives when I use my phone.',
    hoursAgo: 6,
    status: 'new',
    priority: 'urgent',
  },
]

/** A handful of tickets in every status on the demo artists and labels, so the desk is not empty. */
export const supportSeeder: Seeder = {
  name: 'support',
  async run({ services, tenant, log }) {
    const { db } = services
    const people = await db.execute<{ id: number; email: string; first_name: string; last_name: string }>(sql`
      select id, email, first_name, last_name from accounts where tenant_id = ${tenant.id} and type in ('artist', 'label') order by id limit 6`)
    const staff = await db.execute<{ id: number }>(sql`
      select id from accounts where tenant_id = ${tenant.id} and type = 'admin' order by id limit 1`)
    if (people.rows.length === 0 || !staff.rows[0]) return
    const staffId = Number(staff.rows[0].id)
    const actor = { tenantId: tenant.id, actorAccountId: null }
    const now = Date.now()
    for (const [index, plan] of PLAN.entries()) {
      const person = people.rows[index % people.rows.length]
      const created = new Date(now - plan.hoursAgo * HOUR)
      const ticket = await createTicket(services, actor, tenant.id, {
        requesterAccountId: Number(person.id),
        requesterEmail: person.email,
        requesterName: `${person.first_name} ${person.last_name}`.trim(),
        subject: plan.subject,
        html: `<p>${plan.message}</p>`,
        source: index % 2 ? 'email' : 'app',
      })
      await db.transaction(async (tx) => {
        await tx.execute(sql`update support_comments set created_at = ${created} where ticket_id = ${ticket.id}`)
        let answered: Date | null = null
        if (plan.reply) {
          answered = new Date(created.getTime() + (index + 1) * 3 * HOUR)
          const reply = await addComment(
            services,
            tx,
            tenant.id,
            { ticketId: ticket.id, authorId: staffId, html: `<p>${plan.reply}</p>`, isSupportTeam: true, internal: false },
            [],
          )
          await tx.execute(sql`update support_comments set created_at = ${answered} where id = ${reply.id}`)
        }
        await repo.updateTicket(tx, tenant.id, ticket.id, {
          status: plan.status,
          priority: plan.priority ?? 'normal',
          createdAt: created,
          firstResponseAt: answered,
          solvedAt: plan.status === 'solved' ? new Date(now - 24 * HOUR) : null,
          assigneeAccountId: plan.reply ? staffId : null,
          lastActivityAt: answered ?? created,
        })
      })
    }
    await repo.writeSettings(db, tenant.id, {
      autoReply: 'Thanks for writing to us. We read every message and answer within one business day.',
      signature: '— The support team',
      businessHours: 'Monday to Friday, 9:00–17:00',
      firstResponseMinutes: 24 * 60,
      autoCloseDays: 7,
      cannedReplies: [
        {
          title: 'Payout timing',
          text: 'Payouts are sent within 5 business days of approval. PayPal shows them at once; Tipalti may take 2–3 days more.',
        },
        {
          title: 'Store delivery time',
          text: 'Stores usually show a new release within 2–5 days of delivery; Apple Music and Spotify can take up to a week.',
        },
        {
          title: 'Artwork rules',
          text: 'Cover art must be a square JPG or PNG of at least 3000×3000 pixels, without logos, web addresses or prices.',
        },
      ],
    })
    log(`support: ${PLAN.length} tickets`)
  },
}
