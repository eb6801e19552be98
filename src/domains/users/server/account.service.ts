import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { displayName, initials } from '@core/names'
import type { UserRow, UserSingleResult as UserSingle, UsersListQuery } from '@contract/users-admin'
import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { accounts, artistProfiles, files, labelProfiles, auditLog } from '@server/db/schema/platform'
import { accountDocuments, accountNotes, publishingEntries, userDetails } from './schema'
import { badRequest } from '@server/errors'
import { countCapped, pageMeta } from '@server/db/paging'
import { MIN_FUZZY_LENGTH } from '@server/search'
import * as repo from './repository'
import { findAccount, type AccountRecord } from '@server/accounts'
import { balanceLines } from '@domains/earnings/server/public'

export { findAccount, isStaff, requireStaff, type AccountRecord } from '@server/accounts'

function toRow(row: repo.ListRow): UserRow {
  const name = displayName({
    displayName: row.details_display_name,
    artistName: row.artist_name,
    labelName: row.label_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
  })
  return {
    id: row.id,
    created: row.created_at.toISOString(),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    type: row.type,
    priorityMember: row.priority_member,
    displayName: name,
    initials: initials(name),
    verified: row.verified,
    banned: row.banned,
    dmcaMode: row.dmca_mode,
    blockWithdraw: row.block_withdraw,
    restrictNewRelease: row.restrict_new_release,
    emailVerified: row.email_verified,
    label: row.label_id ? { id: row.label_id, name: row.label_display ?? '' } : null,
  }
}

const bool = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true')

/** The users list: staff see the workspace, a label its artists, anyone else only themselves. */
export async function listUsers(ctx: AuthedContext, query: UsersListQuery, scope: { labelId?: number } = {}) {
  const { db } = ctx.services
  const me = ctx.session.account
  const search = query.search?.trim() ?? ''
  const numeric = /^#?\d{1,15}$/.test(search) ? Number(search.replace('#', '')) : null
  if (search && numeric === null && search.length < MIN_FUZZY_LENGTH) {
    throw badRequest(`Type at least ${MIN_FUZZY_LENGTH} characters to search.`, {
      search: `Type at least ${MIN_FUZZY_LENGTH} characters to search.`,
    })
  }
  const filter: repo.ListFilter = {
    tenantId: ctx.tenant.id,
    labelAccountId: scope.labelId ?? (me.type === 'label' ? me.id : null),
    onlyAccountId: me.type === 'artist' ? me.id : null,
    searchId: numeric,
    searchIds: search && numeric === null ? repo.searchCandidates(ctx.tenant.id, search) : null,
    type: query.type,
    verified: bool(query.verified),
    banned: bool(query.banned),
    priority: bool(query.priority),
    dmca: bool(query.dmca),
    withdrawBlocked: bool(query.withdrawBlocked),
    from: query.from,
    to: query.to,
  }
  const order = { sort: query.sort, dir: query.dir }
  if (filter.searchIds) {
    const searched = await repo.searchPage(db, filter, order, query.page, query.per_page)
    if (searched) {
      const rows = await repo.listPage(db, filter, order, query.page, query.per_page, searched.ids)
      return { data: rows.map(toRow), meta: pageMeta(searched.total, false, query.page, query.per_page) }
    }
  }
  // The page and its total at once (two pool connections).
  const [rows, { total, estimate }] = await Promise.all([
    repo.listPage(db, filter, order, query.page, query.per_page),
    countCapped(db, repo.listFrom(filter)),
  ])
  return { data: rows.map(toRow), meta: pageMeta(total, estimate, query.page, query.per_page) }
}

