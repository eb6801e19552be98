import { expect, test } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { signedIn } from './support/signed-in'
import { WorkspacePage } from './pages/workspace-page'
import { gtinCheckDigit } from '../../src/core/identifiers'

/** UPC-As the demo catalogue does not use (its own start with 8). */
const upc = (n: number) => {
  const body = `6${String(n).padStart(10, '0')}`
  return `${body}${gtinCheckDigit(body)}`
}
const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })

test('import code pools, ingest a catalogue with a bad row, and see the submitted release take pool codes', async ({ browser }) => {
  test.slow()
  const page = await signedIn(browser)

  // The UPC pool: two good codes, one with a wrong check digit.
  await page.goto('/upc-isrc-import?pool=upc&mode=pool')
  const upcPool = page.getByRole('group', { name: 'UPC pool' })
  await expect(upcPool).toBeVisible()
  const form = page.getByRole('form', { name: 'UPC pool import' })
  await form.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'CSV file is required' })).toBeVisible()
  await form.getByLabel('CSV file').setInputFiles(csv('upcs.csv', `upc\n${upc(1)}\n${upc(2)}\n123456789013\n`))
  await form.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Import Successfully: 2 of 3 added to the pool, 1 invalid.' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Codes not imported' })).toContainText('UPC check digit is wrong')
  await expect(upcPool).toContainText('2 left')
  await expect(upcPool).toContainText('The UPC pool runs low')
  await expect(page.getByRole('table', { name: 'UPC import history' })).toContainText('upcs.csv')

  // The ISRC pool from a range of a registrant code and a year.
  await page.getByRole('radio', { name: 'ISRC' }).click()
  const isrcForm = page.getByRole('form', { name: 'ISRC pool import' })
  await isrcForm.getByLabel('Registrant code').fill('QZ-E2E')
  await isrcForm.getByLabel('Year').fill('27')
  await isrcForm.getByLabel('First code').fill('1')
  await isrcForm.getByLabel('Last code').fill('10')
  await isrcForm.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Import Successfully: 10 of 10 added to the pool.' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'ISRC pool' })).toContainText('10 left')
  await page.screenshot({ path: 'test-results/catalogue-ops-codes.png', fullPage: true })

  // A catalogue of three rows: a submitted two-track release without codes, and a row whose account does not exist.
  const header = 'user_email,release_title,release_type,label,genre,release_date,track_title,participants,explicit,status'
  const file = [
    header,
    'artist@demo.test,E2E Harbour,Single,Demo Records,hip hop,2027-05-01,Harbour,Nina Vale:Primary Artist,no,submitted',
    'artist@demo.test,E2E Harbour,Single,Demo Records,hip hop,2027-05-01,Undertow,Nina Vale:Primary Artist,yes,submitted',
    'ghost@demo.test,E2E Ghost,Single,Demo Records,Pop,2027-05-01,Ghost,Ghost:Primary Artist,no,draft',
  ].join('\n')
  await page.goto('/releases/import-sections')
  await expect(page.getByRole('group', { name: 'UPC pool' })).toContainText('upcs.csv')
  await page.getByRole('link', { name: 'Catalogue ingestion' }).click()
  await expect(page).toHaveURL(/\/releases\/import\/1\?kind=catalog-ingestion$/)
  const ingestion = page.getByRole('form', { name: 'Catalogue ingestion' })
  await ingestion.getByLabel('CSV file').setInputFiles(csv('e2e-catalogue.csv', file))
  await ingestion.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('heading', { name: /^Dry run of ingestion #\d+ · e2e-catalogue\.csv$/ })).toBeVisible({ timeout: 30_000 })
  const counts = page.getByRole('status', { name: 'Row counts' })
  await expect(counts).toContainText('3 rows')
  await expect(counts).toContainText('2 good')
  await expect(counts).toContainText('1 with errors')
  await expect(page.getByRole('table', { name: 'Rows with errors' })).toContainText('No account with this email in the workspace')
  await page.getByRole('button', { name: 'Commit' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Import Successfully' }).first()).toBeVisible({ timeout: 30_000 })
  await expect(counts).toContainText('2 committed')
  await expect(page.getByRole('table', { name: 'Catalogue ingestion history' })).toContainText('e2e-catalogue.csv')
  await page.screenshot({ path: 'test-results/catalogue-ops-ingestion.png', fullPage: true })

  // The submitted release took one UPC and two ISRCs from the pools.
  await page.goto('/upc-isrc-import')
  await expect(page.getByRole('group', { name: 'UPC pool' })).toContainText('1 left')
  await expect(page.getByRole('group', { name: 'ISRC pool' })).toContainText('8 left')
})

test('export an accepted release to YouTube CMS and as a DDEX message from the palette, and download both', async ({ browser }) => {
  test.slow()
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  const list = (await (await page.request.get('/api/releases?status=3&per_page=25')).json()) as { data: { id: number; title: string }[] }
  expect(list.data.length).toBeGreaterThan(0)
  const { id, title } = list.data[0]

  await page.goto(`/releases/single/${id}`)
  await workspace.ready()
  await workspace.runInPalette('youtube cms', `Export “${title}” to YouTube CMS`)
  await expect(page).toHaveURL(/\/releases\/export\/1$/)
  const history = page.getByRole('table', { name: 'Export history' })
  const cmsRow = history.getByRole('row').filter({ hasText: 'YouTube CMS assets' }).first()
  await expect(cmsRow).toContainText('Done', { timeout: 30_000 })
  const cmsDownload = page.waitForEvent('download')
  await cmsRow.getByRole('button', { name: /^Download youtube-cms-sound-recordings-/ }).click()
  const cmsFile = await cmsDownload
  const cmsText = await readFile((await cmsFile.path())!, 'utf8')
  expect(cmsText.split('\r\n')[0]).toBe('custom_id,add_asset_labels,title,artist,album,label,genre,isrc,upc,release_date,ownership')
  expect(cmsText).toContain(`WL-${id}-`)

  // The export moved the accepted release to Exported; the DDEX message is made the same way.
  await page.goto(`/releases/single/${id}`)
  await workspace.ready()
  await workspace.runInPalette('ddex', `Export “${title}” as a DDEX ERN 4.3 message`)
  await expect(page).toHaveURL(/\/releases\/export\/1$/)
  const ddexRow = history.getByRole('row').filter({ hasText: 'DDEX ERN 4.3' }).first()
  await expect(ddexRow).toContainText('Done', { timeout: 30_000 })
  const ddexDownload = page.waitForEvent('download')
  await ddexRow.getByRole('button', { name: /^Download ddex-ern43-/ }).click()
  const ddexText = await readFile((await (await ddexDownload).path())!, 'utf8')
  expect(ddexText).toContain('<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43"')
  await page.screenshot({ path: 'test-results/catalogue-ops-exports.png' })
  const after = (await (await page.request.get(`/api/releases/single/general/${id}`)).json()) as { status: number }
  expect(after.status).toBe(4)
})

test('transfer a release to another account from the palette, previewed, and bring one in from another distributor', async ({ browser }) => {
  test.slow()
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  const list = (await (await page.request.get('/api/releases?status=1&per_page=25')).json()) as { data: { id: number; title: string }[] }
  let chosen: { id: number; title: string } | null = null
  for (const row of list.data) {
    const general = (await (await page.request.get(`/api/releases/single/general/${row.id}`)).json()) as { owner: { email: string } }
    if (general.owner.email !== 'label@demo.test') {
      chosen = row
      break
    }
  }
  expect(chosen).not.toBeNull()
  const { id, title } = chosen!

  await page.goto(`/releases/single/${id}`)
  await workspace.ready()
  await workspace.runInPalette('transfer to account', `Transfer “${title}” to account…`)
  await page.keyboard.type('label@demo')
  // The choice carries the server's dry run of this transfer.
  const choice = page.getByRole('option', { name: /label@demo\.test, label\): moves 1 release/ })
  await expect(choice).toBeVisible({ timeout: 15_000 })
  await choice.click()
  await expect(page.getByText('Moved 1 release to label@demo.test.')).toBeVisible()
  const after = (await (await page.request.get(`/api/releases/single/general/${id}`)).json()) as { owner: { email: string } }
  expect(after.owner.email).toBe('label@demo.test')

  // Transfer-in: preview first, then bring it in; the history lists it.
  await page.goto('/releases/import-sections')
  const panel = page.getByRole('region', { name: 'Transfer in' })
  await panel.getByLabel('Account email').fill('artist@demo.test')
  await panel.getByLabel('Previous distributor').fill('OldDist')
  await panel.getByLabel('Release title').fill('E2E Moved Over')
  await panel.getByLabel('Artists (comma separated)').fill('Nina Vale')
  await panel.getByLabel('UPC').fill(upc(77))
  await panel.getByLabel('Label').fill('Demo Records')
  await panel.getByLabel('Genre').fill('pop')
  await panel.getByLabel('Original release date').fill('2018-04-06')
  await panel.getByLabel('Tracks').fill('QZ-E2E-18-00077, Moved Song')
  await panel.getByRole('button', { name: 'Preview' }).click()
  await expect(panel.getByText(`Ready: UPC ${upc(77)}, 1 ISRC kept`)).toBeVisible()
  await panel.getByRole('button', { name: 'Transfer in' }).click()
  await expect(panel.getByRole('status').filter({ hasText: /“E2E Moved Over” came in as release #\d+/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Transfer-in history' })).toContainText('OldDist')
  await page.screenshot({ path: 'test-results/catalogue-ops-transfers.png', fullPage: true })
})

test('import release metadata from the import sections: a new draft is made and a bad row is listed with its reason', async ({ browser }) => {
  test.slow()
  const page = await signedIn(browser)
  await page.goto('/releases/import-sections')
  await page.getByRole('link', { name: 'Release metadata' }).click()
  await expect(page).toHaveURL(/\/releases\/import\/1\?kind=releases$/)
  const form = page.getByRole('form', { name: 'Release metadata import' })
  await form.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'CSV file is required' })).toBeVisible()
  const file = [
    'upc,owner_email,release_title,release_type,label,primary_genre,release_date,artists',
    `${upc(90)},artist@demo.test,E2E Plan,EP,Demo Records,Pop,2027-09-01,Nina Vale`,
    `${upc(91)},artist@demo.test,E2E No Label,Single,,Pop,2027-09-01,Nina Vale`,
  ].join('\n')
  await form.getByLabel('CSV file').setInputFiles(csv('e2e-releases.csv', file))
  await form.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Import Successfully' }).first()).toBeVisible({ timeout: 30_000 })
  const counts = page.getByRole('status', { name: 'Row counts' })
  await expect(counts).toContainText('2 rows')
  await expect(counts).toContainText('1 created')
  await expect(counts).toContainText('1 not imported')
  await expect(page.getByRole('table', { name: 'Rows not imported' })).toContainText('No release has this UPC; a new one needs label')
  await expect(page.getByRole('table', { name: 'Release import history' })).toContainText('e2e-releases.csv')
  await page.screenshot({ path: 'test-results/catalogue-ops-release-import.png', fullPage: true })
  // The new release is a draft of the artist, found in the release list.
  const found = (await (await page.request.get('/api/releases?search=E2E%20Plan&per_page=25')).json()) as { data: { title: string; status: number }[] }
  expect(found.data.map((row) => [row.title, row.status])).toContainEqual(['E2E Plan', 0])
})
