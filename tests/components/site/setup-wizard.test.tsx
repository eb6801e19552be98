import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import type { InitialSettings, MailSettings } from '../../../src/contract/site'
import { SetupWizard } from '../../../src/domains/site-setup/ui/SetupWizard'
import { wizardFor, wizardStatus } from '../../../src/domains/site-setup/ui/wizard-store'
import { SIGNATURE_PAD_OPTIONS } from '../../../src/domains/site-setup/ui/SignatureField'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { me, mockApi, respond, signIn } from './fixtures'

// The canvas pad needs a real 2D context; this stands in for it and lets the test "draw".
const pads = vi.hoisted(() => [] as { options: unknown; draw(): void }[])
vi.mock('signature_pad', () => ({
  default: class {
    private empty = true
    private listeners = new Map<string, () => void>()
    options: unknown
    constructor(_canvas: HTMLCanvasElement, options: unknown) {
      this.options = options
      pads.push(this)
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener)
    }
    removeEventListener(type: string) {
      this.listeners.delete(type)
    }
    toData() {
      return []
    }
    fromData() {}
    clear() {
      this.empty = true
    }
    isEmpty() {
      return this.empty
    }
    toDataURL(type: string) {
      return `data:${type};base64,U0lHTkVE`
    }
    on() {}
    off() {}
    draw() {
      this.empty = false
      this.listeners.get('endStroke')?.()
    }
  },
}))

const signed = [{ id: 1, type: 'initial' as const, signed_at: '2026-11-21T10:00:00.000Z', signed_by: 'Olivia Park', text_version: 'v' }]
const smtpConfig = { host: 'smtp.demo.test', port: 587, encryption: 'starttls', username: 'mailer' }
const NOTHING: InitialSettings = {
  agreements: [],
  mail_config: { type: 'default', config: null },
  support_email: null,
  default_dns_records: { sending: [], receiving: [] },
}
const MAIL: MailSettings = {
  type: 'default',
  smtp: null,
  suggestedDomain: null,
  dnsRecords: { domain: null, sending: [], receiving: [] },
  complete: false,
}

let sessions = 0
function renderWizard(account = me()) {
  // Each render is a new session, so the opening rules are asked again.
  const actor = wizardFor(`test-${++sessions}`)
  render(
    <Theme>
      <SetupWizard me={account} actor={actor} />
      <Notices />
    </Theme>,
  )
  return actor
}

beforeAll(() => signIn(me()))
afterEach(() => {
  vi.restoreAllMocks()
  noticeState.items.splice(0)
  pads.splice(0)
})

