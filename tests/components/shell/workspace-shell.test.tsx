import { Suspense, type ComponentType } from 'react'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

// The workspace's chunk, held until the test lets it arrive (a fresh hold for each fresh App module).
let arrive: () => void = () => undefined
let arrived: Promise<void> = Promise.resolve()
const hold = () => (arrived = new Promise<void>((resolve) => (arrive = resolve)))
vi.mock('../../../src/client/shell/Shell', async () => {
  await arrived
  return { default: () => <p>the workspace</p> }
})

async function freshApp() {
  vi.resetModules()
  return (await import('../../../src/client/App')) as { WorkspaceShell: ComponentType; loadShell(): Promise<unknown> }
}

function Shown({ Workspace }: { Workspace: ComponentType }) {
  return (
    <Suspense fallback={<p>fallback</p>}>
      <Workspace />
    </Suspense>
  )
}

describe('the signed-in workspace', () => {
  it('renders in the first commit when its chunk came ahead (asked at start-up), with no loading screen in between', async () => {
    hold()
    const { WorkspaceShell, loadShell } = await freshApp()
    arrive()
    await loadShell()
    render(<Shown Workspace={WorkspaceShell} />)
    // Synchronously: a loading screen here (a lazy() suspending once) is what React then holds on
    // screen for its 300 ms fallback throttle: the first list waited ~200 ms with its chunks on hand.
    expect(screen.getByText('the workspace')).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByText('fallback')).toBeNull()
  })

  it('draws its loading screen itself, not as a Suspense fallback, while its chunk is on its way', async () => {
    hold()
    const { WorkspaceShell, loadShell } = await freshApp()
    render(<Shown Workspace={WorkspaceShell} />)
    expect(screen.queryByText('fallback')).toBeNull()
    expect(screen.getByRole('status')).toBeTruthy()
    await act(async () => {
      arrive()
      await loadShell()
    })
    expect(screen.getByText('the workspace')).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
  })
})
