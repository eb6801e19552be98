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
  // The item labelled exactly Available (a Held row says what it keeps out of Available).
  const balance = page.locator('.rt-DataListItem').filter({ has: page.getByText('Available', { exact: true }) })
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
  // Eight full page loads to read the balance and the overview around each step: on a busy 2-core
  // CI machine that runs past the default minute.
  test.slow()
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

test('a rollback that would take a balance below zero shows the accounts and the shortfall, and needs a reason', async ({ browser }) => {
  const page = await signedIn(browser)
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'wl_csrf')?.value ?? ''
  const post = async <T>(path: string, data: unknown) => {
    const response = await page.request.post(`/api/${path}`, {
      data,
      headers: { 'x-csrf-token': csrf, 'idempotency-key': `e2e-${path}-${Date.now()}-${Math.random()}` },
    })
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300)
    return (await response.json()) as T
  }
  const before = await availableCents(page)

  // A statement crediting the artist 400.00, committed, then 300.00 more than her old balance withdrawn.
  const statement = `Sale Month,Store,Country,UPC,ISRC,Track Title,Artist,Quantity,Gross,Net,Currency\n2026-09,Spotify,US,810000003624,,Silent Horizons 3,Nina Vale,1000,500.00,400.00,USD\n`
  const uploaded = await page.request.post('/api/earnings/import/audiosalad', {
    headers: { 'x-csrf-token': csrf },
    multipart: { period: '2026-09', currency: 'USD', file: { name: 'overdraw.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) } },
  })
  expect(uploaded.status()).toBe(202)
  const { id } = (await uploaded.json()) as { id: number }
  await expect
    .poll(async () => ((await (await page.request.get(`/api/earnings/imports/${id}`)).json()) as { status: string }).status, {
      timeout: 20_000,
    })
    .toBe('review')
  await post(`earnings/imports/${id}/commit`, {})
  await post('users/edit/payout-methods', { userId: 3, paypalEmail: 'artist@demo.test', paypalConfirmed: true })
  const withdrawn = before + 30_000n
  const payout = await post<{ id: number }>('payouts/withdraw', {
    amount: `${withdrawn / 100n}.${String(withdrawn % 100n).padStart(2, '0')}`,
    provider: 'paypal',
    userId: 3,
  })

  await page.goto(`/earnings/import/${id}`)
  await page.getByRole('button', { name: 'Rollback' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog.getByRole('alert', { name: 'Balances below zero' })).toContainText('takes 1 account below zero, $300.00 in all')
  const accounts = dialog.getByRole('table', { name: 'Accounts below zero' })
  await expect(accounts.getByRole('row')).toHaveCount(2)
  await expect(accounts).toContainText('artist@demo.test')
  await expect(accounts).toContainText('-$300.00')
  await page.screenshot({ path: 'test-results/rollback-overdraw-preview.png' })
  const confirm = dialog.getByRole('button', { name: 'Roll back and record $300.00 of debt' })
  await confirm.click()
  await expect(dialog.getByText('A reason is required to record the shortfall as a recoupable debt')).toBeVisible()
  await expect(page.getByText('Committed', { exact: true })).toBeVisible()
  await dialog.getByLabel('Reason').fill('The distributor recalled the September statement')
  await confirm.click()
  await expect(page.getByText(`Import #${id} rolled back: $300.00 is recorded as recoupable debt.`)).toBeVisible()
  await expect(page.getByText('Rolled back', { exact: true })).toBeVisible()

  // The account shows the debt; releasing the withdrawal repays it and restores the balance exactly.
  expect(await availableCents(page)).toBe(-30_000n)
  const debt = page.getByLabel('Recoupable debt')
  await expect(debt).toContainText('$300.00')
  await expect(debt).toContainText(`Rollback of import #${id}`)
  await expect(debt).toContainText('The distributor recalled the September statement')
  await post('payouts/change-status', { id: payout.id, status: 'rejected', reason: 'e2e clean-up' })
  expect(await availableCents(page)).toBe(before)
  await expect(page.getByLabel('Recoupable debt')).toHaveCount(0)
})
