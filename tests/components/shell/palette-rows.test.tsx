import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { Palette, ROWS_RENDERED } from '../../../src/client/shell/Palette'
import { shellActions } from '../../../src/client/shell/ui-state'
import { registry } from '../../../src/client/shell/commands'
import * as fixtures from '../site/fixtures'

// The palette renders the first rows of what it offers and adds more as the selection nears the last
// one: opening it and each keystroke cost ~30 rows whatever the registry's size (issue 18).
afterEach(() => {
  act(() => shellActions.close())
  vi.restoreAllMocks()
})

const rows = () => document.querySelectorAll('[cmdk-item]')
const selectedTitle = () => document.querySelector('[cmdk-item][data-selected="true"] .wl-palette__title')?.textContent

describe('the palette’s rows', () => {
  it('renders a window of what it offers, grows it as the selection moves down, and starts again on a new query', async () => {
    await fixtures.signIn(fixtures.me())
    fixtures.mockApi({ 'GET /api/search': () => fixtures.respond(200, { hits: [], late: [] }) })
    // Every command the signed-in admin may run here: more than one window of them.
    const offered = registry.all().length
    expect(offered).toBeGreaterThan(ROWS_RENDERED * 2)
    render(
      <Theme>
        <Palette />
      </Theme>,
    )
    act(() => shellActions.open('palette'))
    await waitFor(() => expect(rows().length).toBe(ROWS_RENDERED))
    const first = selectedTitle()
    expect(first).toBeTruthy()

    // Arrowing to the last rows brings the next window; the selection keeps moving through it.
    await userEvent.keyboard('{ArrowDown>' + String(ROWS_RENDERED - 1) + '/}')
    await waitFor(() => expect(rows().length).toBe(ROWS_RENDERED * 2))
    await userEvent.keyboard('{ArrowDown}')
    expect(selectedTitle()).toBe(rows()[ROWS_RENDERED].querySelector('.wl-palette__title')?.textContent)

    // A query starts from its first rows again.
    await userEvent.keyboard('a')
    await waitFor(() => expect(rows().length).toBeLessThanOrEqual(ROWS_RENDERED))
    expect(rows().length).toBeGreaterThan(0)
    // The list says which query its rows answer (the front-end bench times a keystroke to them).
    expect(document.querySelector('[cmdk-list]')?.getAttribute('data-shown-query')).toBe('a')
    await userEvent.keyboard('d')
    await waitFor(() => expect(document.querySelector('[cmdk-list]')?.getAttribute('data-shown-query')).toBe('ad'))
  })

  it('runs the row shown for what was typed: a row reused for another command runs that command', async () => {
    await fixtures.signIn(fixtures.me())
    fixtures.mockApi({ 'GET /api/search': () => fixtures.respond(200, { hits: [], late: [] }) })
    const alpha = vi.fn()
    const beta = vi.fn()
    const unregister = registry.register([
      { id: 'test.qxalpha', title: 'Qx alpha drill', group: 'Test', run: alpha },
      { id: 'test.qxbeta', title: 'Qx beta', group: 'Test', run: beta },
    ])
    try {
      render(
        <Theme>
          <Palette />
        </Theme>,
      )
      act(() => shellActions.open('palette'))
      await waitFor(() => expect(rows().length).toBeGreaterThan(0))
      // "qx": the shorter title first; "qx al": the other one takes the first row's place.
      await userEvent.keyboard('qx')
      await waitFor(() => expect(selectedTitle()).toBe('Qx beta'))
      await userEvent.keyboard(' al')
      await waitFor(() => expect(selectedTitle()).toBe('Qx alpha drill'))
      await userEvent.keyboard('{Enter}')
      await waitFor(() => expect(alpha).toHaveBeenCalledTimes(1))
      expect(beta).not.toHaveBeenCalled()

      // A click runs the row clicked, after its place was taken by another command too.
      act(() => shellActions.open('palette'))
      await userEvent.keyboard('qx al')
      await waitFor(() => expect(selectedTitle()).toBe('Qx alpha drill'))
      for (let i = 0; i < 3; i++) await userEvent.keyboard('{Backspace}')
      await waitFor(() => expect(document.querySelector('[cmdk-list]')?.getAttribute('data-shown-query')).toBe('qx'))
      const betaRow = [...rows()].find((row) => row.querySelector('.wl-palette__title')?.textContent === 'Qx beta')!
      await userEvent.click(betaRow)
      await waitFor(() => expect(beta).toHaveBeenCalledTimes(1))
      expect(alpha).toHaveBeenCalledTimes(1)
    } finally {
      unregister()
    }
  })
})
