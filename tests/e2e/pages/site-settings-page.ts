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
    await this.page.getByRole('button', { name: 'Save theme' }).click()
    await expect(this.page.getByText('Theme saved.')).toBeVisible()
  }

  async saveLogoSettings() {
    await this.page.getByRole('button', { name: 'Save logo settings' }).click()
    await expect(this.page.getByText('Logo settings saved.')).toBeVisible()
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
