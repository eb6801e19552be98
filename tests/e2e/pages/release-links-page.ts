import { expect, type Locator, type Page } from '@playwright/test'

/** The release tab's Links and Assets sections. */
export class ReleaseLinksPage {
  constructor(readonly page: Page) {}

  async openSection(name: 'Links' | 'Assets') {
    await this.page.getByRole('tab', { name, exact: true }).click()
  }

  createForm(): Locator {
    return this.page.getByRole('form', { name: 'Create a smartlink' })
  }

  async createSmartlink(code: string) {
    await this.createForm().getByLabel('Code (optional)').fill(code)
    await this.createForm().getByRole('button', { name: 'Create smartlink' }).click()
    await expect(this.page.getByText(/^Smartlink created: /)).toBeVisible()
  }

  url(): Locator {
    return this.page.getByTestId('smartlink-url')
  }

  clicks(): Locator {
    return this.page.getByTestId('smartlink-clicks')
  }

  platformRow(label: string): Locator {
    return this.page.getByRole('table', { name: 'Smartlink platforms' }).getByRole('row', { name: new RegExp(`^${label}`) })
  }

  /** The clicks cell of a platform's row (after Link). */
  platformClicks(label: string): Locator {
    return this.platformRow(label).getByRole('cell').nth(1)
  }

  asset(label: 'Post' | 'Story' | 'Canvas'): Locator {
    return this.page.getByRole('group', { name: `${label} image` })
  }
}

/** The public smartlink page a fan opens: no session, one button per platform. */
export class SmartlinkPublicPage {
  constructor(readonly page: Page) {}

  async goto(url: string) {
    await this.page.goto(url)
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible()
  }

  button(label: string): Locator {
    return this.page.getByRole('link', { name: `Listen on ${label}` })
  }
}
