import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render } from '@testing-library/react'

// A list's thumbnails (release covers) wait while a read the user waits for is in flight: a dozen of
// them had taken the connections a record's read needed (issue 18, record open).
type Loads = typeof import('../../../src/client/routing/background-loads')
type ThumbModule = typeof import('../../../src/client/ui/list/Thumb')
let loads: Loads
let Thumb: ThumbModule['Thumb']

/** The images the page asked the browser for; `arrive` fires their load. */
let asked: { src: string; onload: (() => void) | null; onerror: (() => void) | null }[] = []
class FakeImage {
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  set src(value: string) {
    asked.push({ src: value, onload: () => this.onload?.(), onerror: () => this.onerror?.() })
  }
}
const arrive = () => act(async () => asked.forEach((image) => image.onload?.()))
const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(1_100)))

beforeEach(async () => {
  vi.useFakeTimers()
  vi.resetModules()
  vi.stubGlobal('Image', FakeImage)
  asked = []
  loads = await import('../../../src/client/routing/background-loads')
  Thumb = (await import('../../../src/client/ui/list/Thumb')).Thumb
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const covers = (container: HTMLElement) => [...container.querySelectorAll('img')].map((image) => image.getAttribute('src'))

describe('list thumbnails', () => {
  it('wait for the read in flight, then load in the rows’ order and show when in', async () => {
    let answer = () => undefined as void
    void loads.foregroundRead(new Promise<void>((resolve) => (answer = resolve)))
    const { container } = render(
      <>
        {[1, 2, 3, 4, 5].map((id) => (
          <Thumb key={id} src={`/api/files/${id}`} />
        ))}
      </>,
    )
    await settle()
    expect(asked).toEqual([])
    expect(container.querySelectorAll('[data-thumb-pending]')).toHaveLength(5)

    answer()
    await settle()
    // Two at once, in order; the next two once they are in.
    expect(asked.map((image) => image.src)).toEqual(['/api/files/1', '/api/files/2'])
    expect(covers(container)).toEqual([])
    await arrive()
    expect(covers(container)).toEqual(['/api/files/1', '/api/files/2'])
    await settle()
    expect(asked.map((image) => image.src)).toEqual(['/api/files/1', '/api/files/2', '/api/files/3', '/api/files/4'])
    await arrive()
    await settle()
    await arrive()
    expect(covers(container)).toHaveLength(5)

    // One the browser has already shows at once on the next page.
    const again = render(<Thumb src="/api/files/2" />)
    expect(covers(again.container)).toEqual(['/api/files/2'])
  })

  it('does not ask for a thumbnail whose row went away before its turn', async () => {
    const { unmount } = render(<Thumb src="/api/files/9" />)
    unmount()
    await settle()
    expect(asked).toEqual([])
  })
})
