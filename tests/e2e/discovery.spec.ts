import { expect, request, test, type APIRequestContext } from '@playwright/test'
import { adminApi, ok } from './support/admin-api'
import { signedIn } from './support/signed-in'
import { DEMO_PASSWORD } from './pages/login-page'
import { WorkspacePage } from './pages/workspace-page'
import { startFakeUsageProvider } from '../fakes/usage-provider'

// Issue 23's "Done when", in Chromium: Discovery Mode from submission to the statement's revenue
// shown apart, and usage discovery against the local fake provider up to the takedown guard. The
// shared server is configured to the fake provider this spec starts (playwright.config.ts).
const PORT = Number(process.env.E2E_PORT ?? 3199)
const PROVIDER = { port: PORT + 1000, key: 'e2e-usage-key', webhookSecret: 'e2e-usage-secret' }
/** Nina Vale, artist@demo.test: she greenlists a channel for one of her releases. */
const NINA = 3
const FAN_CHANNEL = 'https://www.youtube.com/@ninavalefans'

let fake: Awaited<ReturnType<typeof startFakeUsageProvider>>
let api: APIRequestContext
test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ baseURL }) => {
  fake = await startFakeUsageProvider(PROVIDER)
  api = await adminApi(baseURL!)
})
test.afterAll(async () => {
  await api?.dispose()
  await fake?.close()
})

type ReleaseItem = { id: number; title: string; upc: string | null; isLive: boolean }

/**
 * Live releases, newest first (the demo's own discovery data took the oldest): Nina's, or anyone's
 * but hers (a statement crediting her would move the balance earnings-import.spec.ts checks).
 */
async function liveReleases(owner: 'nina' | 'others'): Promise<ReleaseItem[]> {
  const page = await ok<{ data: (ReleaseItem & { userId?: number })[] }>(
    api.get('/api/releases', { params: { ...(owner === 'nina' ? { userId: NINA } : {}), status: 1, per_page: 100, sort: 'created', dir: 'desc' } }),
  )
  const ninas = owner === 'nina' ? null : new Set((await liveReleasesOf(NINA)).map((release) => release.id))
  return page.data.filter((release) => release.isLive && release.upc && (ninas === null || !ninas.has(release.id)))
}
async function liveReleasesOf(userId: number): Promise<ReleaseItem[]> {
  const page = await ok<{ data: ReleaseItem[] }>(api.get('/api/releases', { params: { userId, status: 1, per_page: 100 } }))
  return page.data
}


const matchStatus = async (id: number) => (await ok<{ status: string }>(api.get(`/api/pex/match/${id}`))).status
const idInUrl = (url: string) => Number(/(\d+)$/.exec(url)![1])

const thisMonth = () => new Date().toISOString().slice(0, 7)

