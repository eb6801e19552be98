import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import type { DnsRecord, MailSettings } from '../../../src/contract/site'
import { MailSettingsPanel } from '../../../src/domains/site-setup/ui/MailSettingsPanel'
import MenusScreen from '../../../src/domains/site-setup/ui/MenusScreen'
import { me, mockApi, respond, signIn } from './fixtures'

beforeAll(() => signIn(me()))
afterEach(() => vi.restoreAllMocks())

const record = (id: number, type: string, name: string, value: string, priority: number | null = null): DnsRecord => ({
  id,
  record_type: type,
  name,
  value,
  priority,
  is_active: false,
  valid: false,
  last_checked_at: null,
})
const RECORDS = {
  domain: 'mail.demo.test',
  sending: [
    record(1, 'TXT', 'mail.demo.test', 'v=spf1 include:_spf.platform.test ~all'),
    record(2, 'TXT', 'wl1._domainkey.mail.demo.test', 'v=DKIM1; k=rsa; p=KEY'),
    record(3, 'CNAME', 'bounces.mail.demo.test', 'bounces.platform.test'),
  ],
  receiving: [record(4, 'MX', 'mail.demo.test', 'inbound.platform.test', 10)],
}
const EMPTY: MailSettings = {
  type: 'default',
  smtp: null,
  suggestedDomain: null,
  dnsRecords: { domain: null, sending: [], receiving: [] },
  complete: false,
}

function renderPanel() {
  render(
    <Theme>
      <MailSettingsPanel />
    </Theme>,
  )
}

