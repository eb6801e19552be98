import { expect, test, type Page } from '@playwright/test'
import { WorkspacePage } from './pages/workspace-page'
import { ReleasePage } from './pages/release-page'
import { ReleaseLinksPage, SmartlinkPublicPage } from './pages/release-links-page'
import { signedIn } from './support/signed-in'

/** A live release of the demo that has platform links but no smartlink yet (the demo gives one in four a smartlink). */
async function liveReleaseWithoutSmartlink(page: Page): Promise<number> {
  const list = (await (await page.request.get('/api/releases?status=1&per_page=100')).json()) as { data: { id: number }[] }
  for (const { id } of list.data) {
    const answer = (await (await page.request.get(`/api/releases/${id}/smartlink`)).json()) as {
      smartlink: unknown
      platformLinks: number
    }
    if (!answer.smartlink && answer.platformLinks > 0) return id
  }
  throw new Error('The demo has no live release without a smartlink')
}

test('a live release gets a smartlink whose public page counts a click, and a post image', async ({ browser }) => {
  const page = await signedIn(browser)
  const releases = new ReleasePage(page)
  const links = new ReleaseLinksPage(page)
  const id = await liveReleaseWithoutSmartlink(page)

  await page.goto(`/releases/single/${id}`)
  await new WorkspacePage(page).ready()
  await releases.expectReleaseOpen()
  await links.openSection('Links')
  await expect(page.getByRole('table', { name: 'Platform links' })).toContainText('Spotify')
  await expect(page.getByText('No smartlink yet, so no clicks.')).toBeVisible()

  const code = `e2e-${id}`
  await links.createSmartlink(code)
  await expect(links.url()).toHaveText(new RegExp(`/l/${code}$`))
  await expect(links.clicks()).toHaveText('0')
  const shortUrl = (await links.url().textContent())!.trim()

  // A fan opens the short link without signing in and picks Spotify (the store itself is stubbed).
  const fan = await (await browser.newContext()).newPage()
  await fan.route('https://open.spotify.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Spotify</h1>' }))
  const landing = new SmartlinkPublicPage(fan)
  await landing.goto(shortUrl)
  await expect(fan).toHaveTitle(/—/)
  await expect(landing.button('Apple Music')).toBeVisible()
  await landing.button('Spotify').click()
  await expect(fan).toHaveURL(/^https:\/\/open\.spotify\.com\/album\//)

  // Back on the release the click is counted, in total, for Spotify and in the chart's period.
  await links.openSection('Assets')
  await links.openSection('Links')
  await expect(links.clicks()).toHaveText('1')
  await expect(links.platformClicks('Spotify')).toHaveText('1')
  await expect(links.platformClicks('Apple Music')).toHaveText('0')
  await expect(page.getByText('1 click', { exact: true })).toBeVisible()
  await expect(page.locator('canvas').first()).toBeVisible()

  // The post image is made from the cover art and shown at once.
  await links.openSection('Assets')
  const post = links.asset('Post')
  await post.getByRole('button', { name: 'Make post image' }).click()
  await expect(page.getByText('Post image made.')).toBeVisible()
  const image = post.getByRole('img', { name: 'Post image, 1080 × 1080' })
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1080)
  await expect(post.getByRole('button', { name: 'Make post image' })).toBeEnabled()
  await expect(post.getByRole('link', { name: /Download/ })).toHaveAttribute('href', /^\/api\/files\/\d+$/)
})
