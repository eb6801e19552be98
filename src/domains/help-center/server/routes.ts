import type { helpCenterEndpoints } from '@contract/help-center'
import type { Handlers, IdsOf } from '@server/handlers'
import { sendMessage } from './service'

export const helpCenterHandlers: Partial<Handlers<IdsOf<typeof helpCenterEndpoints>>> = {
  'helpCenter.sendMessage': ({ ctx, body }) => sendMessage(ctx, body),
}
