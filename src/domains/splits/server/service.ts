import { and, eq, sql } from 'drizzle-orm'
import type { SplitSingle, SplitStatus } from '@contract/splits'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { HttpError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '@server/errors'
import { ERROR_CODES } from '@core/session'
import { audit, actorOf, auditedMutation, type Mutation } from '@server/audit'
import { pageMeta } from '@server/db/paging'
import { displayName, initials } from '@core/names'
import { SHARE_ONE, SHARE_SCALE, fromScaled, toScaled } from '@core/decimal'
import { SHARE_SUM_MESSAGE, adminTransition, becomesActive, checkShare, splitStatusLabel, type PayeeStatus } from '@core/split-status'
import { splitPayees, splits } from './schema'
import * as repo from './repository'
import { queueSplitInvites } from './mail'

export const isStaff = (ctx: AuthedContext) => ctx.session.account.type === 'admin'
export const LOCKED_MESSAGE = 'This split is locked'

const personOf = (row: { first: string | null; last: string | null; artist: string | null; label: string | null; email: string }) =>
  displayName({ firstName: row.first, lastName: row.last, artistName: row.artist, labelName: row.label, email: row.email })

export function toSingle(split: repo.SplitRow, payees: repo.PayeeRow[]): SplitSingle {
  const ownerName = personOf({
    first: split.owner_first,
    last: split.owner_last,
    artist: split.owner_artist,
    label: split.owner_label,
    email: split.owner_email,
  })
  return {
    id: Number(split.id),
    title: split.track_title,
    date: new Date(split.created_at).toISOString(),
    status: split.status as SplitStatus,
    isLocked: split.locked,
    lockedAt: split.locked_at ? new Date(split.locked_at).toISOString() : null,
    startsOn: split.starts_on.slice(0, 7),
    endedOn: split.ended_on ? split.ended_on.slice(0, 7) : null,
    batchId: split.batch_id === null ? null : Number(split.batch_id),
    payees: payees
      .filter((payee) => Number(payee.split_id) === Number(split.id))
      .map((payee) => {
        const accountId = payee.user_id === null ? null : Number(payee.user_id)
        return {
          id: Number(payee.id),
          email: payee.email,
          share: payee.share,
          isUser: accountId !== null,
          status: payee.status as PayeeStatus,
          name:
            accountId === null
              ? null
              : personOf({
                  first: payee.first_name,
                  last: payee.last_name,
                  artist: payee.artist_name,
                  label: payee.label_name,
                  email: payee.email,
                }),
          accountId,
          isOwner: accountId === Number(split.owner_account_id),
          confirmedAt: payee.confirmed_at ? new Date(payee.confirmed_at).toISOString() : null,
        }
      }),
    track: {
      id: Number(split.track_id),
      releaseId: Number(split.release_id),
      title: split.track_title,
      isrc: split.isrc,
      artwork: split.artwork,
      upc: split.upc,
      catalogNumber: split.catalog_number,
      releaseDate: split.release_date,
      releaseTitle: split.release_title,
    },
    user: { id: Number(split.owner_account_id), name: ownerName, initials: initials(ownerName), email: split.owner_email },
  }
}

export async function loadSingle(db: Queryable, tenantId: number, id: number): Promise<SplitSingle> {
  const split = await repo.findSplit(db, tenantId, id)
  if (!split) throw notFound('This split does not exist.')
  return toSingle(split, await repo.payeesOf(db, tenantId, [id]))
}

/** Staff see every split; others the splits they own or are a payee of. Others' look missing. */
function canSee(ctx: AuthedContext, split: SplitSingle): boolean {
  if (isStaff(ctx)) return true
  const me = ctx.session.account
  return (
    split.user.id === me.id ||
    split.payees.some((payee) => payee.status !== 'removed' && (payee.accountId === me.id || payee.email === me.email.toLowerCase()))
  )
}

export async function getSplit(ctx: AuthedContext, id: number): Promise<SplitSingle> {
  const split = await loadSingle(ctx.services.db, ctx.tenant.id, id)
  if (!canSee(ctx, split)) throw notFound('This split does not exist.')
  return split
}

export async function listSplits(
  ctx: AuthedContext,
  query: { page: number; per_page: number; search?: string; status?: SplitStatus; locked?: 'true' | 'false' },
) {
  const search = query.search?.trim()
  if (search && search.length < 3 && !/^\d+$/.test(search))
    throw badRequest('Type at least 3 characters to search.', { search: 'Type at least 3 characters to search.' })
  const me = ctx.session.account
  const { rows, total, estimate } = await repo.listSplits(ctx.services.db, {
    tenantId: ctx.tenant.id,
    viewer: isStaff(ctx) ? null : { accountId: me.id, email: me.email.toLowerCase() },
    search,
    status: query.status,
    locked: query.locked === undefined ? undefined : query.locked === 'true',
    page: query.page,
    perPage: query.per_page,
  })
  return {
    data: rows.map((row) => {
      const name = personOf({
        first: row.owner_first,
        last: row.owner_last,
        artist: row.owner_artist,
        label: row.owner_label,
        email: row.owner_email,
      })
      return {
        id: Number(row.id),
        title: row.track_title,
        isrc: row.isrc,
        date: row.created_at,
        status: row.status as SplitStatus,
        isLocked: row.locked,
        startsOn: row.starts_on.slice(0, 7),
        endedOn: row.ended_on ? row.ended_on.slice(0, 7) : null,
        payeeCount: Number(row.payee_count),
        trackId: Number(row.track_id),
        user: { id: Number(row.owner_account_id), name, initials: initials(name) },
      }
    }),
    meta: pageMeta(total, estimate, query.page, query.per_page),
  }
}

export async function releaseSummaries(ctx: AuthedContext, releaseId: number) {
  const { db } = ctx.services
  const owner = await repo.releaseOwner(db, ctx.tenant.id, releaseId)
  if (owner === null || (!isStaff(ctx) && owner !== ctx.session.account.id)) throw notFound('This release does not exist.')
  const rows = await repo.summariesOfRelease(db, ctx.tenant.id, releaseId)
  return {
    data: rows.map((row) => ({
      id: Number(row.id),
      status: row.status as SplitStatus,
      created: row.created_at,
      ended: row.ended_on ? row.ended_on.slice(0, 7) : null,
      startsOn: row.starts_on.slice(0, 7),
      payeeCount: Number(row.payee_count),
      trackId: Number(row.track_id),
      trackTitle: row.track_title,
      isLocked: row.locked,
    })),
  }
}

const trackOut = (track: repo.TrackRow) => ({
  id: Number(track.id),
  releaseId: Number(track.release_id),
  title: track.title,
  isrc: track.isrc,
  artwork: track.artwork,
  upc: track.upc,
  catalogNumber: track.catalog_number,
  releaseDate: track.release_date,
  releaseTitle: track.release_title,
})
const ownerOut = (track: repo.TrackRow) => {
  const name = personOf({
    first: track.owner_first,
    last: track.owner_last,
    artist: track.owner_artist,
    label: track.owner_label,
    email: track.owner_email,
  })
  return { id: Number(track.owner_id), name, initials: initials(name), email: track.owner_email }
}

/** The create screen's data: tracks for the picker and, for a chosen track, its owner and open split. */
export async function splitData(ctx: AuthedContext, input: { trackId?: number; search?: string }) {
  const { db } = ctx.services
  const ownerFilter = isStaff(ctx) ? null : ctx.session.account.id
  const found = input.search !== undefined ? await repo.searchTracks(db, ctx.tenant.id, input.search, ownerFilter) : []
  let selected = null
  if (input.trackId !== undefined) {
    const track = await repo.findTrack(db, ctx.tenant.id, input.trackId)
    if (!track || (ownerFilter !== null && Number(track.owner_id) !== ownerFilter)) throw notFound('This track does not exist.')
    const open = await repo.openSplitOf(db, ctx.tenant.id, input.trackId)
    selected = {
      track: trackOut(track),
      owner: ownerOut(track),
      openSplit: open
        ? {
            id: Number(open.id),
            status: open.status as SplitStatus,
            startsOn: open.starts_on.slice(0, 7),
            payeeCount: Number(open.payee_count),
          }
        : null,
    }
  }
  return {
    tracks: found.map((track) => ({
      id: Number(track.id),
      title: track.title,
      isrc: track.isrc,
      releaseTitle: track.release_title,
      artwork: track.artwork,
      ownerName: ownerOut(track).name,
    })),
    selected,
  }
}

/**
 * Payee checks by artists and labels: how many one account may make in a sliding window. The form
 * checks once per typed email (debounced), so this is far above real use but stops walking a list
 * of addresses to learn who has an account.
 */
export const PAYEE_CHECKS = { windowMinutes: 10, perAccount: 60 } as const
const PAYEE_CHECK_ACTION = 'split.payee_checked'

/**
 * Whether an email can be a payee (an account of this workspace). Staff see the account's name;
 * an artist or label learns only yes or no, so the check cannot tell them who an address belongs to,
 * and is rate-limited per account. The counter is the audit log (the email is not kept), so every
 * app process shares it; a check is recorded before it is counted, so concurrent calls cannot all
 * slip under the limit.
 */
export async function isValidUser(ctx: AuthedContext, email: string) {
  const db = ctx.services.db
  if (!isStaff(ctx)) {
    // audit() stays: a check changes nothing; its row is the rate limit's counter, written before counting.
    await audit(db, actorOf(ctx, ctx.tenant.id), { action: PAYEE_CHECK_ACTION, entityType: 'account' })
    const { rows } = await db.execute<{ used: number }>(sql`
      select count(*)::int as used from audit_log
      where actor_account_id = ${ctx.session.account.id} and action = ${PAYEE_CHECK_ACTION}
        and created_at > now() - make_interval(mins => ${PAYEE_CHECKS.windowMinutes})`)
    if (Number(rows[0]?.used ?? 0) > PAYEE_CHECKS.perAccount)
      throw tooManyRequests('Too many payee checks: try again in a few minutes.')
  }
  const found = (await repo.accountsByEmail(db, ctx.tenant.id, [email])).get(email)
  if (!found) return { isUser: false }
  if (!isStaff(ctx)) return { isUser: true }
  return {
    isUser: true,
    name: personOf({ first: found.first_name, last: found.last_name, artist: found.artist_name, label: found.label_name, email }),
  }
}

export interface NewPayee {
  email: string
  share: string
}

/**
 * The rules every new split meets, whoever makes it (the create screen, a bulk file): the messages
 * that refuse it, by field. Shares are exact: their units of 10^-10 must sum to exactly 10^10.
 */
export function checkPayees(payees: readonly NewPayee[], ownerEmail: string): { errors: Record<string, string>; first: string | null } {
  const errors: Record<string, string> = {}
  const seen = new Set<string>()
  let total = 0n
  payees.forEach((payee, index) => {
    const share = checkShare(payee.share)
    if (!share.ok) errors[`payees.${index}.share`] = share.message
    else total += share.units
    if (seen.has(payee.email)) errors[`payees.${index}.email`] = `${payee.email} is listed twice`
    seen.add(payee.email)
  })
  if (!seen.has(ownerEmail.toLowerCase())) errors.payees = `The track's owner (${ownerEmail}) must be one of the payees`
  else if (Object.keys(errors).length === 0 && total !== SHARE_ONE) errors.payees = SHARE_SUM_MESSAGE
  const first = Object.values(errors)[0] ?? null
  return { errors, first }
}

export const monthStart = (month: string) => `${month.slice(0, 7)}-01`

/**
 * Writes a new split and its payees in `tx` (the caller holds the transaction): ends the track's
 * active split at the new start, refuses when a pending one waits. The owner's own row is
 * confirmed at once; others are invited.
 */
export async function insertSplit(
  tx: Queryable,
  input: {
    tenantId: number
    track: repo.TrackRow
    startsOn: string
    payees: readonly NewPayee[]
    createdBy: number
    batchId?: number | null
    now: Date
  },
): Promise<{ id: number; endedId: number | null; invited: { email: string; share: string }[] }> {
  const trackId = Number(input.track.id)
  const ownerId = Number(input.track.owner_id)
  const start = monthStart(input.startsOn)
  const open = await repo.openSplitOf(tx, input.tenantId, trackId)
  let endedId: number | null = null
  if (open?.status === 'pending')
    throw conflict(`This track already has a split waiting for confirmation (#${open.id}); decline it before making another.`)
  if (open?.status === 'active') {
    if (monthStart(open.starts_on) >= start)
      throw badRequest(`The new split must start after the current one (from ${open.starts_on.slice(0, 7)}).`, {
        startsOn: `Start after ${open.starts_on.slice(0, 7)}, when the current split began.`,
      })
    await tx
      .update(splits)
      .set({ status: 'ended', endedOn: start, updatedAt: input.now })
      .where(and(eq(splits.id, open.id), eq(splits.tenantId, input.tenantId)))
    endedId = Number(open.id)
  }
  const [split] = await tx
    .insert(splits)
    .values({
      tenantId: input.tenantId,
      trackId,
      ownerAccountId: ownerId,
      status: 'pending',
      startsOn: start,
      createdBy: input.createdBy,
      batchId: input.batchId ?? null,
    })
    .returning({ id: splits.id })
  const accounts = await repo.accountsByEmail(
    tx,
    input.tenantId,
    input.payees.map((payee) => payee.email),
  )
  const rows = input.payees.map((payee) => {
    const accountId = payee.email === input.track.owner_email.toLowerCase() ? ownerId : (accounts.get(payee.email)?.id ?? null)
    const isOwner = accountId === ownerId
    return {
      tenantId: input.tenantId,
      splitId: split.id,
      email: payee.email,
      accountId: accountId === null ? null : Number(accountId),
      share: fromScaled(toScaled(payee.share, SHARE_SCALE), SHARE_SCALE),
      status: isOwner ? 'confirmed' : 'invited',
      confirmedAt: isOwner ? input.now : null,
    }
  })
  await tx.insert(splitPayees).values(rows)
  // A split whose only payee is the owner needs no one else's word.
  if (
    becomesActive(
      'pending',
      rows.map((row) => ({ status: row.status, isUser: row.accountId !== null })),
    )
  )
    await tx.update(splits).set({ status: 'active' }).where(eq(splits.id, split.id))
  return {
    id: Number(split.id),
    endedId,
    invited: rows.filter((row) => row.status === 'invited').map((row) => ({ email: row.email, share: row.share })),
  }
}

export async function submitSplit(
  ctx: AuthedContext,
  body: { trackId: number; startsOn: string; payees: NewPayee[] },
): Promise<SplitSingle> {
  const { services } = ctx
  const track = await repo.findTrack(services.db, ctx.tenant.id, body.trackId)
  const staff = isStaff(ctx)
  if (!track || (!staff && Number(track.owner_id) !== ctx.session.account.id)) throw notFound('This track does not exist.')
  const checked = checkPayees(body.payees, track.owner_email)
  if (checked.first) throw new HttpError(400, checked.first, ERROR_CODES.validation, checked.errors)
  const now = services.now()
  const created = await auditedMutation(ctx, { action: 'split.created', entityType: 'split' }, async (tx) => {
    const result = await insertSplit(tx, {
      tenantId: ctx.tenant.id,
      track,
      startsOn: body.startsOn,
      payees: body.payees,
      createdBy: ctx.session.account.id,
      now,
    })
    await queueSplitInvites(ctx, tx, {
      splitId: result.id,
      trackTitle: track.title,
      ownerName: ownerOut(track).name,
      invited: result.invited,
    })
    return {
      result,
      entityId: result.id,
      after: { trackId: body.trackId, startsOn: body.startsOn, payees: body.payees, endedSplitId: result.endedId },
    }
  })
  return loadSingle(services.db, ctx.tenant.id, created.id)
}

type Db = Queryable

/** A change to one split: its row is locked first (a split of another workspace is as missing as none). */
const splitMutation = (ctx: AuthedContext, action: string, id: number): Mutation => ({
  action,
  entityType: 'split',
  lock: { table: splits, id, tenantId: ctx.tenant.id, missing: 'This split does not exist.' },
})

async function lockedSplit(tx: Db, ctx: AuthedContext, id: number) {
  const split = await repo.findSplit(tx, ctx.tenant.id, id, true)
  if (!split) throw notFound('This split does not exist.')
  return split
}

function payeeOf(payees: repo.PayeeRow[], payeeId: number) {
  const payee = payees.find((row) => Number(row.id) === payeeId)
  if (!payee) throw notFound('This payee is not on the split.')
  return payee
}

const done = async (ctx: AuthedContext, id: number, message: string) => ({
  ok: true as const,
  message,
  split: await loadSingle(ctx.services.db, ctx.tenant.id, id),
})

/** The owner (unless the split is locked) or staff asks to remove a payee; the share applies until confirmed. */
export async function requestRemoval(ctx: AuthedContext, input: { splitId: number; payeeId: number }) {
  await auditedMutation(ctx, splitMutation(ctx, 'split.payee.removal_requested', input.splitId), async (tx) => {
    const split = await lockedSplit(tx, ctx, input.splitId)
    const staff = isStaff(ctx)
    const owner = Number(split.owner_account_id) === ctx.session.account.id
    if (!staff && !owner) throw notFound('This split does not exist.')
    if (!staff && split.locked) throw forbidden(LOCKED_MESSAGE)
    if (split.status === 'declined' || split.status === 'ended')
      throw conflict(`A ${splitStatusLabel(split.status).toLowerCase()} split cannot change.`)
    const payee = payeeOf(await repo.payeesOf(tx, ctx.tenant.id, [input.splitId]), input.payeeId)
    if (payee.user_id !== null && Number(payee.user_id) === Number(split.owner_account_id))
      throw badRequest('The owner is always a payee and cannot be removed.')
    if (payee.status === 'removal_requested' || payee.status === 'removed')
      throw conflict(payee.status === 'removed' ? 'This payee is already removed.' : 'Removal of this payee is already requested.')
    await tx.update(splitPayees).set({ status: 'removal_requested' }).where(eq(splitPayees.id, payee.id))
    return {
      result: undefined,
      before: { payeeId: input.payeeId, status: payee.status },
      after: { payeeId: input.payeeId, status: 'removal_requested' },
    }
  })
  return done(ctx, input.splitId, 'Removal requested; the share applies until the removal is confirmed.')
}

/** The payee (unless the split is locked) or staff confirms a removal: the share moves to the owner's row. */
export async function confirmRemoval(ctx: AuthedContext, input: { splitId: number; payeeId: number }) {
  const { services } = ctx
  await auditedMutation(ctx, splitMutation(ctx, 'split.payee.removed', input.splitId), async (tx) => {
    const split = await lockedSplit(tx, ctx, input.splitId)
    const staff = isStaff(ctx)
    const payees = await repo.payeesOf(tx, ctx.tenant.id, [input.splitId])
    const payee = payeeOf(payees, input.payeeId)
    const me = ctx.session.account
    const isThePayee = (payee.user_id !== null && Number(payee.user_id) === me.id) || payee.email === me.email.toLowerCase()
    if (!staff && !isThePayee) {
      const visible = Number(split.owner_account_id) === me.id || payees.some((row) => Number(row.user_id) === me.id)
      if (!visible) throw notFound('This split does not exist.')
      throw forbidden('Only the payee or an admin can confirm a removal.')
    }
    if (!staff && split.locked) throw forbidden(LOCKED_MESSAGE)
    if (payee.status !== 'removal_requested') throw conflict('No removal of this payee is waiting for confirmation.')
    const ownerRow = payees.find(
      (row) => row.user_id !== null && Number(row.user_id) === Number(split.owner_account_id) && row.status !== 'removed',
    )
    if (!ownerRow) throw conflict("The split has no owner's row to take the share.")
    const moved = toScaled(ownerRow.share, SHARE_SCALE) + toScaled(payee.share, SHARE_SCALE)
    await tx.update(splitPayees).set({ status: 'removed', removedAt: services.now() }).where(eq(splitPayees.id, payee.id))
    await tx
      .update(splitPayees)
      .set({ share: fromScaled(moved, SHARE_SCALE) })
      .where(eq(splitPayees.id, ownerRow.id))
    // The removed payee may have been the last one holding the split back.
    const left = payees.filter((row) => Number(row.id) !== Number(payee.id))
    if (
      becomesActive(
        split.status,
        left.map((row) => ({ status: row.status, isUser: row.user_id !== null })),
      )
    )
      await activate(tx, Number(split.id), services.now())
    return {
      result: undefined,
      before: { payeeId: input.payeeId, share: payee.share, ownerShare: ownerRow.share },
      after: { payeeId: input.payeeId, status: 'removed', ownerShare: fromScaled(moved, SHARE_SCALE) },
    }
  })
  return done(ctx, input.splitId, 'Payee removed; their share went back to the owner.')
}

async function activate(tx: Db, splitId: number, now: Date) {
  await tx.update(splits).set({ status: 'active', updatedAt: now }).where(eq(splits.id, splitId))
}

/** A payee confirms their own share; staff may confirm any payee's (payeeId). */
export async function confirmPayee(ctx: AuthedContext, input: { splitId: number; payeeId?: number }) {
  const { services } = ctx
  let activated = false
  await auditedMutation(ctx, splitMutation(ctx, 'split.payee.confirmed', input.splitId), async (tx) => {
    const split = await lockedSplit(tx, ctx, input.splitId)
    const staff = isStaff(ctx)
    const me = ctx.session.account
    const payees = await repo.payeesOf(tx, ctx.tenant.id, [input.splitId])
    const mine = payees.find(
      (row) =>
        row.status !== 'removed' && ((row.user_id !== null && Number(row.user_id) === me.id) || row.email === me.email.toLowerCase()),
    )
    let payee: repo.PayeeRow
    if (input.payeeId !== undefined) {
      payee = payeeOf(payees, input.payeeId)
      if (!staff && (!mine || Number(mine.id) !== input.payeeId)) {
        if (!mine && Number(split.owner_account_id) !== me.id) throw notFound('This split does not exist.')
        throw forbidden('You can only confirm your own share.')
      }
    } else {
      if (!mine)
        throw staff
          ? badRequest('Choose the payee to confirm.', { payeeId: 'Choose the payee to confirm.' })
          : notFound('This split does not exist.')
      payee = mine
    }
    if (split.status !== 'pending' && split.status !== 'active')
      throw conflict(`A ${splitStatusLabel(split.status).toLowerCase()} split cannot be confirmed.`)
    if (payee.status !== 'invited')
      throw conflict(payee.status === 'removed' ? 'This payee was removed.' : 'This share is already confirmed.')
    const accountId = payee.user_id === null ? null : Number(payee.user_id)
    await tx.update(splitPayees).set({ status: 'confirmed', confirmedAt: services.now(), accountId }).where(eq(splitPayees.id, payee.id))
    const after = payees.map((row) => ({
      status: Number(row.id) === Number(payee.id) ? 'confirmed' : row.status,
      isUser: row.user_id !== null,
    }))
    if (becomesActive(split.status, after)) {
      // Accounts made after the invitation are linked when the split starts to apply.
      await linkAccounts(tx, ctx.tenant.id, Number(split.id))
      await activate(tx, Number(split.id), services.now())
      activated = true
    }
    return {
      result: undefined,
      before: { payeeId: Number(payee.id), status: payee.status },
      after: { payeeId: Number(payee.id), status: 'confirmed', splitStatus: activated ? 'active' : split.status },
    }
  })
  return done(ctx, input.splitId, activated ? 'Share confirmed; every payee has confirmed, so the split is active.' : 'Share confirmed.')
}

async function linkAccounts(tx: Db, tenantId: number, splitId: number) {
  await tx.execute(sql`
    update split_payees p set account_id = a.id
    from accounts a
    where p.split_id = ${splitId} and p.tenant_id = ${tenantId} and p.account_id is null
      and a.tenant_id = ${tenantId} and a.email = p.email`)
}

/** First day of the month of `now` (UTC). */
const thisMonth = (now: Date) => `${now.toISOString().slice(0, 7)}-01`

export const STATUS_CHANGED: Mutation = { action: 'split.status_changed', entityType: 'split' }

type StatusRecord = { entityId: number; before: { status: string }; after: { status: SplitStatus } }

/**
 * Staff move a split to another status (core/split-status adminTransition). Active confirms the
 * payees still invited on their behalf (only confirmed shares are allocated); ended ends it from
 * this month (or its start, if that is later). Answers why the rules refuse it, or the change's
 * audit record for the caller's auditedMutation (STATUS_CHANGED).
 */
export async function applyStatus(
  tx: Db,
  ctx: AuthedContext,
  split: repo.SplitRow,
  status: SplitStatus,
): Promise<{ refused: string; record?: undefined } | { refused: null; record: StatusRecord }> {
  const payees = await repo.payeesOf(tx, ctx.tenant.id, [Number(split.id)])
  const refused = adminTransition(
    split.status,
    status,
    payees.map((row) => ({ status: row.status, isUser: row.user_id !== null })),
  )
  if (refused) return { refused }
  const now = ctx.services.now()
  if (status === 'active') {
    await linkAccounts(tx, ctx.tenant.id, Number(split.id))
    await tx
      .update(splitPayees)
      .set({ status: 'confirmed', confirmedAt: now })
      .where(and(eq(splitPayees.splitId, Number(split.id)), eq(splitPayees.status, 'invited')))
    await activate(tx, Number(split.id), now)
  } else if (status === 'ended') {
    const start = monthStart(split.starts_on)
    const end = thisMonth(now) > start ? thisMonth(now) : start
    await tx
      .update(splits)
      .set({ status: 'ended', endedOn: end, updatedAt: now })
      .where(eq(splits.id, Number(split.id)))
  } else {
    await tx
      .update(splits)
      .set({ status, updatedAt: now })
      .where(eq(splits.id, Number(split.id)))
  }
  return { refused: null, record: { entityId: Number(split.id), before: { status: split.status }, after: { status } } }
}

export async function changeStatus(ctx: AuthedContext, input: { id: number; status: SplitStatus }) {
  await auditedMutation(ctx, splitMutation(ctx, STATUS_CHANGED.action, input.id), async (tx) => {
    const split = await lockedSplit(tx, ctx, input.id)
    const applied = await applyStatus(tx, ctx, split, input.status)
    if (applied.refused !== null) throw conflict(applied.refused)
    return { result: undefined, records: [applied.record] }
  })
  return done(ctx, input.id, `Split is now ${splitStatusLabel(input.status).toLowerCase()}.`)
}

export async function setLocked(ctx: AuthedContext, id: number, locked: boolean) {
  const { services } = ctx
  const lock = { table: splits, id, tenantId: ctx.tenant.id, missing: 'This split does not exist.' }
  await auditedMutation(ctx, { action: locked ? 'split.locked' : 'split.unlocked', entityType: 'split', lock }, async (tx) => {
    const split = await lockedSplit(tx, ctx, id)
    if (split.locked === locked) throw conflict(locked ? 'This split is already locked.' : 'This split is not locked.')
    await tx
      .update(splits)
      .set({
        locked,
        lockedBy: locked ? ctx.session.account.id : null,
        lockedAt: locked ? services.now() : null,
        updatedAt: services.now(),
      })
      .where(eq(splits.id, id))
    return { result: undefined, before: { locked: split.locked }, after: { locked } }
  })
  return done(ctx, id, locked ? 'Split locked: its owner can no longer change it.' : 'Split unlocked.')
}

/** For the account tab (users domain): splits an account owns, or collaborates on as a payee. */
export async function accountSplitsPage(
  db: Queryable,
  tenantId: number,
  accountId: number,
  role: 'owner' | 'payee',
  page: number,
  perPage: number,
) {
  const { rows, total, estimate } = await repo.accountSplits(db, tenantId, accountId, role, page, perPage)
  return {
    data: rows.map((row) => ({ id: Number(row.id), title: row.title, status: row.status, share: row.share, created: row.created_at })),
    meta: pageMeta(total, estimate, page, perPage),
  }
}
