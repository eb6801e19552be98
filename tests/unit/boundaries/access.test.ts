import { describe, expect, test } from 'vitest'
import { ENDPOINTS, type EndpointId } from '../../../src/contract/index'
import { handlerChecksAccess, staffChecks } from './audit-reach'
import { serverDomains } from './scan'

// Access is declared on the endpoint in the contract and checked by the route layer
// (src/server/contract-routes.ts). A handler or service checks staff access itself only when the
// contract cannot say it (the spec lists the call as 'auth': a service serving staff and account
// holders, or a staff-only call the spec calls signed-in) or something other than a route calls it.

const accessOf = (id: string) => (ENDPOINTS as Record<string, { access: string }>)[id]?.access

describe('access', { timeout: 120_000 }, () => {
  test("no handler of an endpoint declared 'admin' checks staff access itself", () => {
    const admin = (Object.keys(ENDPOINTS) as EndpointId[]).filter((id) => accessOf(id) === 'admin')
    expect(admin.filter((id) => handlerChecksAccess(id))).toEqual([])
  })

  test("no service repeats the check for routes that all declare 'admin', unless a seed or job calls it", () => {
    const redundant = serverDomains()
      .flatMap((domain) => staffChecks(domain))
      .filter((check) => check.endpoints.length > 0 && !check.nonRoute && check.endpoints.every((id) => accessOf(id) === 'admin'))
    expect(redundant.map((check) => `${check.file}:${check.line} ${check.fn} (${check.endpoints.join(', ')})`)).toEqual([])
  })

  test('sees the staff checks a route of an auth endpoint keeps', () => {
    const users = staffChecks('users')
    // admins.invite is 'auth' in the spec, so its handler keeps the check and is not redundant.
    expect(users.find((check) => check.fn === 'H:admins.invite')).toMatchObject({ endpoints: ['admins.invite'], nonRoute: false })
    expect(accessOf('admins.invite')).toBe('auth')
  })
})
