import { z } from 'zod'
import { endpoint } from './define'

/** Entity kinds the palette searches. Domains add theirs as their areas land. */
export const ENTITY_KINDS = [
  'account',
  'release',
  'track',
  'editRequest',
  'draft',
  'split',
  'statementImport',
  'report',
  'payout',
  'ticket',
  'helpThread',
  'ingestion',
  'catalogueExport',
  'greenlist',
  'blocklist',
  'youtubeMcn',
  'chartRegistration',
  'pitch',
  'licensing',
  'newsPost',
  'blast',
  'discoverySubmission',
  'usageMatch',
] as const
export type EntityKind = (typeof ENTITY_KINDS)[number]

export const searchHit = z.object({
  kind: z.enum(ENTITY_KINDS),
  id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  /** How well it matched, higher first; exact identifiers score 1. */
  score: z.number(),
})
export type SearchHit = z.infer<typeof searchHit>

export const searchEndpoints = {
  'search.query': endpoint({
    method: 'GET',
    path: 'search',
    access: 'auth',
    summary: 'Entity search for the command palette: typed hits per kind, ranked; an email or a prefixed id (user:42) jumps to its record',
    query: z.object({
      q: z.string().trim().min(1, 'Type something to search').max(200),
      kinds: z
        .string()
        .optional()
        .transform((value) =>
          value
            ? value
                .split(',')
                .map((kind) => kind.trim())
                .filter(Boolean)
            : [...ENTITY_KINDS],
        )
        .pipe(z.array(z.enum(ENTITY_KINDS))),
      limit: z.coerce.number<number>().int().min(1).max(50).default(20),
    }),
    response: z.object({
      hits: z.array(searchHit),
      /** Kinds whose search did not answer within the time budget: their hits are missing, not absent. */
      late: z.array(z.enum(ENTITY_KINDS)),
    }),
  }),
} as const
