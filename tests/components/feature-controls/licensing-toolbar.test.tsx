import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { Theme } from '@radix-ui/themes'
import { respond } from '../dialogs/fetch-mock'
import { serveRoutes } from '../releases/fixtures'
import { LICENSING_SCREENS } from '../../../src/domains/feature-controls/ui/licensing'

afterEach(() => vi.restoreAllMocks())

describe('cover song licensing toolbar', () => {
  it('shows the mechanical rate table and searches songs already licensed', async () => {
    const searched: string[] = []
    serveRoutes({
      'GET /api/licensing/rates': () =>
        respond(200, { data: [{ format: 'physical', from: '2023-01-01', to: '2023-12-31', perCopy: '0.12', perMinute: '0.0231', source: 'Phonorecords IV' }] }),
      'GET /api/licensing/getSearch': (request) => {
        searched.push(String(request.query.get('query')))
        return respond(200, {
          data: [{ id: 4, songTitle: 'Harbour Lights', composedBy: 'June Harper', originalRecordingArtist: 'The Originals', publishedBy: '', albumTitle: 'Covers', licensee: 'Demo Records', approvedAt: null }],
        })
      },
    })
    render(<Theme>{LICENSING_SCREENS.toolbar}</Theme>)
    const rates = await screen.findByLabelText('Mechanical rates')
    expect(within(rates).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'FormatPeriodPer copyPer minuteSource',
      'Physical phonorecord (CD, vinyl, cassette)2023-01-01 – 2023-12-31$0.12$0.0231Phonorecords IV',
    ])
    fireEvent.change(screen.getByLabelText('Search songs already licensed'), { target: { value: 'harbour' } })
    const found = await screen.findByLabelText('Songs already licensed', {}, { timeout: 2000 })
    expect(found.textContent).toBe('#4 Harbour Lights (June Harper; orig. The Originals) on Covers, licensed to Demo Records')
    expect(searched).toEqual(['harbour'])
  })
})
