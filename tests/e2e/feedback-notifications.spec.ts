import { expect, test } from '@playwright/test'
import { LoginPage } from './pages/login-page'
import { WorkspacePage } from './pages/workspace-page'
import { SetupWizardPage } from './pages/site-setup-wizard'

test('feedback from the banner reaches the admins as a notification, with the page it came from', async ({ browser }) => {
  // The admin sends it...
  const adminPage = await (await browser.newContext()).newPage()
  await new LoginPage(adminPage).goto()
  await new LoginPage(adminPage).signIn('admin@demo.test')
  await new WorkspacePage(adminPage).ready()
  await adminPage.getByRole('button', { name: 'Send Feedback' }).click()
  const dialog = adminPage.getByRole('dialog', { name: 'Send feedback' })
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled()
  await dialog.getByLabel('Message').fill('The dashboard should show pending takedowns first.')
  await dialog.getByRole('combobox', { name: 'Severity' }).click()
  await adminPage.getByRole('option', { name: /High/ }).click()
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(adminPage.getByText('Feedback submitted successfully')).toBeVisible()
  await expect(dialog).toBeHidden()
  // ...and disappears after 3 seconds.
  await expect(adminPage.getByText('Feedback submitted successfully')).toBeHidden({ timeout: 5000 })

  // ...the operator (another admin) sees it in the bell and on the notifications screen.
  const operatorPage = await (await browser.newContext()).newPage()
  await new LoginPage(operatorPage).goto()
  await new LoginPage(operatorPage).signIn('operator@demo.test')
  // The operator's first-run setup opens first; this test leaves it for later.
  await new SetupWizardPage(operatorPage).press('Later')
  await new WorkspacePage(operatorPage).ready()
  const bell = operatorPage.getByRole('button', { name: /^Notifications, \d+ unread$/ })
  await expect(bell).toBeVisible()
  await bell.click()
  const latest = operatorPage.getByRole('list', { name: 'Latest notifications' })
  await expect(latest).toContainText('Feedback received (high)')
  await expect(latest).toContainText('The dashboard should show pending takedowns first.')
  await operatorPage.keyboard.press('Escape')
  // Closing the popover hands focus back to the bell; wait for it before the next shortcut.
  await expect(latest).toBeHidden()
  await expect(bell).toBeFocused()

  await new WorkspacePage(operatorPage).runInPalette('notifications', 'Go to Notifications')
  await expect(operatorPage.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible()
  await operatorPage
    .getByRole('radio', { name: 'Unread' })
    .or(operatorPage.getByRole('tab', { name: 'Unread' }))
    .first()
    .click()
  await expect(operatorPage).toHaveURL(/status=unread/)
  // (A retried run finds the first run's notification too.)
  await expect(operatorPage.getByText('Feedback received (high)').first()).toBeVisible()
  await operatorPage.getByRole('button', { name: 'Mark all read' }).click()
  await expect(operatorPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()
})

test('a sign-in from a new device is notified to the account', async ({ browser }) => {
  const first = await (
    await browser.newContext({
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36',
    })
  ).newPage()
  await new LoginPage(first).goto()
  await new LoginPage(first).signIn('label@demo.test')
  await new WorkspacePage(first).ready()

  const phone = await (
    await browser.newContext({
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      viewport: { width: 1200, height: 800 },
    })
  ).newPage()
  await new LoginPage(phone).goto()
  await new LoginPage(phone).signIn('label@demo.test')
  await new WorkspacePage(phone).ready()
  await phone.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
  await expect(phone.getByRole('list', { name: 'Latest notifications' })).toContainText('New sign-in to your account')
  await expect(phone.getByRole('list', { name: 'Latest notifications' })).toContainText('Android')
})
