import { expect, type Page } from '@playwright/test'

export const DEMO_PASSWORD = 'demo-password'

/** The sign-in screen, as a person uses it. */
export class LoginPage {
  constructor(readonly page: Page) {}

  async goto(path = '/login') {
    await this.page.goto(path)
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  }

  async signIn(email: string, password = DEMO_PASSWORD) {
    await this.page.getByLabel('Email').fill(email)
    await this.page.getByLabel('Password').fill(password)
    await this.page.getByRole('button', { name: 'Sign in' }).click()
  }

  error() {
    return this.page.getByRole('alert')
  }
}
