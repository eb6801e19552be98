import { expect, test, type Page } from '@playwright/test'
import { LoginPage } from './pages/login-page'
import { CSRF_COOKIE, SESSION_COOKIE } from '../../src/core/session'

// A signed-in navigation to a list gets its first read preloaded with the HTML
// (src/server/plugins/route-preload.ts): the list is painted from that one response.

const ROWS = '[data-list-id] .ag-row, [data-list-id] [data-static-row]'

/** Every request the page sends for the users list, as Chromium's network log has it, with what started it. */
async function usersListRequests(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  const sent: { url: string; initiator: string }[] = []
  cdp.on('Network.requestWillBeSent', (event) => {
    if (new URL(event.request.url).pathname === '/api/users') sent.push({ url: event.request.url, initiator: event.initiator.type })
  })
  await cdp.send('Network.enable')
  return sent
}

test("a signed-in account's first list is the preloaded response: one request, sent by the HTML", async ({ browser }) => {
  const context = await browser.newContext()
  const signIn = await context.newPage()
  await new LoginPage(signIn).goto()
  await new LoginPage(signIn).signIn('admin@demo.test')
  await expect(signIn).toHaveURL(/\/dashboard$/)
  await signIn.close()

  // A new page, as a visit: the list with a query of its own.
  const page = await context.newPage()
  const sent = await usersListRequests(page)
  await page.goto('/users/manage/1?sort=email&dir=asc')
  await expect(page.locator(ROWS).first()).toBeVisible()
  await expect(page.locator(ROWS).first()).toContainText('@')
  // A second request would mean the client's own call was not answered by the preload (a different
  // address, or a credentials mode the browser does not match).
  await page.waitForTimeout(500)
  expect(sent).toEqual([{ url: expect.stringContaining('/api/users?page=1&per_page=25&sort=email&dir=asc'), initiator: 'parser' }])
  await context.close()
})

test('a stale session is sent to sign in, and signing in opens the list it asked for', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const sent = await usersListRequests(page)
  // The cookies of a session that has ended: the client still asks ahead (its CSRF cookie is there), the server preloads nothing.
  const url = new URL(test.info().project.use.baseURL ?? 'http://localhost:3199')
  await context.addCookies([
    { name: SESSION_COOKIE, value: 'ended-session', domain: url.hostname, path: '/' },
    { name: CSRF_COOKIE, value: 'ended-csrf', domain: url.hostname, path: '/' },
  ])
  await page.goto('/users/manage/1')
  await expect(page).toHaveURL(/\/login\?next=%2Fusers%2Fmanage%2F1$/)
  expect(sent.filter((request) => request.initiator === 'parser')).toEqual([])
  await new LoginPage(page).signIn('admin@demo.test')
  await expect(page).toHaveURL(/\/users\/manage\/1$/)
  await expect(page.locator(ROWS).first()).toBeVisible()
  await context.close()
})
