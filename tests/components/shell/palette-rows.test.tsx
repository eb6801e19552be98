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
})
