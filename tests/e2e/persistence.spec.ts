import { expect, test, chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium'
import { startServer } from './support/server'
import { LoginPage } from './pages/login-page'
import { AppFrame } from './pages/app-frame'
import { tempDir } from './support/temp-dir'

test('the session survives a browser restart', async ({ baseURL }) => {
  const profile = tempDir('wl-profile-')
  const first = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, baseURL })
  const page = first.pages()[0] ?? (await first.newPage())
  await new LoginPage(page).goto()
  await new LoginPage(page).signIn('admin@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  await first.close()

  const second = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, baseURL })
  const again = second.pages()[0] ?? (await second.newPage())
  await again.goto('/dashboard')
  await expect(again).toHaveURL(/\/dashboard$/)
  await new AppFrame(again).expectSignedInAs('Adam Reed')
  await second.close()
})

test('the session survives a server restart, and its data with it', async ({ browser }) => {
  test.setTimeout(480_000)
  const dataDir = tempDir('wl-restart-')
  let server = await startServer({ dataDir })
  try {
    const port = Number(new URL(server.url).port)
    const context = await browser.newContext({ baseURL: server.url })
    const page = await context.newPage()
    await new LoginPage(page).goto()
    await new LoginPage(page).signIn('admin@demo.test')
    await expect(page).toHaveURL(/\/dashboard$/)
    await server.stop()

    server = await startServer({ dataDir, port })
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/dashboard$/)
    await new AppFrame(page).expectSignedInAs('Adam Reed')
    // The sign-in from before the restart is still in the history.
    const recent = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Repeated' }) })
    // (A restart on a loaded machine can take over a minute: "just now" or a few minutes ago.)
    await expect(
      recent.getByRole('row').filter({ hasText: /just now|\b\d minutes? ago/ }).filter({ hasText: 'Access Granted' }).first(),
    ).toBeVisible()
    await context.close()
  } finally {
    await server.stop()
  }
})