describe('mail settings: the default SMTP', () => {
  it('warns, offers to generate the records while they are missing, and silently refuses to save without them', async () => {
    const requests = mockApi({ 'GET /api/site/settings/mail': () => respond(200, EMPTY) })
    renderPanel()
    expect(
      await screen.findByText('Emails will not be delivered if the DNS records are not configured correctly and verified.'),
    ).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Use Default SMTP' }).getAttribute('aria-checked')).toBe('true')
    expect(screen.getByRole('button', { name: 'Generate DNS Records' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Verify Records' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Save mail settings' }))
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('generates the records for the domain typed, then verifies them and shows what DNS said', async () => {
    const verified = {
      ...RECORDS,
      sending: RECORDS.sending.map((item, index) => ({
        ...item,
        is_active: true,
        valid: index !== 1,
        last_checked_at: '2026-11-21T10:00:00.000Z',
      })),
      receiving: RECORDS.receiving.map((item) => ({ ...item, last_checked_at: '2026-11-21T10:00:00.000Z' })),
    }
    const requests = mockApi({
      'GET /api/site/settings/mail': () => respond(200, EMPTY),
      'POST /api/site/settings/smtp/default-dns-records': () => respond(200, RECORDS),
      'POST /api/site/settings/smtp/verify-dns-records': () => respond(200, verified),
      'POST /api/site/settings/mail': () => respond(200, { ...EMPTY, dnsRecords: RECORDS, complete: true }),
    })
    renderPanel()
    await userEvent.type(await screen.findByLabelText('Sending domain'), 'mail.demo.test')
    await userEvent.click(screen.getByRole('button', { name: 'Generate DNS Records' }))
    const sending = await screen.findByRole('group', { name: 'Sending records' })
    expect(within(sending).getAllByRole('row')).toHaveLength(4)
    expect(within(screen.getByRole('group', { name: 'Receiving records' })).getByText('10')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Generate DNS Records' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Verify Records' }))
    await waitFor(() => expect(within(sending).getAllByText('Verified')).toHaveLength(2))
    expect(within(sending).getByText('Wrong value')).toBeTruthy()
    expect(within(screen.getByRole('group', { name: 'Receiving records' })).getByText('Not found')).toBeTruthy()
    // With sending records the default option can be saved.
    await userEvent.click(screen.getByRole('button', { name: 'Save mail settings' }))
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api/site/settings/mail' && request.method === 'POST')).toBe(true),
    )
    expect(requests.find((request) => request.path === '/api/site/settings/smtp/default-dns-records')?.body).toEqual({
      domain: 'mail.demo.test',
    })
    expect(requests.find((request) => request.path === '/api/site/settings/mail' && request.method === 'POST')?.body).toEqual({
      type: 'default',
    })
  })

  it('does not send Generate DNS Records without a domain: the field says what is missing', async () => {
    const requests = mockApi({ 'GET /api/site/settings/mail': () => respond(200, EMPTY) })
    renderPanel()
    const domain = await screen.findByLabelText('Sending domain')
    await userEvent.type(domain, '   ')
    await userEvent.click(screen.getByRole('button', { name: 'Generate DNS Records' }))
    expect(await screen.findByText('Enter the domain your workspace sends mail from.')).toBeTruthy()
    expect(domain.getAttribute('aria-invalid')).toBe('true')
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([])
  })

  it('shows the server’s message, or the generic one, when generating fails', async () => {
    let answer = respond(403, { message: 'Only the workspace’s admins can see or change how the workspace sends mail.', code: 'forbidden' })
    mockApi({
      'GET /api/site/settings/mail': () => respond(200, EMPTY),
      'POST /api/site/settings/smtp/default-dns-records': () => answer,
    })
    renderPanel()
    await userEvent.type(await screen.findByLabelText('Sending domain'), 'mail.demo.test')
    await userEvent.click(await screen.findByRole('button', { name: 'Generate DNS Records' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only the workspace’s admins can see or change how the workspace sends mail.',
    )
    // A gateway's page is not a message for people.
    answer = new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })
    await userEvent.click(screen.getByRole('button', { name: 'Generate DNS Records' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Something went wrong! Please try again.'))
  })
})

describe('mail settings: your own server', () => {
  const saved: MailSettings = {
    ...EMPTY,
    type: 'smtp',
    complete: true,
    smtp: {
      host: 'smtp.demo.test',
      port: 2525,
      encryption: 'none',
      username: 'mailer',
      passwordSet: true,
      from: { name: 'Demo', address: 'no-reply@demo.test' },
      replyTo: { name: '', address: '' },
    },
  }

  it('defaults to port 587 and STARTTLS, checks the fields, and sends the port as a number', async () => {
    const requests = mockApi({
      'GET /api/site/settings/mail': () => respond(200, EMPTY),
      'POST /api/site/settings/mail': () => respond(200, saved),
    })
    renderPanel()
    await userEvent.click(await screen.findByRole('radio', { name: 'Use your own SMTP Server' }))
    expect(screen.getByLabelText('Port')).toHaveProperty('value', '587')
    expect(screen.getByRole('combobox', { name: 'Encryption' }).textContent).toBe('STARTTLS')
    await userEvent.click(screen.getByRole('button', { name: 'Save mail settings' }))
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Host is required',
      'Username is required',
      'Password is required',
      'Email is required',
    ])
    await userEvent.type(screen.getByLabelText('Host'), 'smtp.demo.test')
    await userEvent.clear(screen.getByLabelText('Port'))
    await userEvent.type(screen.getByLabelText('Port'), '2525')
    await userEvent.click(screen.getByRole('combobox', { name: 'Encryption' }))
    await userEvent.click(await screen.findByRole('option', { name: 'SSL/TLS' }))
    await userEvent.type(screen.getByLabelText('Username'), 'mailer')
    await userEvent.type(screen.getByLabelText('Password'), 'secret')
    await userEvent.type(screen.getByLabelText('From address'), 'no-reply@demo.test')
    await userEvent.click(screen.getByRole('button', { name: 'Save mail settings' }))
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1))
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      type: 'smtp',
      smtp: {
        host: 'smtp.demo.test',
        port: 2525,
        encryption: 'ssl',
        username: 'mailer',
        password: 'secret',
        from: { name: '', address: 'no-reply@demo.test' },
        replyTo: { name: '', address: '' },
      },
    })
  })

  it('never shows the saved password, keeps it when the field stays empty, and tests the form’s values', async () => {
    const requests = mockApi({
      'GET /api/site/settings/mail': () => respond(200, saved),
      'POST /api/site/settings/smtp/test': () =>
        respond(200, { ok: true, message: 'Test email sent to operator@demo.test.', to: 'operator@demo.test', response: '250 Accepted' }),
    })
    renderPanel()
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement
    expect(password.value).toBe('')
    expect(password.placeholder).toBe('Saved: leave empty to keep it')
    expect(screen.getByLabelText('Send a test email to')).toHaveProperty('value', 'operator@demo.test')
    await userEvent.click(screen.getByRole('button', { name: 'Send test email' }))
    expect((await screen.findByRole('status')).textContent).toBe('Test email sent to operator@demo.test. The server answered: 250 Accepted')
    expect(requests.find((request) => request.path === '/api/site/settings/smtp/test')?.body).toEqual({
      to: 'operator@demo.test',
      smtp: {
        host: 'smtp.demo.test',
        port: 2525,
        encryption: 'none',
        username: 'mailer',
        from: { name: 'Demo', address: 'no-reply@demo.test' },
        replyTo: { name: '', address: '' },
      },
    })
  })

  it('reports what the server answered when the test fails', async () => {
    mockApi({
      'GET /api/site/settings/mail': () => respond(200, saved),
      'POST /api/site/settings/smtp/test': () =>
        respond(422, { message: 'The SMTP server answered: 535 Invalid username or password', code: 'smtp_failed' }),
    })
    renderPanel()
    await userEvent.click(await screen.findByRole('button', { name: 'Send test email' }))
    expect((await screen.findByRole('alert')).textContent).toBe('The SMTP server answered: 535 Invalid username or password')
  })
})

