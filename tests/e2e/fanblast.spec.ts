import { expect, test, type APIRequestContext, type Browser, type PlaywrightWorkerArgs } from '@playwright/test'
import { LoginPage } from './pages/login-page'
import { WorkspacePage } from './pages/workspace-page'
import { startServer, type RunningServer } from './support/server'
import { startSmtpSink } from '../helpers/smtp'
import { DEMO_PASSWORD } from '../../src/server/seed/demo'
import { tempDir } from './support/temp-dir'

// Fan blast in Chromium (docs/fanblast.md): the artist portal submits (its calls, as the artist), staff
// review with the keyboard, the server mails every fan through a local SMTP server with one-click
// unsubscribe, and an unsubscribed fan gets nothing next time. No blast content runs script.

let server: RunningServer
let smtp: Awaited<ReturnType<typeof startSmtpSink>>

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(360_000)
  smtp = await startSmtpSink()
  server = await startServer({
    dataDir: tempDir('wl-fanblast-'),
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Demo Music <news@demo.test>' },
  })
})
test.afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

const header = (raw: string, name: string) =>
  new RegExp(`^${name}: *(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim() ?? ''

/** The artist portal's calls, as the demo artist (a bearer token: no cookie, no CSRF header). */
async function artistApi(playwright: PlaywrightWorkerArgs['playwright']): Promise<APIRequestContext> {
  const anonymous = await playwright.request.newContext({ baseURL: server.url })
  const login = await anonymous.post('/api/auth/login', { data: { email: 'artist@demo.test', password: DEMO_PASSWORD, issueToken: true } })
  const { token } = (await login.json()) as { token: string }
  await anonymous.dispose()
  return playwright.request.newContext({ baseURL: server.url, extraHTTPHeaders: { authorization: `Bearer ${token}` } })
}

async function submit(artist: APIRequestContext, subject: string, content: string): Promise<number> {
  const answer = await artist.post('/api/fanblast/submit', { data: { subject, from: 'Demo Artist', content } })
  expect(answer.status(), await answer.text()).toBe(201)
  return ((await answer.json()) as { id: number }).id
}

async function staff(browser: Browser) {
  const page = await (await browser.newContext({ baseURL: server.url })).newPage()
  await new LoginPage(page).goto()
  await new LoginPage(page).signIn('admin@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  const workspace = new WorkspacePage(page)
  await workspace.ready()
  return { page, workspace }
}

const stamp = Date.now()
const CROWD = [`e2e-a-${stamp}@fans.test`, `e2e-b-${stamp}@fans.test`, `e2e-c-${stamp}@fans.test`]

test('an artist imports fans and submits in the browser, staff approve with the keyboard, every fan gets one message with working unsubscribe, and an unsubscribed fan gets nothing next time', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000)
  const artist = await artistApi(playwright)

  // The artist, in Chromium from the palette: "Import fans…" (a CSV with proof of consent), then
  // "Compose fan blast…", typed and sent from the keyboard.
  const artistPage = await (await browser.newContext({ baseURL: server.url })).newPage()
  await new LoginPage(artistPage).goto()
  await new LoginPage(artistPage).signIn('artist@demo.test')
  await expect(artistPage).toHaveURL(/\/dashboard$/)
  const artistDesk = new WorkspacePage(artistPage)
  await artistDesk.ready()
  await artistDesk.runInPalette('import fans', 'Import fans…')
  const importForm = artistPage.getByRole('form', { name: 'Import fans' })
  await expect(importForm.getByLabel(/CSV with the columns/)).toBeFocused()
  await importForm.getByLabel(/CSV with the columns/).setInputFiles({
    name: 'fans.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      ['email,consent date,proof of consent', ...CROWD.map((email) => `${email},2026-01-05,e2e sign-up form`)].join('\n'),
    ),
  })
  await importForm.getByRole('button', { name: 'Import fans' }).focus()
  await artistPage.keyboard.press('Enter')
  await expect(importForm.getByRole('status')).toContainText('3 fans added')
  const fans = (await (await artist.get('/api/fanblast/fans?per_page=100')).json()) as { data: { email: string }[] }
  const everyone = fans.data.map((fan) => fan.email)
  expect(everyone).toEqual(expect.arrayContaining(CROWD))

  const subject = `Message from Demo Artist: e2e ${stamp}`
  await artistDesk.runInPalette('compose fan blast', 'Compose fan blast…')
  const compose = artistPage.getByRole('form', { name: 'Compose fan blast' })
  await expect(compose.getByLabel('Subject')).toBeFocused()
  await artistPage.keyboard.type(subject)
  await artistPage.keyboard.press('Tab') // From: the artist's name when empty
  await artistPage.keyboard.press('Tab')
  await artistPage.keyboard.type('New single out.\n\nSee you on tour.')
  await artistPage.keyboard.press('Tab')
  await artistPage.keyboard.press('Enter')
  await expect(compose.getByRole('status')).toHaveText('Blast submitted for review.')
  await expect(artistPage.getByRole('table', { name: 'Your fan blasts' })).toContainText(`e2e ${stamp}`)

  // Staff: g b opens the blasts, the row opens it, a approves it.
  const { page, workspace } = await staff(browser)
  await workspace.pressSequence('g', 'b')
  await expect(page).toHaveURL(/\/fanblast\/manage\/1$/)
  await page.getByRole('gridcell', { name: `Demo Artist: e2e ${stamp}` }).click()
  await expect(page).toHaveURL(/\/fanblast\/single\/\d+$/)
  const id = Number(/\/fanblast\/single\/(\d+)$/.exec(page.url())![1])
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject)
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('a')
  await expect(page.getByText(`Blast approved: sending to ${everyone.length} fans.`)).toBeVisible()
  // The review moves on to the next submitted blast (the demo has more); back to ours to watch it send.
  await expect(page).not.toHaveURL(new RegExp(`/fanblast/single/${id}$`))
  await page.goto(`/fanblast/single/${id}`)
  await expect(page.getByTestId('blast-progress')).toContainText(`${everyone.length} of ${everyone.length} done`, { timeout: 60_000 })
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible()

  const first = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address) && mail.subject === subject)
  for (const address of everyone) await smtp.waitFor(address, (mail) => mail.subject === subject, 30_000)
  for (const address of everyone) expect(first(address), address).toHaveLength(1)
  const message = first(CROWD[0])[0].raw
  const link = /^<(http:\/\/localhost:\d+\/u\/[^>]+)>$/.exec(header(message, 'List-Unsubscribe'))?.[1]
  expect(link).toBeTruthy()
  expect(header(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  expect(message.replace(/=\r?\n/g, '')).toContain('Unsubscribe')

  // The visible link asks first; the mail client's one click unsubscribes at once.
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto(link!)
  await expect(visitor.getByRole('button', { name: 'Unsubscribe' })).toBeVisible()
  const oneClick = await playwright.request.newContext()
  expect((await oneClick.post(link!, { form: { 'List-Unsubscribe': 'One-Click' } })).status()).toBe(200)
  await visitor.reload()
  await expect(visitor.getByRole('heading', { name: 'You are unsubscribed.' })).toBeVisible()

  // The next blast, approved from the palette: everyone again but the one who left.
  const second = `Second e2e ${stamp}`
  const nextId = await submit(artist, second, '<p>Again.</p>')
  await page.goto(`/fanblast/single/${nextId}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(second)
  await workspace.runInPalette('approve blast', /Approve blast/)
  await expect(page.getByText(`Blast approved: sending to ${everyone.length - 1} fans.`)).toBeVisible()
  await page.goto(`/fanblast/single/${nextId}`)
  await expect(page.getByTestId('blast-progress')).toContainText(`${everyone.length - 1} of ${everyone.length - 1} done`, {
    timeout: 60_000,
  })
  for (const address of everyone.filter((email) => email !== CROWD[0]))
    await smtp.waitFor(address, (mail) => mail.subject === second, 30_000)
  expect(smtp.messages.filter((mail) => mail.to.includes(CROWD[0]) && mail.subject === second)).toHaveLength(0)
  await artist.dispose()
  await oneClick.dispose()
})

