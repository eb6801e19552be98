import type { searchEndpoints, EntityKind, SearchHit } from '@contract/search'
import type { Handlers, IdsOf } from '@server/handlers'
import type { AuthedContext } from '@server/context'
import { parseQuery, type ParsedQuery, type SearchProvider } from '@server/search'
import { DOMAINS } from '@server/domains'

export interface Gathered {
  hits: SearchHit[]
  late: EntityKind[]
}

/**
 * How long the palette waits is `config.searchBudgetMs` (SEARCH_BUDGET_MS, 400 ms): each provider
 * answers an identifier from its indexes in a few milliseconds, and a slow text search (a busy
 * database, PGlite's single queue) must not hold back the kinds that are ready, so what has not
 * answered by then is left out and named in `late`.
 *
 * Runs the providers concurrently (on PostgreSQL each takes its own pooled connection; on PGlite
 * their queries queue, but the budget still holds) and returns what answered within `budgetMs`.
 * A provider that fails in time fails the search; one that fails after the budget is only logged.
 */
export async function gatherHits(
  providers: readonly SearchProvider[],
  ctx: AuthedContext,
  query: ParsedQuery,
  limit: number,
  budgetMs: number,
): Promise<Gathered> {
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), budgetMs)
  })
  let overBudget = false
  try {
    const answers = await Promise.all(
      providers.map(async (provider) => {
        const running = provider.search(ctx, query, limit)
        running.catch((error: unknown) => {
          if (overBudget) ctx.req.log.warn({ err: error, kind: provider.kind }, 'late palette search provider failed')
        })
        const answer = await Promise.race([running, expired])
        return { kind: provider.kind, hits: answer === 'late' ? null : answer }
      }),
    )
    overBudget = true
    return {
      hits: answers
        .flatMap((answer) => answer.hits ?? [])
        .sort((a, b) => b.score - a.score)
        .slice(0, limit),
      late: answers.filter((answer) => answer.hits === null).map((answer) => answer.kind),
    }
  } finally {
    overBudget = true
    clearTimeout(timer)
  }
}

/**
 * An identifier (`gl15`, `#12`, an email, a UPC) names one record the person expects to find: its
 * lookups are worth waiting for up to 3 s rather than dropped as late behind a busy PGlite queue
 * (seen under load: `gl15` answered "No results"). Text searches keep the configured budget.
 */
export const IDENTIFIER_BUDGET_MS = 3_000
export const budgetFor = (query: ParsedQuery, configuredMs: number) => (query.id !== null ? Math.max(configuredMs, IDENTIFIER_BUDGET_MS) : configuredMs)

export const searchHandlers: Handlers<IdsOf<typeof searchEndpoints>> = {
  'search.query': async ({ ctx, query }) => {
    const parsed = parseQuery(query.q)
    const isAdmin = ctx.session.account.type === 'admin'
    const providers = DOMAINS.flatMap((domain) => domain.searchProviders ?? []).filter(
      (provider) => query.kinds.includes(provider.kind) && (provider.access === 'auth' || isAdmin),
    )
    return gatherHits(providers, ctx, parsed, query.limit, budgetFor(parsed, ctx.services.config.searchBudgetMs))
  },
}
