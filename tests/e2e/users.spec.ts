import { expect, test } from '@playwright/test'
import { LoginPage } from './pages/login-page'
import { WorkspacePage } from './pages/workspace-page'
import { latestMatch } from './support/outbox'
import { signedIn } from './support/signed-in'

/** Waits for the invitation mail to land in the server's outbox and answers its link. */
async function invitationLink(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR!
  const pattern = new RegExp(`To: ${email.replace(/[.@]/g, '\\$&')}[\\s\\S]*?(/invite/accept\\?token=[A-Za-z0-9_-]+)`)
  await expect.poll(() => latestMatch(dataDir, pattern), { timeout: 10_000 }).not.toBe('')
  return latestMatch(dataDir, pattern)
}

test('staff invite an artist, work on the account, ban them out of every session, and lift the ban', async ({ browser }) => {
  test.setTimeout(120_000)
  const email = `e2e.${Date.now()}@example.test`
  const admin = await signedIn(browser)
  const workspace = new WorkspacePage(admin)

  // Invite from the users list.
  await workspace.runInPalette('users', 'Go to Users')
  await expect(admin).toHaveURL(/\/users\/manage\/1$/)
  await admin.getByRole('button', { name: 'Invite' }).click()
  const dialog = admin.getByRole('dialog', { name: 'Invite a user' })
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('First name').fill('Ivy')
  await dialog.getByLabel('Last name').fill('Stone')
  await dialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(admin.getByText(`Invitation sent to ${email}.`)).toBeVisible()
  await expect(dialog).toBeHidden()

  // The artist accepts from the emailed link and is signed in.
  const link = await invitationLink(email)
  const artist = await (await browser.newContext()).newPage()
  await artist.goto(link)
  await artist.getByLabel('First name').fill('Ivy')
  await artist.getByLabel('Last name').fill('Stone')
  await artist.getByLabel('Password', { exact: true }).fill('a long enough password')
  await artist.getByLabel('Repeat the password').fill('a long enough password')
  await artist.getByRole('button', { name: 'Accept and sign in' }).click()
  await expect(artist).toHaveURL(/\/dashboard$/)

  // Staff jump to the account by pasting its email into the palette.
  await workspace.runInPalette(email, /Ivy Stone/)
  await expect(admin).toHaveURL(/\/users\/\d+$/)
  await expect(admin.getByRole('heading', { name: 'Ivy Stone' })).toBeVisible()
  await expect(admin).toHaveTitle('Ivy Stone | Demo Music')

  // A note, a flag from its switch, and a new account type from the palette.
  await admin.getByRole('tab', { name: 'Notes' }).click()
  const note = admin.getByRole('form', { name: 'Add a note' })
  await note.getByRole('button', { name: 'Add note' }).click()
  await expect(note.getByText('The title field is required.').or(note.getByRole('alert')).first()).toBeVisible()
  await note.getByLabel('Title').fill('First call')
  await note.getByLabel('Content').fill('Wants a release on Friday.')
  await note.getByRole('button', { name: 'Add note' }).click()
  await expect(admin.getByRole('heading', { name: 'First call' })).toBeVisible()
  await expect(admin.getByText('Wants a release on Friday.')).toBeVisible()

  await admin.getByRole('tab', { name: 'Overview' }).click()
  await admin.getByRole('switch', { name: 'Verified', exact: true }).click()
  await expect(admin.getByText('Verified: on.')).toBeVisible()
  await expect(admin.getByRole('switch', { name: 'Verified', exact: true })).toBeChecked()

  await workspace.runInPalette('change account type', /Change account type of Ivy Stone/)
  await expect(admin.getByRole('option', { name: 'Make a label' })).toBeVisible()
  await admin.getByRole('option', { name: 'Make a label' }).click()
  await expect(admin.getByText('Ivy Stone is now a label.')).toBeVisible()
  await expect(admin.getByRole('combobox', { name: /Type$/ })).toHaveText('Label')

  // A message from the palette reaches the account's notifications.
  await workspace.runInPalette('message', /Send Ivy Stone a message/)
  const message = admin.getByRole('dialog', { name: 'Send Ivy Stone a message' })
  await message.getByLabel('Subject').fill('Your release')
  await message.getByLabel('Message').fill('We need the artwork in 3000 px.')
  await message.getByRole('button', { name: 'Send' }).click()
  await expect(message).toBeHidden()

  // The account's open sessions, then the ban ends them.
  await admin.getByRole('tab', { name: 'Sign-ins & sessions' }).click()
  await expect(admin.getByRole('button', { name: 'Log out this session' })).toHaveCount(1)
  await workspace.openPalette()
  await admin.keyboard.type('ban')
  await admin.getByRole('option', { name: 'Ban Ivy Stone…' }).click()
  await admin.keyboard.type('Uploads other artists’ recordings')
  await expect(admin.getByRole('option', { name: 'Ban Ivy Stone: “Uploads other artists’ recordings”' })).toBeVisible()
  await admin.keyboard.press('Enter')
  await expect(admin.getByText('Ivy Stone is banned; their sessions have ended.')).toBeVisible()
  await expect(admin.getByText('Banned', { exact: true })).toBeVisible()
  await expect(admin.getByText('Ban reason: Uploads other artists’ recordings')).toBeVisible()
  await expect(admin.getByText('No open sessions.')).toBeVisible()

  // The banned artist is out at the next request and cannot sign back in.
  await artist.reload()
  await expect(artist).toHaveURL(/\/login/)
  await new LoginPage(artist).signIn(email, 'a long enough password')
  await expect(new LoginPage(artist).error()).toBeVisible()

  // Every step is in the account's history, newest first.
  await admin.getByRole('tab', { name: 'History' }).click()
  const history = admin.getByRole('table', { name: 'Account history' })
  await expect(history.getByRole('row').nth(1)).toContainText('banned')
  await expect(history).toContainText('verified')

  // Lifting the ban lets them back in.
  await workspace.runInPalette('unban', 'Unban Ivy Stone')
  await expect(admin.getByText('Ivy Stone is no longer banned.')).toBeVisible()
  await expect(admin.getByText('Banned', { exact: true })).toBeHidden()
  await new LoginPage(artist).signIn(email, 'a long enough password')
  await expect(artist).toHaveURL(/\/dashboard$/)

  // Everything above is kept: a reload shows the same account.
  await admin.reload()
  await new WorkspacePage(admin).ready()
  await admin.getByRole('tab', { name: 'Notes' }).click()
  await expect(admin.getByRole('heading', { name: 'First call' })).toBeVisible()
})

