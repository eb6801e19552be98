import { expect, test } from '@playwright/test'
import { createServer, type AddressInfo } from 'node:net'
import nodemailer from 'nodemailer'
import { startServer, type RunningServer } from './support/server'
import { LoginPage } from './pages/login-page'
import { WorkspacePage } from './pages/workspace-page'
import { startSmtpSink } from '../helpers/smtp'
import { DEMO_PASSWORD } from './pages/login-page'
import { tempDir } from './support/temp-dir'

// The support desk's mail goes to a local SMTP server and comes back through the desk's own receiver,
// so this spec runs a server of its own with both.
let server: RunningServer
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let receiverPort: number
test.describe.configure({ mode: 'serial' })

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

test.beforeAll(async () => {
  test.setTimeout(360_000)
  smtp = await startSmtpSink()
  receiverPort = await freePort()
  server = await startServer({
    dataDir: tempDir('wl-support-'),
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Demo Support <support@demo.test>', SUPPORT_SMTP_PORT: String(receiverPort) },
  })
})
test.afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

const header = (raw: string, name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(raw)?.[1]?.trim() ?? ''

test('with the keyboard alone: open the newest ticket, reply by mail, get the answer back on it, note, solve, and the dashboard counts one less', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const page = await (await browser.newContext({ baseURL: server.url })).newPage()
  await new LoginPage(page).goto()
  await new LoginPage(page).signIn('admin@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  const workspace = new WorkspacePage(page)
  await workspace.ready()
  const unresolved = page.getByTestId('unresolved-tickets')
  await expect(unresolved).toHaveText(/^\d+$/)
  const before = Number(await unresolved.textContent())

  // g t: the tickets, newest first; j and Enter open the newest.
  await workspace.pressSequence('g', 't')
  await expect(page).toHaveURL(/\/support\/manage\/1$/)
  await expect(page.getByRole('row')).not.toHaveCount(0)
  await page.keyboard.press('j')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/support\/single\/\d+$/)
  const id = Number(/\/support\/single\/(\d+)$/.exec(page.url())![1])
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

  // r: the reply box; mod+enter sends it.
  await page.keyboard.press('r')
  await expect(page.getByRole('textbox', { name: 'Send reply' })).toBeFocused()
  await page.keyboard.type('Please try signing in with the code from the newest mail.')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByText(/^Reply sent to /)).toBeVisible()
  await expect(page.getByTestId('ticket-message').filter({ hasText: 'newest mail' })).toBeVisible()

  const reply = await (async () => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const found = smtp.messages.find((mail) => mail.subject.includes(`[#${id}]`))
      if (found) return found
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error('the reply never reached the SMTP server')
  })()
  const messageId = header(reply.raw, 'Message-ID')
  expect(messageId).toMatch(new RegExp(`^<ticket-${id}\\.`))
  expect(header(reply.raw, 'Reply-To')).toBe(`support+ticket-${id}@demo.test`)
  expect(reply.text).toContain('newest mail')

  // The requester answers by mail; the answer lands on the same ticket without its quoted history.
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: receiverPort, secure: false, ignoreTLS: true })
  await transport.sendMail({
    from: reply.to[0],
    to: `support+ticket-${id}@demo.test`,
    subject: reply.subject,
    inReplyTo: messageId,
    references: [messageId],
    text: `That worked, thank you!\n\nOn Mon, 1 Jan 2026, Demo Support <support@demo.test> wrote:\n> Please try signing in`,
  })
  transport.close()
  // The screen shows what it loaded: reload until the mail has been stored.
  const answer = page.getByTestId('ticket-message').filter({ hasText: 'That worked, thank you!' })
  await expect
    .poll(
      async () => {
        await page.reload()
        return answer.waitFor({ timeout: 3_000 }).then(
          () => true,
          () => false,
        )
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  await expect(page.getByTestId('ticket-message').filter({ hasText: 'wrote:' })).toHaveCount(0)
  await workspace.ready()

  // n: an internal note, never mailed.
  await page.keyboard.press('n')
  await expect(page.getByRole('textbox', { name: 'Add note' })).toBeFocused()
  await page.keyboard.type('Customer confirmed: closing.')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByLabel('Internal note').filter({ hasText: 'Customer confirmed' })).toBeVisible()

  // s: solve (and on to the next unresolved ticket).
  await page.keyboard.press('s')
  await expect(page.getByText(`Ticket #${id} is now solved.`)).toBeVisible()
  expect(smtp.messages.some((mail) => mail.text.includes('Customer confirmed'))).toBe(false)

  await workspace.pressSequence('g', 'd')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId('unresolved-tickets')).toHaveText(String(before - 1))
})

