import type { fanblastEndpoints } from '@contract/fanblast'
import type { Handlers, IdsOf } from '@server/handlers'
import * as fanblast from './service'

export const fanblastHandlers: Handlers<IdsOf<typeof fanblastEndpoints>> = {
  'fanblast.list': ({ ctx, query }) => fanblast.listBlasts(ctx, query),
  'fanblast.single': ({ ctx, params }) => fanblast.singleBlast(ctx, params.id),
  'fanblast.recipients': ({ ctx, query }) => fanblast.listRecipients(ctx, query),
  'fanblast.approve': ({ ctx, body }) => fanblast.approveBlast(ctx, body.id),
  'fanblast.reject': ({ ctx, body }) => fanblast.rejectBlast(ctx, body.id, body.reason),
  'fanblast.submit': ({ ctx, body }) => fanblast.submitBlast(ctx, body),
  'fanblast.mine': ({ ctx, query }) => fanblast.myBlasts(ctx, query),
  'fanblast.fans': ({ ctx, query }) => fanblast.listFans(ctx, query),
  'fanblast.importFans': ({ ctx, files, body }) => fanblast.importFans(ctx, files.file, body.account),
}
