import { expect, type Page } from '@playwright/test'

/** The site settings screen and the login settings screen, as an admin uses them. */
export class SiteSettingsPage {
  constructor(readonly page: Page) {}

  async openTab(name: 'Logo settings' | 'Theme' | 'Company details' | 'Mail') {
    await this.page.getByRole('tab', { name }).click()
    await expect(this.page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true')
  }

  async setColour(label: string, hex: string) {
    const field = this.page.getByLabel(label, { exact: true })
    await field.fill(hex)
  }

  async saveTheme() {
    await this.saveAndExpectNotice('Save theme', 'Theme saved.')
  }

  async saveLogoSettings() {
    await this.saveAndExpectNotice('Save logo settings', 'Logo settings saved.')
  }

  /** Saves, waits for the server to accept it, and for the notice (an earlier one may still be on screen). */
  private async saveAndExpectNotice(button: string, notice: string) {
    const saved = this.page.waitForResponse(
      (response) => response.request().method() !== 'GET' && new URL(response.url()).pathname.startsWith('/api/site/'),
    )
    await this.page.getByRole('button', { name: button }).click()
    expect((await saved).ok()).toBe(true)
    await expect(this.page.getByText(notice, { exact: true }).last()).toBeVisible()
  }

  /** The accent colour the page actually uses (the tenant's primary colour). */
  accentColour(): Promise<string> {
    return this.page.evaluate(() => getComputedStyle(document.querySelector('.radix-themes')!).getPropertyValue('--accent-9').trim())
  }

  async setSlideShown(artist: string, shown: boolean) {
    const toggle = this.page.getByRole('switch', { name: `Show ${artist}` })
    if ((await toggle.getAttribute('aria-checked')) !== String(shown)) await toggle.click()
    await expect(this.page.getByText(shown ? 'Slide shown.' : 'Slide hidden.')).toBeVisible()
  }
}
