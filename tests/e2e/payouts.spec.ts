import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { WorkspacePage } from './pages/workspace-page'
import { signedIn } from './support/signed-in'
import { adminApi, ok } from './support/admin-api'

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100)
const shown = (value: number) =>
  `${value < 0 ? '-' : ''}$${(Math.abs(value) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\@]/g, '\\$&')

const available = (page: Page) =>
  page
    .locator('.rt-Card', { has: page.getByRole('heading', { name: 'Balance' }) })
    .locator('.rt-DataListItem', { has: page.getByText('Available', { exact: true }) })
    .locator('.rt-DataListValue')

type Artist = { id: number; email: string }
type Payout = { id: number; amount: string; net: string }

test('two payouts approved from the palette, exported in a Tipalti batch whose file holds them, and both balances lower by exactly their amounts', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const api = await adminApi(baseURL!)
  // Two artists no other spec touches (the last two of the first page of artists), funded and paid
  // through Tipalti, so the PayPal export spec and this one never take each other's payouts.
  const artists = await ok<{ data: Artist[] }>(api.get('/api/users?type=artist&per_page=25'))
  const pair = artists.data.filter((row) => !row.email.endsWith('@demo.test')).slice(-2)
  expect(pair).toHaveLength(2)
  for (const artist of pair) {
    await ok(api.post(`/api/users/single/${artist.id}/adjustments`, { data: { amount: '300', reason: 'Payout e2e funds' } }))
    await ok(api.post('/api/users/edit/payout-methods', { data: { userId: artist.id, tipaltiId: `E2E-PAYEE-${artist.id}` } }))
  }

  const admin = await signedIn(browser)
  const workspace = new WorkspacePage(admin)
  const openAccount = async (artist: Artist) => {
    await workspace.runInPalette(artist.email, new RegExp(escape(artist.email)))
    await expect(admin).toHaveURL(new RegExp(`/users/${artist.id}$`))
    await expect(available(admin)).toHaveText(/^-?\$[\d,]+\.\d\d$/)
    return cents((await available(admin).textContent()) ?? '')
  }
  const before = [await openAccount(pair[0]), await openAccount(pair[1])]

  // The artist portal's call, on each account's behalf: each reserves its amount at once.
  const requested: Payout[] = []
  for (const [index, amount] of ['61.25', '73.40'].entries()) {
    requested.push(
      await ok<Payout>(
        api.post('/api/payouts/withdraw', {
          data: { amount, provider: 'tipalti', userId: pair[index].id },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    )
  }

  for (const payout of requested) {
    const amount = shown(cents(payout.amount))
    await workspace.runInPalette(`payout:${payout.id}`, new RegExp(`Payout #${payout.id} of`))
    await expect(admin.getByRole('heading', { name: `Payout #${payout.id}` })).toBeVisible()
    // Loaded: the pane offers its decisions (and has told the palette which payout is open).
    await expect(admin.getByRole('button', { name: 'Approve', exact: true })).toBeVisible()
    await workspace.runInPalette('approve payout', new RegExp(`Approve payout #${payout.id} of ${escape(amount)}`))
    await expect(admin.getByText(`Payout #${payout.id} of ${amount} is now approved.`)).toBeVisible()
  }
  await admin.screenshot({ path: 'test-results/payouts-list.png' })

  // Export the approved Tipalti payouts from the palette, then download the batch's file.
  await workspace.runInPalette('export approved', 'Export approved payouts…')
  await admin.keyboard.type('Tipalti')
  const tipalti = admin.getByRole('option', { name: /^Tipalti: \d+ approved payouts?/ })
  await expect(tipalti).toBeVisible()
  // The filter may keep PayPal first (its line also matches the letters typed): move to Tipalti.
  for (let step = 0; step < 3 && (await tipalti.getAttribute('aria-selected')) !== 'true'; step++) await admin.keyboard.press('ArrowDown')
  await expect(tipalti).toHaveAttribute('aria-selected', 'true')
  await admin.keyboard.press('Enter')
  await expect(admin.getByRole('option', { name: /^Yes, export \d+ payouts? to a Tipalti batch file/ })).toBeVisible()
  await admin.keyboard.press('Enter')
  const notice = admin.getByText(/^Batch #\d+ exported: \d+ payouts?, \$[\d,]+\.\d\d to pay\.$/)
  await expect(notice).toBeVisible()
  const batchId = Number(/#(\d+)/.exec((await notice.textContent()) ?? '')![1])
  // The new batch opens, focused, in the exports list: the palette's batch actions apply to it.
  await expect(admin).toHaveURL(new RegExp(`/payouts/export/1\\?batch=${batchId}$`))
  await expect(admin.getByRole('table', { name: 'Payout batches' }).getByRole('row', { name: new RegExp(`#${batchId}\\b`) })).toContainText(
    'Tipalti',
  )
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    workspace.runInPalette('download', new RegExp(`Download the file of batch #${batchId}`)),
  ])
  const [header, ...lines] = (await readFile((await download.path())!, 'utf8')).split('\r\n').filter(Boolean)
  expect(header.split(',').slice(0, 4)).toEqual(['Idap', 'Amount', 'SubmittedAmountCurrency', 'RefCode'])
  for (const [index, payout] of requested.entries()) {
    const line = lines.find((candidate) => candidate.split(',')[3] === `P${payout.id}`)
    expect(line, `payout #${payout.id} in the batch file`).toBeDefined()
    const [payee, amount, currency] = line!.split(',')
    expect([payee, cents(amount), currency]).toEqual([`E2E-PAYEE-${pair[index].id}`, cents(payout.net), 'USD'])
  }

  // The workspace's rules, from the palette: the dialog shows the demo fees.
  await workspace.runInPalette('payout settings', 'Payout settings…')
  const settings = admin.getByRole('dialog', { name: 'Payout settings' })
  await expect(settings.getByRole('textbox', { name: 'Minimum withdrawal (USD)' })).toHaveValue('50')
  await expect(settings.getByRole('textbox', { name: 'Percent' }).first()).toHaveValue('2')
  await admin.keyboard.press('Escape')
  await expect(settings).toBeHidden()
  // The payouts screen it opened on has one "Settings" (the list's own); the workspace's payout rules
  // are the "Payout settings" link beside the other payout-wide links, not a second settings button.
  await expect(admin).toHaveURL(/\/payouts\/manage\/1$/)
  await expect(admin.getByRole('main').getByRole('button', { name: /settings/i })).toHaveCount(1)
  await expect(admin.getByRole('main').getByRole('link', { name: 'Payout settings' })).toHaveCount(1)

  // Both balances are lower by exactly their payout's amount, and the account lists it as processing.
  for (const [index, artist] of pair.entries()) {
    await openAccount(artist)
    await expect(available(admin)).toHaveText(shown(before[index] - cents(requested[index].amount)))
    await admin.getByRole('tab', { name: 'Payouts', exact: true }).click()
    const row = admin.getByRole('table', { name: 'Payouts of the account' }).getByRole('row').nth(1)
    await expect(row).toContainText(`#${requested[index].id}`)
    await expect(row).toContainText('Processing')
  }
  await admin.screenshot({ path: 'test-results/payouts-account.png' })
  await api.dispose()
})
