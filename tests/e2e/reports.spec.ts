import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { WorkspacePage } from './pages/workspace-page'
import { signedIn } from './support/signed-in'

test('an admin requests a monthly-sales site report from the palette, sees it become ready and downloads it', async ({ browser }) => {
  test.setTimeout(90_000)
  const admin = await signedIn(browser)
  const workspace = new WorkspacePage(admin)

  // Kind, then period, then what it covers: all from the keyboard.
  await workspace.runInPalette('request report', 'Request report…')
  await admin.keyboard.type('monthly sales')
  await expect(admin.getByRole('option', { name: 'Monthly sales' })).toBeVisible()
  await admin.keyboard.press('Enter')
  await admin.keyboard.type('all time')
  await expect(admin.getByRole('option', { name: 'All time' })).toBeVisible()
  await admin.keyboard.press('Enter')
  await expect(admin.getByRole('option', { name: 'The whole workspace (site report)' })).toBeVisible()
  await admin.keyboard.press('Enter')

  await expect(admin.getByText('Monthly sales report (All time) requested: it is being prepared.')).toBeVisible()
  await expect(admin).toHaveURL(/\/reports\/site\/1\?report=\d+$/)
  const id = new URL(admin.url()).searchParams.get('report')
  const focused = admin.getByRole('region', { name: `Report #${id}` }).or(admin.locator(`[aria-label="Report #${id}"]`))
  // The list refreshes itself while the report is prepared.
  await expect(focused.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 })
  const row = admin.getByRole('table', { name: 'Site reports' }).getByRole('row', { name: new RegExp(`#${id} Monthly sales`) })
  await expect(row).toContainText('Ready')
  await expect(row).toContainText(`monthly-sales-all-time-${id}.csv`)
  await admin.screenshot({ path: 'test-results/reports-site.png' })

  // Download the focused report from the palette.
  const downloading = admin.waitForEvent('download')
  await workspace.runInPalette('download report', `Download report #${id}`)
  const file = await downloading
  expect(file.suggestedFilename()).toBe(`monthly-sales-all-time-${id}.csv`)
  const text = await readFile((await file.path())!, 'utf8')
  const lines = text.trim().split('\r\n')
  expect(lines[0]).toBe('month,lines,quantity,net_usd,admin_fee_usd,unmatched_usd')
  expect(lines.length).toBeGreaterThan(12)
  expect(lines[1]).toMatch(/^\d{4}-\d{2},\d+,\d+,\d+\.\d+,/)
})

test('the request dialog lists every kind, the later ones disabled with the area they arrive with', async ({ browser }) => {
  const admin = await signedIn(browser)
  await admin.goto('/reports/site/1')
  await admin.getByRole('button', { name: 'Request report…' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Request report' })
  await dialog.getByRole('combobox', { name: 'Report kind' }).click()
  await expect(admin.getByRole('option', { name: 'Influencer — arrives with Audience' })).toHaveAttribute('aria-disabled', 'true')
  await expect(admin.getByRole('option', { name: 'Top fans' })).not.toHaveAttribute('aria-disabled', 'true')
  await expect(admin.getByRole('option', { name: 'Raw statement data' })).not.toHaveAttribute('aria-disabled', 'true')
  await admin.screenshot({ path: 'test-results/reports-request-dialog.png' })
  // Type-ahead in the open list, as a keyboard user would.
  await admin.keyboard.type('Raw')
  // The list moves its highlight a frame later; Enter before that picks what was highlighted.
  await expect(admin.getByRole('option', { name: 'Raw statement data' })).toHaveAttribute('data-highlighted', '')
  await admin.keyboard.press('Enter')
  await expect(dialog.getByRole('combobox', { name: 'Report kind' })).toHaveText('Raw statement data')
  await dialog.getByRole('button', { name: 'Last month' }).click()
  await dialog.getByRole('button', { name: 'Request', exact: true }).click()
  await expect(admin.getByText(/Raw statement data report \(\d{4}-\d{2}\) requested/)).toBeVisible()
  await expect(admin.getByRole('table', { name: 'Site reports' }).getByRole('row').nth(1)).toContainText('Raw statement data')
})
