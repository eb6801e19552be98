import { expect, test } from '@playwright/test'
import { startServer, type RunningServer } from './support/server'
import { LoginPage } from './pages/login-page'
import { WorkspacePage } from './pages/workspace-page'
import { startSmtpSink } from '../helpers/smtp'
import { tempDir } from './support/temp-dir'

// The shared review queue of feature controls, with the keyboard alone; the requesters' mail goes to
// a local SMTP server, so this spec runs a server of its own.
let server: RunningServer
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // Seeding a demo workspace of its own takes minutes on a busy 2-core machine.
  test.setTimeout(360_000)
  smtp = await startSmtpSink()
  server = await startServer({
    dataDir: tempDir('wl-features-'),
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Demo <team@demo.test>' },
  })
})
test.afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

async function mailWith(subject: RegExp) {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const found = smtp.messages.find((mail) => subject.test(mail.subject))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail matching ${subject} reached the SMTP server`)
}

test('with the keyboard alone: review the oldest pending request, approve it, reject the next (another kind) with a reason, each requester mailed', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const page = await (await browser.newContext({ baseURL: server.url })).newPage()
  await new LoginPage(page).goto()
  await new LoginPage(page).signIn('admin@demo.test')
  const workspace = new WorkspacePage(page)
  await workspace.ready()

  // The palette opens the oldest pending request of the queue.
  await workspace.runInPalette('Review next pending greenlist', 'Review next pending greenlist request')
  await expect(page).toHaveURL(/\/whitelisting\/\d+$/)
  const firstUrl = page.url()
  const first = Number(/(\d+)$/.exec(firstUrl)![1])
  // The demo has seven pending requests of five kinds; the oldest is a greenlist request.
  await expect(page.getByTestId('review-queue')).toHaveText(/^Pending request 1 of 7 in the review queue/)
  await workspace.ready()

  // a approves and moves on to the next pending request.
  await page.keyboard.press('a')
  await expect(page.getByText(`Greenlist entry request #${first} is now approved.`)).toBeVisible()
  // The queue is shared by every kind, oldest first: the next is a blocklist request.
  await expect(page).toHaveURL(/\/blocklist\/\d+$/)
  await expect(page.getByTestId('review-queue')).toHaveText(/^Pending request 1 of 6 in the review queue/)
  const secondUrl = page.url()
  const second = Number(/(\d+)$/.exec(secondUrl)![1])

  // r rejects: it asks why, the reason goes to the requester.
  await page.keyboard.press('r')
  await expect(page.getByPlaceholder('Why? The requester is told by email')).toBeFocused()
  await page.keyboard.type('Send proof that the channel is yours')
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toHaveText(/because “Send proof that the channel is yours”$/)
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Blocklist entry request #${second} is now rejected.`)).toBeVisible()
  await expect(page).not.toHaveURL(secondUrl)
  await expect(page.getByTestId('review-queue')).toHaveText(/^Pending request 1 of 5 in the review queue/)

  const approved = await mailWith(new RegExp(`greenlist entry request #${first} is approved`))
  expect(approved.text).toContain(`is now approved`)
  const rejected = await mailWith(new RegExp(`blocklist entry request #${second} is rejected`))
  expect(rejected.text).toContain('Reason: Send proof that the channel is yours')

  // The list shows the decisions: filter by status from the list's own toolbar.
  await page.goto(`/blocklist/${second}`)
  await new WorkspacePage(page).ready()
  await expect(page.getByTestId('review-reason')).toHaveText('Send proof that the channel is yours')
})
