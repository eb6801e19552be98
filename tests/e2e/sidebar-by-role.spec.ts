import { expect, test } from '@playwright/test'
import { signedIn } from './support/signed-in'

// An artist or a label sees in the sidebar only what they may use: every entry shown opens a
// screen that works for them, never one that answers "admins only" or an error. (Entries whose
// screens later issues build, such as the Help Center, show the not-found page until then.)
for (const email of ['artist@demo.test', 'label@demo.test']) {
  test(`${email.split('@')[0]}: each sidebar entry opens a working screen, and the admin ones are not offered`, async ({ browser }) => {
    test.slow()
    const page = await signedIn(browser, email)
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' })
    for (const hidden of ['Admins', 'Earnings', 'Wallet', 'Payouts', 'Manage Tickets', 'Greenlist'])
      await expect(sidebar.getByRole('link', { name: hidden, exact: true })).toHaveCount(0)

    const links = await sidebar
      .getByRole('link')
      .evaluateAll((found) => found.map((link) => ({ entry: link.textContent ?? '', href: link.getAttribute('href') ?? '' })))
    expect(links.map(({ entry }) => entry)).toEqual(expect.arrayContaining(['Dashboard', 'Help Center']))
    const refusals: string[] = []
    page.on('response', (response) => {
      if (response.url().includes('/api/') && [401, 403].includes(response.status())) refusals.push(`${response.status()} ${response.url()}`)
    })
    for (const { entry, href } of links) {
      refusals.length = 0
      await sidebar.getByRole('link', { name: entry, exact: true }).click()
      await expect(page, entry).toHaveURL(href)
      await expect(page.getByRole('heading').first(), entry).toBeVisible()
      // Let the screen's first requests settle before judging it.
      await page.waitForLoadState('networkidle')
      await expect(page.getByRole('main').getByRole('alert'), entry).toHaveCount(0)
      expect(refusals, entry).toEqual([])
    }
  })
}
