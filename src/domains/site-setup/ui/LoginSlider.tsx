import { useEffect, useState } from 'react'
import { Box, Flex, Heading, IconButton, Link, Text, VisuallyHidden } from '@radix-ui/themes'
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@radix-ui/react-icons'

export interface SliderSlide {
  id: number
  artistName: string
  text: string
  link: string | null
  imageUrl: string | null
}

export const SLIDE_INTERVAL_MS = 6000

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

/**
 * The sign-in page's featured artists, in the order the admins set: one slide at a time, moving on
 * by itself (not while hovered, focused, paused, or when the system asks for less motion).
 */
export function LoginSlider({ slides }: { slides: readonly SliderSlide[] }) {
  const [index, setIndex] = useState(0)
  const [held, setHeld] = useState(false)
  const [paused, setPaused] = useState(prefersReducedMotion)
  const count = slides.length
  const current = count ? slides[Math.min(index, count - 1)] : null

  useEffect(() => {
    if (count < 2 || held || paused) return
    const timer = setInterval(() => setIndex((now) => (now + 1) % count), SLIDE_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [count, held, paused])

  if (!current) return null
  const go = (delta: number) => setIndex((now) => (now + delta + count) % count)
  const position = Math.min(index, count - 1)

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label="Featured artists"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setHeld(false)}
      style={{
        position: 'relative',
        width: '100%',
        maxWidth: 560,
        borderRadius: 'var(--radius-4)',
        overflow: 'hidden',
        background: 'var(--wl-navbar-bg)',
      }}
    >
      <Box
        role="group"
        aria-roledescription="slide"
        aria-label={`${position + 1} of ${count}: ${current.artistName}`}
        style={{ position: 'relative', aspectRatio: '16 / 10' }}
      >
        {current.imageUrl && (
          <img
            src={current.imageUrl}
            alt=""
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          />
        )}
        <Flex
          direction="column"
          justify="end"
          gap="1"
          p="5"
          style={{
            position: 'absolute',
            inset: 0,
            background: 'linear-gradient(to top, rgba(0,0,0,0.75), rgba(0,0,0,0) 60%)',
            color: '#FFFFFF',
          }}
        >
          <Text size="1" style={{ textTransform: 'uppercase', letterSpacing: '0.08em', opacity: 0.8 }}>
            Featured artist
          </Text>
          <Heading as="h2" size="6" style={{ color: '#FFFFFF' }}>
            {current.artistName}
          </Heading>
          {current.text && <Text size="3">{current.text}</Text>}
          {current.link && (
            <Link
              href={current.link}
              target="_blank"
              rel="noopener noreferrer"
              size="2"
              style={{ color: '#FFFFFF', textDecoration: 'underline' }}
            >
              Find out more<VisuallyHidden> about {current.artistName}</VisuallyHidden>
            </Link>
          )}
        </Flex>
      </Box>
      {count > 1 && (
        <Flex align="center" justify="between" px="3" py="2" style={{ background: 'rgba(0,0,0,0.6)' }}>
          <Flex gap="1">
            <IconButton size="1" variant="ghost" style={{ color: '#FFFFFF' }} aria-label="Previous slide" onClick={() => go(-1)}>
              <ChevronLeftIcon />
            </IconButton>
            <IconButton size="1" variant="ghost" style={{ color: '#FFFFFF' }} aria-label="Next slide" onClick={() => go(1)}>
              <ChevronRightIcon />
            </IconButton>
            <IconButton
              size="1"
              variant="ghost"
              style={{ color: '#FFFFFF' }}
              aria-label={paused ? 'Play the slides' : 'Pause the slides'}
              onClick={() => setPaused((now) => !now)}
            >
              {paused ? <PlayIcon /> : <PauseIcon />}
            </IconButton>
          </Flex>
          <Flex gap="2" align="center">
            {slides.map((slide, dot) => (
              <button
                key={slide.id}
                type="button"
                aria-label={`Show slide ${dot + 1}: ${slide.artistName}`}
                aria-current={dot === position ? 'true' : undefined}
                onClick={() => setIndex(dot)}
                style={{
                  width: 8,
                  height: 8,
                  padding: 0,
                  borderRadius: '50%',
                  border: 'none',
                  cursor: 'pointer',
                  background: dot === position ? 'var(--accent-9)' : 'rgba(255,255,255,0.5)',
                }}
              />
            ))}
          </Flex>
        </Flex>
      )}
    </Box>
  )
}
