import { expect, test, type Page } from '@playwright/test'
import { cpSync } from 'node:fs'
import { startServer, type RunningServer } from './support/server'
import { LoginPage } from './pages/login-page'
import { WorkspacePage } from './pages/workspace-page'
import { startSmtpSink } from '../helpers/smtp'
import { adminApi, ok } from './support/admin-api'
import { tempDir } from './support/temp-dir'

// The requester's side of feature controls with the keyboard alone: an artist files one request of
// each of the six kinds from the palette's "New request" dialogs on the dashboard; staff decide them
// from the one j/k/a/r queue; each requester's mail reaches a local SMTP server.
let server: RunningServer
let smtp: Awaited<ReturnType<typeof startSmtpSink>>
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // Seeding a demo workspace of its own takes minutes on a busy 2-core machine.
  test.setTimeout(360_000)
  smtp = await startSmtpSink()
  // E2E_SEEDED_DATA_DIR: a data directory already seeded with the demo (copied, so it stays reusable),
  // for a machine too busy to seed one within the server's start timeout.
  const dataDir = tempDir('wl-requests-')
  if (process.env.E2E_SEEDED_DATA_DIR) cpSync(process.env.E2E_SEEDED_DATA_DIR, dataDir, { recursive: true })
  server = await startServer({
    dataDir,
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

interface Own {
  id: number
  title: string
  upc: string | null
  releaseDate: string | null
  tracks: { id: number; isrc: string | null }[]
}

const DAY = 86_400_000
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10)

/** Types into the focused field, then moves on with Tab. */
async function fill(page: Page, ...values: string[]) {
  for (const value of values) {
    if (value) await page.keyboard.type(value)
    await page.keyboard.press('Tab')
  }
}

/** Opens a kind's dialog from the palette; its first field has the focus. */
async function openDialog(workspace: WorkspacePage, command: string, title: string) {
  await workspace.runInPalette(command, command)
  await expect(workspace.page).toHaveURL(/\/dashboard\?request=/)
  await expect(workspace.page.getByRole('dialog', { name: title })).toBeVisible()
}

/** In the release picker: find the release by its UPC or title, then choose it with the arrow key. */
async function pickRelease(page: Page, find: string, title: string) {
  await page.keyboard.type(find)
  const release = page.getByRole('dialog').getByLabel('Release', { exact: true })
  await expect(release.locator('option')).toHaveCount(2)
  await expect(release.locator('option').nth(1)).toContainText(title)
  await page.keyboard.press('Tab')
  await expect(release).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(release.locator('option:checked')).toContainText(title)
}

/** On a list searched by #id: j walks to its one row, x selects it (the list takes the keys once it has the focus). */
/**
 * Presses the review queue's a or r once the record's own decision buttons are drawn: the keys act on
 * the record the screen shows, which a loaded machine draws a moment after the address changes.
 */
async function decide(page: Page, key: 'a' | 'r') {
  await expect(page.getByRole('main').getByRole('button', { name: key === 'a' ? /^Approve/ : /^Reject/ })).toBeEnabled()
  await page.keyboard.press(key)
}

async function selectOnly(page: Page, id: number) {
  await expect(page.getByRole('row').filter({ hasText: `#${id}` })).toHaveCount(1)
  await page
    .locator('.wl-list')
    .first()
    .click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('j')
  await page.keyboard.press('x')
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText('1 selected')
}

async function sent(page: Page, label: string) {
  const notice = page.getByText(new RegExp(`^${label} request #(\\d+) sent\\.`))
  await expect(notice).toBeVisible()
  const id = Number(/#(\d+)/.exec((await notice.textContent()) ?? '')![1])
  await expect(page.getByRole('dialog')).toHaveCount(0)
  return id
}

test('an artist files all six kinds by keyboard; staff decide them from the one queue; each requester is mailed', async ({ browser }) => {
  test.setTimeout(300_000)
  const page = await (await browser.newContext({ baseURL: server.url })).newPage()
  await new LoginPage(page).goto()
  await new LoginPage(page).signIn('artist@demo.test')
  const workspace = new WorkspacePage(page)
  await workspace.ready()

  // Which of the artist's releases fit: one still ahead of its date (a pitch), one with a UPC and ISRCs not registered yet.
  const own = ((await (await page.request.get('/api/feature-requests/releases')).json()) as { data: Own[] }).data
  const mine = (
    (await (await page.request.get('/api/feature-requests/mine/1?per_page=500')).json()) as {
      data: { release: { id: number } | null; kind: string }[]
    }
  ).data
  const registered = new Set(mine.filter((row) => row.kind === 'chartRegistration').map((row) => row.release?.id))
  const chartable = own.find(
    (release) => release.upc && !registered.has(release.id) && release.tracks.length > 0 && release.tracks.every((track) => track.isrc),
  )
  expect(chartable, 'the demo artist has a release with a UPC and ISRCs').toBeTruthy()
  // A pitch needs a release still ahead of its date, which the demo does not promise: staff move one
  // of the artist's other releases (not taken down) a month ahead first.
  const api = await adminApi(server.url)
  let ahead: Own | undefined
  for (const release of own.filter((candidate) => candidate.id !== chartable!.id && candidate.upc && candidate.tracks.length > 0)) {
    const general = await ok<{ status: number }>(api.get(`/api/releases/single/general/${release.id}`))
    if (general.status === 8 || general.status === 9) continue
    await ok(api.post('/api/releases/edit', { data: { releaseId: release.id, releaseDate: isoDay(Date.now() + 30 * DAY) } }))
    ahead = release
    break
  }
  expect(ahead, 'the demo artist has a release that can be pitched').toBeTruthy()
  const year = new Date().getUTCFullYear() + 1

  // Greenlist: the release, the whole release, format All, a YouTube channel; Enter sends.
  await openDialog(workspace, 'Request greenlisting…', 'Request greenlisting')
  await pickRelease(page, chartable!.upc!, chartable!.title)
  await fill(page, '', '', '')
  await page.keyboard.type('UCaBcDeFgHiJkLmNoPqRsTuV')
  await page.keyboard.press('Enter')
  const greenlist = await sent(page, 'Greenlist entry')

  // Blocklist: a period next year on YouTube. A wrong date is refused in the browser first.
  await openDialog(workspace, 'Request a blocklist period…', 'Request a blocklist period')
  await pickRelease(page, chartable!.upc!, chartable!.title)
  await fill(page, '', '', '', '', `${year}-05-31`)
  await page.keyboard.type(`${year}-05-01`)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog').getByText('The end date comes before the start date')).toBeVisible()
  // The focus went to the end date, the field to fix.
  await page.keyboard.press('Control+a')
  await page.keyboard.type(`${year}-06-30`)
  await page.keyboard.press('Enter')
  const blocklist = await sent(page, 'Blocklist entry')

  // Chart registration: the release with its UPC and ISRCs; Ctrl+Enter sends from the comment.
  await openDialog(workspace, 'Register for charts…', 'Register for charts')
  await pickRelease(page, chartable!.upc!, chartable!.title)
  await page.keyboard.press('Tab')
  await page.keyboard.type('First week of sales')
  await page.keyboard.press('Control+Enter')
  const chart = await sent(page, 'Chart registration')

  // Pitch: the release still ahead, its first track as the focus track, the song name.
  await openDialog(workspace, 'Pitch a release…', 'Pitch a release')
  await pickRelease(page, ahead!.upc!, ahead!.title)
  await page.keyboard.press('Tab')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Summer Song')
  await page.keyboard.press('Enter')
  const pitch = await sent(page, 'Pitch')

  // Cover licence: the song, the album dated when a statutory rate is in force (2026's is seeded), two
  // formats (the second added from the keyboard with "Add a format", which focuses its first field), the licensee.
  await openDialog(workspace, 'Request a cover licence…', 'Request a cover licence')
  await fill(page, 'Harbour Lights', 'June Harper', 'The Originals', 'Harper Songs', '330', 'Covers', 'Demo Artist', '2026-06-01', '', 'CD', '1000', '1000', 'Shops')
  await expect(page.getByRole('button', { name: 'Add a format' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Format 2: format', { exact: true })).toBeFocused()
  await fill(page, '', 'Vinyl', '500', '300', 'Shops', '', '', 'Leo', 'Marsh', '')
  await page.keyboard.type('leo@example.com')
  await page.keyboard.press('Enter')
  const licence = await sent(page, 'Cover licence')

  // YouTube MCN: the channel id and its figures.
  await openDialog(workspace, 'Join YouTube MCN…', 'Join YouTube MCN')
  await fill(page, 'UCzYxWvUtSrQpOnMlKjIhGfE', '12500', '48')
  await page.keyboard.type('3400000')
  await page.keyboard.press('Enter')
  const mcn = await sent(page, 'Channel join')

  // The dashboard lists them, newest first.
  const rows = page.getByRole('region', { name: 'Your requests' }).getByRole('row')
  await expect(rows.nth(1)).toContainText(`#${mcn}`)
  await expect(rows.nth(6)).toContainText(`#${greenlist}`)
  await expect(rows.nth(1)).toContainText('Pending')

  // Staff: the artist's greenlist request, then the queue moves on to the next pending, whatever its kind.
  const staff = await (await browser.newContext({ baseURL: server.url })).newPage()
  await new LoginPage(staff).goto()
  await new LoginPage(staff).signIn('admin@demo.test')
  const desk = new WorkspacePage(staff)
  await desk.ready()
  await desk.runInPalette(`gl${greenlist}`, new RegExp(`#${greenlist}\\b`))
  await expect(staff).toHaveURL(new RegExp(`/whitelisting/${greenlist}$`))
  await desk.ready()
  await expect(staff.getByTestId('review-queue')).toHaveText(/^Pending request \d+ of \d+ in the review queue/)
  await decide(staff, 'a')
  await expect(staff.getByText(`Greenlist entry request #${greenlist} is now approved.`)).toBeVisible()
  await expect(staff).toHaveURL(new RegExp(`/blocklist/${blocklist}$`))
  await expect(staff.getByTestId('review-queue')).toHaveText(/^Pending request \d+ of \d+ in the review queue/)
  await decide(staff, 'r')
  await expect(staff.getByPlaceholder('Why? The requester is told by email')).toBeFocused()
  await staff.keyboard.type('The period overlaps a campaign')
  await expect(staff.locator('[cmdk-item][data-selected="true"]')).toHaveText(/because “The period overlaps a campaign”$/)
  await staff.keyboard.press('Enter')
  await expect(staff.getByText(`Blocklist entry request #${blocklist} is now rejected.`)).toBeVisible()
  await expect(staff).toHaveURL(new RegExp(`/soundscan/single/${chart}$`))
  await expect(staff.getByTestId('review-queue')).toHaveText(/^Pending request \d+ of \d+ in the review queue/)
  await decide(staff, 'a')
  await expect(staff.getByText(`Chart registration request #${chart} is now approved.`)).toBeVisible()
  await expect(staff).toHaveURL(new RegExp(`/playlisting/single/${pitch}$`))
  await expect(staff.getByTestId('review-queue')).toHaveText(/^Pending request \d+ of \d+ in the review queue/)
  await decide(staff, 'a')
  await expect(staff.getByText(`Pitch request #${pitch} is now approved.`)).toBeVisible()
  // Licences and MCN joins have no single screen: the queue opens their list searched by #id; j x select, the palette decides.
  await expect(staff).toHaveURL(new RegExp(`/cover-song-licensing/1\\?search=%23${licence}`))
  await expect(staff.getByText('CD × 1000; Vinyl × 300')).toBeVisible()
  await selectOnly(staff, licence)
  await desk.runInPalette('Approve', new RegExp(`Approve cover licence request #${licence}\\b`))
  await expect(staff.getByText(`Cover licence request #${licence} is now approved.`)).toBeVisible()
  await staff.goto(`/youtube-mcn/manage/1?search=%23${mcn}`)
  await selectOnly(staff, mcn)
  await desk.runInPalette('Reject', new RegExp(`Reject channel join request #${mcn}\\b`))
  await staff.keyboard.type('The channel reuses content')
  await expect(staff.locator('[cmdk-item][data-selected="true"]')).toHaveText(/because “The channel reuses content”$/)
  await staff.keyboard.press('Enter')
  await expect(staff.getByText(`Channel join request #${mcn} is now rejected.`)).toBeVisible()

  // Each decision reached the artist by mail, a refusal with its reason.
  expect((await mailWith(new RegExp(`greenlist entry request #${greenlist} is approved`, 'i'))).to).toContain('artist@demo.test')
  expect((await mailWith(new RegExp(`blocklist entry request #${blocklist} is rejected`, 'i'))).text).toContain(
    'Reason: The period overlaps a campaign',
  )
  await mailWith(new RegExp(`chart registration request #${chart} is approved`, 'i'))
  await mailWith(new RegExp(`pitch request #${pitch} is approved`, 'i'))
  await mailWith(new RegExp(`cover licence request #${licence} is approved`, 'i'))
  expect((await mailWith(new RegExp(`channel join request #${mcn} is rejected`, 'i'))).text).toContain('Reason: The channel reuses content')

  // The artist's dashboard shows the outcomes and the reasons.
  await page.reload()
  await expect(page.getByRole('region', { name: 'Your requests' }).getByRole('row').nth(1)).toContainText('The channel reuses content')
})
