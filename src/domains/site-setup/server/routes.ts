import type { siteEndpoints } from '@contract/site'
import type { Handlers, IdsOf } from '@server/handlers'

export const siteSetupHandlers: Partial<Handlers<IdsOf<typeof siteEndpoints>>> = {}
