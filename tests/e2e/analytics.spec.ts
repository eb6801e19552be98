import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { signedIn } from './support/signed-in'

// Issue 24's flow in Chromium on the demo workspace: import a Spotify trend report (dry run,
// commit), see the overview and the Spotify view move by exactly its streams, open the release's
// analytics, find the demo's planted spike, send it to the review queue and decide it there from the
// keyboard, and ask a long range as a job that answers 777 while it runs.

/** Days the demo's year of trends does not cover, so the views start at zero there. */
const RANGE = 'date=custom&from=2024-06-01&to=2024-06-03'

test('trend import, overview and Spotify view, release analytics, planted spike, long range as a job', async ({ browser }) => {
  test.slow()
  const page = await signedIn(browser)
  const top = await page.request.get('/api/analytics/spotify/top-songs?date=lastYear')
  expect(top.ok()).toBe(true)
  const [song] = (await top.json()) as { isrc: string; releaseId: number }[]
  const file = [
    'date,isrc,country,streams,listeners,source,product',
    `2024-06-01,${song.isrc},SE,1000,400,album,paid`,
    `2024-06-02,${song.isrc},BR,234,90,search,free`,
    '2024-06-02,QZNOT2400001,US,55,20,radio,free',
  ].join('\n')

  const streams = page.getByLabel('Streams', { exact: true })
  await page.goto(`/analytics/overview?platform=spotify&${RANGE}`)
  await expect(page.getByRole('heading', { name: 'Spotify analytics' })).toBeVisible()
  await expect(streams).toHaveText('0')

  await page.goto('/analytics/overview?section=imports&import=new')
  const dialog = page.getByRole('dialog', { name: 'Import trend report' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Trend report file').setInputFiles({ name: 'spotify-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
  await dialog.getByRole('button', { name: 'Upload and check' }).click()
  const review = page.getByRole('dialog', { name: /^Trend import #\d+ · spotify-e2e\.csv$/ })
  await expect(review.getByText('Dry run: nothing counts in the analytics until you commit.')).toBeVisible({ timeout: 30_000 })
  await expect(review.getByLabel('Matched by ISRC')).toHaveText('2 (66.67%)')
  await expect(review.getByRole('table', { name: 'Unmatched ISRCs' })).toContainText('QZNOT2400001')
  await page.screenshot({ path: 'test-results/analytics-dry-run.png' })
  await review.getByRole('button', { name: 'Commit' }).click()
  await expect(review.getByText('Committed: 1,234 streams are in the analytics.')).toBeVisible({ timeout: 20_000 })
  await review.getByRole('button', { name: 'Done' }).click()

  await page.goto(`/analytics/overview?platform=spotify&${RANGE}`)
  await expect(streams).toHaveText('1,234')
  await page.goto(`/analytics/overview?${RANGE}`)
  await expect(page.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible()
  await expect(streams).toHaveText('1,234')

  // The release's analytics read the same rollups.
  await page.goto(`/releases/single/${song.releaseId}?section=analytics`)
  await expect(page.getByLabel('Release streams')).toBeVisible()

  // The demo's planted spike (ten days ago, Brazil, others' playlists) on the Spotify view.
  await page.goto('/analytics/overview?platform=spotify')
  const spikes = page.getByRole('table', { name: 'Suspicious spikes' })
  await expect(spikes).toBeVisible({ timeout: 30_000 })
  await expect(spikes).toContainText('BR')
  await expect(spikes).toContainText('others playlist')
  await page.screenshot({ path: 'test-results/analytics-spotify.png', fullPage: true })

  // The spike's track goes to the review queue; there a confirms it (asking why) and holds its earnings.
  const spikeRow = spikes.getByRole('row').filter({ hasText: 'BR' }).first()
  await spikeRow.getByRole('button', { name: /Send to review/ }).click()
  await expect(page).toHaveURL(/section=reviews&review=\d+/, { timeout: 20_000 })
  const reviewId = Number(/review=(\d+)/.exec(page.url())![1])
  const card = page.getByLabel(`Review #${reviewId}`)
  await expect(card.getByLabel('Observed streams')).not.toHaveText('0')
  await expect(card.getByRole('button', { name: /Confirm and hold/ })).toBeVisible()
  // r dismisses it (asking why): confirming would hold the demo artist's earnings while the specs
  // beside this one read her balance; a and the hold are covered by tests/api/analytics-reviews.test.ts.
  await page.keyboard.press('r')
  await expect(page.getByPlaceholder('Why is it not fraud? The reason is recorded.')).toBeFocused()
  await page.keyboard.type('A radio campaign in Brazil')
  await expect(page.locator('[cmdk-item][data-selected="true"]')).toHaveText(/: “A radio campaign in Brazil”$/)
  await page.keyboard.press('Enter')
  await expect
    .poll(async () => (await (await page.request.get(`/api/analytics/reviews/${reviewId}`)).json()) as { status: string; held: boolean })
    .toMatchObject({ status: 'dismissed', held: false })

  // A long range is a job: asks at once, one queues it and those that come while it runs answer 777.
  // Several asks, not two: on a quiet machine the demo's small job can finish before a lone second ask
  // arrives (which then rightly answers the kept result with 200).
  const statuses = await page.evaluate(async () => {
    const csrf = /(?:^|; )wl_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? ''
    const ask = () =>
      fetch('/api/analytics/submit', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: JSON.stringify({ metric: 'topSongs', platform: 'all', from: '2019-01-01', to: '2026-01-01' }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }))
    return Promise.all([ask(), ask(), ask(), ask(), ask(), ask()])
  })
  // Exactly one ask queues the job. Those that come while it runs answer 777; on a machine where the
  // demo's small job ends before the others are read (seen in CI), they answer its kept result: the
  // 777 itself is asserted with the job held in tests/api/analytics-jobs.test.ts.
  const queued = statuses.filter((answer) => answer.status === 200 && answer.body.status === 'queued')
  expect(queued).toHaveLength(1)
  for (const answer of statuses) {
    if (answer.status === 777) expect(answer.body.message).toBe('Duplicate Requests Analytics')
    else expect(answer.status).toBe(200)
    if (answer.status === 200 && answer.body.status !== 'queued')
      expect(answer.body).toMatchObject({ id: queued[0].body.id, status: 'done' })
  }
  // The view of a long range stays loading (no error) until its job is done, then shows the answer.
  await page.goto('/analytics/overview?date=custom&from=2020-01-01&to=2026-11-01')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(streams).not.toHaveText('…', { timeout: 40_000 })
  await page.goto('/analytics/overview?section=jobs')
  await expect(page.getByRole('table', { name: 'Analytics jobs' })).toContainText('2020-01-01 – 2026-11-01')
})

test('a scheduled import from a watched folder: set up, the new file imported, its dry run committed', async ({ browser }) => {
  test.slow()
  const page = await signedIn(browser)
  const session = (await (await page.request.get('/api/auth/session')).json()) as { me: { tenant: { id: number } } }
  const top = (await (await page.request.get('/api/analytics/spotify/top-songs?date=lastYear')).json()) as { isrc: string }[]
  // The workspace's drop folder on the server (playwright.config.ts gives the server this DATA_DIR).
  const folder = path.join(process.env.E2E_DATA_DIR!, 'trend-drops', String(session.me.tenant.id), 'spotify')
  mkdirSync(folder, { recursive: true })
  const file = path.join(folder, 'spotify-scheduled-e2e.csv')
  writeFileSync(file, ['date,isrc,country,streams,listeners', `2024-07-01,${top[0].isrc},DE,321,100`].join('\n') + '\n')
  const anHourAgo = new Date(Date.now() - 3_600_000)
  utimesSync(file, anHourAgo, anHourAgo)

  await page.goto('/analytics/overview?section=sources')
  const sources = page.getByRole('table', { name: 'Scheduled sources' })
  const spotify = sources.getByRole('row', { name: /^Spotify/ })
  await expect(spotify.getByText('Not configured')).toHaveCount(2)
  await spotify.getByRole('button', { name: 'Set up Spotify watched folder' }).click()
  const form = page.getByRole('form', { name: 'Scheduled source settings' })
  await expect(form.getByLabel('Folder', { exact: true })).toHaveValue('spotify')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form).toBeHidden()

  // Saving checked it at once; Check now (the declared action) checks again and fetches nothing new.
  await spotify.getByRole('button', { name: /Check now/ }).click()
  const files = page.getByRole('table', { name: 'Fetched files' })
  const row = files.getByRole('row', { name: /spotify-scheduled-e2e\.csv/ })
  await expect(row).toContainText('Imported', { timeout: 30_000 })
  await expect(row).toContainText('Dry run ready', { timeout: 30_000 })
  await expect(files.getByRole('row')).toHaveCount(2)
  await page.screenshot({ path: 'test-results/analytics-scheduled.png', fullPage: true })
  await row.getByRole('button', { name: /^Commit/ }).click()
  await expect(row).toContainText('Committed', { timeout: 20_000 })
  const overview = (await (await page.request.get('/api/analytics/spotify?date=custom&from=2024-07-01&to=2024-07-01')).json()) as {
    totals: { streams: number }
  }
  expect(overview.totals.streams).toBe(321)
})
