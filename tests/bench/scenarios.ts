/** One endpoint driven at load. Domains add theirs here. */
export interface Scenario {
  name: string
  method: 'GET' | 'POST'
  path: string
  body?: unknown
  authenticated: boolean
  /** Sign-in is argon2-bound by design: fewer connections keep the figure meaningful. */
  connections?: number
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
  { name: 'users page 1', method: 'GET', path: '/api/users?page=1&per_page=25', authenticated: true },
  { name: 'users deep page', method: 'GET', path: '/api/users?page=3000&per_page=25', authenticated: true },
  { name: 'users search', method: 'GET', path: '/api/users?page=1&per_page=25&search=maya%20stone', authenticated: true },
  { name: 'users labels', method: 'GET', path: '/api/users?page=1&per_page=25&type=label', authenticated: true },
  { name: 'users by email', method: 'GET', path: '/api/users?page=1&per_page=25&sort=email&dir=asc', authenticated: true },
  { name: 'admins page 1', method: 'GET', path: '/api/admins?page=1&per_page=25', authenticated: true },
]
