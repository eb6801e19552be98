import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { EditRequestCompare } from '../../../src/domains/catalogue/ui/release/EditRequestCompare'
import { respond } from '../dialogs/fetch-mock'
import { ADDITIONAL, TRACK, editRequest, release, serveRoutes } from './fixtures'

afterEach(() => vi.restoreAllMocks())

function renderCompare(territories: string[], onClose = vi.fn()) {
  serveRoutes({
    'GET /api/releases/edit-requests/single/5': () => respond(200, editRequest(5)),
    'GET /api/releases/single/additional/7': () => respond(200, ADDITIONAL),
    'GET /api/releases/tracks/7': () => respond(200, { data: [TRACK] }),
  })
  render(
    <Theme>
      <EditRequestCompare release={release(6, { title: 'Night Drvie', territories })} requestId={5} version={0} onClose={onClose} />
    </Theme>,
  )
  return onClose
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('td, th')).map((cell) => cell.textContent?.replace('differs', '').trim()))

describe('an edit request against its release', () => {
  it('lines up what the release is now with what the request proposes, tinting each difference', async () => {
    renderCompare(['GB'])
    const table = await screen.findByRole('table', { name: 'Compared with edit request #5 (Open)' })
    expect(cells(table)).toEqual([
      ['GENERAL'],
      ['Title', 'Night Drvie', 'Night Drive'],
      ['DISTRIBUTION'],
      ['Territories', 'United Kingdom', 'United Kingdom, France'],
      ['TRACK: INTRO'],
      ['Explicit', 'No', 'Yes'],
    ])
    expect(screen.getByRole('status').textContent).toBe('3 fields differ')
  })

  it('warns when the release changed since the request was made, and closes', async () => {
    const onClose = renderCompare(['US'])
    const table = await screen.findByRole('table', { name: /edit request #5/ })
    expect(cells(table)[3]).toEqual(['Territories (changed since the request)', 'US', 'United Kingdom, France'])
    expect(cells(table)[1]).toEqual(['Title', 'Night Drvie', 'Night Drive'])
    await userEvent.click(screen.getByRole('button', { name: 'Close the comparison' }))
    expect(onClose).toHaveBeenCalled()
  })
})
