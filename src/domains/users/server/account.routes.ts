import type { usersEndpoints } from '@contract/users-admin'
import type { Handlers, IdsOf } from '@server/handlers'
import { badRequest } from '@server/errors'
import { listAccountReleases } from '@domains/catalogue/server/public'
import { pageMeta } from '@server/db/paging'
import { displayName, initials } from '@core/names'
import { loginHistoryOf, openSessionsOf } from '@domains/auth/server/public'
import { listAccountNotifications } from '@domains/notifications/server/public'
import { auditTrail, findAccount, listUsers, loadSingle, requireStaff } from './account.service'
import * as actions from './account-actions.service'
import * as details from './details.service'
import * as invitesService from './invites.service'
import * as admins from './admins.service'
import { importUsers } from './import.service'
import { socialSearch } from './social.service'
import { accountSplitsPage } from '@domains/splits/server/public'

const USER_INVITES = ['artist', 'label'] as const
const ADMIN_INVITES = ['admin'] as const

/** The account's releases, read through the catalogue domain. */
async function releasesOf(
  ctx: Parameters<Handlers<'users.releases'>['users.releases']>[0]['ctx'],
  id: number,
  page: number,
  perPage: number,
) {
  await findAccount(ctx.services.db, ctx.tenant.id, id)
  const { rows, total } = await listAccountReleases(ctx.services.db, ctx.tenant.id, id, page, perPage)
  return { data: rows, meta: pageMeta(total, false, page, perPage) }
}

/** Splits the account owns, or collaborates on as a payee of others' splits, read through the splits domain. */
async function splitsOf(
  ctx: Parameters<Handlers<'users.releases'>['users.releases']>[0]['ctx'],
  id: number,
  role: 'owner' | 'payee',
  page: number,
  perPage: number,
) {
  await findAccount(ctx.services.db, ctx.tenant.id, id)
  return accountSplitsPage(ctx.services.db, ctx.tenant.id, id, role, page, perPage)
}

