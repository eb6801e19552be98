import { desc, eq, sql } from 'drizzle-orm'
import { pageMeta } from '@server/db/paging'
import { cappedTotal } from './paging'
import type { TransferInBody, TransferInResult } from '@contract/catalogue-ops'
import { checkIsrc, checkUpc } from '@core/identifiers'
import { mapGenre } from '@core/genres'
import { displayName } from '@core/names'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { bigintArray } from '@server/db/arrays'
import { accounts } from '@server/db/schema/platform'
import { auditedMutation } from '@server/audit'
import { badRequest } from '@server/errors'
import { createIngestedRelease, markTransferIn } from '@domains/catalogue/server/public'
import { codesInWorkspace, type CheckedRow } from './ingestion-rows'
import { transfersIn } from './schema'

// Transfer-in (docs/catalogue-ops.md "Transfers"): a release already in the stores through another
// distributor comes in with the codes the stores know it by and its original release date, so the
// stores see the same product change hands instead of a new one.

type Body = TransferInBody
type Problem = TransferInResult['problems'][number]

interface Checked {
  upc: string
  isrcs: string[]
  genre: string | null
  problems: Problem[]
}

/** Everything wrong with the request, each with the field it is about (the account, the codes, the genre). */
async function check(q: Queryable, tenantId: number, body: Body): Promise<Checked> {
  const problems: Problem[] = []
  const [account] = await q
    .select({ type: accounts.type, banned: accounts.banned, restrictRelease: accounts.restrictRelease })
    .from(accounts)
    .where(sql`${accounts.id} = ${body.accountId} and ${accounts.tenantId} = ${tenantId}`)
  if (!account) problems.push({ field: 'accountId', message: 'There is no such account in this workspace.' })
  else if (account.type === 'admin')
    problems.push({ field: 'accountId', message: 'Releases belong to an artist or a label, not to staff.' })
  else if (account.banned || account.restrictRelease)
    problems.push({ field: 'accountId', message: 'This account may not release: it is banned or restricted.' })

  const upcCheck = checkUpc(body.upc)
  const upc = upcCheck.ok ? upcCheck.value : body.upc.trim()
  if (!upcCheck.ok) problems.push({ field: 'upc', message: upcCheck.message })
  const isrcs: string[] = []
  const seen = new Set<string>()
  for (const [index, track] of (body.tracks ?? []).entries()) {
    const isrc = checkIsrc(track.isrc)
    if (!isrc.ok) problems.push({ field: `tracks.${index}.isrc`, message: isrc.message })
    else if (seen.has(isrc.value))
      problems.push({ field: `tracks.${index}.isrc`, message: `${isrc.value} is on two tracks of this release.` })
    else seen.add(isrc.value)
    isrcs.push(isrc.ok ? isrc.value : track.isrc.trim())
  }
  const genre = mapGenre(body.primaryGenre)
  if (!genre) problems.push({ field: 'primaryGenre', message: `The genre "${body.primaryGenre}" is not one the stores know.` })

  // Codes already in this workspace: the release (or a track of it) is here already.
  const rows = [...(upcCheck.ok ? [{ upc, isrc: null }] : []), ...[...seen].map((isrc) => ({ upc: null, isrc }))] as unknown as CheckedRow[]
  const { onRelease, onTrack } = await codesInWorkspace(q, tenantId, rows)
  const onUpc = upcCheck.ok ? onRelease.get(upc.padStart(13, '0')) : undefined
  if (onUpc) problems.push({ field: 'upc', message: `This UPC is on release #${onUpc} of the workspace already.` })
  for (const [index, isrc] of isrcs.entries()) {
    const track = onTrack.get(isrc)
    if (track) problems.push({ field: `tracks.${index}.isrc`, message: `${isrc} is on track #${track} of the workspace already.` })
  }
  return { upc, isrcs, genre, problems }
}

