import { expect, test } from '@playwright/test'
import { LoginPage } from './pages/login-page'
import { WorkspacePage } from './pages/workspace-page'
import { ReleasePage } from './pages/release-page'

test('the dashboard lists pending takedowns, charts the months, and opens the filtered list', async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn('admin@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  await new WorkspacePage(page).ready()

  await expect(page.getByRole('region', { name: 'Releases' }).getByText(/in total$/)).toBeVisible()
  const takedown = page.getByRole('region', { name: 'Pending takedown' })
  await expect(takedown.getByText('Takedown pending').first()).toBeVisible()
  // The chart chunk loads and draws (a production build refuses the CommonJS echarts-for-react).
  await expect(page.getByRole('region', { name: 'Monthly statistics' }).locator('canvas').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeVisible()

  await takedown.getByRole('link', { name: 'View all' }).click()
  await expect(page).toHaveURL(/\/releases\/manage\/1\?status=8$/)
  await expect(new ReleasePage(page).rows().first()).toContainText('Takedown pending')
})
