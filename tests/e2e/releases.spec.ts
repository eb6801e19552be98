import { expect, test, type Page } from '@playwright/test'
import { WorkspacePage } from './pages/workspace-page'
import { ReleasePage } from './pages/release-page'
import { signedIn } from './support/signed-in'

/** Narrows the list on screen through its settings drawer. */
async function filterList(page: Page, listTitle: string, filter: string, option: string) {
  await page.getByRole('button', { name: /^List settings/ }).click()
  const drawer = page.getByRole('dialog', { name: `${listTitle}: settings` })
  await drawer.getByLabel(filter, { exact: true }).selectOption({ label: option })
  await drawer.getByRole('button', { name: 'Search' }).click()
  await expect(drawer).toBeHidden()
}

test('the release list opens a release, whose status changes from the palette', async ({ browser }) => {
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  const releases = new ReleasePage(page)

  await workspace.runInPalette('releases', 'Go to Releases')
  await expect(page).toHaveURL(/\/releases\/manage\/1$/)
  await expect(releases.rows().first()).toBeVisible()
  await expect(page).toHaveTitle('Releases | Demo Music')

  // Releases under review, the first one opened with the keyboard.
  await filterList(page, 'Releases', 'Status', '2 · Under review')
  await expect(page).toHaveURL(/\/releases\/manage\/1\?status=2$/)
  await expect(releases.rows().first()).toContainText('Under review')
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await releases.expectReleaseOpen()
  await expect(releases.status()).toHaveText('Under review')
  const title = (await releases.heading().textContent())!.trim()
  await expect(page).toHaveTitle(`${title} | Demo Music`)

  // The palette offers exactly the statuses the table allows; Accepted is one of them.
  await workspace.runInPalette('change status', /Change status of/)
  await expect(page.getByRole('option', { name: 'Accepted', exact: true })).toBeVisible()
  await expect(page.getByRole('option', { name: 'Exported', exact: true })).toHaveCount(0)
  await page.keyboard.type('accepted')
  await page.keyboard.press('Enter')
  await expect(page.getByText('Status changed to Accepted.')).toBeVisible()
  await expect(releases.status()).toHaveText('Accepted')

  // The change is in the release's history, and the tracks open their own tab.
  await releases.section('History').click()
  await expect(page.getByRole('table', { name: 'Release history' }).getByRole('row').nth(1)).toContainText(/status/i)
  await releases
    .section(`Tracks`)
    .or(page.getByRole('tab', { name: /^Tracks/ }))
    .first()
    .click()
  const firstTrack = page.getByRole('table', { name: 'Tracks' }).getByRole('link').first()
  const trackTitle = (await firstTrack.textContent())!.trim()
  await firstTrack.click()
  await expect(page).toHaveURL(/\/releases\/track\/\d+$/)
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(trackTitle)
})

test('paste an ISRC, open its release, and compare it with another side by side', async ({ browser }) => {
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  const releases = new ReleasePage(page)

  // An ISRC to paste: the first track of a live release.
  await workspace.runInPalette('releases', 'Go to Releases')
  await filterList(page, 'Releases', 'Status', '1 · Live / Delivered')
  await expect(releases.rows().first()).toContainText(/Live|Scheduled/)
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await releases.expectReleaseOpen()
  await page.getByRole('tab', { name: /^Tracks/ }).click()
  const firstRow = page.getByRole('table', { name: 'Tracks' }).getByRole('row').nth(1)
  const trackTitle = (await firstRow.getByRole('link').textContent())!.trim()
  const isrc = (await firstRow.getByRole('cell').nth(1).textContent())!.replace(/duplicate$/, '').trim()
  expect(isrc).toMatch(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/)

  // Pasted into the palette, the ISRC finds its track; the track opens its release.
  await workspace.runInPalette(isrc, new RegExp(trackTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  await expect(page).toHaveURL(/\/releases\/track\/\d+$/)
  await expect(page.getByLabel('ISRC', { exact: true })).toHaveValue(isrc)
  await workspace.runInPalette('open the release', /^Open the release/)
  await releases.expectReleaseOpen()
  const first = await releases.releaseId()
  const firstTitle = (await releases.heading().textContent())!.trim()

  // "Compare with…" searches releases; the chosen one opens in a pane to the right.
  await workspace.runInPalette('compare', /^Compare .* with…/)
  await expect(page.getByRole('option').first()).toBeVisible()
  // Results typed for arrive from the server; the first is selected, so Enter takes it.
  await page.keyboard.type('echoes')
  await expect(page.getByRole('option', { name: /Echoes/ }).first()).toBeVisible()
  await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(workspace.panes()).toHaveCount(2)
  await expect(page).toHaveURL(new RegExp(`/releases/single/(?!${first}\\b)\\d+\\?compare=${first}$`))
  const comparison = releases.comparison()
  await expect(comparison).toHaveAccessibleName(`Compared with ${firstTitle}`)
  await expect(comparison.getByRole('rowheader', { name: /^Title/ })).toBeVisible()
  await expect(releases.differingRows().first()).toBeVisible()
  // Both records line up: the left column is the release in the left pane.
  await expect(comparison.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Title/ }) })).toContainText(firstTitle)

  // The original release is still in the left pane.
  await page.keyboard.press('Alt+1')
  await expect(page).toHaveURL(new RegExp(`/releases/single/${first}(\\?section=tracks)?$`))
})

