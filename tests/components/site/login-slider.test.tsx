import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import LoginScreen from '../../../src/domains/auth/ui/LoginScreen'
import { LoginSlider, SLIDE_INTERVAL_MS } from '../../../src/domains/site-setup/ui/LoginSlider'
import { siteState } from '../../../src/client/state/site'

const SLIDES = [
  { id: 1, artistName: 'Nina Vale', text: 'New single out now', link: null, imageUrl: '/api/site/public/files/1' },
  { id: 2, artistName: 'Marsh Audio', text: 'Summer showcase', link: 'https://example.com/showcase', imageUrl: '/api/site/public/files/2' },
  { id: 3, artistName: 'Aurora Fields', text: '', link: null, imageUrl: null },
]

afterEach(() => {
  vi.useRealTimers()
  siteState.slides = []
  siteState.logo = null
})

const shown = () => screen.getByRole('group', { name: /of 3:/ }).getAttribute('aria-label')

describe('login slider', () => {
  it('shows the slides in order, with next, previous and a dot for each', async () => {
    render(
      <Theme>
        <LoginSlider slides={SLIDES} />
      </Theme>,
    )
    expect(shown()).toBe('1 of 3: Nina Vale')
    expect(screen.getByText('New single out now')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }))
    expect(shown()).toBe('2 of 3: Marsh Audio')
    const link = screen.getByRole('link', { name: 'Find out more about Marsh Audio' })
    expect(link.getAttribute('href')).toBe('https://example.com/showcase')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    await userEvent.click(screen.getByRole('button', { name: 'Previous slide' }))
    await userEvent.click(screen.getByRole('button', { name: 'Previous slide' }))
    expect(shown()).toBe('3 of 3: Aurora Fields')
    await userEvent.click(screen.getByRole('button', { name: 'Show slide 2: Marsh Audio' }))
    expect(shown()).toBe('2 of 3: Marsh Audio')
    expect(screen.getByRole('button', { name: 'Show slide 2: Marsh Audio' }).getAttribute('aria-current')).toBe('true')
  })

  it('moves on by itself, but not once paused', () => {
    vi.useFakeTimers()
    render(
      <Theme>
        <LoginSlider slides={SLIDES} />
      </Theme>,
    )
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS))
    expect(shown()).toBe('2 of 3: Marsh Audio')
    act(() => screen.getByRole('button', { name: 'Pause the slides' }).click())
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3))
    expect(shown()).toBe('2 of 3: Marsh Audio')
  })

  it('is on the sign-in page with the workspace logo when there are slides', () => {
    siteState.name = 'Demo Music'
    siteState.logo = { url: '/api/site/public/files/7', width: 167, height: 50 }
    siteState.slides = SLIDES.slice(0, 2)
    render(
      <Theme>
        <LoginScreen />
      </Theme>,
    )
    const logo = screen.getByRole('img', { name: 'Demo Music' }) as HTMLImageElement
    expect(logo.getAttribute('src')).toBe('/api/site/public/files/7')
    expect(logo.style.height).toBe('50px')
    const carousel = screen.getByRole('region', { name: 'Featured artists' })
    expect(within(carousel).getByRole('heading', { name: 'Nina Vale' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy()
  })

  it('is not there without slides', () => {
    render(
      <Theme>
        <LoginScreen />
      </Theme>,
    )
    expect(screen.queryByRole('region', { name: 'Featured artists' })).toBeNull()
  })
})
