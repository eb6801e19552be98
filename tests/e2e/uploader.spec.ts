import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { WorkspacePage } from './pages/workspace-page'
import { ReleasePage } from './pages/release-page'
import { UploaderPage } from './pages/uploader-page'
import { signedIn } from './support/signed-in'
import { monoWav } from '../../src/server/wav'

/** From the palette: "Create a release for…", then the account found by its email. */
async function openUploaderFor(page: Page, email: string) {
  const workspace = new WorkspacePage(page)
  await workspace.runInPalette('create a release', 'Create a release for…')
  await expect(page.getByPlaceholder('Search accounts by email…')).toBeFocused()
  await page.keyboard.type(email)
  await expect(page.getByRole('option', { name: new RegExp(email.replace(/\./g, '\\.')) })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/uploader\?user=\d+$/)
}

/** A valid PCM WAV: mono, 16-bit, 8 kHz, a tone `seconds` long. */
function wav(seconds: number): Buffer {
  const rate = 8000
  const data = Buffer.alloc(rate * seconds * 2)
  for (let i = 0; i < rate * seconds; i += 1) data.writeInt16LE(Math.round(Math.sin(i / 8) * 6000), i * 2)
  return monoWav(rate, data)
}

test('an admin makes a release for an account: fields, a track, cover and audio, resumed after a reload, then submitted', async ({
  browser,
}) => {
  // Uploads cover and audio, reloads and resumes: ~58 s on a loaded 2-core runner, at the 60 s default.
  test.slow()
  const page = await signedIn(browser)
  const uploader = new UploaderPage(page)
  await openUploaderFor(page, 'artist@demo.test')
  await uploader.expectOpenFor(/artist@demo\.test/)
  await expect(page).toHaveTitle('New release | Demo Music')
  // The keyboard lands in the title: typing starts the release.
  await expect(uploader.form().getByLabel('Title', { exact: true })).toBeFocused()
  await page.keyboard.type('Harbour')

  // Checked at once, beside the field: a UPC with a wrong check digit.
  await uploader.fillRelease({ Title: 'Harbour Lights', UPC: '036000291453' })
  await uploader.form().getByRole('button', { name: 'Save draft' }).first().click()
  await expect(uploader.form().getByText(/check digit/i)).toBeVisible()
  await uploader.fillRelease({
    UPC: '',
    'Release date': '2031-05-01',
    Label: 'Harbour Records',
    'Primary genre': 'Electronic',
  })
  await uploader.fillTrack(0, { 'Track title': 'Opening Night', ISRC: 'GB-AYE-31-00001' })

  const cover = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: { r: 20, g: 60, b: 140 } } })
    .png()
    .toBuffer()
  await uploader.chooseCover(cover)
  await expect(uploader.unsaved()).toBeVisible()

  await uploader.save()
  await expect(page).toHaveURL(/\/uploader\/edit\/\d+$/)
  const id = Number(/\/uploader\/edit\/(\d+)/.exec(page.url())![1])
  await expect(uploader.form().getByText('All changes saved')).toBeVisible()
  await expect(uploader.coverPreview('Harbour Lights')).toHaveAttribute('src', /^\/api\/files\/\d+$/)

  // Audio goes to the saved track, with its length read from the file.
  await uploader.uploadAudio(0, 'Opening Night', wav(2))
  await expect(uploader.track(0).getByLabel('Duration (m:ss)', { exact: true })).toHaveValue('0:02')

  // Reloading resumes the draft from the server.
  await page.reload()
  await expect(uploader.field('Title')).toHaveValue('Harbour Lights')
  await expect(uploader.track(0).getByLabel('Track title', { exact: true })).toHaveValue('Opening Night')
  await expect(uploader.track(0).getByLabel('ISRC', { exact: true })).toHaveValue('GBAYE3100001')
  await expect(uploader.track(0).getByLabel('Audio of Opening Night', { exact: true })).toHaveAttribute('src', /^\/api\/files\/\d+$/)
  await expect(uploader.coverPreview('Harbour Lights')).toBeVisible()
  await expect(page).toHaveTitle('Edit: Harbour Lights | Demo Music')

  await uploader.submit()
  await expect(page.getByText('Submitted for review.')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/releases/single/${id}$`))
  const release = new ReleasePage(page)
  await expect(release.status()).toHaveText('Under review')
  await expect(release.heading()).toHaveText('Harbour Lights')

  // On the Track tab, the palette replaces the audio of the focused track.
  const workspace = new WorkspacePage(page)
  await workspace.runInPalette('GBAYE3100001', /Opening Night/)
  await expect(page).toHaveURL(/\/releases\/track\/\d+$/)
  await expect(page.getByRole('button', { name: 'Replace audio of Opening Night' })).toBeVisible()
  const chooser = page.waitForEvent('filechooser')
  await workspace.runInPalette('replace audio', /Replace audio of Opening Night/)
  await expect(page.getByRole('option', { name: 'Replace audio…' })).toBeVisible()
  await page.keyboard.press('Enter')
  await (await chooser).setFiles({ name: 'remaster.wav', mimeType: 'audio/wav', buffer: wav(3) })
  await expect(page.getByText('Audio of Opening Night replaced.')).toBeVisible()
  await expect(page.getByText('0:03', { exact: true })).toBeVisible()

  // The uploader no longer edits it, and says where to go instead.
  await page.goto(`/uploader/edit/${id}`)
  await expect(page.getByText(/no longer a draft/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'release tab' })).toHaveAttribute('href', `/releases/single/${id}`)
})

test('leaving the uploader with unsaved changes asks to save or discard; the window asks too', async ({ browser }) => {
  // Four trips away from the uploader and back, each a screen load: over a minute on a busy CI machine.
  test.slow()
  const page = await signedIn(browser)
  const workspace = new WorkspacePage(page)
  const uploader = new UploaderPage(page)
  await openUploaderFor(page, 'label@demo.test')
  await uploader.expectOpenFor(/label@demo\.test/)

  // Nothing typed yet: leaving does not ask.
  await workspace.runInPalette('releases', 'Go to Releases')
  await expect(page).toHaveURL(/\/releases\/manage\/1$/)
  await expect(uploader.leaveDialog()).toHaveCount(0)

  await openUploaderFor(page, 'label@demo.test')
  await uploader.fillRelease({ Title: 'Night Ferry' })
  await expect(uploader.unsaved()).toBeVisible()
  await workspace.runInPalette('releases', 'Go to Releases')
  await expect(uploader.leaveDialog()).toBeVisible()
  await uploader.leaveDialog().getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(/\/uploader\?user=\d+$/)
  await expect(uploader.field('Title')).toHaveValue('Night Ferry')

  // mod+s saves the draft wherever the focus is; a track needs its title first.
  await uploader.field('Title').focus()
  await page.keyboard.press('Control+s')
  await expect(uploader.track(0).getByText('Title is required')).toBeVisible()
  await expect(uploader.track(0).getByLabel('Track title', { exact: true })).toBeFocused()
  await page.keyboard.type('Crossing')
  await page.keyboard.press('Control+s')
  await expect(page.getByText('Draft saved.')).toBeVisible()
  await expect(page).toHaveURL(/\/uploader\/edit\/\d+$/)
  const draftUrl = new URL(page.url()).pathname

  // Save from the question, then leave.
  await uploader.fillRelease({ Title: 'Night Ferry (Remastered)' })
  await workspace.runInPalette('releases', 'Go to Releases')
  await uploader.leaveDialog().getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/releases\/manage\/1$/)
  await page.goto(draftUrl)
  await expect(uploader.field('Title')).toHaveValue('Night Ferry (Remastered)')

  // The reload opened the draft in a tab beside the Releases tab, so "Go to Releases" only focuses
  // that tab and the unsaved draft stays in its own. Closing the draft's tab asks the same question.
  await uploader.fillRelease({ Title: 'Thrown away' })
  await workspace.runInPalette('releases', 'Go to Releases')
  await expect(page).toHaveURL(/\/releases\/manage\/1$/)
  await expect(uploader.leaveDialog()).toHaveCount(0)
  await page.getByRole('tab', { name: /^Edit: Night Ferry/ }).click()
  await expect(uploader.field('Title')).toHaveValue('Thrown away')
  // Discard, then leave: the saved draft is as it was.
  await workspace.runInPalette('close tab', 'Close tab')
  await uploader.leaveDialog().getByRole('button', { name: 'Discard changes' }).click()
  await expect(page).toHaveURL(/\/releases\/manage\/1$/)
  await page.goto(draftUrl)
  await expect(uploader.field('Title')).toHaveValue('Night Ferry (Remastered)')

  // Closing the window with unsaved changes: the browser asks.
  await uploader.fillRelease({ Title: 'Unsaved at close' })
  await expect(uploader.unsaved()).toBeVisible()
  const asked = page.waitForEvent('dialog')
  await page.close({ runBeforeUnload: true })
  const dialog = await asked
  expect(dialog.type()).toBe('beforeunload')
  await dialog.accept()
})
