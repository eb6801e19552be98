import type { helpCenterEndpoints } from '@contract/help-center'
import type { Handlers, IdsOf } from '@server/handlers'
import * as help from './service'

export const helpCenterHandlers: Handlers<IdsOf<typeof helpCenterEndpoints>> = {
  'helpCenter.sendMessage': ({ ctx, body }) => help.sendMessage(ctx, body),
  'helpCenter.createThread': ({ ctx, body }) => help.sendMessage(ctx, body),
  'helpCenter.threads': ({ ctx, query }) => help.listThreads(ctx, query),
  'helpCenter.thread': ({ ctx, params }) => help.thread(ctx, params.id),
  'helpCenter.reply': ({ ctx, params, body }) => help.reply(ctx, params.id, body),
  'helpCenter.updateStatus': ({ ctx, body }) => help.updateStatus(ctx, body),
  'dashboard.threads': ({ ctx }) => help.latestThreads(ctx),
  'dashboard.thread': ({ ctx, params }) => help.thread(ctx, params.id),
  'dashboard.createThread': ({ ctx, body }) => help.sendMessage(ctx, body),
  'users.support': ({ ctx, body }) => help.accountSupport(ctx, body),
  'users.singleCustomSupportMessage': ({ ctx, params }) => help.thread(ctx, params.ticketId, params.userId),
}
