import { expect, test } from '@playwright/test'
import { WorkspacePage } from './pages/workspace-page'
import { ReleasePage } from './pages/release-page'
import { signedIn } from './support/signed-in'

test('the dashboard shows catalogue health, and a track says at once that scans are not configured', async ({ browser }) => {
  const page = await signedIn(browser)
  const health = page.getByRole('region', { name: 'Catalogue health' })
  await expect(health.getByRole('list', { name: 'Health checks' }).getByRole('listitem')).toHaveCount(8)
  await expect(health).toContainText('Tracks without audio')

  // Without a provider (this server has none), the track tab says so before anyone clicks.
  const workspace = new WorkspacePage(page)
  const releases = new ReleasePage(page)
  await workspace.runInPalette('releases', 'Go to Releases')
  await expect(releases.rows().first()).toBeVisible()
  // The newest release that has tracks: specs beside this one add drafts without any (a release import).
  const newest = (await (await page.request.get('/api/releases?per_page=25')).json()) as { data: { id: number; trackCount: number }[] }
  const withTracks = newest.data.find((release) => release.trackCount > 0)
  expect(withTracks, 'a release with tracks among the newest 25').toBeTruthy()
  await page.goto(`/releases/single/${withTracks!.id}`)
  await releases.expectReleaseOpen()

  // The delivery section checks AudioSalad on demand: not configured here either.
  await releases.section('Delivery').click()
  await page.getByRole('button', { name: 'Check AudioSalad' }).click()
  await expect(page.getByRole('region', { name: 'AudioSalad delivery status' })).toContainText('AudioSalad is not configured')

  await page
    .getByRole('tab', { name: /^Tracks/ })
    .first()
    .click()
  await page.getByRole('table', { name: 'Tracks' }).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/releases\/track\/\d+$/)
  const scans = page.getByRole('region', { name: 'Audio recognition scans' })
  await expect(scans).toContainText('Audio recognition is not configured')
  await expect(scans.getByRole('button', { name: 'Request scan' })).toHaveCount(0)
})
