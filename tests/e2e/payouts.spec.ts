import { randomUUID } from 'node:crypto'
import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test'
import { WorkspacePage } from './pages/workspace-page'
import { signedIn } from './support/signed-in'

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100)
const shown = (value: number) =>
  `${value < 0 ? '-' : ''}$${(Math.abs(value) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** An API client signed in as the demo admin with a bearer token (no cookie, so no CSRF header). */
async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL })
  const login = await anonymous.post('/api/auth/login', { data: { email: 'admin@demo.test', password: 'demo-password', issueToken: true } })
  const { token } = (await login.json()) as { token: string }
  await anonymous.dispose()
  return request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } })
}

async function ok<T>(answer: Promise<{ ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }>): Promise<T> {
  const response = await answer
  expect(response.ok(), `${response.status()}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

const available = (page: Page) =>
  page
    .locator('.rt-Card', { has: page.getByRole('heading', { name: 'Balance' }) })
    .locator('.rt-DataListItem', { hasText: 'Available' })
    .locator('.rt-DataListValue')

test('approving two payouts from the palette: the account balance is lower by exactly their amounts since the request', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const api = await adminApi(baseURL!)
  // An artist no other spec touches: the last of the first page of artists, funded and with a confirmed PayPal email.
  const artists = await ok<{ data: { id: number; email: string }[] }>(api.get('/api/users?type=artist&per_page=25'))
  const artist = artists.data.filter((row) => !row.email.endsWith('@demo.test')).at(-1)!
  await ok(api.post(`/api/users/single/${artist.id}/adjustments`, { data: { amount: '300', reason: 'Payout e2e funds' } }))
  await ok(api.post('/api/users/edit/payout-methods', { data: { userId: artist.id, paypalEmail: artist.email, paypalConfirmed: true } }))

  const admin = await signedIn(browser)
  const workspace = new WorkspacePage(admin)
  await workspace.runInPalette(artist.email, new RegExp(artist.email.replace(/[.@]/g, '\\$&')))
  await expect(admin).toHaveURL(new RegExp(`/users/${artist.id}$`))
  await expect(available(admin)).toHaveText(/^-?\$[\d,]+\.\d\d$/)
  const before = cents((await available(admin).textContent()) ?? '')

  // The artist portal's call, on the account's behalf: each reserves its amount at once.
  const requested = []
  for (const amount of ['61.25', '73.40']) {
    requested.push(
      await ok<{ id: number; amount: string }>(
        api.post('/api/payouts/withdraw', {
          data: { amount, provider: 'paypal', userId: artist.id },
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
    await workspace.runInPalette('approve payout', new RegExp(`Approve payout #${payout.id} of \\${amount.replace('.', '\\.')}`))
    await expect(admin.getByText(`Payout #${payout.id} of ${amount} is now approved.`)).toBeVisible()
  }
  await admin.screenshot({ path: 'test-results/payouts-list.png' })

  // The workspace's rules, from the palette: the dialog shows the demo fees.
  await workspace.runInPalette('payout settings', 'Payout settings…')
  const settings = admin.getByRole('dialog', { name: 'Payout settings' })
  await expect(settings.getByRole('textbox', { name: 'Minimum withdrawal (USD)' })).toHaveValue('50')
  await expect(settings.getByRole('textbox', { name: 'Percent' }).first()).toHaveValue('2')
  await admin.screenshot({ path: 'test-results/payouts-settings.png' })
  await admin.keyboard.press('Escape')
  await expect(settings).toBeHidden()

  await workspace.runInPalette(artist.email, new RegExp(artist.email.replace(/[.@]/g, '\\$&')))
  await expect(available(admin)).toHaveText(shown(before - 6125 - 7340))
  await admin.getByRole('tab', { name: 'Payouts', exact: true }).click()
  const rows = admin.getByRole('table', { name: 'Payouts of the account' }).getByRole('row')
  await expect(rows.nth(1)).toContainText(`#${requested[1].id}`)
  await expect(rows.nth(1)).toContainText('Approved')
  await expect(rows.nth(2)).toContainText(`#${requested[0].id}`)
  await expect(rows.nth(2)).toContainText('$61.25')
  await admin.screenshot({ path: 'test-results/payouts-account.png' })
  await api.dispose()
})