describe('setup wizard', () => {
  it('opens at the welcome step for the operator, and neither Escape nor a click outside closes it', async () => {
    mockApi({ 'GET /api/site/settings/initial': () => respond(200, NOTHING) })
    renderWizard()
    const dialog = await screen.findByRole('dialog', { name: 'Set up Demo Music' })
    expect(within(dialog).getByRole('heading', { name: 'Welcome to Demo Music' })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Step 1: Welcome' }).getAttribute('aria-current')).toBe('step')
    await userEvent.keyboard('{Escape}')
    fireEvent.pointerDown(document.body)
    expect(screen.getByRole('dialog', { name: 'Set up Demo Music' })).toBeTruthy()
    expect(wizardStatus).toMatchObject({ open: true, settled: false })
  })

  it('does not open, or even ask, for anyone but the operator with the setup to do', async () => {
    const requests = mockApi({ 'GET /api/site/settings/initial': () => respond(200, NOTHING) })
    renderWizard(me({ isOperator: false }))
    await waitFor(() => expect(wizardStatus.settled).toBe(true))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(requests).toHaveLength(0)
  })

  it('signs the agreement with the pad, then moves to the mail step', async () => {
    const requests = mockApi({
      'GET /api/site/settings/initial': () =>
        respond(200, requests.some((r) => r.path === '/api/site/initial/agreement') ? { ...NOTHING, agreements: signed } : NOTHING),
      'POST /api/site/initial/agreement': () =>
        respond(201, { id: 1, type: 'initial', signed_at: '2026-11-21T10:00:00.000Z', text_version: 'v' }),
      'GET /api/site/settings/mail': () => respond(200, MAIL),
    })
    renderWizard()
    await userEvent.click(await screen.findByRole('button', { name: 'Get Started' }))
    expect(screen.getByRole('region', { name: 'White Label B2B agreement' }).textContent).toContain(
      'Tier 1: 1–9,999 recordings, $499 per month.',
    )
    expect(screen.getByText('Please read the agreement and sign below to accept it.')).toBeTruthy()
    expect(pads[0].options).toMatchObject({ minWidth: 0.5, maxWidth: 2.5, throttle: 16, minDistance: 5 })
    expect(pads[0].options).toEqual(SIGNATURE_PAD_OPTIONS)

    // Empty until drawn: Continue asks for the signature.
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByRole('alert').textContent).toBe('Please sign the agreement to continue.')
    act(() => pads[0].draw())
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: 'Mail Configuration' })).toBeTruthy()
    expect(requests.find((request) => request.path === '/api/site/initial/agreement')?.body).toEqual({
      signature: 'data:image/jpeg;base64,U0lHTkVE',
    })
    expect(screen.getByRole('button', { name: 'Step 2: Agreement, done' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Step 3: Mail Configuration' }).getAttribute('aria-current')).toBe('step')
  })

  it('checks the support email, saves it, and finishes with Complete', async () => {
    let initial: InitialSettings = { ...NOTHING, agreements: signed, mail_config: { type: 'smtp', config: smtpConfig } }
    const requests = mockApi({
      'GET /api/site/settings/initial': () => respond(200, initial),
      'PATCH /api/site/settings/support-email': (request) => {
        initial = { ...initial, support_email: (request.body as { supportEmail: string }).supportEmail }
        return respond(200, { supportEmail: initial.support_email })
      },
      'POST /api/auth/init/complete': () => respond(200, { hasInit: true }),
      'GET /api/auth/me': () => respond(200, me({ hasInit: true })),
    })
    renderWizard()
    const email = await screen.findByLabelText('Support email')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByRole('alert').textContent).toBe('Email is required')
    await userEvent.type(email, 'nope')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByRole('alert').textContent).toBe('Email must be valid')
    await userEvent.clear(email)
    await userEvent.type(email, 'help@demo.test')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: "You're all set" })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/site/settings/initial',
      'PATCH /api/site/settings/support-email',
      'GET /api/site/settings/initial',
      'POST /api/auth/init/complete',
      'GET /api/auth/me',
    ])
  })

  it('shows the server’s refusal when Complete comes too early', async () => {
    mockApi({
      'GET /api/site/settings/initial': () => respond(200, NOTHING),
      'POST /api/auth/init/complete': () =>
        respond(409, { message: 'Finish the setup first: sign the agreement, configure mail, set the support email.', code: 'conflict' }),
    })
    renderWizard()
    await userEvent.click(await screen.findByRole('button', { name: 'Step 5: Finish' }))
    await userEvent.click(screen.getByRole('button', { name: 'Complete' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Finish the setup first: sign the agreement, configure mail, set the support email.',
    )
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('Later postpones it and closes', async () => {
    const requests = mockApi({
      'GET /api/site/settings/initial': () => respond(200, NOTHING),
      'POST /api/auth/init/completeLater': () => respond(200, { ok: true }),
      'GET /api/auth/me': () => respond(200, me({ initDeferred: true })),
    })
    renderWizard()
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests.some((request) => request.path === '/api/auth/init/completeLater')).toBe(true)
  })

  it('says so when the setup cannot be loaded', async () => {
    mockApi({ 'GET /api/site/settings/initial': () => Promise.reject(new TypeError('Failed to fetch')) })
    renderWizard()
    expect(await screen.findByText('Something went wrong please. Please contact the administrator.')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
