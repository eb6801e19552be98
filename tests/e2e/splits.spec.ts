import { expect, test, type Page } from '@playwright/test'
import { WorkspacePage } from './pages/workspace-page'
import { signedIn } from './support/signed-in'

/** The splits screens: create, list and one split. */
class SplitsPage {
  constructor(readonly page: Page) {}

  trackResults() {
    return this.page.getByRole('listbox', { name: 'Tracks found' }).getByRole('option')
  }

  shareCheck() {
    return this.page.getByRole('status', { name: 'Share check' })
  }

  listRows() {
    return this.page.locator('.wl-grid [role="row"][row-index]')
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 })
  }
}

test('create a split from /splits/new, find it in the list, and lock it from the palette', async ({ browser }) => {
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  const splits = new SplitsPage(page)

  await workspace.runInPalette('create split', 'Go to Create split')
  await expect(splits.heading()).toHaveText('Create split')
  await page.getByRole('combobox', { name: 'Find a track' }).fill('Midnight')
  await expect(splits.trackResults().first()).toBeVisible()

  // Demo tracks may already have a split waiting for confirmation: take one that has none.
  let title = ''
  for (let index = 0; index < 10; index++) {
    await splits.trackResults().nth(index).click()
    title = (await page.getByTestId('chosen-track').textContent()) ?? ''
    await expect(page.getByRole('button', { name: 'Create split' })).toBeVisible()
    if (!(await page.getByText('waiting for confirmation').isVisible())) break
    await page.getByRole('button', { name: 'Choose another track' }).click()
    await page.getByRole('combobox', { name: 'Find a track' }).fill('Midnight')
  }
  await expect(splits.shareCheck()).toContainText('Complete')
  await page.getByRole('button', { name: /Add payee/ }).click()
  await page.getByRole('textbox', { name: 'Email of payee 2' }).fill('e2e.payee@example.com')
  await expect(page.getByText('No account yet')).toBeVisible()
  await expect(splits.shareCheck()).toContainText('Some shares are not valid')
  await page.getByRole('button', { name: 'Split evenly' }).click()
  await expect(page.getByRole('textbox', { name: 'Share of payee 2' })).toHaveValue('50')
  await expect(splits.shareCheck()).toContainText('Complete: shares add up to 100%')
  await page.getByRole('button', { name: 'Create split' }).click()

  await expect(page).toHaveURL(/\/royalty-shares\/single\/\d+$/)
  await expect(splits.heading()).toHaveText(`Split of ${title}`)
  const splitId = /single\/(\d+)$/.exec(page.url())![1]
  const payees = page.getByRole('table', { name: 'Payees of the split' })
  await expect(payees).toContainText('e2e.payee@example.com')
  await expect(payees).toContainText('Invited')

  await workspace.runInPalette('royalty splits', 'Go to Royalty splits')
  await page.getByPlaceholder('Search…').fill(title)
  await expect(splits.listRows().filter({ hasText: splitId }).first()).toBeVisible()
  // The track cell opens the split (the owner cell is a link to the owner's account).
  await splits.listRows().filter({ hasText: splitId }).first().locator('[col-id="title"]').click()
  await expect(page).toHaveURL(new RegExp(`/royalty-shares/single/${splitId}$`))

  await workspace.runInPalette('lock', /Lock split of/)
  await expect(page.getByText('Split locked: its owner can no longer change it.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible()
  await page.screenshot({ path: 'test-results/split-single.png', fullPage: true })
})
