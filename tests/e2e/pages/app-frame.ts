import { expect, type Page } from '@playwright/test'

/** The signed-in frame: the navbar and its account menu. */
export class AppFrame {
  constructor(readonly page: Page) {}

  async expectSignedInAs(name: string) {
    await expect(this.page.getByRole('button', { name: 'Account menu' })).toContainText(name)
  }

  async signOut() {
    await this.page.getByRole('button', { name: 'Account menu' }).click()
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click()
  }
}
