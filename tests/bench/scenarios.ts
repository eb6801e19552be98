import { BENCH_ISRC, BENCH_UPC } from './dataset'
import { addMonths, monthOf } from '../../src/core/months'

/** The last 12 months, asked explicitly: the overview's range path. */
function earningsRange() {
  const to = monthOf(new Date())
  return { from: addMonths(to, -11), to }
}

/** One endpoint driven at load. Domains add theirs here. */
export interface Scenario {
  name: string
  method: 'GET' | 'POST'
  path: string
  body?: unknown
  authenticated: boolean
  /** Sign-in is argon2-bound by design: fewer connections keep the figure meaningful. */
  connections?: number
  /** A list endpoint: also timed against its own SQL replayed raw (tests/bench/list-overhead.ts, the 1.5× + 1 ms rule). */
  list?: boolean
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'sign-in',
    method: 'POST',
    path: '/api/auth/login',
    body: { email: 'admin@bench.test', password: 'bench-password', issueToken: true },
    authenticated: false,
    connections: 4,
  },
  { name: 'auth/me', method: 'GET', path: '/api/auth/me', authenticated: true },
  { name: 'countries', method: 'GET', path: '/api/shared/static/countries', authenticated: true },
  // Palette entity search: a name fragment (trigram indexes) and a pasted identifier.
  { name: 'search name', method: 'GET', path: '/api/search?q=nina%20vale', authenticated: true },
  { name: 'search email', method: 'GET', path: '/api/search?q=user4242%40bench.test', authenticated: true },
  // The users list (issue 4): first page, a deep page (keyset-free offset on an indexed order),
  // a name search, a filter and another sort.
  { name: 'users page 1', method: 'GET', path: '/api/users?page=1&per_page=25', authenticated: true, list: true },
  { name: 'users deep page', method: 'GET', path: '/api/users?page=3000&per_page=25', authenticated: true, list: true },
  { name: 'users search', method: 'GET', path: '/api/users?page=1&per_page=25&search=maya%20stone', authenticated: true, list: true },
  { name: 'users labels', method: 'GET', path: '/api/users?page=1&per_page=25&type=label', authenticated: true, list: true },
  { name: 'users by email', method: 'GET', path: '/api/users?page=1&per_page=25&sort=email&dir=asc', authenticated: true, list: true },
  { name: 'admins page 1', method: 'GET', path: '/api/admins?page=1&per_page=25', authenticated: true, list: true },
  // The release list (issue 5) at BENCH_RELEASES rows: first page, a deep page (offset on the
  // (tenant_id, created_at, id) index), a title fragment (trigram), a status filter, and the
  // palette pasting an ISRC and a UPC.
  { name: 'releases page 1', method: 'GET', path: '/api/releases?page=1&per_page=25', authenticated: true, list: true },
  { name: 'releases deep page', method: 'GET', path: '/api/releases?page=2000&per_page=25', authenticated: true, list: true },
  { name: 'releases title search', method: 'GET', path: '/api/releases?page=1&per_page=25&search=velvet%20hor', authenticated: true, list: true },
  { name: 'releases scheduled', method: 'GET', path: '/api/releases?page=1&per_page=25&status=10', authenticated: true, list: true },
  { name: 'search ISRC', method: 'GET', path: `/api/search?q=${BENCH_ISRC}`, authenticated: true },
  { name: 'search UPC', method: 'GET', path: `/api/search?q=${BENCH_UPC}`, authenticated: true },
  // Every other identifier kind the palette answers by index (issue 18: p95 < 30 ms each): a
  // catalogue number, a bare id, a prefixed id, a Tipalti payee id, and an amount asked as one.
  { name: 'search catalogue no', method: 'GET', path: '/api/search?q=BX0004242', authenticated: true },
  { name: 'search id', method: 'GET', path: '/api/search?q=4242', authenticated: true },
  { name: 'search payout id', method: 'GET', path: '/api/search?q=payout%3A4242', authenticated: true },
  { name: 'search payee id', method: 'GET', path: '/api/search?q=BENCH-PAYEE-4242', authenticated: true },
  { name: 'search amount', method: 'GET', path: '/api/search?q=%241097.29', authenticated: true },
  // Catalogue health (releases/health): capped counts over partial indexes, and the duplicate UPC
  // and ISRC walks over the tenant's identifier indexes.
  { name: 'releases health', method: 'GET', path: '/api/releases/health', authenticated: true },
  // The earnings overview (issue 7) over the rollups that ~10M statement lines leave (tests/bench/earnings.ts):
  // the default (12 months charted, all-time top lists from the *_totals rank indexes), a deep page of
  // the top accounts, and an explicit 12-month range whose top lists sum the monthly rollups.
  { name: 'earnings overview', method: 'GET', path: '/api/earnings/1', authenticated: true },
  { name: 'earnings page 40', method: 'GET', path: '/api/earnings/40?per_page=25', authenticated: true, list: true },
  {
    name: 'earnings range',
    method: 'GET',
    path: `/api/earnings/1?from=${earningsRange().from}&to=${earningsRange().to}`,
    authenticated: true,
  },
  // The payouts list (issue 8) at BENCH_PAYOUTS rows (1M by default; goal: p95 under 50 ms on
  // PostgreSQL): the first page, a deep page (ids from the (tenant, created_at, id) index alone), a
  // status filter (its own index) and a provider filter.
  { name: 'payouts page 1', method: 'GET', path: '/api/payouts?page=1&per_page=25', authenticated: true, list: true },
  { name: 'payouts deep page', method: 'GET', path: '/api/payouts?page=1000&per_page=25', authenticated: true, list: true },
  { name: 'payouts pending', method: 'GET', path: '/api/payouts?page=1&per_page=25&status=pending', authenticated: true, list: true },
  { name: 'payouts tipalti', method: 'GET', path: '/api/payouts?page=3&per_page=25&provider=tipalti', authenticated: true, list: true },
]