const MENU = ['dashboard', 'releases', 'analytics'].map((key, position) => ({
  key,
  label: key[0].toUpperCase() + key.slice(1),
  visible: true,
  position,
}))

describe('menu settings', () => {
  it('renames, hides and reorders by buttons and by keyboard, then saves every item in order', async () => {
    const requests = mockApi({
      'GET /api/site/menus': () => respond(200, { data: MENU }),
      'PATCH /api/site/menus': (request) => {
        const items = (request.body as { items: { key: string; label: string; visible: boolean }[] }).items
        return respond(200, { data: items.map((item, position) => ({ ...item, position })) })
      },
    })
    render(
      <Theme>
        <MenusScreen />
      </Theme>,
    )
    const label = await screen.findByLabelText('Label of releases')
    expect(screen.getByRole('button', { name: 'Save menu' })).toHaveProperty('disabled', true)
    await userEvent.clear(label)
    await userEvent.type(label, 'Music')
    await userEvent.click(screen.getByRole('switch', { name: 'Show Analytics' }))
    await userEvent.click(screen.getByRole('button', { name: 'Move Dashboard down' }))
    const analytics = screen.getByRole('listitem', { name: /^Analytics, position 3 of 3, hidden$/ })
    analytics.focus()
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}')
    await waitFor(() => expect(screen.getByRole('listitem', { name: /^Analytics, position 2 of 3/ })).toBe(document.activeElement))
    await userEvent.click(screen.getByRole('button', { name: 'Save menu' }))
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true))
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      items: [
        { key: 'releases', label: 'Music', visible: true },
        { key: 'analytics', label: 'Analytics', visible: false },
        { key: 'dashboard', label: 'Dashboard', visible: true },
      ],
    })
  })

  it('needs a label on every item', async () => {
    const requests = mockApi({ 'GET /api/site/menus': () => respond(200, { data: MENU }) })
    render(
      <Theme>
        <MenusScreen />
      </Theme>,
    )
    await userEvent.clear(await screen.findByLabelText('Label of dashboard'))
    await userEvent.click(screen.getByRole('button', { name: 'Save menu' }))
    expect(screen.getByRole('alert').textContent).toBe('Label is required')
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(0)
  })

  it('shows the administrator message when the menu cannot be loaded, or the server’s when it sent one', async () => {
    mockApi({ 'GET /api/site/menus': () => Promise.reject(new TypeError('Failed to fetch')) })
    const { unmount } = render(
      <Theme>
        <MenusScreen />
      </Theme>,
    )
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong please. Please contact the administrator.')
    unmount()
    vi.restoreAllMocks()
    mockApi({ 'GET /api/site/menus': () => respond(503, { message: 'The database is being upgraded.' }) })
    render(
      <Theme>
        <MenusScreen />
      </Theme>,
    )
    expect((await screen.findByRole('alert')).textContent).toBe('The database is being upgraded.')
  })
})
