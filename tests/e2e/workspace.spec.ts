import { expect, test } from '@playwright/test'
import { LoginPage } from './pages/login-page'
import { WorkspacePage } from './pages/workspace-page'

test.beforeEach(async ({ page }) => {
  const login = new LoginPage(page)
  await login.goto()
  await login.signIn('admin@demo.test')
  await expect(page).toHaveURL(/\/dashboard$/)
  await new WorkspacePage(page).ready()
})

test('the palette goes to a screen, and splits and panes work from the keyboard alone', async ({ page }) => {
  const workspace = new WorkspacePage(page)
  // One pane, one tab: a classic page, no tab strip.
  await expect(workspace.panes()).toHaveCount(0)
  await workspace.runInPalette('notifications', 'Go to Notifications')
  await expect(page).toHaveURL(/\/notifications$/)
  await expect(page).toHaveTitle('Notifications | Demo Music')

  await workspace.pressSequence('w', 'v')
  await expect(workspace.panes()).toHaveCount(2)
  await workspace.runInPalette('dashboard', 'Go to Dashboard')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(workspace.focusedTab()).toContainText('Dashboard')

  await page.keyboard.press('Alt+1')
  await expect(page).toHaveURL(/\/notifications$/)
  await page.keyboard.press('Alt+2')
  await expect(page).toHaveURL(/\/dashboard$/)

  // The layout, tabs and focus come back after a reload.
  await page.reload()
  await workspace.ready()
  await expect(workspace.panes()).toHaveCount(2)
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(workspace.tabs()).toHaveText([/Notifications/, /Dashboard/])

  await workspace.pressSequence('w', 'q')
  await expect(workspace.panes()).toHaveCount(0)
  await expect(page).toHaveURL(/\/notifications$/)
})

test('typing in the palette keeps its best match selected and in view, and Enter runs it', async ({ page }) => {
  await page.keyboard.press('Control+k')
  const input = page.locator('[cmdk-input]')
  await expect(input).toBeFocused()
  const list = page.locator('[cmdk-list]')
  const selected = page.locator('[cmdk-item][data-selected="true"]')
  // Each letter changes the best match; the row selected before moves down the list or leaves it.
  for (const [typed, key] of [['g', 'g'], ['go', 'o'], ['go ', 'Space'], ['go t', 't'], ['go to', 'o']]) {
    await page.keyboard.press(key)
    await expect(list).toHaveAttribute('data-shown-query', typed)
    await expect(selected).toHaveCount(1)
    await expect(selected).toHaveText(await page.locator('[cmdk-item]').first().textContent() ?? '')
    // The first row, selected, is where the list starts: not scrolled away above the visible rows.
    expect(await list.evaluate((element) => element.scrollTop)).toBe(0)
    await expect(selected).toBeInViewport()
  }
  const best = (await selected.locator('.wl-palette__title').textContent()) ?? ''
  expect(best).toMatch(/^Go to /)
  await page.keyboard.press('Enter')
  await expect(page.locator('[cmdk-input]')).not.toBeFocused()
  await expect(page).toHaveTitle(`${best.replace(/^Go to /, '')} | Demo Music`)
})