test('Discovery Mode: submit a release and approve it; its statement month shows the Discovery Mode revenue apart', async ({ browser }) => {
  test.setTimeout(240_000)
  // A release with no submission yet (a retry finds the first attempt's submission in place).
  const submitted = await ok<{ data: { release: { id: number } }[] }>(api.get('/api/spotify-discovery/1', { params: { per_page: 100 } }))
  const taken = new Set(submitted.data.map((row) => row.release.id))
  const release = (await liveReleases('others')).find((candidate) => !taken.has(candidate.id))!
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)

  await page.goto(`/releases/single/${release.id}`)
  await workspace.ready()
  await expect(page.getByRole('heading', { name: release.title }).first()).toBeVisible()
  await workspace.runInPalette('Add to Spotify discovery', /Add .* to Spotify discovery/)
  await expect(page.getByText('Submitted 1 to Spotify Discovery Mode.')).toBeVisible()

  // Approved from its own screen with the review key.
  const list = await ok<{ data: { id: number; status: string }[] }>(
    api.get('/api/spotify-discovery/1', { params: { per_page: 25, search: release.title } }),
  )
  const submission = list.data[0]
  expect(submission.status).toBe('pending')
  await page.goto(`/spotify-discovery/single/${submission.id}`)
  await workspace.ready()
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible()
  await page.keyboard.press('a')
  await expect
    .poll(async () => (await ok<{ status: string }>(api.get(`/api/spotify-discovery/single/${submission.id}`))).status)
    .toBe('approved')

  // A statement for that month: the dry run and, once committed, the overview show the revenue apart.
  const month = thisMonth()
  const csv = [
    'Sale Month,Store,Country,UPC,ISRC,Track Title,Artist,Quantity,Gross,Net,Currency',
    `${month},Spotify,US,${release.upc},,${release.title},Demo Artist,5000,150.00,123.45,USD`,
    `${month},Deezer,FR,999999999998,QZNOT2600009,Not In The Catalogue,Someone Else,10,1.00,1.00,USD`,
  ].join('\n')
  await page.goto('/earnings/import/new')
  const dialog = page.getByRole('dialog', { name: 'Import statement' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Statement file').setInputFiles({ name: 'discovery-month.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await dialog.getByLabel('Period').fill(month)
  await dialog.getByLabel('Currency').fill('USD')
  await dialog.getByRole('button', { name: 'Upload and check' }).click()
  const review = page.getByRole('dialog', { name: /^Import #\d+ · discovery-month\.csv$/ })
  await expect(review.getByText('Dry run: nothing is credited until you commit.')).toBeVisible({ timeout: 30_000 })
  await expect(review.getByRole('group', { name: 'Spotify Discovery Mode (USD)', exact: true })).toContainText('$123.45')
  // Reopened from the history (as after a reload) and committed.
  await page.goto('/earnings/import/new')
  await page.getByRole('dialog', { name: 'Import statement' }).getByRole('button', { name: 'Close' }).click()
  await page
    .getByRole('table', { name: 'AudioSalad import history' })
    .getByRole('row', { name: /discovery-month\.csv/ })
    .getByRole('link')
    .click()
  await expect(page.getByText('Dry run ready')).toBeVisible()
  await page.getByRole('button', { name: 'Commit' }).click()
  await expect(page.getByText('Committed', { exact: true })).toBeVisible()

  await page.goto(`/earnings/overview/1?from=${month}&to=${month}`)
  const totals = page.getByRole('region', { name: 'Totals' })
  await expect(totals.getByTestId('total-Statement net')).toContainText('$124.45')
  await expect(totals.getByTestId('total-Spotify Discovery Mode')).toContainText('$123.45')
  await expect(totals.getByTestId('total-Spotify Discovery Mode')).toContainText('1 lines of tracks in Discovery Mode')
  await page.screenshot({ path: 'test-results/discovery-earnings.png', fullPage: true })
})

test('usage discovery: submit tracks to the fake provider, matches arrive, a match with its segments is claimed, a greenlisted channel is refused', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const [release] = await liveReleases('nina')
  // The owner greenlists a fan channel for the release, and staff approve it (feature controls).
  const artist = await request.newContext({ baseURL })
  const login = await artist.post('/api/auth/login', { data: { email: 'artist@demo.test', password: DEMO_PASSWORD, issueToken: true } })
  const { token } = (await login.json()) as { token: string }
  const asked = await ok<{ id: number }>(
    artist.post('/api/whitelist/request', {
      headers: { authorization: `Bearer ${token}` },
      data: { releaseId: release.id, format: 'all', youtube: FAN_CHANNEL, info: 'Fan uploads we allow' },
    }),
  )
  await artist.dispose()
  await ok(api.post('/api/whitelist/change-status', { data: { ids: [asked.id], status: 'approved' } }))

  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  await page.goto(`/releases/single/${release.id}`)
  await workspace.ready()
  await expect(page.getByRole('heading', { name: release.title }).first()).toBeVisible()
  await workspace.runInPalette('Submit for usage discovery', /Submit .* for usage discovery/)
  await expect(page.getByText(/submitted for usage discovery/)).toBeVisible()

  // The register job sends each track's audio to the provider.
  await expect.poll(() => fake.assets.size, { timeout: 60_000 }).toBeGreaterThan(0)
  const [asset] = [...fake.assets.values()]
  expect(asset.audioBytes).toBeGreaterThan(0)
  fake.addMatches(asset.id, [
    { id: 'e2e-claimable', platform: 'twitch', userUrl: 'https://www.twitch.tv/e2e_streamer', userName: 'E2E Streamer' },
    { id: 'e2e-greenlisted', platform: 'raw', userUrl: FAN_CHANNEL, userName: 'Nina Vale Fans' },
  ])

  // In discovery, then the matches, brought in by "look now".
  await page.goto('/usage-discovery/uploaded/1')
  await expect(page.getByRole('region', { name: 'Main content' }).getByText(asset.title).first()).toBeVisible({ timeout: 30_000 })
  await page.goto('/usage-discovery/1')
  await workspace.ready()
  await workspace.runInPalette('Look for new usage discovery matches now', 'Look for new usage discovery matches now')
  // The refresh is a job: once it has stored the matches, the list shows them.
  await expect
    .poll(async () => (await ok<{ data: unknown[] }>(api.get('/api/pex/1', { params: { per_page: 25, search: 'e2e-claimable' } }))).data.length, {
      timeout: 60_000,
    })
    .toBe(1)
  await page.reload()
  await expect(page.getByRole('row', { name: /E2E Streamer/ })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('row', { name: /Nina Vale Fans/ })).toBeVisible()

  // The detail: segments on the timelines, then claimed with the review key.
  // A click on the row (its match id, not one of its links) opens the match.
  await page.getByRole('row', { name: /E2E Streamer/ }).getByText('e2e-claimable', { exact: true }).click()
  await expect(page).toHaveURL(/\/usage-discovery\/match\/\d+$/)
  await expect(page.getByRole('list', { name: 'Matching segments' }).getByRole('listitem')).toHaveCount(2)
  await expect(page.getByRole('img', { name: /^Copy: 10:00–10:30, 15:00–16:06$/ })).toBeVisible()
  await expect(page.getByTestId('copy-percentage')).toHaveText('42.46%')
  await workspace.ready()
  await page.screenshot({ path: 'test-results/discovery-match.png', fullPage: true })
  const claimable = idInUrl(page.url())
  await page.keyboard.press('a')
  await expect.poll(() => matchStatus(claimable)).toBe('claimed')

  // The greenlisted channel's match is refused, saying why.
  await page.goto('/usage-discovery/1')
  await page.getByRole('row', { name: /Nina Vale Fans/ }).getByText('e2e-greenlisted', { exact: true }).click()
  await expect(page).toHaveURL(/\/usage-discovery\/match\/\d+$/)
  await workspace.ready()
  // The review keys act on the loaded match: wait for it (its read can take a while under load).
  await expect(page.getByRole('list', { name: 'Matching segments' })).toBeVisible()
  const greenlisted = idInUrl(page.url())
  await page.keyboard.press('a')
  await expect(page.getByText(`The channel ${FAN_CHANNEL} is on the greenlist for this recording: its uses are never actioned.`).first()).toBeVisible()
  expect(await matchStatus(greenlisted)).toBe('new')
})
