import { expect, test } from '@playwright/test'
import { WorkspacePage } from './pages/workspace-page'
import { signedIn } from './support/signed-in'

test('staff adjust a balance from the balance card and the palette, and the ledger explains every line', async ({ browser }) => {
  test.setTimeout(90_000)
  const admin = await signedIn(browser)
  const workspace = new WorkspacePage(admin)
  // label@demo.test: the statement e2e moves the demo artist's balance at the same time.
  await workspace.runInPalette('label@demo.test', /label@demo\.test/)
  await expect(admin).toHaveURL(/\/users\/\d+$/)

  const balance = admin.locator('.rt-Card', { has: admin.getByRole('heading', { name: 'Balance' }) })
  // The item labelled exactly so (a Held row says what it keeps out of Available).
  const line = (label: string) =>
    balance.locator('.rt-DataListItem', { has: admin.getByText(label, { exact: true }) }).locator('.rt-DataListValue')
  await expect(line('Available')).toHaveText(/^-?\$[\d,]+\.\d\d$/)
  const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100)
  const shown = (value: number) =>
    `${value < 0 ? '-' : ''}$${(Math.abs(value) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
  const before = cents((await line('Available').textContent()) ?? '')
  const adjustmentsBefore = cents((await line('Adjustments').textContent()) ?? '')

  await balance.getByRole('button', { name: 'Add adjustment' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Add an adjustment' })
  await dialog.getByLabel('Amount (USD)').fill('-20.5')
  await dialog.getByRole('button', { name: 'Add adjustment' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('A reason is required')
  await dialog.getByLabel('Reason').fill('Store chargeback')
  await dialog.getByRole('button', { name: 'Add adjustment' }).click()
  await expect(admin.getByText(`Adjustment added. Available balance: ${shown(before - 2050)}.`)).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(line('Adjustments')).toHaveText(shown(adjustmentsBefore - 2050))
  await expect(line('Available')).toHaveText(shown(before - 2050))
  await admin.screenshot({ path: 'test-results/ledger-balance.png' })

  // The same from the palette, typed as "amount reason".
  await workspace.runInPalette('add adjustment', /Add adjustment to/)
  await admin.keyboard.type('1234.56 Sync bonus')
  await expect(admin.getByRole('option', { name: /Adjust .* by 1234\.56: “Sync bonus”/ })).toBeVisible()
  await admin.keyboard.press('Enter')
  await expect(admin.getByText(`Adjustment added. Available balance: ${shown(before - 2050 + 123456)}.`)).toBeVisible()
  await expect(line('Available')).toHaveText(shown(before - 2050 + 123456))

  // The ledger section lists every entry behind the balance, newest first.
  await admin.getByRole('tab', { name: 'Ledger' }).click()
  const entries = admin.getByRole('table', { name: 'Ledger entries' })
  await expect(entries.getByRole('row').nth(1)).toContainText('Sync bonus')
  await expect(entries.getByRole('row').nth(1)).toContainText('$1,234.56')
  await expect(entries.getByRole('row').nth(2)).toContainText('Store chargeback')
  await expect(entries.getByRole('row').nth(2)).toContainText('-$20.50')
  await admin.screenshot({ path: 'test-results/ledger-entries.png' })

  // An exchange rate from the palette.
  await workspace.runInPalette('exchange rate', 'Add an exchange rate…')
  await admin.keyboard.type('CHF 2019-07 0.9871')
  await expect(admin.getByRole('option', { name: 'Add CHF for 2019-07 at 0.9871' })).toBeVisible()
  await admin.keyboard.press('Enter')
  await expect(admin.getByText('CHF rate for 2019-07 added.')).toBeVisible()
})
