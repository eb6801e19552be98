import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { WorkspacePage } from './pages/workspace-page'
import { signedIn } from './support/signed-in'
import { adminApi, ok } from './support/admin-api'

/** The post editor and the news list. */
class NewsPage {
  constructor(readonly page: Page) {}

  content() {
    return this.page.getByRole('textbox', { name: 'Post content' })
  }

  tool(name: string) {
    return this.page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true })
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 })
  }
}

const pad = (n: number) => String(n).padStart(2, '0')
/** A datetime-local value (with seconds) this many seconds from now, in the browser's zone (the server's here). */
function localInSeconds(seconds: number) {
  const at = new Date(Date.now() + seconds * 1000)
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`
}

test('write a post with a heading, a list, a link and an image, schedule it, see it published, and read it as an artist', async ({ browser }) => {
  test.setTimeout(120_000)
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  const news = new NewsPage(page)

  await workspace.runInPalette('new post', 'New post')
  await expect(news.heading()).toHaveText('Create news')
  const title = `Tour dates ${Date.now()}`
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(/^tour-dates-\d+$/)

  await news.content().click()
  await page.keyboard.type('On the road')
  await page.keyboard.press('Control+Alt+2')
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Control+Shift+8')
  await page.keyboard.type('Berlin')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Tickets')
  // A link on the word just typed: selected from the keyboard, the address typed and Enter.
  await page.keyboard.press('Shift+Home')
  await news.tool('Link…').click()
  await page.getByRole('textbox', { name: 'Link address' }).fill('https://example.com/tickets')
  await page.getByRole('textbox', { name: 'Link address' }).press('Enter')
  await expect(news.content().locator('a[href="https://example.com/tickets"]')).toHaveText('Tickets')
  await expect(news.content()).toBeFocused()
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')

  const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#884422' } })
    .png()
    .toBuffer()
  await page.getByLabel('Image to insert').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: png })
  const image = news.content().locator('img[src^="/api/files/"]')
  await expect(image).toBeVisible()
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600)

  await expect(news.content().locator('h2')).toHaveText('On the road')
  await expect(news.content().locator('ul li')).toHaveCount(2)
  await expect(news.content().locator('a[href="https://example.com/tickets"]')).toHaveText('Tickets')

  await page.getByRole('radio', { name: /^Published/ }).click()
  await page.getByLabel('Publish date', { exact: true }).fill(localInSeconds(8))
  await page.getByRole('button', { name: 'Schedule' }).click()
  await expect(page.getByText(/Post scheduled for/)).toBeVisible()
  await expect(news.heading()).toHaveText('Edit news')
  await expect(page).toHaveURL(/\/news\/edit\/\d+$/)
  await expect(page.getByText('Scheduled', { exact: true })).toBeVisible()

  // The job runner publishes it at its date; the list shows it without anyone touching it.
  await page.goto('/news/manage/1')
  const row = page.locator('.wl-grid [role="row"][row-index]').filter({ hasText: title })
  await expect(async () => {
    await page.reload()
    await expect(row).toContainText('Published', { timeout: 2000 })
  }).toPass({ timeout: 40_000 })

  // An artist reads it, with the formatting kept and nothing else.
  const artist = await signedIn(browser, 'artist@demo.test')
  const feed = await artist.request.get('/api/news/published')
  expect(feed.ok()).toBe(true)
  const { data } = (await feed.json()) as { data: { title: string; content: string }[] }
  const post = data.find((item) => item.title === title)
  expect(post?.content).toContain('<h2>On the road</h2>')
  expect(post?.content).toContain('href="https://example.com/tickets"')
  expect(post?.content).toMatch(/<img src="\/api\/files\/\d+"/)
})

test('unsaved changes hold leaving the editor until discarded', async ({ browser }) => {
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  const news = new NewsPage(page)
  await workspace.runInPalette('new post', 'New post')
  await page.getByRole('textbox', { name: 'Title' }).fill('Half written')
  await workspace.runInPalette('news categories', 'Go to News categories')
  await expect(page.getByRole('alertdialog', { name: 'Leave without saving?' })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(news.heading()).toHaveText('Create news')
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Half written')
  await workspace.runInPalette('news categories', 'Go to News categories')
  await page.getByRole('button', { name: 'Discard changes' }).click()
  await expect(news.heading()).toHaveText('News categories')
})

/** Script that must never run from a post (the server's allow-list strips it before storing). */
const XSS_CORPUS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 2">',
  '<img src="/api/files/1" onerror="window.__xss = 3">',
  '<svg onload="window.__xss = 4"></svg>',
  '<a href="javascript:window.__xss = 5" id="xss-link">click</a>',
  '<iframe src="javascript:parent.__xss = 6"></iframe>',
  '<iframe srcdoc="<script>parent.__xss = 7</script>"></iframe>',
  '<details open ontoggle="window.__xss = 8">x</details>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = 9">',
  '<p style="background:url(javascript:window.__xss=10)">styled</p>',
].join('')

test('no script from a post runs in Chromium, in the editor', async ({ browser, baseURL }) => {
  const api = await adminApi(baseURL!)
  const saved = await ok<{ id: number }>(
    api.post('/api/admin/news/create', {
      data: { title: `XSS corpus ${Date.now()}`, content: XSS_CORPUS, categoryId: null, featuredImg: null, coverImg: null, featured: false, status: 'draft', publishDate: null },
    }),
  )
  const page = await signedIn(browser)
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto(`/news/edit/${saved.id}`)
  await expect(page.getByRole('textbox', { name: 'Post content' })).toContainText('click')
  await page.getByRole('textbox', { name: 'Post content' }).getByText('click').click()
  await page.waitForTimeout(500)
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  expect(dialogs).toEqual([])
  await api.dispose()
})
