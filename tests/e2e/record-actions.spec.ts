import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { WorkspacePage } from './pages/workspace-page'
import { signedIn } from './support/signed-in'
import { adminApi, ok } from './support/admin-api'

// Record actions declared once (commands/actions.ts): the list's bulk bar asks what the palette asks,
// the palette follows a record as it loads, and "Review next …" then a key decides the oldest item.

type Artist = { id: number; email: string; displayName: string; banned: boolean }
const BAN_QUESTION = 'Why? The reason is recorded with the ban.'

test('ban from the users list’s bulk bar asks for the reason exactly as the palette does', async ({ browser, baseURL }) => {
  const api = await adminApi(baseURL!)
  const artists = await ok<{ data: Artist[] }>(api.get('/api/users?type=artist&per_page=25'))
  // Two artists from the middle of the page: the payout specs take the last ones.
  const [viaPalette, viaBulk] = artists.data.filter((row) => !row.email.endsWith('@demo.test') && !row.banned).slice(3, 5)
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)

  // The palette on the account: the question, then the choice for the typed reason.
  await workspace.runInPalette(viaPalette.email, new RegExp(viaPalette.email.replace(/[.@]/g, '\\$&')))
  await expect(page.getByRole('heading', { name: viaPalette.displayName })).toBeVisible()
  await workspace.runInPalette('ban', `Ban ${viaPalette.displayName}…`)
  await expect(page.getByPlaceholder(BAN_QUESTION)).toBeFocused()
  await page.keyboard.press('Escape')

  // The users list, from the keyboard: g u, / to search, j to the row, x to select it.
  await page.keyboard.press('g')
  await page.keyboard.press('u')
  await expect(page).toHaveURL(/\/users\/manage\/1$/)
  // The list screen loads its code on first use: / acts once the list is there to search.
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
  await page.keyboard.press('/')
  // The email in one input event: typed key by key on a slow machine, a prefix matching the same one row
  // could load first, and the full email's load would then replace the page (and its selection) after x.
  await page.keyboard.insertText(viaBulk.email)
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(viaBulk.email)
  await expect(page.getByRole('row').filter({ hasText: viaBulk.email })).toHaveCount(1)
  await page.keyboard.press('Escape')
  await page
    .locator('.wl-list')
    .first()
    .click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  const bar = page.getByRole('region', { name: 'Selection' })
  await expect(bar).toContainText('1 selected')

  // The bulk bar's Ban…: the same question on the palette's page; nothing is sent before the reason.
  await bar.getByRole('button', { name: /Bulk Actions/ }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Ban…' })).toBeVisible()
  // Opened from the keyboard, the menu highlights its first item: Ban… (declared first).
  await expect(page.getByRole('menuitem', { name: 'Ban…' })).toBeFocused()
  await page.keyboard.press('Enter')
  // The menu hands focus back to its trigger as it closes: the palette keeps it in its input.
  await expect(page.getByPlaceholder(BAN_QUESTION)).toBeFocused()
  const before = await ok<{ banned: boolean }>(api.get(`/api/users/single/${viaBulk.id}`))
  expect(before.banned).toBe(false)
  await page.keyboard.type('Fraudulent streams')
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toHaveText(`Ban ${viaBulk.displayName}: “Fraudulent streams”`)
  await page.keyboard.press('Enter')
  await expect(page.getByText(`${viaBulk.displayName} is banned; their sessions have ended.`)).toBeVisible()
  const after = await ok<{ banned: boolean; bannedReason: string }>(api.get(`/api/users/single/${viaBulk.id}`))
  expect(after).toMatchObject({ banned: true, bannedReason: 'Fraudulent streams' })
})

test('the palette opened the instant a payout appears offers "Approve payout #N" first for "approve"', async ({
  browser,
  baseURL,
}) => {
  const api = await adminApi(baseURL!)
  const artists = await ok<{ data: Artist[] }>(api.get('/api/users?type=artist&per_page=25'))
  const artist = artists.data.filter((row) => !row.email.endsWith('@demo.test') && !row.banned)[6]
  await ok(api.post(`/api/users/single/${artist.id}/adjustments`, { data: { amount: '100', reason: 'Record actions e2e' } }))
  await ok(api.post('/api/users/edit/payout-methods', { data: { userId: artist.id, tipaltiId: `E2E-RA-${artist.id}` } }))
  const payout = await ok<{ id: number }>(
    api.post('/api/payouts/withdraw', {
      data: { amount: '61.50', provider: 'tipalti', userId: artist.id },
      headers: { 'idempotency-key': randomUUID() },
    }),
  )

  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  await workspace.runInPalette(`payout:${payout.id}`, new RegExp(`Payout #${payout.id} of`))
  // No wait for the pane: the palette opens at once and follows the record as its data arrives.
  await workspace.openPalette()
  await page.keyboard.type('approve')
  await expect(page.locator('[cmdk-item]').first()).toHaveText(new RegExp(`^Approve payout #${payout.id} of \\$61\\.50`))
  await expect(page.getByRole('option', { name: 'Export approved payouts…' })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Payout #${payout.id} of $61.50 is now approved.`)).toBeVisible()
})

test('"Review next edit request" opens the oldest open request, and a approves it', async ({ browser, baseURL }) => {
  const api = await adminApi(baseURL!)
  const first = await ok<{ data: { id: number }[]; meta: { last_page: number } }>(
    api.get('/api/releases/edit-requests/1?status=pending&per_page=25'),
  )
  const last = await ok<{ data: { id: number }[] }>(
    api.get(`/api/releases/edit-requests/${first.meta.last_page}?status=pending&per_page=25`),
  )
  const oldest = last.data[last.data.length - 1].id

  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  await workspace.runInPalette('review next', 'Review next edit request')
  await expect(page).toHaveURL(new RegExp(`/release/edit-requests/view/${oldest}$`))
  await expect(page.getByRole('button', { name: /Approve/ })).toBeEnabled()
  await page.keyboard.press('a')
  await expect(page.getByText(/Approved: the release is now Edited\./)).toBeVisible()
  const decided = await ok<{ status: string }>(api.get(`/api/releases/edit-requests/single/${oldest}`))
  expect(decided.status).toBe('approved')
})
