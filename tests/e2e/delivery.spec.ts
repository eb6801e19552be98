import { expect, test, type APIRequestContext } from '@playwright/test'
import { adminApi, ok } from './support/admin-api'
import { signedIn } from './support/signed-in'
import { WorkspacePage } from './pages/workspace-page'
import { startSftpFake } from '../fakes/sftp-server'

// Issue 19's "Done when", in Chromium: a release queued for an SFTP target served locally reaches
// delivered on its tab's timeline, its package on the server; a refused upload fails with the
// server's reason and the release's "Retry failed deliveries" (shift+r) sends it again. The shared
// server is configured to the SFTP server this spec starts (playwright.config.ts, DELIVERY_SFTP).
const PORT = Number(process.env.E2E_PORT ?? 3199)
const SFTP = { port: PORT + 1001, user: 'e2e-delivery', password: 'e2e-delivery-pass', directory: '/incoming' }

type ReleaseItem = { id: number; title: string; upc: string | null; trackCount: number }

let sftp: Awaited<ReturnType<typeof startSftpFake>>
let api: APIRequestContext
test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ baseURL }) => {
  sftp = await startSftpFake(SFTP.user, SFTP.password, SFTP.port)
  api = await adminApi(baseURL!)
})
test.afterAll(async () => {
  await api?.dispose()
  await sftp?.close()
})

/** Exported releases with a UPC and tracks (the oldest first: the newest are other specs' own). */
async function exportedReleases(): Promise<ReleaseItem[]> {
  const page = await ok<{ data: ReleaseItem[] }>(api.get('/api/releases', { params: { status: 4, per_page: 100, sort: 'id', dir: 'asc' } }))
  return page.data.filter((release) => release.upc && release.trackCount > 0)
}

test('queue a release for the local SFTP target from its tab; its timeline reaches delivered and the package is on the server', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const [release, refused] = await exportedReleases()
  expect(refused, 'the demo has two exported releases with tracks').toBeTruthy()
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)

  await page.goto(`/releases/single/${release.id}?section=delivery`)
  await expect(page.getByRole('heading', { level: 1, name: release.title })).toBeVisible()
  const toSftp = page.getByRole('region', { name: 'Delivery to SFTP' })
  await expect(toSftp).toContainText('Never queued')
  // AudioSalad is not configured on this server: the tab says what to set.
  await expect(page.getByRole('region', { name: 'Delivery to AudioSalad' })).toContainText(
    'AudioSalad is not configured: set AUDIOSALAD_URL and AUDIOSALAD_KEY',
  )

  // From the palette, on the release shown.
  await workspace.runInPalette('Queue for delivery to SFTP', `Queue “${release.title}” for delivery to SFTP`)
  const timeline = toSftp.getByRole('list', { name: 'Timeline of the delivery to SFTP' })
  await expect(timeline.getByRole('listitem').first()).toContainText(`Delivered`, { timeout: 30_000 })
  await expect(timeline.getByRole('listitem').first()).toContainText(`in ${release.upc}/`)
  await expect(timeline.getByRole('listitem')).toHaveText([/^Delivered · /, /^Sending · /, /^Queued · /])
  const message = sftp.files.get(`${SFTP.directory}/${release.upc}/${release.upc}.xml`)
  expect(message?.toString('utf8')).toContain('NewReleaseMessage')
  expect(message?.toString('utf8')).toContain(release.upc!)

  // A refused upload: failed with the server's reason; the release's retry (shift+r) sends it again.
  sftp.state.refuseWrites = true
  await page.goto(`/releases/single/${refused.id}?section=delivery`)
  await expect(page.getByRole('heading', { level: 1, name: refused.title })).toBeVisible()
  const refusedSftp = page.getByRole('region', { name: 'Delivery to SFTP' })
  await refusedSftp.getByRole('button', { name: 'Queue for SFTP delivery' }).click()
  const refusedTimeline = refusedSftp.getByRole('list', { name: 'Timeline of the delivery to SFTP' })
  await expect(refusedTimeline.getByRole('listitem').first()).toContainText(/^Failed · .*denied/i, { timeout: 30_000 })
  await expect(refusedSftp.getByRole('button', { name: 'Retry' })).toBeVisible()
  sftp.state.refuseWrites = false
  await page.locator('body').click({ position: { x: 1, y: 1 } })
  await page.keyboard.press('Shift+R')
  await expect(refusedTimeline.getByRole('listitem').first()).toContainText('Delivered', { timeout: 30_000 })
  await expect(refusedTimeline.getByRole('listitem')).toHaveText([/^Delivered/, /^Sending/, /^Retried/, /^Failed/, /^Sending/, /^Queued/])
  expect(sftp.files.has(`${SFTP.directory}/${refused.upc}/${refused.upc}.xml`)).toBe(true)
})
