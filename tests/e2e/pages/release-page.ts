import { expect, type Locator, type Page } from '@playwright/test'

/** The catalogue screens: the release list, a release tab, its comparison, and the edit-request review queue. */
export class ReleasePage {
  constructor(readonly page: Page) {}

  list(): Locator {
    return this.page.locator('[data-list-id="releases"]')
  }

  /** The data rows of the grid on screen, in order. */
  rows(): Locator {
    return this.page.locator('.wl-grid [role="row"][row-index]')
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 })
  }

  /** The status badge of the release tab's header. */
  status(): Locator {
    return this.page.getByTestId('release-status')
  }

  section(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true })
  }

  comparison(): Locator {
    return this.page.getByRole('table', { name: /^Compared with/ })
  }

  differingRows(): Locator {
    return this.comparison().locator('tr[data-differs]')
  }

  /** The edit-request view's queue position, e.g. "Request 2 of 14 open". */
  queue(): Locator {
    return this.page.getByTestId('review-queue')
  }

  async expectReleaseOpen(title?: string | RegExp) {
    // The palette has a heading of its own while it is open.
    await expect(this.page.locator('.wl-palette')).toBeHidden()
    await expect(this.page).toHaveURL(/\/releases\/single\/\d+/)
    await expect(this.status()).toBeVisible()
    if (title) await expect(this.heading()).toHaveText(title)
  }

  /** The release id in the focused tab's address. */
  async releaseId(): Promise<number> {
    const match = /\/releases\/single\/(\d+)/.exec(this.page.url())
    if (!match) throw new Error(`Not on a release: ${this.page.url()}`)
    return Number(match[1])
  }
}
