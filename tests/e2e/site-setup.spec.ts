import { expect, test, type Browser, type Page } from '@playwright/test'
import { startServer, type RunningServer } from './support/server'
import { startSmtpSink } from '../helpers/smtp'
import { encodePng } from '../../src/domains/site-setup/server/png'
import { LoginPage } from './pages/login-page'
import { AppFrame } from './pages/app-frame'
import { WorkspacePage } from './pages/workspace-page'
import { SetupWizardPage } from './pages/site-setup-wizard'
import { SiteSettingsPage } from './pages/site-settings-page'
import { tempDir } from './support/temp-dir'

// The operator's setup changes the demo workspace for good (and one test restarts the server), so
// these tests get a server and a fresh demo database of their own, and run in order.
let server: RunningServer
let dataDir: string
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  test.setTimeout(360_000)
  smtp = await startSmtpSink({ users: { mailer: 'smtp-secret' } })
  dataDir = tempDir('wl-site-setup-')
  server = await startServer({ dataDir })
})
test.afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

/** The slider's dots, by name: one per visible slide, in order. */
function dots(page: Page): Promise<(string | null)[]> {
  return page
    .getByRole('region', { name: 'Featured artists' })
    .getByRole('button', { name: /^Show slide/ })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage()
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn(email)
  await expect(page).toHaveURL(/\/dashboard/)
  await new WorkspacePage(page).ready()
  return page
}

test('the operator completes the setup wizard, and it stays done after a reload and a restart', async ({ browser }) => {
  test.setTimeout(480_000)
  const page = await signedIn(browser, 'operator@demo.test')
  const wizard = new SetupWizardPage(page)
  await wizard.expectAt('Welcome')

  // Neither Escape nor a click outside dismisses it.
  await page.keyboard.press('Escape')
  await page.mouse.click(5, 5)
  await wizard.expectAt('Welcome')

  await wizard.press('Get Started')
  await wizard.expectAt('Agreement')
  await expect(wizard.dialog().getByRole('region', { name: 'White Label B2B agreement' })).toContainText(
    'Tier 1: 1–9,999 recordings, $499 per month.',
  )
  await wizard.press('Continue')
  await expect(wizard.dialog().getByRole('alert')).toHaveText('Please sign the agreement to continue.')
  await wizard.sign()
  await wizard.press('Continue')
  await wizard.expectAt('Mail Configuration')
  await expect(wizard.step('Agreement')).toHaveAccessibleName('Step 2: Agreement, done')

  // The default option warns about DNS and offers the records first.
  await expect(
    wizard.dialog().getByText('Emails will not be delivered if the DNS records are not configured correctly and verified.'),
  ).toBeVisible()
  await expect(wizard.dialog().getByRole('button', { name: 'Generate DNS Records' })).toBeVisible()

  const port = Number(new URL(smtp.url).port)
  await wizard.useOwnSmtp({
    host: '127.0.0.1',
    port,
    encryption: 'None',
    username: 'mailer',
    password: 'smtp-secret',
    fromAddress: 'no-reply@demo.test',
  })
  const answer = await wizard.sendTestEmail('operator@demo.test')
  await expect(answer).toContainText('Test email sent to operator@demo.test. The server answered: 250')
  const test1 = await smtp.waitFor('operator@demo.test', (mail) => mail.subject === 'Test email from Demo Music')
  expect(test1.from).toBe('no-reply@demo.test')
  expect(smtp.logins).toContain('mailer')

  await wizard.press('Continue')
  await wizard.expectAt('Support Settings')
  await wizard.setSupportEmail('support@demo.test')
  await wizard.press('Continue')
  await wizard.expectAt('Finish')
  await expect(wizard.dialog().getByRole('heading', { name: "You're all set" })).toBeVisible()
  await wizard.press('Complete')
  await expect(wizard.dialog()).toBeHidden()

  // Reloaded, it stays closed; the palette still opens it, at the finish since every step is done.
  await page.reload()
  const workspace = new WorkspacePage(page)
  await workspace.ready()
  await expect(new AppFrame(page).page.getByRole('button', { name: 'Account menu' })).toBeVisible()
  await expect(wizard.dialog()).toBeHidden()
  await workspace.runInPalette('setup wizard', 'Open the setup wizard')
  await wizard.expectAt('Finish')
  await wizard.press('Complete')
  await expect(wizard.dialog()).toBeHidden()

  // After a restart the workspace's mail still goes through its own server: the saved password decrypts.
  const sent = smtp.messages.length
  await server.stop()
  server = await startServer({ dataDir, port: Number(new URL(server.url).port) })
  await page.goto('/dashboard')
  await workspace.ready()
  await expect(wizard.dialog()).toBeHidden()
  await workspace.runInPalette('send a test email', 'Send a test email')
  await expect(page.getByText(/Test email sent to operator@demo\.test\. The server answered: 250/)).toBeVisible()
  await expect.poll(() => smtp.messages.length).toBe(sent + 1)
})