test('Ctrl+Enter in the palette opens in a new pane to the right; the mouse can close tabs', async ({ page }) => {
  const workspace = new WorkspacePage(page)
  await workspace.runInPalette('notifications', 'Go to Notifications', { newPane: true })
  await expect(workspace.panes()).toHaveCount(2)
  await expect(page).toHaveURL(/\/notifications$/)
  await page.getByRole('button', { name: 'Close Notifications' }).click()
  await expect(workspace.panes()).toHaveCount(0)
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('a pasted deep link opens in a tab, and Back moves through that tab’s history', async ({ page }) => {
  const workspace = new WorkspacePage(page)
  await page.goto('/notifications?status=unread')
  await workspace.ready()
  await expect(page).toHaveURL(/\/notifications\?status=unread$/)
  // The saved dashboard tab is still there beside it.
  await expect(workspace.tabs()).toHaveCount(2)
  await workspace.runInPalette('dashboard', 'Go to Dashboard')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goBack()
  await expect(page).toHaveURL(/\/notifications\?status=unread$/)
  await page.goForward()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('the palette finds an account by name, and a pasted email jumps to it', async ({ page }) => {
  const workspace = new WorkspacePage(page)
  await workspace.openPalette()
  await page.keyboard.type('nina vale')
  // Her releases match too; the account ranks first and is the one Enter would open.
  const record = page.getByRole('option', { name: /Nina Vale/ }).first()
  await expect(record).toBeVisible()
  await expect(record).toContainText('artist@demo.test')
  await expect(record).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Escape')

  await workspace.openPalette()
  await page.evaluate(() => {
    const input = document.activeElement as HTMLInputElement
    const data = new DataTransfer()
    data.setData('text/plain', 'artist@demo.test')
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }))
  })
  await expect(page).toHaveURL(/\/users\/\d+$/)
  await expect(workspace.palette()).toBeHidden()
})

test('the cheat sheet lists the shortcuts, and the sidebar opens into the focused pane', async ({ page }) => {
  const workspace = new WorkspacePage(page)
  await page.keyboard.press('Shift+?')
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(sheet).toBeVisible()
  await expect(sheet).toContainText('Split right')
  await expect(sheet).toContainText('g then d')
  // Each key is listed once, with the list keys and the list commands in one group.
  await expect(sheet.getByText('Shift+X', { exact: true })).toHaveCount(1)
  await expect(sheet.getByRole('heading', { name: 'List', exact: true })).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  // The palette shows a command's keys as the cheat sheet does, never the registry's id.
  await workspace.openPalette()
  await page.keyboard.type('close tab')
  const closeTab = page.getByRole('option', { name: /^Close tab/ }).first()
  await expect(closeTab).toContainText('w then q')
  await expect(closeTab).not.toContainText('workspace.')
  await page.keyboard.press('Escape')

  const sidebar = page.getByRole('navigation', { name: 'Sidebar' })
  await expect(sidebar.getByRole('group', { name: 'Feature Controls' })).toBeVisible()
  await sidebar.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await sidebar.getByRole('link', { name: 'Blocklist' }).click()
  await expect(page).toHaveURL(/\/blocklisting\/1$/)
  // An address without a screen shows the not-found page, never a placeholder.
  await page.goto('/no-such-screen')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.keyboard.press('g')
  await page.keyboard.press('d')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('dark mode is kept in the wl_admin_dark_mode cookie', async ({ page, context }) => {
  await page.getByRole('button', { name: 'Switch to dark mode' }).click()
  await expect(page.locator('.radix-themes').first()).toHaveClass(/dark/)
  expect((await context.cookies()).find((cookie) => cookie.name === 'wl_admin_dark_mode')?.value).toBe('1')
  await page.reload()
  await expect(page.locator('.radix-themes').first()).toHaveClass(/dark/)
})

test('the skip link and every navigation put the keyboard on the main content; a crowded pane lists its tabs in a menu', async ({ page }) => {
  const workspace = new WorkspacePage(page)
  // The first Tab stop is the skip link, past the banner, the navbar and the sidebar.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('#main-content')).toBeFocused()

  // Going somewhere from the palette leaves the keyboard on the new screen, not on the palette's button.
  await workspace.runInPalette('notifications', 'Go to Notifications')
  await expect(page).toHaveURL(/\/notifications/)
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('#main-content')))).toBe(true)

  // Four tabs in the pane: the menu lists them all, focuses the one chosen, and closes the others.
  for (const screen of ['Users', 'Releases', 'Payouts']) {
    await workspace.runInPalette('new tab', 'New tab')
    await workspace.runInPalette(screen.toLowerCase(), `Go to ${screen}`)
  }
  await expect(workspace.tabs()).toHaveCount(4)
  const menu = page.getByRole('button', { name: 'All tabs of pane 1 (4)' })
  await menu.click()
  await page.getByRole('menuitemcheckbox', { name: 'Users' }).click()
  await expect(page).toHaveURL(/\/users\/manage\/1/)
  await menu.click()
  await expect(page.getByRole('menuitem', { name: 'Close tab' })).toContainText('w then q')
  await page.getByRole('menuitem', { name: 'Close other tabs' }).click()
  await expect(workspace.tabs()).toHaveCount(0)
  await expect(page).toHaveURL(/\/users\/manage\/1/)
})