/** Everything the account tab shows at the top. Balance lines are sums over the ledger. */
export async function loadSingle(db: Queryable, ctx: Pick<AuthedContext, 'tenant'>, id: number): Promise<UserSingle> {
  const account = await findAccount(db, ctx.tenant.id, id)
  const [profiles] = await db
    .select({ artistName: artistProfiles.artistName, labelName: labelProfiles.labelName, details: userDetails.displayName })
    .from(accounts)
    .leftJoin(artistProfiles, eq(artistProfiles.accountId, accounts.id))
    .leftJoin(labelProfiles, eq(labelProfiles.accountId, accounts.id))
    .leftJoin(userDetails, eq(userDetails.accountId, accounts.id))
    .where(eq(accounts.id, id))
  let label: UserSingle['label'] = null
  if (account.labelAccountId) {
    const [row] = await db
      .select({ id: accounts.id, email: accounts.email, labelName: labelProfiles.labelName })
      .from(accounts)
      .leftJoin(labelProfiles, eq(labelProfiles.accountId, accounts.id))
      .where(eq(accounts.id, account.labelAccountId))
    if (row) label = { id: row.id, name: row.labelName ?? row.email }
  }
  const notes = await db
    .select({ note: accountNotes, author: accounts })
    .from(accountNotes)
    .leftJoin(accounts, eq(accounts.id, accountNotes.authorId))
    .where(eq(accountNotes.accountId, id))
    .orderBy(desc(accountNotes.createdAt), desc(accountNotes.id))
    .limit(100)
  const documents = await db
    .select({ document: accountDocuments, file: files })
    .from(accountDocuments)
    .innerJoin(files, eq(files.id, accountDocuments.fileId))
    .where(eq(accountDocuments.accountId, id))
    .orderBy(desc(accountDocuments.createdAt), desc(accountDocuments.id))
  const publishing = await db
    .select({ entry: publishingEntries, author: accounts })
    .from(publishingEntries)
    .leftJoin(accounts, eq(accounts.id, publishingEntries.createdBy))
    .where(and(eq(publishingEntries.accountId, id), isNull(publishingEntries.removedAt)))
    .orderBy(desc(publishingEntries.period), desc(publishingEntries.id))
  const ledger = await balanceLines(db, ctx.tenant.id, id)
  const name = displayName({ displayName: profiles?.details, artistName: profiles?.artistName, labelName: profiles?.labelName, ...account })
  const person = (row: AccountRecord | null) => (row ? { id: row.id, name: displayName(row) } : null)
  return {
    id: account.id,
    created: account.createdAt,
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    type: account.type,
    priorityMember: account.priorityMember,
    displayName: name,
    initials: initials(name),
    verified: account.verified,
    banned: account.banned,
    dmcaMode: account.dmcaMode,
    blockWithdraw: account.blockWithdraw,
    restrictNewRelease: account.restrictNewRelease,
    emailVerified: Boolean(account.emailVerifiedAt),
    label,
    isOperator: ctx.tenant.ownerAccountId === account.id,
    flags: {
      verified: account.verified,
      priorityMember: account.priorityMember,
      verifiedInvestor: account.verifiedInvestor,
      verifiedCharity: account.verifiedCharity,
      bulkImportOption: account.bulkImportOption,
      releaseNotification: account.releaseNotification,
      partnerNotification: account.partnerNotification,
      dmcaMode: account.dmcaMode,
      blockWithdraw: account.blockWithdraw,
      enableFanBlast: account.enableFanBlast,
      publishingApplication: account.publishingApplication,
      publishingManual: account.publishingManual,
      isAudioScanEnable: account.isAudioScanEnable,
      restrictRelease: account.restrictRelease,
      restrictNewRelease: account.restrictNewRelease,
      banned: account.banned,
    },
    bannedReason: account.bannedReason,
    tenantSplit: account.tenantSplit,
    hasInit: account.hasInit,
    twoFactorEnabled: account.twoFactorEnabled,
    username: account.username,
    notes: notes.map(({ note, author }) => ({
      id: note.id,
      title: note.title,
      content: note.content,
      created: note.createdAt,
      author: person(author),
    })),
    documents: documents.map(({ document, file }) => ({
      id: document.id,
      title: document.title,
      fileId: file.id,
      fileUrl: `/api/files/${file.id}`,
      fileName: file.originalName,
      size: file.size,
      private: document.private,
      created: document.createdAt,
    })),
    publishing: publishing.map(({ entry, author }) => ({
      id: entry.id,
      amount: entry.amount,
      period: entry.period,
      note: entry.note,
      created: entry.createdAt,
      createdBy: person(author),
    })),
    // Every balance line is a sum over the account's ledger entries (docs/royalties.md).
    balance: ledger.balance,
    lastEarnings: ledger.lastEarnings,
    artistName: profiles?.artistName ?? null,
    labelName: profiles?.labelName ?? null,
  }
}

export async function auditTrail(ctx: AuthedContext, id: number, page: number, perPage: number) {
  const { db } = ctx.services
  await findAccount(db, ctx.tenant.id, id)
  const where = and(eq(auditLog.tenantId, ctx.tenant.id), eq(auditLog.entityType, 'account'), eq(auditLog.entityId, String(id)))
  const rows = await db
    .select({ entry: auditLog, actor: accounts })
    .from(auditLog)
    .leftJoin(accounts, eq(accounts.id, auditLog.actorAccountId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where)
  return {
    data: rows.map(({ entry, actor }) => ({
      id: entry.id,
      action: entry.action,
      actor: actor ? { id: actor.id, name: displayName(actor) } : null,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
      created: entry.createdAt,
    })),
    meta: pageMeta(counted?.n ?? 0, false, page, perPage),
  }
}
