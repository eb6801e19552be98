import { expect, vi } from 'vitest'
import { waitFor } from '@testing-library/react'
import type { Me } from '../../../src/contract/auth'
import type { SiteSettings } from '../../../src/contract/site'
import { sessionActor } from '../../../src/client/state/session'

export interface SeenRequest {
  method: string
  path: string
  body: unknown
}

export function respond(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** Replaces fetch with a router over "METHOD /api/path"; unknown calls answer 404. Answers what it saw. */
export function mockApi(routes: Record<string, (request: SeenRequest) => Response | Promise<Response>>) {
  const requests: SeenRequest[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const request = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }
    requests.push(request)
    const handler = routes[`${request.method} ${request.path}`]
    return handler ? handler(request) : respond(404, { message: `No route ${request.method} ${request.path}` })
  })
  return requests
}

export function me(overrides: Partial<Me['account']> = {}): Me {
  return {
    account: {
      id: 1,
      email: 'operator@demo.test',
      type: 'admin',
      firstName: 'Olivia',
      lastName: 'Park',
      displayName: 'Olivia Park',
      initials: 'OP',
      isOperator: true,
      hasInit: false,
      initDeferred: false,
      twoFactorEnabled: false,
      emailVerified: true,
      changelogUnread: false,
      ...overrides,
    },
    tenant: { id: 1, slug: 'demo', name: 'Demo Music' },
    session: { id: 9, createdAt: '2026-11-21T10:00:00.000Z', expiresAt: '2026-11-28T10:00:00.000Z' },
    csrfToken: 'csrf',
    actingAs: null,
  }
}

let started = false

/** Signs the page's session in as `account` without a server. */
export async function signIn(account: Me) {
  if (!started) {
    started = true
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(respond(401, { message: 'no session' }))
    sessionActor.start()
    await waitFor(() => expect(sessionActor.getSnapshot().value).not.toBe('checking'))
    fetch.mockRestore()
  }
  sessionActor.send({ type: sessionActor.getSnapshot().matches('authenticated') ? 'ME_UPDATED' : 'SIGNED_IN', me: account })
}

export const SETTINGS: SiteSettings = {
  companyName: 'Demo Music',
  logo: null,
  darkLogo: null,
  logoSize: 50,
  logoDimensions: null,
  darkLogoDimensions: null,
  favicon: null,
  colors: { primary: '#F5C542', accent: '#FFF8E6', navbarBackground: '#000000', navbarText: '#F5C542', buttonText: '#000000' },
  showSidebarSlider: false,
  supportEmail: null,
  shortLinkHost: null,
  address: { country: null, postcode: null, state: null, city: null, line1: null, line2: null },
  updatedAt: null,
}
