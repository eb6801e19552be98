import { expect, test } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startServer } from './support/server'
import { LoginPage } from './pages/login-page'

test('password recovery from the emailed link to signing in with the new password', async ({ browser }) => {
  test.setTimeout(180_000)
  // Its own server: without SMTP the product keeps mail in DATA_DIR/outbox, which the test reads.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wl-recover-'))
  const server = await startServer({ dataDir })
  try {
    const page = await (await browser.newContext({ baseURL: server.url })).newPage()
    await new LoginPage(page).goto()
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await expect(page).toHaveURL(/\/recover$/)
    await page.getByLabel('Email').fill('artist@demo.test')
    await page.getByRole('button', { name: 'Send the link' }).click()
    await expect(page.getByRole('status')).toHaveText('If an account exists for this email, a link to reset the password is on its way.')

    const outbox = path.join(dataDir, 'outbox')
    let link = ''
    await expect
      .poll(() => {
        const files = (() => {
          try {
            return readdirSync(outbox)
          } catch {
            return []
          }
        })()
        for (const file of files) {
          const text = readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '')
          const match = new RegExp(`${server.url}/recover/[A-Za-z0-9_-]{43}`).exec(text)
          if (match) link = match[0]
        }
        return link
      })
      .not.toBe('')
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill('a much better password')
    await page.getByLabel('Repeat the new password').fill('a different one')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Passwords do not match')).toBeVisible()
    await page.getByLabel('Repeat the new password').fill('a much better password')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible()
    await page.getByRole('link', { name: 'Sign in' }).click()
    await new LoginPage(page).signIn('artist@demo.test', 'a much better password')
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto(link)
    await expect(page).toHaveURL(/\/dashboard$/)
  } finally {
    await server.stop()
  }
})
