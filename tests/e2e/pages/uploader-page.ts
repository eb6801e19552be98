import { expect, type Locator, type Page } from '@playwright/test'

/** The uploader: a release made for an account as a draft, its tracks, cover and audio. */
export class UploaderPage {
  constructor(readonly page: Page) {}

  form(): Locator {
    return this.page.getByRole('form', { name: /^(New|Edit) release$/ })
  }

  field(label: string): Locator {
    return this.form().getByLabel(label, { exact: true })
  }

  section(name: string): Locator {
    return this.form().getByRole('region', { name })
  }

  track(index: number): Locator {
    return this.form().getByRole('region', { name: new RegExp(`^Track ${index + 1}:`) })
  }

  async expectOpenFor(account: string | RegExp) {
    await expect(this.form()).toBeVisible()
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(this.form().getByRole('link', { name: account })).toBeVisible()
  }

  async fillRelease(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value)
  }

  async fillTrack(index: number, values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await this.track(index).getByLabel(label, { exact: true }).fill(value)
  }

  async chooseCover(png: Buffer) {
    await this.form().getByLabel('Cover art file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png })
    await expect(this.section('Cover art').getByText(/ready, saved with the draft/)).toBeVisible()
  }

  async uploadAudio(index: number, trackTitle: string, wav: Buffer) {
    await this.track(index)
      .getByLabel(`Audio file of ${trackTitle}`)
      .setInputFiles({ name: 'track.wav', mimeType: 'audio/wav', buffer: wav })
    await expect(this.page.getByText(`Audio of ${trackTitle} uploaded.`)).toBeVisible()
  }

  async save() {
    await this.form().getByRole('button', { name: 'Save draft' }).first().click()
    await expect(this.page.getByText('Draft saved.')).toBeVisible()
  }

  async submit() {
    await this.form().getByRole('button', { name: 'Submit for review' }).first().click()
  }

  unsaved(): Locator {
    return this.form().getByText('Unsaved changes')
  }

  leaveDialog(): Locator {
    return this.page.getByRole('alertdialog', { name: /^Save changes to/ })
  }

  coverPreview(title: string): Locator {
    return this.section('Cover art').getByRole('img', { name: `Cover art of ${title}` })
  }
}
