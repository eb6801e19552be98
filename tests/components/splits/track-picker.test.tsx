import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { TrackPicker } from '../../../src/domains/splits/ui/NewSplitScreen'

const track = (id: number, title: string) => ({
  id,
  title,
  isrc: null,
  releaseId: 1,
  releaseTitle: 'Nightfall',
  artwork: null,
  ownerName: 'Nina Vale',
})

afterEach(() => vi.restoreAllMocks())

describe('create split: the track search', () => {
  it('moves through the tracks found with ↓/↑ and takes the highlighted one with Enter', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ tracks: [track(1, 'Nightfall 1'), track(2, 'Nightfall 2'), track(3, 'Nightfall 10')] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    )
    const onPick = vi.fn()
    render(
      <Theme>
        <TrackPicker onPick={onPick} />
      </Theme>,
    )
    const box = screen.getByRole('combobox', { name: 'Find a track' })
    await userEvent.type(box, 'Nightfall')
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3))
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('Nightfall 1')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}')
    expect(box.getAttribute('aria-activedescendant')).toBe('split-track-2')
    await userEvent.keyboard('{Enter}')
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 2, title: 'Nightfall 2' }))
  })
})
