import { expect, type Locator, type Page } from '@playwright/test'

export interface OwnSmtp {
  host: string
  port: number
  encryption: 'STARTTLS' | 'None' | 'SSL/TLS'
  username: string
  password: string
  fromAddress: string
}

/** The operator's first-run setup dialog, as a person goes through it. */
export class SetupWizardPage {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Set up / })
  }

  step(label: string): Locator {
    return this.dialog().getByRole('button', { name: new RegExp(`^Step \\d: ${label}`) })
  }

  async expectAt(label: string) {
    await expect(this.dialog()).toBeVisible()
    await expect(this.step(label)).toHaveAttribute('aria-current', 'step')
  }

  async press(name: 'Get Started' | 'Continue' | 'Complete' | 'Later') {
    await this.dialog().getByRole('button', { name, exact: true }).click()
  }

  /** Draws a signature on the pad with the mouse. */
  async sign() {
    const pad = this.dialog().getByTestId('signature-pad')
    await pad.scrollIntoViewIfNeeded()
    const box = (await pad.boundingBox())!
    const y = box.y + box.height / 2
    await this.page.mouse.move(box.x + 30, y)
    await this.page.mouse.down()
    for (let step = 1; step <= 12; step++) await this.page.mouse.move(box.x + 30 + step * 20, y + (step % 2 ? -25 : 25), { steps: 3 })
    await this.page.mouse.up()
  }

  async useOwnSmtp(smtp: OwnSmtp) {
    const dialog = this.dialog()
    await dialog.getByRole('radio', { name: 'Use your own SMTP Server' }).click()
    await dialog.getByLabel('Host', { exact: true }).fill(smtp.host)
    await dialog.getByLabel('Port', { exact: true }).fill(String(smtp.port))
    await dialog.getByRole('combobox', { name: 'Encryption' }).click()
    await this.page.getByRole('option', { name: smtp.encryption, exact: true }).click()
    await dialog.getByLabel('Username', { exact: true }).fill(smtp.username)
    await dialog.getByLabel('Password', { exact: true }).fill(smtp.password)
    await dialog.getByLabel('From address', { exact: true }).fill(smtp.fromAddress)
  }

  /** Sends the test email with the form's values and answers what the page reported. */
  async sendTestEmail(to: string): Promise<Locator> {
    const dialog = this.dialog()
    await dialog.getByLabel('Send a test email to', { exact: true }).fill(to)
    await dialog.getByRole('button', { name: 'Send test email' }).click()
    return dialog.getByRole('status')
  }

  async setSupportEmail(email: string) {
    await this.dialog().getByLabel('Support email', { exact: true }).fill(email)
  }
}
