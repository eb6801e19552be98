import { describe, expect, it } from 'vitest'
import { useRef, type ReactNode } from 'react'
import { render } from '@testing-library/react'
import { KeyboardBeforeScreenChange } from '../../../src/client/workspace/TabView'

// A tab moving to another screen with the keyboard on the old one (a list's focused row on Enter) puts
// the keyboard on the tab's body before the old elements go: removing the focused element made the
// browser restyle the whole page inside the removal (issue 18, record open).
function Tab({ screen, children }: { screen: string; children: ReactNode }) {
  const body = useRef<HTMLDivElement>(null)
  return (
    <div ref={body} tabIndex={-1} aria-label="Main content" role="region">
      <KeyboardBeforeScreenChange screen={screen} body={body}>
        {children}
      </KeyboardBeforeScreenChange>
    </div>
  )
}

describe('the keyboard when a tab changes screen', () => {
  it('leaves the old screen before its elements are removed, and lands on the tab body', () => {
    const blurs: boolean[] = []
    const { rerender, getByRole } = render(
      <Tab screen="/releases/{page}">
        <button>Night Drive</button>
      </Tab>,
    )
    const row = getByRole('button', { name: 'Night Drive' })
    // A listener of the page's own (React holds its events back while it changes the page).
    row.addEventListener('blur', () => blurs.push(row.isConnected))
    row.focus()
    rerender(
      <Tab screen="/releases/single/{id}">
        <h1>Night Drive</h1>
      </Tab>,
    )
    // It lost the keyboard while still in the page, not by being removed.
    expect(blurs).toEqual([true])
    expect(document.activeElement).toBe(getByRole('region', { name: 'Main content' }))
  })

  it('keeps the keyboard where it is when the screen stays (a list’s next page)', () => {
    const { rerender, getByRole } = render(
      <Tab screen="/releases/{page}">
        <button key="next">Next page</button>
      </Tab>,
    )
    getByRole('button', { name: 'Next page' }).focus()
    rerender(
      <Tab screen="/releases/{page}">
        <button key="next">Next page</button>
      </Tab>,
    )
    expect(document.activeElement).toBe(getByRole('button', { name: 'Next page' }))
  })
})