/** Script that must never run from a blast (the server's allow-list strips it; the preview frame runs nothing). */
const XSS_CORPUS = [
  '<p>Plain words survive.</p>',
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 2">',
  '<svg onload="window.__xss = 3"></svg>',
  '<a href="javascript:window.__xss = 4" id="xss-link">click</a>',
  '<iframe src="javascript:parent.__xss = 5"></iframe>',
  '<iframe srcdoc="<script>parent.__xss = 6</script>"></iframe>',
  '<details open ontoggle="window.__xss = 7">x</details>',
  '<p style="background:url(javascript:window.__xss=8)">styled</p>',
  '<form action="javascript:window.__xss=9"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = 10">',
].join('')

test('no script from a blast runs in Chromium when staff open it', async ({ browser, playwright }) => {
  test.setTimeout(90_000)
  const artist = await artistApi(playwright)
  const id = await submit(artist, `XSS corpus ${stamp}`, XSS_CORPUS)
  const { page } = await staff(browser)
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto(`/fanblast/single/${id}`)
  const frame = page.frameLocator('iframe[title="Message"]')
  await expect(frame.getByText('Plain words survive.')).toBeVisible()
  await frame.getByText('click').click()
  await page.waitForTimeout(500)
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  expect(dialogs).toEqual([])
  await artist.dispose()
})
