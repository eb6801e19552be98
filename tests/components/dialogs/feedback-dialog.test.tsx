import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { FeedbackDialog } from '../../../src/client/ui/dialogs/FeedbackDialog'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { mockFetch, respond } from './fetch-mock'

afterEach(() => {
  noticeState.items.splice(0)
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function renderDialog() {
  const onOpenChange = vi.fn()
  render(
    <Theme>
      <FeedbackDialog open onOpenChange={onOpenChange} />
      <Notices />
    </Theme>,
  )
  return { onOpenChange }
}

describe('feedback dialog', () => {
  it('does nothing while the message is empty', async () => {
    const { requests } = mockFetch(() => respond(201, { ok: true, message: 'Feedback submitted successfully' }))
    const { onOpenChange } = renderDialog()
    const send = screen.getByRole('button', { name: 'Send' })
    expect(send).toHaveProperty('disabled', true)
    await userEvent.click(send)
    await userEvent.type(screen.getByLabelText('Message'), '   {Control>}{Enter}{/Control}')
    expect(send).toHaveProperty('disabled', true)
    expect(requests).toHaveLength(0)
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it('sends the message, severity and current page, then shows a green notice for 3 seconds and closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    window.history.pushState(null, '', '/releases/manage/3?status=2')
    const { requests } = mockFetch(() => respond(201, { ok: true, message: 'Feedback submitted successfully' }))
    const { onOpenChange } = renderDialog()
    await user.type(screen.getByLabelText('Message'), 'The list forgets my page')
    await user.click(screen.getByRole('combobox', { name: 'Severity' }))
    await user.click(await screen.findByRole('option', { name: 'High' }))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/dashboard/feedback',
      body: { message: 'The list forgets my page', severity: 'high', page: '/releases/manage/3?status=2' },
    })
    const notice = within(screen.getByRole('status')).getByText('Feedback submitted successfully')
    expect(notice.closest('[data-tone]')?.getAttribute('data-tone')).toBe('success')
    await act(async () => vi.advanceTimersByTime(2500))
    expect(screen.queryByText('Feedback submitted successfully')).not.toBeNull()
    await act(async () => vi.advanceTimersByTime(600))
    expect(screen.queryByText('Feedback submitted successfully')).toBeNull()
  })

  it('fails silently and keeps what was typed', async () => {
    const { requests } = mockFetch(() => respond(500, { message: 'Internal error' }))
    const { onOpenChange } = renderDialog()
    await userEvent.type(screen.getByLabelText('Message'), 'Charts are slow')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(requests).toHaveLength(1))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false))
    expect(onOpenChange).not.toHaveBeenCalled()
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Charts are slow')
    expect(screen.queryByText('Internal error')).toBeNull()
    expect(screen.queryByText('Feedback submitted successfully')).toBeNull()
  })
})
