import { afterEach, describe, expect, it, vi } from 'vitest'
import { Profiler } from 'react'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { Palette } from '../../../src/client/shell/Palette'
import { shellActions, shellState } from '../../../src/client/shell/ui-state'
import { RECENTS_SAVE_DELAY_MS, flushRecents, recents, rememberRecord } from '../../../src/client/shell/recents'
import * as fixtures from '../site/fixtures'

// The palette stays mounted and hidden between openings (issue 18: visible < 50 ms). What a modal
// dialog gave it must still hold: named, focused on open, focus held inside, Escape and a click
// outside close it, focus goes back, and each opening starts afresh.
afterEach(() => {
  act(() => shellActions.close())
  vi.restoreAllMocks()
})

async function mounted() {
  await fixtures.signIn(fixtures.me())
  fixtures.mockApi({ 'GET /api/search': () => fixtures.respond(200, { hits: [], late: [] }) })
  render(
    <Theme>
      <button type="button">Before</button>
      <Palette />
    </Theme>,
  )
  const before = screen.getByRole('button', { name: 'Before' })
  before.focus()
  return before
}

// Valtio tells its readers in a microtask: the opening renders after it.
const opened = () => act(async () => shellActions.open('palette'))
const input = () => document.querySelector<HTMLInputElement>('[cmdk-input]')!

describe('the palette as a layer', () => {
  it('is out of the way while closed, and a named modal dialog with its input focused when open', async () => {
    await mounted()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.querySelectorAll('[cmdk-item]')).toHaveLength(0)
    // Its text is in the page though hidden: a screen's "No results" must be the only one.
    expect(screen.queryByText(/No results|Searching/)).toBeNull()

    await opened()
    const dialog = screen.getByRole('dialog', { name: 'Command palette' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement).toBe(input())
    await waitFor(() => expect(document.querySelectorAll('[cmdk-item]').length).toBeGreaterThan(0))
  })

  it('closes on Escape and gives focus back; the next opening starts with an empty query', async () => {
    const before = await mounted()
    await opened()
    await userEvent.keyboard('users')
    expect(input().value).toBe('users')

    await userEvent.keyboard('{Escape}')
    expect(shellState.dialog).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(before)

    await opened()
    expect(input().value).toBe('')
    expect(document.activeElement).toBe(input())
  })

  it('lets go of the keyboard in the Escape itself, before the closing renders: keys typed next reach the page', async () => {
    const before = await mounted()
    await opened()
    // A keydown dispatched alone: the closing's render (valtio tells React in a microtask) has not run.
    fireEvent.keyDown(input(), { key: 'Escape' })
    expect(shellState.dialog).toBeNull()
    expect(document.activeElement).not.toBe(input())
    const typed: string[] = []
    const onKey = (event: KeyboardEvent) => typed.push(`${event.key}@${(event.target as Element).tagName}`)
    document.addEventListener('keydown', onKey)
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'g' })
    document.removeEventListener('keydown', onKey)
    expect(typed).toEqual(['g@BODY'])
    // Once rendered, focus is back where it was.
    await act(async () => undefined)
    expect(document.activeElement).toBe(before)
  })

  it('lets go of the keyboard when mod+k closes it again (the shell closes it, not the palette)', async () => {
    const before = await mounted()
    await opened()
    expect(document.activeElement).toBe(input())
    // Hotkeys.tsx closes an open palette on mod+k with shellActions.close(), outside the palette's own handlers.
    shellActions.close()
    expect(document.activeElement).not.toBe(input())
    await act(async () => undefined)
    expect(document.activeElement).toBe(before)
  })

  it('holds focus while open: Tab stays in the input, focus moved outside comes back; a click outside closes it', async () => {
    const before = await mounted()
    await opened()
    await userEvent.keyboard('{Tab}')
    expect(document.activeElement).toBe(input())
    await act(async () => before.focus())
    expect(document.activeElement).toBe(input())

    await userEvent.pointer({ keys: '[MouseLeft]', target: document.querySelector('.wl-palette-layer__backdrop')! })
    expect(shellState.dialog).toBeNull()
    expect(document.activeElement).toBe(before)
  })
})

describe('the closed palette and the recents', () => {
  it('does not render again when a record is remembered while it is closed, and shows it when opened', async () => {
    await mounted()
    let commits = 0
    cleanup()
    render(
      <Theme>
        <Profiler id="palette" onRender={() => commits++}>
          <Palette />
        </Profiler>
      </Theme>,
    )
    const before = commits
    await act(async () => rememberRecord({ kind: 'release', id: 70_001, title: 'Remembered while closed', path: '/releases/single/70001' }))
    // A record opened remembers itself: the hidden palette (cmdk and its rows) is not part of that frame.
    expect(commits).toBe(before)
    await opened()
    expect(await screen.findByText('Remembered while closed')).toBeTruthy()
  })

  it('writes the recents to storage after the opening task, not in it', async () => {
    vi.useFakeTimers()
    try {
      // Valtio tells its subscribers a few microtasks later.
      const settle = async () => {
        for (let i = 0; i < 5; i++) await Promise.resolve()
      }
      recents.owner = 'recents-test'
      await settle()
      flushRecents()
      const saved = () => JSON.parse(localStorage.getItem('wl_recents:recents-test') ?? '{"records":[]}').records[0]?.title
      rememberRecord({ kind: 'release', id: 70_002, title: 'Later', path: '/releases/single/70002' })
      await settle()
      expect(saved()).not.toBe('Later')
      vi.advanceTimersByTime(RECENTS_SAVE_DELAY_MS)
      expect(saved()).toBe('Later')
    } finally {
      vi.useRealTimers()
      recents.owner = null
    }
  })
})
