import { expect, test } from '@playwright/test'
import { WorkspacePage } from './pages/workspace-page'
import { signedIn } from './support/signed-in'

test('staff adjust a balance from the balance card and the palette, and the ledger explains every line', async ({ browser }) => {
  test.setTimeout(90_000)
  const admin = await signedIn(browser)
  const workspace = new WorkspacePage(admin)
  await workspace.runInPalette('artist@demo.test', /artist@demo\.test/)
  await expect(admin).toHaveURL(/\/users\/\d+$/)

  // The seeded publishing entries are ledger money: 120.50 + 75.00.
  const balance = admin.locator('.rt-Card', { has: admin.getByRole('heading', { name: 'Balance' }) })
  const line = (label: string) => balance.locator('.rt-DataListItem', { hasText: label }).locator('.rt-DataListValue')
  await expect(line('Publishing (manual entries)')).toHaveText('$195.50')
  await expect(line('Available')).toHaveText('$195.50')

  await balance.getByRole('button', { name: 'Add adjustment' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Add an adjustment' })
  await dialog.getByLabel('Amount (USD)').fill('-20.5')
  await dialog.getByRole('button', { name: 'Add adjustment' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('A reason is required')
  await dialog.getByLabel('Reason').fill('Store chargeback')
  await dialog.getByRole('button', { name: 'Add adjustment' }).click()
  await expect(admin.getByText('Adjustment added. Available balance: $175.00.')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(line('Adjustments')).toHaveText('-$20.50')
  await expect(line('Available')).toHaveText('$175.00')
  await admin.screenshot({ path: 'test-results/ledger-balance.png' })

  // The same from the palette, typed as "amount reason".
  await workspace.runInPalette('add adjustment', /Add adjustment to/)
  await admin.keyboard.type('1234.56 Sync bonus')
  await expect(admin.getByRole('option', { name: /Adjust .* by 1234\.56: “Sync bonus”/ })).toBeVisible()
  await admin.keyboard.press('Enter')
  await expect(admin.getByText('Adjustment added. Available balance: $1,409.56.')).toBeVisible()
  await expect(line('Available')).toHaveText('$1,409.56')

  // The ledger section lists every entry behind the balance, newest first.
  await admin.getByRole('tab', { name: 'Ledger' }).click()
  const entries = admin.getByRole('table', { name: 'Ledger entries' })
  await expect(entries.getByRole('row')).toHaveCount(5)
  await expect(entries.getByRole('row').nth(1)).toContainText('Sync bonus')
  await expect(entries.getByRole('row').nth(1)).toContainText('$1,234.56')
  await expect(entries.getByRole('row').nth(2)).toContainText('Store chargeback')
  await expect(entries.getByRole('row').nth(2)).toContainText('-$20.50')
  await expect(entries).toContainText('Publishing entry #')
  await admin.screenshot({ path: 'test-results/ledger-entries.png' })

  // An exchange rate from the palette.
  await workspace.runInPalette('exchange rate', 'Add an exchange rate…')
  await admin.keyboard.type('CHF 2019-07 0.9871')
  await expect(admin.getByRole('option', { name: 'Add CHF for 2019-07 at 0.9871' })).toBeVisible()
  await admin.keyboard.press('Enter')
  await expect(admin.getByText('CHF rate for 2019-07 added.')).toBeVisible()
})
