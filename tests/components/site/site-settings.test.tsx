import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { CompanyTab, LogoTab, ThemeTab } from '../../../src/domains/site-setup/ui/SiteSettingsScreen'
import { PREVIEW_MODE_KEY, logoDimensionsFor, profileTab, themeBody } from '../../../src/domains/site-setup/ui/site-ui'
import { SETTINGS, mockApi, respond } from './fixtures'

afterEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
})

const onSaved = () => vi.fn(async () => undefined)

describe('support email', () => {
  it('is required and must look like an address, before anything is sent', async () => {
    const requests = mockApi({})
    render(
      <Theme>
        <CompanyTab settings={SETTINGS} canEdit onSaved={onSaved()} />
      </Theme>,
    )
    const form = screen.getByRole('form', { name: 'Support' })
    await userEvent.click(within(form).getByRole('button', { name: 'Save support email' }))
    expect(within(form).getByRole('alert').textContent).toBe('Email is required')
    await userEvent.type(within(form).getByLabelText('Support email'), 'not-an-address')
    await userEvent.click(within(form).getByRole('button', { name: 'Save support email' }))
    expect(within(form).getByRole('alert').textContent).toBe('Email must be valid')
    expect(requests).toHaveLength(0)
  })

  it('is saved with PATCH site/settings/support-email', async () => {
    const requests = mockApi({ 'PATCH /api/site/settings/support-email': () => respond(200, { supportEmail: 'help@demo.test' }) })
    const saved = onSaved()
    render(
      <Theme>
        <CompanyTab settings={SETTINGS} canEdit onSaved={saved} />
      </Theme>,
    )
    const form = screen.getByRole('form', { name: 'Support' })
    await userEvent.type(within(form).getByLabelText('Support email'), ' help@demo.test ')
    await userEvent.click(within(form).getByRole('button', { name: 'Save support email' }))
    await waitFor(() => expect(saved).toHaveBeenCalledWith('Support email saved.'))
    expect(requests).toEqual([{ method: 'PATCH', path: '/api/site/settings/support-email', body: { supportEmail: 'help@demo.test' } }])
  })

  it('shows the server’s message when saving fails', async () => {
    mockApi({
      'PATCH /api/site/settings/support-email': () =>
        respond(403, { message: 'Only the workspace’s admins can change the workspace’s settings.', code: 'forbidden' }),
    })
    render(
      <Theme>
        <CompanyTab settings={SETTINGS} canEdit onSaved={onSaved()} />
      </Theme>,
    )
    const form = screen.getByRole('form', { name: 'Support' })
    await userEvent.type(within(form).getByLabelText('Support email'), 'help@demo.test')
    await userEvent.click(within(form).getByRole('button', { name: 'Save support email' }))
    expect((await within(form).findByRole('alert')).textContent).toBe('Only the workspace’s admins can change the workspace’s settings.')
  })
})

describe('address', () => {
  it('requires country, postcode and state, and sends the parts', async () => {
    const requests = mockApi({ 'POST /api/site/settings/address': () => respond(200, SETTINGS) })
    const saved = onSaved()
    render(
      <Theme>
        <CompanyTab settings={{ ...SETTINGS, address: { ...SETTINGS.address, country: 'GB' } }} canEdit onSaved={saved} />
      </Theme>,
    )
    const form = screen.getByRole('form', { name: 'Address' })
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }))
    expect(
      within(form)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Postcode is required', 'State is required'])
    expect(requests).toHaveLength(0)
    await userEvent.type(within(form).getByLabelText('Postcode'), 'EC1A 1BB')
    await userEvent.type(within(form).getByLabelText('State'), 'London')
    await userEvent.type(within(form).getByLabelText('Address line 1'), '1 Music Street')
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }))
    await waitFor(() => expect(saved).toHaveBeenCalledWith('Address saved.'))
    expect(requests[0].body).toEqual({ country: 'GB', postcode: 'EC1A 1BB', state: 'London', city: '', line1: '1 Music Street', line2: '' })
  })
})