export const accountHandlers: Handlers<IdsOf<typeof usersEndpoints>> = {
  'users.list': ({ ctx, query }) => listUsers(ctx, query),
  'users.invite': ({ ctx, body }) => invitesService.createInvite(ctx, body),
  'users.single': ({ ctx, params }) => loadSingle(ctx.services.db, ctx, params.id),
  'users.details': ({ ctx, params }) => details.getDetails(ctx, params.id),
  'users.releases': ({ ctx, params, query }) => releasesOf(ctx, params.id, query.page, query.per_page),
  'users.splits': ({ ctx, params, query }) => splitsOf(ctx, params.id, 'owner', query.page, query.per_page),
  'users.collabs': ({ ctx, params, query }) => splitsOf(ctx, params.id, 'payee', query.page, query.per_page),
  'users.artist': ({ ctx, params }) => details.getProfiles(ctx, params.id),
  'users.audit': ({ ctx, params, query }) => auditTrail(ctx, params.id, query.page, query.per_page),
  'users.editType': ({ ctx, body }) => actions.changeType(ctx, body.userId, body.type),
  'users.editLabel': ({ ctx, body }) => actions.setLabel(ctx, body.userId, body.labelId),
  'users.editArtist': ({ ctx, body }) => details.saveProfiles(ctx, body),
  'users.editTenantSplit': ({ ctx, body }) => actions.setTenantSplit(ctx, body.userId, body.tenantSplit),
  'users.editVerify': ({ ctx, body }) => actions.flagActions.verify(ctx, body),
  'users.editBusinessDetails': ({ ctx, body }) => details.saveBusinessDetails(ctx, body),
  'users.editDetails': ({ ctx, body }) => details.saveDetailsAndFlags(ctx, body),
  'users.editPayoutMethods': ({ ctx, body }) => details.savePayoutMethods(ctx, body),
  'users.createNote': ({ ctx, body }) => actions.addNote(ctx, body),
  'users.createDocument': ({ ctx, body, files }) => {
    if (!files.file) throw badRequest('Please provide the file.', { file: 'Please provide the file.' })
    return actions.addDocument(ctx, body, files.file)
  },
  'users.removeDocument': ({ ctx, body }) => actions.removeDocument(ctx, body),
  'users.message': ({ ctx, body }) => actions.sendMessage(ctx, body),
  'users.importUsers': ({ ctx, body, files }) => {
    if (!files.file) throw badRequest('CSV file is required', { file: 'CSV file is required' })
    return importUsers(ctx, body, files.file)
  },
  'users.blockWithdraw': ({ ctx, body }) => actions.flagActions.blockWithdraw(ctx, body.userId, true),
  'users.unblockWithdraw': ({ ctx, body }) => actions.flagActions.blockWithdraw(ctx, body.userId, false),
  'users.dmcaSubmit': ({ ctx, body }) => actions.flagActions.dmca(ctx, body.userId, true),
  'users.dmcaCancel': ({ ctx, body }) => actions.flagActions.dmca(ctx, body.userId, false),
  'users.restrictNewRelease': ({ ctx, body }) => actions.flagActions.restrictNewRelease(ctx, body.userId, body.restrict),
  'users.banRelease': ({ ctx, body }) => actions.flagActions.banRelease(ctx, body.userId, body.banned),
  'users.banSubmit': ({ ctx, body }) => actions.ban(ctx, body.userId, body.reason),
  'users.banCancel': ({ ctx, body }) => actions.unban(ctx, body.userId),
  'users.labelArtists': async ({ ctx, query }) => {
    const label = await findAccount(ctx.services.db, ctx.tenant.id, query.labelId)
    if (label.type !== 'label') throw badRequest('This account is not a label.', { labelId: 'This account is not a label.' })
    return listUsers(
      ctx,
      { page: query.page, per_page: query.per_page, sort: 'created', dir: 'desc', type: 'artist' },
      { labelId: label.id },
    )
  },
  'users.card': async ({ ctx, params }) => {
    const single = await loadSingle(ctx.services.db, ctx, params.id)
    return {
      id: single.id,
      email: single.email,
      type: single.type,
      displayName: single.displayName,
      initials: initials(single.displayName),
    }
  },
  'users.paymentConnection': ({ ctx, params }) => details.getPaymentConnection(ctx, params.id),
  'users.notifications': async ({ ctx, params, query }) => {
    const account = await findAccount(ctx.services.db, ctx.tenant.id, params.id)
    return listAccountNotifications(ctx.services.db, ctx.tenant.id, account.id, { page: query.page, perPage: query.per_page })
  },
  'users.removeNotifications': ({ ctx, body }) => actions.removeNotifications(ctx, body),
  'users.loginHistory': async ({ ctx, params }) => {
    const account = await findAccount(ctx.services.db, ctx.tenant.id, params.id)
    return loginHistoryOf(ctx.services.db, account.id)
  },
  'users.activeSessions': async ({ ctx, params }) => {
    const account = await findAccount(ctx.services.db, ctx.tenant.id, params.id)
    return openSessionsOf(ctx.services.db, account.id, ctx.services.now(), ctx.session.id)
  },
  'users.logoutSession': ({ ctx, body }) => actions.logoutSession(ctx, body),
  'users.invites': ({ ctx, params, query }) => invitesService.listInvites(ctx, [...USER_INVITES], { page: params.page, ...query }),
  'users.cancelInvite': ({ ctx, params }) => invitesService.cancelInvite(ctx, params.id, [...USER_INVITES]),
  'users.deleteInvite': ({ ctx, params }) => invitesService.deleteInvite(ctx, params.id, [...USER_INVITES]),
  'users.publishingManual': ({ ctx, body }) => actions.addPublishingEntry(ctx, body),
  'users.publishingRemove': ({ ctx, body }) => actions.removePublishingEntry(ctx, body),
  'admins.list': ({ ctx, query }) => admins.listAdmins(ctx, query),
  'admins.single': ({ ctx, params }) => admins.singleAdmin(ctx, params.id),
  // The spec lists the admins/invite* calls as signed-in ('auth', tests/fixtures/spec/endpoints.tsv), so the
  // contract cannot say 'admin'; staff-only is checked here.
  'admins.invites': ({ ctx, query }) => {
    requireStaff(ctx)
    return invitesService.listInvites(ctx, [...ADMIN_INVITES], query)
  },
  'admins.invite': ({ ctx, body }) => {
    requireStaff(ctx)
    return invitesService.createInvite(ctx, { ...body, type: 'admin' })
  },
  'admins.cancelInvite': ({ ctx, params }) => {
    requireStaff(ctx)
    return invitesService.cancelInvite(ctx, params.id, [...ADMIN_INVITES])
  },
  'admins.update': ({ ctx, params, body }) => admins.updateAdmin(ctx, params.id, body),
  'admins.deleteInvite': ({ ctx, params }) => {
    requireStaff(ctx)
    return invitesService.deleteInvite(ctx, params.id, [...ADMIN_INVITES])
  },
  'social.artistSearch': ({ ctx, query }) => socialSearch(ctx).search(query.platform, query.term),
  'social.linkArtist': ({ ctx, query }) => socialSearch(ctx).resolve(query.platform, query.link),
}

export { displayName }