test('approve an edit request from the keyboard review queue', async ({ browser }) => {
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  const releases = new ReleasePage(page)

  await workspace.runInPalette('edit requests', 'Go to Edit requests')
  await expect(page).toHaveURL(/\/release\/edit-requests\/1$/)
  await filterList(page, 'Edit requests', 'Status', 'Open')
  await expect(releases.rows().first()).toContainText('Open')
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/release\/edit-requests\/view\/\d+$/)
  const firstUrl = page.url()
  await expect(page.getByRole('table', { name: 'Release edits' }).or(page.getByText('No changes to the release itself.'))).toBeVisible()
  await expect(releases.queue()).toHaveText(/^Open request 1 of \d+$/)
  const total = Number(/of (\d+)/.exec((await releases.queue().textContent())!)![1])

  // j and k walk the queue.
  await page.keyboard.press('j')
  await expect(releases.queue()).toHaveText(`Open request 2 of ${total}`)
  await page.keyboard.press('k')
  await expect(releases.queue()).toHaveText(`Open request 1 of ${total}`)
  await expect(page).toHaveURL(firstUrl)

  // Compared side by side: the release as it is now in a pane to the right, beside the proposal.
  const requestId = /view\/(\d+)$/.exec(firstUrl)![1]
  await workspace.runInPalette('compare', /^Compare the edit request with .* side by side$/)
  await expect(workspace.panes()).toHaveCount(2)
  await expect(page).toHaveURL(new RegExp(`/releases/single/\\d+\\?request=${requestId}$`))
  const proposal = page.getByRole('table', { name: `Compared with edit request #${requestId} (Open)` })
  await expect(proposal.locator('tr[data-differs]').first()).toBeVisible()
  // Closing the comparison's tab (w q) leaves the queue alone in its pane.
  await workspace.pressSequence('w', 'q')
  await expect(proposal).toHaveCount(0)
  await expect(page).toHaveURL(firstUrl)

  // a approves and moves on to the next open request.
  await page.keyboard.press('a')
  await expect(page.getByText(/Approved: the release is now Edited\./)).toBeVisible()
  await expect(page).not.toHaveURL(firstUrl)
  await expect(releases.queue()).toHaveText(`Open request 1 of ${total - 1}`)

  // r rejects with a reason, and moves on again.
  const secondUrl = page.url()
  // r is the declared reject action: it asks on the palette's page, as the palette does.
  await page.keyboard.press('r')
  await expect(page.getByPlaceholder('Why? The comment is sent with the rejection.')).toBeFocused()
  await page.keyboard.type('The artwork does not match the new title')
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toHaveText('Reject: “The artwork does not match the new title”')
  await page.keyboard.press('Enter')
  await expect(page.getByText(/^Rejected\./)).toBeVisible()
  await expect(page).not.toHaveURL(secondUrl)

  // The approved request is decided, and its release is edited.
  await page.goto(firstUrl)
  await new WorkspacePage(page).ready()
  await expect(page.getByText(/^Approved by/)).toBeVisible()
  await page
    .getByText(/^Release:/)
    .getByRole('link')
    .click()
  await releases.expectReleaseOpen()
  await expect(releases.status()).toHaveText(/Edited|Scheduled/)
  // Its history records the approved edit.
  await releases.section('History').click()
  await expect(page.getByRole('table', { name: 'Release history' })).toContainText(/edit/i)
})
