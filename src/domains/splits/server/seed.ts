import { sql } from 'drizzle-orm'
import type { Seeder } from '@server/seed/seeder'
import { evenShares } from '@core/split-status'
import { SHARE_ONE, SHARE_SCALE, fromScaled, toScaled } from '@core/decimal'
import { splitPayees, splits } from './schema'

const DAY = 24 * 60 * 60 * 1000

/** The first day of the month `back` months before `now` (UTC). */
function monthsBack(now: Date, back: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
  return date.toISOString().slice(0, 10)
}

interface Plan {
  status: 'pending' | 'active' | 'declined' | 'ended'
  locked?: boolean
  /** Months before now the split starts (24: two years back, so the statement seeder's periods use it). */
  back: number
  endBack?: number
  /** Shares of the other payees; the owner keeps the rest. A null email: an address with no account. */
  others: { registered: boolean; share: string; confirmed?: boolean }[]
  /** Even shares among the owner and the others (a third each when there are two others). */
  even?: boolean
}

/**
 * Demo splits of every status on demo tracks (docs/royalties.md): active ones from two years back
 * with two or three confirmed registered payees (one in thirds), pending ones with invited payees,
 * one declined, one ended and followed by its successor, one locked.
 */
const PLANS: Plan[] = [
  {
    status: 'active',
    back: 24,
    others: [
      { registered: true, share: '0' },
      { registered: true, share: '0' },
    ],
    even: true,
  },
  { status: 'active', back: 24, locked: true, others: [{ registered: true, share: '0.4' }] },
  {
    status: 'active',
    back: 24,
    others: [
      { registered: true, share: '0.25' },
      { registered: true, share: '0.15' },
    ],
  },
  { status: 'active', back: 18, others: [{ registered: true, share: '0.5' }] },
  { status: 'ended', back: 24, endBack: 12, others: [{ registered: true, share: '0.3' }] },
  {
    status: 'pending',
    back: 1,
    others: [
      { registered: false, share: '0.2' },
      { registered: true, share: '0.1', confirmed: true },
    ],
  },
  { status: 'pending', back: 0, others: [{ registered: true, share: '0.35' }] },
  { status: 'declined', back: 6, others: [{ registered: false, share: '0.6' }] },
]

export const splitsSeeder: Seeder = {
  name: 'splits',
  async run({ services, tenant }) {
    const { db } = services
    const now = services.now()
    // Tracks of releases owned by artists, one per release, so each split has its own track.
    const { rows: tracks } = await db.execute<{ id: number; owner_id: number; owner_email: string }>(sql`
      select distinct on (r.id) t.id, r.account_id as owner_id, o.email as owner_email
      from releases r
      join tracks t on t.release_id = r.id
      join accounts o on o.id = r.account_id
      where r.tenant_id = ${tenant.id} and o.type = 'artist' and t.isrc is not null
      order by r.id, t.position
      limit 40`)
    const { rows: people } = await db.execute<{ id: number; email: string }>(sql`
      select id, email from accounts where tenant_id = ${tenant.id} and type in ('artist', 'label')
      order by id limit 60`)
    const { rows: staff } = await db.execute<{ id: number }>(
      sql`select id from accounts where tenant_id = ${tenant.id} and type = 'admin' order by id limit 1`,
    )
    if (tracks.length < PLANS.length + 1 || people.length < 10) return
    const admin = staff[0]?.id ?? null
    let personIndex = 0
    const nextPerson = (not: number) => {
      let person = people[personIndex++ % people.length]
      if (Number(person.id) === not) person = people[personIndex++ % people.length]
      return person
    }

    await db.transaction(async (tx) => {
      let trackIndex = 0
      for (const [index, plan] of PLANS.entries()) {
        const track = tracks[trackIndex++]
        const owner = Number(track.owner_id)
        const others = plan.others.map((other, n) =>
          other.registered
            ? { ...other, email: nextPerson(owner).email, accountId: null as number | null }
            : { ...other, email: `collaborator${index + 1}.${n + 1}@example.com`, accountId: null as number | null },
        )
        for (const other of others) other.accountId = other.registered ? Number(people.find((p) => p.email === other.email)!.id) : null
        const shares = plan.even ? evenShares(others.length + 1) : null
        const ownerShare = shares
          ? shares[0]
          : fromScaled(SHARE_ONE - others.reduce((sum, other) => sum + toScaled(other.share, SHARE_SCALE), 0n), SHARE_SCALE)
        const createdAt = new Date(Math.min(now.getTime() - DAY, new Date(monthsBack(now, plan.back)).getTime() - 20 * DAY))
        const applies = plan.status === 'active' || plan.status === 'ended'
        const [split] = await tx
          .insert(splits)
          .values({
            tenantId: tenant.id,
            trackId: Number(track.id),
            ownerAccountId: owner,
            status: plan.status,
            locked: plan.locked ?? false,
            lockedBy: plan.locked ? admin : null,
            lockedAt: plan.locked ? new Date(now.getTime() - 30 * DAY) : null,
            startsOn: monthsBack(now, plan.back),
            endedOn: plan.endBack !== undefined ? monthsBack(now, plan.endBack) : null,
            createdBy: owner,
            createdAt,
          })
          .returning({ id: splits.id })
        await tx.insert(splitPayees).values([
          {
            tenantId: tenant.id,
            splitId: split.id,
            email: track.owner_email,
            accountId: owner,
            share: ownerShare,
            status: 'confirmed',
            confirmedAt: createdAt,
          },
          ...others.map((other, n) => ({
            tenantId: tenant.id,
            splitId: split.id,
            email: other.email,
            accountId: other.accountId,
            share: shares ? shares[n + 1] : other.share,
            status: applies || other.confirmed ? 'confirmed' : 'invited',
            confirmedAt: applies || other.confirmed ? new Date(createdAt.getTime() + 3 * DAY) : null,
          })),
        ])
        // The ended split's track carries on under its successor from the month it ended.
        if (plan.status === 'ended' && plan.endBack !== undefined) {
          const person = nextPerson(owner)
          const [next] = await tx
            .insert(splits)
            .values({
              tenantId: tenant.id,
              trackId: Number(track.id),
              ownerAccountId: owner,
              status: 'active',
              startsOn: monthsBack(now, plan.endBack),
              createdBy: owner,
              createdAt: new Date(new Date(monthsBack(now, plan.endBack)).getTime() - 10 * DAY),
            })
            .returning({ id: splits.id })
          await tx.insert(splitPayees).values([
            {
              tenantId: tenant.id,
              splitId: next.id,
              email: track.owner_email,
              accountId: owner,
              share: '0.8',
              status: 'confirmed',
              confirmedAt: now,
            },
            {
              tenantId: tenant.id,
              splitId: next.id,
              email: person.email,
              accountId: Number(person.id),
              share: '0.2',
              status: 'confirmed',
              confirmedAt: now,
            },
          ])
        }
      }
    })
  },
}