test('two accounts side by side from the list, by keyboard, kept across a reload', async ({ browser }) => {
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  await workspace.runInPalette('users', 'Go to Users')
  const list = page
    .getByRole('region', { name: 'Users' })
    .or(page.getByRole('group', { name: 'Users' }))
    .first()
  await expect(list).toBeVisible()
  await expect(page.getByRole('row')).not.toHaveCount(0)

  // The first account opens in a pane to the right...
  await page.keyboard.press('j')
  await page.keyboard.press('Control+Enter')
  await expect(workspace.panes()).toHaveCount(2)
  await expect(page).toHaveURL(/\/users\/\d+$/)
  const first = page.url()

  // ...then back to the list, and the second one beside it.
  await page.keyboard.press('Alt+1')
  await expect(page).toHaveURL(/\/users\/manage\/1$/)
  await page.keyboard.press('j')
  await page.keyboard.press('Control+Enter')
  await expect(page).toHaveURL(/\/users\/\d+$/)
  expect(page.url()).not.toBe(first)
  const second = page.url()
  await expect(workspace.panes()).toHaveCount(3)

  // Close the second; the layout that is left comes back after a reload.
  await workspace.pressSequence('w', 'q')
  await expect(workspace.panes()).toHaveCount(2)
  await page.reload()
  await workspace.ready()
  await expect(workspace.panes()).toHaveCount(2)
  await expect(workspace.tabs()).toHaveCount(2)
  expect(page.url()).not.toBe(second)
})

test('the users list searches, filters and verifies a selection in bulk', async ({ browser }) => {
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  await workspace.runInPalette('users', 'Go to Users')
  await expect(page).toHaveURL(/\/users\/manage\/1$/)

  // '/' jumps to the search box; the search goes to the server and lands in the address.
  await expect(page.getByRole('row').nth(1)).toBeVisible()
  await page.keyboard.press('/')
  await expect(page.getByRole('searchbox', { name: 'Search Users' })).toBeFocused()
  await page.keyboard.type('artist@demo.test')
  await expect(page).toHaveURL(/search=artist%40demo\.test/)
  await expect(page.getByRole('row').filter({ hasText: 'artist@demo.test' })).toHaveCount(1)
  await expect(page.getByRole('row').filter({ hasText: 'Nina Vale' })).toHaveCount(1)

  await page.getByRole('searchbox', { name: 'Search Users' }).fill('nobody-at-all-here')
  // Said once in the table (the grid also announces it to screen readers in a live region).
  await expect(page.locator('.ag-overlay').getByText('Nothing Found', { exact: true })).toHaveCount(1)
  await expect(page.getByText(/matching your search criteria|No results/)).toHaveCount(0)
  await page.getByRole('searchbox', { name: 'Search Users' }).fill('')

  // Labels only, from the settings drawer.
  await page.getByRole('button', { name: /^List settings/ }).click()
  const settings = page.getByRole('form', { name: 'Users settings' })
  await settings.getByLabel('Type').selectOption('label')
  await settings.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/type=label/)
  await expect(page.getByRole('button', { name: 'List settings, 1 active' })).toBeVisible()

  // Two rows chosen with j and x, then verified together.
  // Focus is back on the settings button; the list keys still work from there.
  await workspace.pressSequence('j', 'x', 'j', 'x')
  const selection = page.getByRole('region', { name: 'Selection' })
  await expect(selection).toContainText('2 selected')
  await selection.getByRole('button', { name: 'Bulk Actions' }).click()
  await page.getByRole('menuitem', { name: 'Verify' }).click()
  await expect(page.getByText('Verified 2 of 2.')).toBeVisible()
})
