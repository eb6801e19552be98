import { expect, request, type APIRequestContext } from '@playwright/test'
import { DEMO_PASSWORD } from '../pages/login-page'

/** An API client signed in as the demo admin with a bearer token (no cookie, so no CSRF header): test setup. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL })
  const login = await anonymous.post('/api/auth/login', { data: { email: 'admin@demo.test', password: DEMO_PASSWORD, issueToken: true } })
  const { token } = (await login.json()) as { token: string }
  await anonymous.dispose()
  return request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } })
}

/** The JSON of a response that must have succeeded (its status and body said when it did not). */
export async function ok<T>(answer: Promise<{ ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }>): Promise<T> {
  const response = await answer
  expect(response.ok(), `${response.status()}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}
