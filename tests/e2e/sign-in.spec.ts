import { expect, test } from '@playwright/test'
import { LoginPage } from './pages/login-page'
import { AppFrame } from './pages/app-frame'

test('a guest is sent to sign in and comes back to the page they asked for', async ({ page }) => {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/)
  await expect(page).toHaveTitle('Login | Demo Music')
  await new LoginPage(page).signIn('admin@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page).toHaveTitle('Dashboard | Demo Music')
  await new AppFrame(page).expectSignedInAs('Adam Reed')
  await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeVisible()
  await expect(page.getByText('This session', { exact: true })).toBeVisible()
})

test('wrong credentials show an error and keep the email', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn('artist@demo.test', 'not the password')
  await expect(login.error()).toHaveText('These credentials do not match our records.')
  await expect(page.getByLabel('Email')).toHaveValue('artist@demo.test')
  await login.signIn('artist@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('signing in works with the keyboard alone', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByLabel('Email')).toBeFocused()
  await page.keyboard.type('label@demo.test')
  await page.keyboard.press('Tab')
  await page.keyboard.type('demo-password')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard$/)
  await new AppFrame(page).expectSignedInAs('Marsh Audio')
})

test('signing out ends the session', async ({ page, context }) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn('admin@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  // The account menu is as tall as its three entries, not the window (a root-theme style once stretched
  // every menu and popover to 100vh).
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
  const menu = await page.getByRole('menu').boundingBox()
  expect(menu!.height).toBeLessThan(300)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeFocused()
  // While a menu is open the page behind it takes no click: a click on a sidebar link closes the menu
  // and goes nowhere (the root's shield, styles.css, now that <body>'s pointer-events no longer reach it).
  const link = await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Earnings' }).boundingBox()
  await page.getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
  await page.mouse.click(link!.x + link!.width / 2, link!.y + link!.height / 2)
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(page).toHaveURL(/\/dashboard$/)
  await new AppFrame(page).signOut()
  await expect(page).toHaveURL(/\/login/)
  expect((await context.cookies()).find((cookie) => cookie.name === 'wl_session')).toBeUndefined()
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?next=/)
})

test('a signed-in account is sent from the sign-in page to the dashboard', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn('admin@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/login')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page).toHaveTitle('Page not found | Demo Music')
  await page.getByRole('link', { name: 'Go to sign in' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('the session cookie is HttpOnly and lasts 7 days; page scripts cannot read it', async ({ page, context }) => {
  await new LoginPage(page).goto()
  await new LoginPage(page).signIn('admin@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  const session = (await context.cookies()).find((cookie) => cookie.name === 'wl_session')!
  expect(session.httpOnly).toBe(true)
  expect(session.sameSite).toBe('Lax')
  const days = (session.expires * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(6.99)
  expect(await page.evaluate(() => document.cookie)).not.toContain('wl_session')
  expect(await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage))).not.toContain(session.value)
})