describe('logo settings', () => {
  it('raises "Invalid logo dimensions" locally when a logo’s width and height are not known', async () => {
    const requests = mockApi({})
    render(
      <Theme>
        <LogoTab settings={{ ...SETTINGS, logo: { id: 1, url: '/api/site/public/files/1' } }} canEdit onSaved={onSaved()} />
      </Theme>,
    )
    // The preview image never loads here, so its size stays unknown.
    await userEvent.click(screen.getByRole('button', { name: 'Save logo settings' }))
    expect(screen.getByRole('alert').textContent).toBe('Invalid logo dimensions')
    expect(requests).toHaveLength(0)
  })

  it('uploads a chosen logo, then saves the size with the dimensions of the loaded image', async () => {
    const requests = mockApi({
      'POST /api/site/settings/logo': () => respond(200, SETTINGS),
      'POST /api/site/settings/theme': () => respond(200, SETTINGS),
    })
    const saved = onSaved()
    render(
      <Theme>
        <LogoTab settings={SETTINGS} canEdit onSaved={saved} />
      </Theme>,
    )
    await userEvent.upload(screen.getByLabelText('Logo'), new File(['png bytes'], 'logo.png', { type: 'image/png' }))
    const preview = (await screen.findByAltText('Logo preview')) as HTMLImageElement
    expect(screen.getByText('New, not saved yet')).toBeTruthy()
    // The browser reports the image's own size once it has loaded it.
    Object.defineProperty(preview, 'naturalWidth', { value: 300 })
    Object.defineProperty(preview, 'naturalHeight', { value: 100 })
    preview.dispatchEvent(new Event('load'))
    await waitFor(() => expect(screen.getByTestId('logo-dimensions').textContent).toContain('Logo 150 × 50 px'))
    await userEvent.click(screen.getByRole('button', { name: 'Save logo settings' }))
    await waitFor(() => expect(saved).toHaveBeenCalledWith('Logo settings saved.'))
    expect(requests.map((request) => request.path)).toEqual(['/api/site/settings/logo', '/api/site/settings/theme'])
    expect(requests[0].body).toEqual({ logo: expect.stringMatching(/^data:image\/png;base64,/) })
    expect(requests[1].body).toEqual({ logoSize: 50, logoDimensions: { width: 150, height: 50 } })
  })

  it('accepts JPG and PNG only', async () => {
    mockApi({})
    render(
      <Theme>
        <LogoTab settings={SETTINGS} canEdit onSaved={onSaved()} />
      </Theme>,
    )
    await userEvent.upload(screen.getByLabelText('Favicon'), new File(['GIF89a'], 'icon.gif', { type: 'image/gif' }), {
      applyAccept: false,
    })
    expect(screen.getByRole('alert').textContent).toBe('Image upload accepts JPG and PNG only.')
  })

  it('keeps the preview theme mode in local storage, light by default', async () => {
    mockApi({})
    const { unmount } = render(
      <Theme>
        <LogoTab settings={SETTINGS} canEdit onSaved={onSaved()} />
      </Theme>,
    )
    expect(screen.getByRole('img', { name: 'Light preview of the logo' })).toBeTruthy()
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }))
    expect(localStorage.getItem(PREVIEW_MODE_KEY)).toBe('dark')
    unmount()
    render(
      <Theme>
        <LogoTab settings={SETTINGS} canEdit onSaved={onSaved()} />
      </Theme>,
    )
    expect(screen.getByRole('img', { name: 'Dark preview of the logo' })).toBeTruthy()
  })

  it('sends dimensions with the theme only when both are set', () => {
    expect(themeBody(50, { width: 150, height: 50 }, { width: 40 })).toEqual({ logoSize: 50, logoDimensions: { width: 150, height: 50 } })
    expect(themeBody(60, null, null)).toEqual({ logoSize: 60 })
    expect(logoDimensionsFor({ width: 320, height: 96 }, 50)).toEqual({ width: 167, height: 50 })
    expect(logoDimensionsFor(null, 50)).toBeNull()
  })
})

describe('theme colours', () => {
  it('refuse what is not a hex colour and save the five colours', async () => {
    const requests = mockApi({ 'POST /api/site/settings/colors': () => respond(200, SETTINGS) })
    const saved = onSaved()
    render(
      <Theme>
        <ThemeTab settings={SETTINGS} canEdit onSaved={saved} />
      </Theme>,
    )
    const primary = screen.getByLabelText('Primary colour')
    await userEvent.clear(primary)
    await userEvent.type(primary, 'red')
    await userEvent.click(screen.getByRole('button', { name: 'Save theme' }))
    expect(screen.getByRole('alert').textContent).toBe('Use a colour like #F5C542')
    expect(requests).toHaveLength(0)
    await userEvent.clear(primary)
    await userEvent.type(primary, '#112233')
    await userEvent.click(screen.getByRole('button', { name: 'Save theme' }))
    await waitFor(() => expect(saved).toHaveBeenCalledWith('Theme saved.'))
    expect(requests[0].body).toEqual({ ...SETTINGS.colors, primary: '#112233' })
  })
})

describe('where an operator is sent to finish the profile', () => {
  const complete = {
    ...SETTINGS,
    logo: { id: 1, url: '/a' },
    darkLogo: { id: 2, url: '/b' },
    supportEmail: 'help@demo.test',
    address: { ...SETTINGS.address, country: 'US', postcode: '10001', state: 'NY' },
  }
  it('is tab 0 while a logo is missing, tab 2 while support email or the address is, nowhere once done', () => {
    expect(profileTab({ ...complete, darkLogo: null })).toBe(0)
    expect(profileTab({ ...complete, logo: null, supportEmail: null })).toBe(0)
    expect(profileTab({ ...complete, supportEmail: null })).toBe(2)
    expect(profileTab({ ...complete, address: { ...complete.address, postcode: null } })).toBe(2)
    expect(profileTab({ ...complete, address: { ...complete.address, state: null } })).toBe(2)
    expect(profileTab({ ...complete, address: { ...complete.address, country: null } })).toBe(2)
    expect(profileTab(complete)).toBeNull()
  })
})
