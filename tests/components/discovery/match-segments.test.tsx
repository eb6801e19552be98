import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { Theme } from '@radix-ui/themes'
import { Segments, clock } from '../../../src/domains/discovery/ui/MatchScreen'

describe('a match’s segments', () => {
  it('are marked on a timeline of the original and of the copy, at their place, and listed', () => {
    render(
      <Theme>
        <Segments
          match={{
            duration: 1200,
            segments: [
              { original: [0, 30], copy: [600, 630] },
              { original: [45, 110.5], copy: [900, 965.5] },
            ],
          }}
        />
      </Theme>,
    )
    const original = screen.getByRole('img', { name: /^Original/ })
    const copy = screen.getByRole('img', { name: /^Copy/ })
    expect(original.getAttribute('aria-label')).toBe('Original: 0:00–0:30, 0:45–1:51')
    expect(copy.getAttribute('aria-label')).toBe('Copy: 10:00–10:30, 15:00–16:06')
    const marks = within(copy).getAllByTestId('segment')
    expect(marks).toHaveLength(2)
    // 600 s of a 1200 s copy starts halfway along.
    expect(marks[0].style.left).toBe('50%')
    expect(within(screen.getByRole('list', { name: 'Matching segments' })).getAllByRole('listitem')[1].textContent).toBe(
      'Original 0:45–1:51 ↔ copy 15:00–16:06',
    )
  })

  it('reads times as minutes and seconds', () => {
    expect(clock(0)).toBe('0:00')
    expect(clock(95.5)).toBe('1:36')
    expect(clock(3600)).toBe('60:00')
  })
})
