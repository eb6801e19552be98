import { expect, test, type Page } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import { signedIn } from './support/signed-in'

// tests/fixtures/statements/audiosalad-demo.csv: October 2026 (a month the demo has not imported),
// three lines matched by UPC to releases of Nina Vale (artist@demo.test, account 3, no tenant split,
// so she gets every cent: 1,000.00 + 234.56789 + 0.01211 = 1,234.58) and two lines matching nothing.
const DEMO_FILE = fileURLToPath(new URL('../fixtures/statements/audiosalad-demo.csv', import.meta.url))
const ARTIST = '/users/3'
const CREDIT_CENTS = 123458n
/** The statement's net in USD: the artist's credit and 15.50 of unmatched lines to suspense. */
const STATEMENT_NET_CENTS = 125008n

/** The account tab's Available balance, in cents (exact: read from the text, never a float). */
async function availableCents(page: Page): Promise<bigint> {
  await page.goto(ARTIST)
  const balance = page.locator('.rt-DataListItem', { hasText: 'Available' })
  await expect(balance).toBeVisible()
  const text = (await balance.locator('.rt-DataListValue').textContent()) ?? ''
  const match = /^(-?)\$([\d,]+)\.(\d{2})$/.exec(text.trim())
  expect(match, `balance text ${text}`).not.toBeNull()
  const cents = BigInt(match![2].replace(/,/g, '') + match![3])
  return match![1] ? -cents : cents
}

/** The earnings overview's statement net for October 2026 (the fixture's month), in cents. */
async function overviewNetCents(page: Page): Promise<bigint> {
  await page.goto('/earnings/overview/1?from=2026-10&to=2026-10')
  const figure = page.getByRole('region', { name: 'Totals' }).getByTestId('total-Statement net')
  await expect(figure).toBeVisible()
  const match = /(-?)\$([\d,]+)\.(\d{2})/.exec((await figure.textContent()) ?? '')
  expect(match, 'statement net').not.toBeNull()
  const cents = BigInt(match![2].replace(/,/g, '') + match![3])
  return match![1] ? -cents : cents
}

/** /earnings/import/new opens the flow at once; close it to reach the histories. */
async function closeFlow(page: Page) {
  await page.goto('/earnings/import/new')
  const dialog = page.getByRole('dialog', { name: 'Import statement' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
}

test('import a statement with its dry run, commit it, see the balance and the overview move by exactly its amounts, roll it back', async ({
  browser,
}) => {
  const page = await signedIn(browser)
  const before = await availableCents(page)
  const netBefore = await overviewNetCents(page)

  await page.goto('/earnings/import/new')
  const dialog = page.getByRole('dialog', { name: 'Import statement' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Statement file').setInputFiles(DEMO_FILE)
  await dialog.getByLabel('Period').fill('2026-10')
  await dialog.getByLabel('Currency').fill('USD')
  await page.screenshot({ path: 'test-results/import-form.png' })
  await dialog.getByRole('button', { name: 'Upload and check' }).click()

  // The dry run: rows, gross, rate, net, match rates, unmatched lines; nothing credited yet.
  const review = page.getByRole('dialog', { name: /^Import #\d+ · audiosalad-demo\.csv$/ })
  await expect(review.getByText('Dry run: nothing is credited until you commit.')).toBeVisible({ timeout: 20_000 })
  const figure = (label: string) => review.getByRole('group', { name: label, exact: true })
  await expect(figure('Rows')).toContainText('5')
  await expect(figure('Gross')).toContainText('$1,560.27')
  await expect(figure('Exchange rate')).toContainText('1')
  await expect(figure('Net in USD (credited)')).toContainText('$1,250.08')
  await expect(figure('Matched by UPC')).toContainText('60.00%')
  await expect(figure('Matched by ISRC')).toContainText('0.00%')
  await expect(figure('Unmatched')).toContainText('$15.50 to suspense')
  await expect(review.getByRole('table', { name: 'Unmatched lines' }).getByRole('row')).toHaveCount(3)
  await expect(review.getByRole('table', { name: 'Unmatched lines' })).toContainText('QZNOT2600001')
  await page.screenshot({ path: 'test-results/import-review.png', fullPage: true })
  expect(await availableCents(page)).toBe(before)

  // The dry run survived the reload above: open it again from the history and commit.
  await closeFlow(page)
  const history = page.getByRole('table', { name: 'AudioSalad import history' })
  await history
    .getByRole('row', { name: /audiosalad-demo\.csv/ })
    .getByRole('link')
    .click()
  await expect(page).toHaveURL(/\/earnings\/import\/\d+$/)
  await expect(page.getByText('Dry run ready')).toBeVisible()
  await page.getByRole('button', { name: 'Commit' }).click()
  await expect(page.getByText('Import Successfully.')).toBeVisible()
  await expect(page.getByText('Committed', { exact: true })).toBeVisible()
  await page.screenshot({ path: 'test-results/import-committed.png', fullPage: true })

  expect(await availableCents(page)).toBe(before + CREDIT_CENTS)
  // The overview's rollups moved by the statement's whole net: the artist's credit and the suspense.
  expect(await overviewNetCents(page)).toBe(netBefore + STATEMENT_NET_CENTS)

  // Roll it back from the history, with a confirmation: the balance returns exactly.
  await closeFlow(page)
  const row = page.getByRole('table', { name: 'AudioSalad import history' }).getByRole('row', { name: /audiosalad-demo\.csv/ })
  await expect(row).toContainText('Committed')
  await row.getByRole('button', { name: /Roll back import #\d+/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Roll back' }).click()
  await expect(row).toContainText('Rolled back')
  await page.screenshot({ path: 'test-results/import-history.png', fullPage: true })
  expect(await availableCents(page)).toBe(before)
  expect(await overviewNetCents(page)).toBe(netBefore)
})

test('a file without the columns its source needs is refused, naming them and the headers found', async ({ browser }) => {
  const page = await signedIn(browser)
  await page.goto('/earnings/import/new')
  const dialog = page.getByRole('dialog', { name: 'Import statement' })
  await dialog.getByLabel('Statement file').setInputFiles({
    name: 'cms-missing-columns.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Video,Views\nabc,10\n'),
  })
  await dialog.getByRole('radio', { name: 'YouTube CMS' }).click()
  await dialog.getByRole('button', { name: 'Upload and check' }).click()
  await expect(dialog.getByRole('alert')).toContainText(
    'The file is missing required columns: Net, ISRC or UPC. Headers found: "Video", "Views". Map them with a column mapping.',
  )
})