test('the wallet shows the signed plan, its tier and fees, and the tier chart', async ({ browser }) => {
  const page = await signedIn(browser, 'operator@demo.test')
  await new WorkspacePage(page).runInPalette('wallet', 'Go to Wallet')
  await expect(page.getByRole('heading', { name: 'Wallet', exact: true })).toBeVisible()
  await expect(page.getByText('Tier 1', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('table', { name: 'Next invoice' })).toContainText('Total known now')
  // The chart is a lazily loaded chunk; it draws on a canvas.
  await expect(page.getByRole('heading', { name: 'Monthly fee by tier' })).toBeVisible()
  await expect(page.locator('canvas').first()).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('a new primary colour shows at once in the back-office and on the sign-in page', async ({ browser }) => {
  const page = await signedIn(browser, 'operator@demo.test')
  const settings = new SiteSettingsPage(page)
  await new WorkspacePage(page).runInPalette('site settings', 'Go to Site settings')
  await expect(page).toHaveURL(/\/site-settings/)
  await settings.openTab('Theme')
  await settings.setColour('Primary colour', '#1E88E5')
  await settings.saveTheme()
  await expect.poll(() => settings.accentColour()).toBe('#1E88E5')
  await page.mouse.move(5, 400) // off the button, so it shows its resting colour rather than the hover one
  await expect(page.getByRole('button', { name: 'Save theme' })).toHaveCSS('background-color', 'rgb(30, 136, 229)')

  await new AppFrame(page).signOut()
  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCSS('background-color', 'rgb(30, 136, 229)')
  await expect(page.getByRole('img', { name: 'Demo Music' })).toBeVisible()
})

test('an operator missing a logo is sent from the dashboard to logo settings until it is back', async ({ browser }) => {
  const page = await signedIn(browser, 'operator@demo.test')
  const workspace = new WorkspacePage(page)
  const settings = new SiteSettingsPage(page)
  await expect(page).toHaveURL(/\/dashboard$/)
  await workspace.runInPalette('site settings', 'Go to Site settings')
  await settings.openTab('Logo settings')
  await page.getByRole('button', { name: 'Remove Dark mode logo' }).click()
  await settings.saveLogoSettings()

  await workspace.runInPalette('dashboard', 'Go to Dashboard')
  await expect(page).toHaveURL(/\/site-settings\?tab=0$/)

  const logo = encodePng(200, 60, (x) => [245, 197, 66, x < 100 ? 255 : 128])
  await page.getByLabel('Dark mode logo', { exact: true }).setInputFiles({ name: 'dark.png', mimeType: 'image/png', buffer: logo })
  await expect(page.getByAltText('Dark mode logo preview')).toBeVisible()
  await settings.saveLogoSettings()
  await expect(page.getByTestId('logo-dimensions')).toContainText('Dark mode logo 167 × 50 px')
  // Back on the dashboard the profile is checked again, and this time nothing sends the operator away.
  const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/site/settings')
  await workspace.runInPalette('dashboard', 'Go to Dashboard')
  await checked
  await page.waitForTimeout(500)
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the sign-in page shows the visible slides in order, and hiding one in login settings removes it', async ({ browser }) => {
  const guest = await (await browser.newContext({ baseURL: server.url })).newPage()
  await new LoginPage(guest).goto()
  const slider = guest.getByRole('region', { name: 'Featured artists' })
  await expect(slider.getByRole('heading', { name: 'Nina Vale' })).toBeVisible()
  await expect.poll(() => dots(guest)).toEqual(['Show slide 1: Nina Vale', 'Show slide 2: Marsh Audio', 'Show slide 3: Aurora Fields'])
  await slider.getByRole('button', { name: 'Next slide' }).click()
  await expect(slider.getByRole('heading', { name: 'Marsh Audio' })).toBeVisible()

  const admin = await signedIn(browser, 'admin@demo.test')
  await new WorkspacePage(admin).runInPalette('login settings', 'Go to Login settings')
  await expect(admin.getByRole('heading', { name: 'Login settings' })).toBeVisible()
  await new SiteSettingsPage(admin).setSlideShown('Marsh Audio', false)

  await guest.reload()
  await expect.poll(() => dots(guest)).toEqual(['Show slide 1: Nina Vale', 'Show slide 2: Aurora Fields'])

  // Moved to the front, Aurora Fields is shown first.
  await admin.getByRole('listitem', { name: /^Aurora Fields/ }).focus()
  await admin.keyboard.press('Alt+ArrowUp')
  await expect(admin.getByText('Order saved.')).toBeVisible()
  await admin.keyboard.press('Alt+ArrowUp')
  await expect(admin.getByRole('list', { name: 'Slides' }).getByRole('listitem').first()).toHaveAccessibleName(
    /^Aurora Fields, slide 1 of 3/,
  )
  await guest.reload()
  await expect(slider.getByRole('heading', { name: 'Aurora Fields' })).toBeVisible()
})
