import type { supportEndpoints } from '@contract/support'
import type { Handlers, IdsOf } from '@server/handlers'
import * as support from './service'

export const supportHandlers: Handlers<IdsOf<typeof supportEndpoints>> = {
  'support.list': ({ ctx, query }) => support.listTickets(ctx, query),
  'support.single': ({ ctx, params }) => support.single(ctx, params.id),
  'support.changeStatus': ({ ctx, body }) => support.changeStatus(ctx, body),
  'support.reply': ({ ctx, params, body }) => support.reply(ctx, params.id, body),
  'support.addNote': ({ ctx, params, body }) => support.addNote(ctx, params.id, body),
  'support.deleteNote': ({ ctx, params }) => support.deleteNote(ctx, params.id),
  'support.elevate': ({ ctx, body }) => support.elevate(ctx, body),
  'support.assign': ({ ctx, body }) => support.assign(ctx, body),
  'support.settings': ({ ctx }) => support.getSettings(ctx),
  'support.updateSettings': ({ ctx, body }) => support.updateSettings(ctx, body),
  'support.changeDisableSupport': ({ ctx, body }) => support.changeDisableSupport(ctx, body),
  'dashboard.unresolvedTickets': ({ ctx }) => support.unresolvedTickets(ctx),
  'users.singleSupportMessage': ({ ctx, params }) => support.accountTicket(ctx, params.userId, params.ticketId),
  'support.open': ({ ctx, body }) => support.openTicket(ctx, body),
  'support.requesterReply': ({ ctx, params, body }) => support.requesterReply(ctx, params.id, body),
}
