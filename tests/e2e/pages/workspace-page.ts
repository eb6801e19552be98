import { expect, type Locator, type Page } from '@playwright/test'

/** The signed-in workspace: palette, panes and tabs, driven from the keyboard. */
export class WorkspacePage {
  constructor(readonly page: Page) {}

  /** The shell is a lazily loaded chunk: wait until it is there before using its keys. */
  async ready() {
    // includeHidden: a modal over the shell (the operator's setup wizard, which now opens as fast as
    // the shell) hides the rest from the accessibility tree; the shell is drawn all the same.
    await expect(this.page.getByRole('button', { name: 'Open the command palette', includeHidden: true })).toBeVisible()
    await expect(this.page.locator('.wl-tab[data-focused]')).toBeVisible()
  }

  palette(): Locator {
    return this.page.getByPlaceholder(/Search screens, records and actions|Choose|Search accounts/)
  }

  async openPalette() {
    await this.page.keyboard.press('Control+k')
    await expect(this.palette()).toBeFocused()
  }

  /** Opens the palette, types, waits for the item and presses Enter (or Ctrl+Enter). */
  async runInPalette(text: string, item: string | RegExp, options: { newPane?: boolean } = {}) {
    await this.openPalette()
    await this.page.keyboard.type(text)
    // Records come from the server's search, which another spec's import can keep busy for seconds.
    await expect(this.page.getByRole('option', { name: item }).first()).toBeVisible({ timeout: 20_000 })
    // The best match is selected first; walk to the wanted one if it is not.
    for (let i = 0; i < 20; i++) {
      const selected = this.page.locator('[cmdk-item][data-selected="true"]')
      if (typeof item === 'string' ? (await selected.textContent())?.includes(item) : item.test((await selected.textContent()) ?? '')) break
      await this.page.keyboard.press('ArrowDown')
    }
    await this.page.keyboard.press(options.newPane ? 'Control+Enter' : 'Enter')
  }

  /** Tab strips are shown once there is more than one tab or pane. */
  panes(): Locator {
    // Screens have tab lists of their own (an account's sections); pane strips are named "Pane N".
    return this.page.getByRole('tablist', { name: /^Pane \d+$/ })
  }

  tabs(): Locator {
    return this.panes().getByRole('tab')
  }

  focusedTab(): Locator {
    return this.page.locator('.wl-tab[data-focused]')
  }

  async pressSequence(...keys: string[]) {
    for (const key of keys) await this.page.keyboard.press(key)
  }
}
