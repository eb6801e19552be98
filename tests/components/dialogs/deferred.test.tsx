import { describe, expect, it } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button, DropdownMenu, Theme } from '@radix-ui/themes'
import {
  deferred,
  deferredPopup,
  placeholderButton,
  warmDeferred,
  type PlaceholderProps,
  type PopupProps,
} from '../../../src/client/ui/dialogs/deferred'

/** A chunk that arrives when the test says so. */
function chunk<T>() {
  let arrive!: (value: T) => void
  let asked = 0
  const promise = new Promise<T>((resolve) => (arrive = resolve))
  return {
    load: () => {
      asked += 1
      return promise
    },
    arrive: (value: T) => act(async () => arrive(value)),
    asked: () => asked,
  }
}

interface MenuProps {
  label: string
}

function RealMenu({ label, defaultOpen, autoFocus }: MenuProps & PopupProps) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger>
        <Button autoFocus={autoFocus}>{label}</Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Item>Sign out</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  )
}

function PlainButton({ label, onOpen, buttonRef }: MenuProps & PlaceholderProps) {
  return <Button {...placeholderButton({ onOpen, buttonRef })}>{label}</Button>
}

describe('deferred', () => {
  it('renders nothing and fetches nothing until first open, then stays mounted when closed', async () => {
    const dialog = chunk<(props: { open: boolean }) => React.ReactElement>()
    const Dialog = deferred<{ open: boolean }>(dialog.load, (props) => props.open)
    const { rerender } = render(<Dialog open={false} />)
    expect(dialog.asked()).toBe(0)
    rerender(<Dialog open />)
    expect(dialog.asked()).toBe(1)
    await dialog.arrive(({ open }) => <p>{open ? 'shown' : 'hidden'}</p>)
    expect(await screen.findByText('shown')).toBeTruthy()
    rerender(<Dialog open={false} />)
    expect(screen.getByText('hidden')).toBeTruthy()
  })
})

/** A deferred menu with a placeholder, rendered; its chunk arrives when the test says. */
function renderMenu(label: string) {
  const menu = chunk<typeof RealMenu>()
  const Menu = deferredPopup<MenuProps>(menu.load, PlainButton)
  render(
    <Theme>
      <Menu label={label} />
    </Theme>,
  )
  return menu
}

describe('deferredPopup', () => {
  it('asks for nothing until pressed, then opens the real menu as soon as it arrives', async () => {
    const menu = renderMenu('Account')
    expect(menu.asked()).toBe(0)
    await userEvent.click(screen.getByRole('button', { name: 'Account' }))
    expect(menu.asked()).toBe(1)
    expect(screen.queryByRole('menu')).toBeNull()
    await menu.arrive(RealMenu)
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeTruthy()
  })

  it('opens from ArrowDown on the placeholder, as a menu button does', async () => {
    const menu = renderMenu('Columns')
    screen.getByRole('button', { name: 'Columns' }).focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(menu.asked()).toBe(1)
    await menu.arrive(RealMenu)
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeTruthy()
  })

  // Last: warming is for the whole page (every deferred chunk declared later is fetched at once).
  it('when idle, swaps in the real trigger closed, and it keeps the focus the placeholder had', async () => {
    const menu = renderMenu('Account')
    const placeholder = screen.getByRole('button', { name: 'Account' })
    placeholder.focus()
    act(() => warmDeferred())
    // Warm-up loads go through the background queue: asked once the page is idle.
    await waitFor(() => expect(menu.asked()).toBe(1))
    await menu.arrive(RealMenu)
    const real = screen.getByRole('button', { name: 'Account' })
    expect(real).not.toBe(placeholder)
    expect(document.activeElement).toBe(real)
    expect(screen.queryByRole('menu')).toBeNull()
  })
})