export async function transferIn(ctx: AuthedContext, body: Body): Promise<TransferInResult> {
  const tenantId = ctx.tenant.id
  const refuse = (problems: Problem[]) =>
    badRequest(problems[0].message, Object.fromEntries(problems.map((problem) => [problem.field, problem.message])))
  const first = await check(ctx.services.db, tenantId, body)
  if (body.dryRun) return { dryRun: true, releaseId: null, upc: first.upc, isrcs: first.isrcs, problems: first.problems }
  if (first.problems.length) throw refuse(first.problems)

  const releaseId = await auditedMutation(ctx, { action: 'release.transferred_in', entityType: 'release' }, async (tx) => {
    // Two transfers of one UPC at once: the second waits here, then finds the first one's release.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`transfer-in:${tenantId}:${first.upc.padStart(13, '0')}`}))`)
    const again = await check(tx, tenantId, body)
    if (again.problems.length) throw refuse(again.problems)
    const made = await createIngestedRelease(tx, ctx.services, tenantId, {
      accountId: body.accountId,
      title: body.title,
      type: body.type ?? 'Single',
      upc: again.upc,
      label: body.label,
      primaryGenre: again.genre!,
      secondaryGenre: null,
      // It is out already: its date in the stores is the original one.
      releaseDate: body.originalReleaseDate,
      originalReleaseDate: body.originalReleaseDate,
      cLine: null,
      cYear: null,
      pLine: null,
      pYear: null,
      artists: body.artists,
      participants: [],
      submit: false,
      tracks: (body.tracks ?? []).map((track, index) => ({
        title: track.title,
        isrc: again.isrcs[index],
        explicit: track.explicit ?? false,
        participants: [],
        writers: [],
        audioUrl: null,
      })),
    })
    const id = made.releaseId
    await markTransferIn(tx, tenantId, id)
    await tx.insert(transfersIn).values({
      tenantId,
      releaseId: id,
      accountId: body.accountId,
      fromDistributor: body.fromDistributor,
      upc: again.upc,
      isrcs: again.isrcs,
      originalReleaseDate: body.originalReleaseDate,
      createdBy: ctx.session.account.id,
    })
    return {
      result: id,
      entityId: id,
      after: { accountId: body.accountId, fromDistributor: body.fromDistributor, upc: again.upc, isrcs: again.isrcs },
    }
  })
  return { dryRun: false, releaseId, upc: first.upc, isrcs: first.isrcs, problems: [] }
}

export async function transferInHistory(ctx: AuthedContext, page: number, perPage: number) {
  const db = ctx.services.db
  const where = eq(transfersIn.tenantId, ctx.tenant.id)
  const [rows, { total, estimate }] = await Promise.all([
    db
      .select({
        row: transfersIn,
        by: { id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName },
      })
      .from(transfersIn)
      .leftJoin(accounts, eq(accounts.id, transfersIn.createdBy))
      .where(where)
      .orderBy(desc(transfersIn.createdAt), desc(transfersIn.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    cappedTotal(db, transfersIn, where),
  ])
  const releaseIds = rows.map(({ row }) => row.releaseId)
  const accountIds = rows.map(({ row }) => row.accountId)
  const [titles, owners] = releaseIds.length
    ? await Promise.all([
        db.execute<{ id: number; title: string; status: number }>(
          sql`select id, title, status from releases where tenant_id = ${ctx.tenant.id} and id = any(${bigintArray(releaseIds)})`,
        ),
        db.execute<{ id: number; email: string }>(
          sql`select id, email from accounts where tenant_id = ${ctx.tenant.id} and id = any(${bigintArray(accountIds)})`,
        ),
      ])
    : [{ rows: [] }, { rows: [] }]
  const release = new Map(titles.rows.map((row) => [Number(row.id), row]))
  const email = new Map(owners.rows.map((row) => [Number(row.id), row.email]))
  return {
    data: rows.map(({ row, by }) => ({
      id: row.id,
      releaseId: row.releaseId,
      // The release may have been deleted since; the history keeps what came in.
      title: release.get(row.releaseId)?.title ?? `Release #${row.releaseId}`,
      status: release.get(row.releaseId)?.status ?? null,
      account: { id: row.accountId, email: email.get(row.accountId) ?? '' },
      fromDistributor: row.fromDistributor,
      upc: row.upc,
      isrcs: row.isrcs,
      originalReleaseDate: row.originalReleaseDate,
      created: row.createdAt,
      createdBy: by?.id ? { id: by.id, name: displayName(by) } : null,
    })),
    meta: pageMeta(total, estimate, page, perPage),
  }
}
