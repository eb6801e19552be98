import { Component, Suspense, type ReactElement, type ReactNode } from 'react'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { lazyScreen } from '../../../src/client/routing/lazy-screen'

const props = { params: {}, search: new URLSearchParams() }

function Shown({ screen: Screen }: { screen: ReturnType<typeof lazyScreen> }) {
  return (
    <Suspense fallback={<p>skeleton</p>}>
      <Screen {...props} />
    </Suspense>
  )
}

describe('a lazily loaded screen', () => {
  it('renders in the first commit when its chunk came ahead, with no skeleton in between', async () => {
    const Screen = lazyScreen(async () => ({ default: () => <p>the release</p> }))
    await Screen.preload()
    render(<Shown screen={Screen} />)
    // Synchronously: a skeleton here is what React then holds on screen for its 300 ms fallback throttle.
    expect(screen.getByText('the release')).toBeTruthy()
    expect(screen.queryByText('skeleton')).toBeNull()
  })

  it('shows its own skeleton, not a Suspense fallback, until a chunk still on its way arrives', async () => {
    let arrive: (module: { default: () => ReactElement }) => void = () => undefined
    const Screen = lazyScreen(() => new Promise((resolve) => (arrive = resolve)))
    render(<Shown screen={Screen} />)
    // A Suspense fallback here is what React 19 then holds for 300 ms after the chunk is in.
    expect(screen.queryByText('skeleton')).toBeNull()
    expect(screen.getByLabelText('Loading')).toBeTruthy()
    await act(async () => arrive({ default: () => <p>the account</p> }))
    expect(screen.getByText('the account')).toBeTruthy()
    expect(screen.queryByLabelText('Loading')).toBeNull()
  })

  it('throws a chunk that failed to load to the error boundary', async () => {
    const Screen = lazyScreen(() => Promise.reject(new Error('chunk gone')))
    const errors: unknown[] = []
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false }
      static getDerivedStateFromError() {
        return { failed: true }
      }
      override componentDidCatch(error: unknown) {
        errors.push(error)
      }
      override render() {
        return this.state.failed ? <p>failed</p> : this.props.children
      }
    }
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <Boundary>
        <Shown screen={Screen} />
      </Boundary>,
    )
    expect(await screen.findByText('failed')).toBeTruthy()
    expect(String(errors[0])).toMatch(/chunk gone/)
    quiet.mockRestore()
  })
})