test('the help center: an artist sends a message from the toolbar dialog and finds the thread in the list', async ({ browser }) => {
  test.setTimeout(60_000)
  const page = await (await browser.newContext({ baseURL: server.url })).newPage()
  await new LoginPage(page).goto()
  await new LoginPage(page).signIn('artist@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  await new WorkspacePage(page).ready()
  await page.goto('/helpCenter/threads')
  await page.getByRole('button', { name: 'Send Message' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog.getByText('Title is required')).toBeVisible()
  await dialog.getByLabel('Subject').fill('Question about my royalties')
  await dialog.getByLabel('Message').fill('When are the March royalties paid?')
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText('Message sent successfully. Check your help center for updates.')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'Question about my royalties' })).toBeVisible()
  await page.getByRole('row').filter({ hasText: 'Question about my royalties' }).click()
  await expect(page).toHaveURL(/\/helpCenter\/thread\/\d+$/)
  await expect(page.getByTestId('thread-message')).toHaveText(/When are the March royalties paid\?/)
  await expect(page.getByTestId('thread-status')).toHaveText('Open')
  const threadPath = new URL(page.url()).pathname

  // Threads have no assignee: the admins' bells ring, and the notification opens the thread.
  const staff = await (await browser.newContext({ baseURL: server.url })).newPage()
  await new LoginPage(staff).goto()
  await new LoginPage(staff).signIn('admin@demo.test')
  await new WorkspacePage(staff).ready()
  await staff.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
  const rung = staff
    .getByRole('list', { name: 'Latest notifications' })
    .getByRole('button', { name: /New help-center message.*Question about my royalties/ })
  await expect(rung).toBeVisible()
  await rung.click()
  await expect(staff).toHaveURL(new RegExp(`${threadPath}$`))
})

test('a ticket full of script, handlers and javascript: links runs nothing when staff open it in Chromium', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(60_000)
  // The artist portal's call, as the artist (a bearer token: no cookie, no CSRF header).
  const anonymous = await playwright.request.newContext({ baseURL: server.url })
  const login = await anonymous.post('/api/auth/login', { data: { email: 'artist@demo.test', password: DEMO_PASSWORD, issueToken: true } })
  const { token } = (await login.json()) as { token: string }
  const artist = await playwright.request.newContext({ baseURL: server.url, extraHTTPHeaders: { authorization: `Bearer ${token}` } })
  const payloads = [
    // First: everything after the unclosed <math> below is dropped with it.
    '<p>Plain words survive.</p>',
    '<script>window.__xss = 1</script>',
    '<img src=x onerror="window.__xss = 2">',
    '<svg onload="window.__xss = 3"></svg>',
    '<a id="js" href="javascript:window.__xss = 4">click me</a>',
    '<iframe srcdoc="<script>parent.__xss = 5</script>"></iframe>',
    '<details open ontoggle="window.__xss = 6">x</details>',
    '<p style="background:url(javascript:window.__xss=7)">styled</p>',
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = 8">',
  ]
  const opened = await artist.post('/api/support/tickets', { data: { subject: 'XSS corpus', html: payloads.join('') } })
  expect(opened.status()).toBe(201)
  const { id } = (await opened.json()) as { id: number }
  await artist.dispose()
  await anonymous.dispose()

  const page = await (await browser.newContext({ baseURL: server.url })).newPage()
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await new LoginPage(page).goto()
  await new LoginPage(page).signIn('admin@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto(`/support/single/${id}`)
  const message = page.getByTestId('ticket-message').first()
  await expect(message).toContainText('Plain words survive.')
  await expect(message.locator('script, iframe, svg, style, [onerror], [onload], [ontoggle], [style]')).toHaveCount(0)
  // The link kept its text but lost its javascript: address; clicking it goes nowhere.
  await message.getByText('click me').click()
  await page.waitForTimeout(500)
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
  expect(dialogs).toEqual([])
})
