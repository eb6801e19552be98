import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import * as blobs from '../../../src/client/save-blob'
import { AccountDownloads } from '../../../src/domains/reports/ui/AccountDownloads'
import { Notices } from '../../../src/client/ui/notices/Notices'
import { noticeState } from '../../../src/client/ui/notices/notices'
import { mockFetch, respond } from '../dialogs/fetch-mock'

afterEach(() => {
  noticeState.items.splice(0)
  vi.restoreAllMocks()
})

function renderDownloads() {
  return render(
    <Theme>
      <AccountDownloads userId={42} />
      <Notices />
    </Theme>,
  )
}

describe('account downloads', () => {
  it('downloads a report for the chosen months and saves it under the name the server gives', async () => {
    const saved = vi.spyOn(blobs, 'saveBlob').mockImplementation(() => undefined)
    const { requests } = mockFetch(
      () =>
        new Response('track,amount\r\nOne,1.00\r\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'content-disposition': "attachment; filename*=UTF-8''nina-tracks-2026-01-2026-03.csv" },
        }),
    )
    renderDownloads()
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03' } })
    await userEvent.click(screen.getByRole('button', { name: 'Download track report' }))
    await waitFor(() => expect(saved).toHaveBeenCalled())
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/users/track-report',
      body: { userId: 42, from: '2026-01', to: '2026-03' },
    })
    expect(saved.mock.calls[0][1]).toBe('nina-tracks-2026-01-2026-03.csv')
    expect(await screen.findByText('Track report downloaded.')).toBeTruthy()
  })

  it('keeps the reports whose data does not exist yet, and a reversed period, from being asked for', async () => {
    const { requests } = mockFetch(() => respond(500, {}))
    renderDownloads()
    const influencer = screen.getByRole('button', { name: 'Download influencer report' })
    expect(influencer).toHaveProperty('disabled', true)
    // Influencer and delivery log wait for their areas; the audience download is there since fan blast.
    expect(screen.getAllByText(/not available yet/).length).toBe(2)
    expect(screen.getByRole('button', { name: 'Download audience report' })).toHaveProperty('disabled', false)
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02' } })
    expect(screen.getByRole('alert').textContent).toBe('The first month must not be after the last.')
    expect(screen.getByRole('button', { name: 'Download track report' })).toHaveProperty('disabled', true)
    // The statement covers one month (From) and stays available.
    expect(screen.getByRole('button', { name: 'Download statement report' })).toHaveProperty('disabled', false)
    expect(requests).toEqual([])
  })

  it('says why when the server refuses', async () => {
    vi.spyOn(blobs, 'saveBlob').mockImplementation(() => undefined)
    mockFetch(() => respond(404, { message: 'There is no such account in this workspace.' }))
    renderDownloads()
    await userEvent.click(screen.getByRole('button', { name: 'Download release report' }))
    expect(await screen.findByText('There is no such account in this workspace.')).toBeTruthy()
  })
})
