import type { searchEndpoints } from '@contract/search'
import type { Handlers, IdsOf } from '@server/handlers'
import { parseQuery } from '@server/search'
import { DOMAINS } from '@server/domains'

export const searchHandlers: Handlers<IdsOf<typeof searchEndpoints>> = {
  'search.query': async ({ ctx, query }) => {
    const parsed = parseQuery(query.q)
    const isAdmin = ctx.session.account.type === 'admin'
    const providers = DOMAINS.flatMap((domain) => domain.searchProviders ?? []).filter(
      (provider) => query.kinds.includes(provider.kind) && (provider.access === 'auth' || isAdmin),
    )
    // One provider at a time: on PGlite queries queue anyway, and each is small and bounded.
    const hits = []
    for (const provider of providers) hits.push(...(await provider.search(ctx, parsed, query.limit)))
    hits.sort((a, b) => b.score - a.score)
    return { hits: hits.slice(0, query.limit) }
  },
}
