import { Suspense, type ReactElement } from 'react'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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

  it('shows the skeleton until a chunk nobody fetched ahead arrives', async () => {
    let arrive: (module: { default: () => ReactElement }) => void = () => undefined
    const Screen = lazyScreen(() => new Promise((resolve) => (arrive = resolve)))
    render(<Shown screen={Screen} />)
    expect(screen.getByText('skeleton')).toBeTruthy()
    await act(async () => arrive({ default: () => <p>the account</p> }))
    expect(await screen.findByText('the account')).toBeTruthy()
  })
})
