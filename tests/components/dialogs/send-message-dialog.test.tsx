import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { SendMessageDialog } from '../../../src/client/ui/dialogs/SendMessageDialog'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { mockFetch, respond } from './fetch-mock'

const SENT = 'Message sent successfully. Check your help center for updates.'
const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

function renderDialog() {
  const onOpenChange = vi.fn()
  render(
    <Theme>
      <SendMessageDialog open onOpenChange={onOpenChange} />
      <Notices />
    </Theme>,
  )
  return { onOpenChange }
}

describe('send message dialog', () => {
  it('needs a subject and a message before it sends anything', async () => {
    const { requests } = mockFetch(() => respond(201, { threadId: 1, message: SENT }))
    renderDialog()
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Title is required')).toBeTruthy()
    expect(screen.getByText('Message is required')).toBeTruthy()
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true')
    await userEvent.type(screen.getByLabelText('Subject'), 'Payout question')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.queryByText('Title is required')).toBeNull()
    expect(screen.getByText('Message is required')).toBeTruthy()
    expect(requests).toHaveLength(0)
  })

  it('sends subject, message and the attachment as a data URL, then shows the success notice and closes', async () => {
    const { requests } = mockFetch(() => respond(201, { threadId: 7, message: SENT }))
    const { onOpenChange } = renderDialog()
    await userEvent.type(screen.getByLabelText('Subject'), 'Missing royalties')
    await userEvent.type(screen.getByLabelText('Message'), 'March is missing from my statement.')
    await userEvent.upload(screen.getByLabelText('Attachment (optional)'), new File([PNG_BYTES], 'statement.png', { type: 'image/png' }))
    expect(await screen.findByText('statement.png')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(requests).toHaveLength(1)
    const body = requests[0].body as { subject: string; message: string; file: { name: string; dataUrl: string } }
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/helpCenter/send-message' })
    expect(body).toMatchObject({
      subject: 'Missing royalties',
      message: 'March is missing from my statement.',
      file: { name: 'statement.png' },
    })
    expect(body.file.dataUrl).toMatch(/^data:image\/png;base64,/)
    expect(Uint8Array.from(atob(body.file.dataUrl.split(',')[1]), (c) => c.charCodeAt(0))).toEqual(PNG_BYTES)
    expect(within(screen.getByRole('status')).getByText(SENT)).toBeTruthy()
  })

  it('writes to an account when staff open it on one, and says so', async () => {
    const { requests } = mockFetch(() => respond(200, { ok: true, message: 'Message sent successfully.' }))
    const onOpenChange = vi.fn()
    const onSent = vi.fn()
    render(
      <Theme>
        <SendMessageDialog open onOpenChange={onOpenChange} recipient={{ id: 42, name: 'Nina Vale' }} onSent={onSent} />
        <Notices />
      </Theme>,
    )
    expect(screen.getByRole('heading', { name: 'Send Nina Vale a message' })).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Subject'), 'Statement ready')
    await userEvent.type(screen.getByLabelText('Message'), 'Your March statement is in.')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/users/message',
      body: { userId: 42, subject: 'Statement ready', message: 'Your March statement is in.' },
    })
    expect(onSent).toHaveBeenCalled()
    expect(within(screen.getByRole('status')).getByText('Message sent successfully.')).toBeTruthy()
  })

  it('shows the failure in the dialog and keeps everything typed', async () => {
    mockFetch(() => respond(500, { message: 'Internal error' }))
    const { onOpenChange } = renderDialog()
    await userEvent.type(screen.getByLabelText('Subject'), 'Login trouble')
    await userEvent.type(screen.getByLabelText('Message'), 'The code never arrives.')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong, try refreshing the site and try again.')
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Login trouble')
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('The code never arrives.')
    expect(onOpenChange).not.toHaveBeenCalled()
    expect(screen.queryByText(SENT)).toBeNull()
  })

  it('shows the server’s refusal of the attachment beside the file', async () => {
    const refusal = 'The file must be a PDF, JPG or PNG document.'
    mockFetch(() => respond(415, { message: refusal, code: 'upload_type', errors: { file: refusal } }))
    renderDialog()
    await userEvent.type(screen.getByLabelText('Subject'), 'Screenshot')
    await userEvent.type(screen.getByLabelText('Message'), 'See attached')
    await userEvent.upload(screen.getByLabelText('Attachment (optional)'), new File(['<html></html>'], 'shot.png', { type: 'image/png' }))
    await screen.findByText('shot.png')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect((await screen.findByRole('alert')).textContent).toBe(refusal)
    expect(screen.getByLabelText('Attachment (optional)').getAttribute('aria-invalid')).toBe('true')
  })
})
