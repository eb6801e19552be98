import { expect, type Browser, type Page } from '@playwright/test'
import { LoginPage } from '../pages/login-page'
import { WorkspacePage } from '../pages/workspace-page'

/**
 * A fresh browser context signed in and on the dashboard. Admin by default: the operator would
 * meet the first-run setup wizard first.
 */
export async function signedIn(browser: Browser, email = 'admin@demo.test'): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(email)
  await expect(page).toHaveURL(/\/dashboard$/)
  await new WorkspacePage(page).ready()
  return page
}
