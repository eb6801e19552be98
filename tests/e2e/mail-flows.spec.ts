import { expect, test } from '@playwright/test'
import { startServer, type RunningServer } from './support/server'
import { latestMatch, readOutbox } from './support/outbox'
import { LoginPage } from './pages/login-page'
import { AppFrame } from './pages/app-frame'
import { WorkspacePage } from './pages/workspace-page'
import { tempDir } from './support/temp-dir'

// These flows read the emails the product sends, so they get a server (and outbox) of their own.
let server: RunningServer
let dataDir: string
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  test.setTimeout(360_000)
  dataDir = tempDir('wl-mail-')
  server = await startServer({ dataDir })
})
test.afterAll(async () => {
  await server?.stop()
})

test('password recovery from the emailed link to signing in with the new password', async ({ browser }) => {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage()
  await new LoginPage(page).goto()
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/recover$/)
  await page.getByLabel('Email').fill('artist@demo.test')
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page.getByRole('status')).toHaveText('If an account exists for this email, a link to reset the password is on its way.')
  const linkPattern = new RegExp(`${server.url}/recover/[A-Za-z0-9_-]{43}`)
  await expect.poll(() => latestMatch(dataDir, linkPattern)).not.toBe('')
  const link = latestMatch(dataDir, linkPattern)

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
  // The link worked once; signed in, the guest-only page sends on to the dashboard.
  await page.goto(link)
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('turning on two-step sign-in, then signing in with the emailed code', async ({ browser }) => {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage()
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn('label@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  await new WorkspacePage(page).ready()
  // Count the outbox before asking, so a fast mail job cannot slip past the comparison.
  const before = readOutbox(dataDir).length
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  await expect.poll(() => readOutbox(dataDir).length).toBeGreaterThan(before)
  const confirmCode = latestMatch(dataDir, /Subject: (\d{6}) confirms your change/)
  await page.getByLabel('Code from the email').fill(confirmCode)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' }).locator('..')).toContainText('On')

  await new AppFrame(page).signOut()
  await login.signIn('label@demo.test')
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect.poll(() => latestMatch(dataDir, /Subject: (\d{6}) is your Demo Music sign-in code/)).not.toBe('')
  await page.getByLabel('Code').fill(latestMatch(dataDir, /Subject: (\d{6}) is your Demo Music sign-in code/))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard$/)
  await new AppFrame(page).expectSignedInAs('Marsh Audio')
})
