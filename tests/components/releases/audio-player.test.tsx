import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { Theme } from '@radix-ui/themes'
import { AudioPlayer } from '../../../src/domains/catalogue/ui/track/AudioPlayer'

describe('audio player', () => {
  it('shows the track’s known duration before the file’s metadata has loaded, then the file’s own', () => {
    render(
      <Theme>
        <AudioPlayer src="/api/files/9" label="Audio of Intro" knownDuration={163} />
      </Theme>,
    )
    expect(screen.getByText('0:00 / 2:43')).toBeTruthy()
    expect(screen.queryByText('0:00 / 0:00')).toBeNull()
    const audio = screen.getByLabelText('Audio of Intro', { selector: 'audio' }) as HTMLAudioElement
    Object.defineProperty(audio, 'duration', { configurable: true, value: 165.2 })
    fireEvent.loadedMetadata(audio)
    expect(screen.getByText('0:00 / 2:45')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Play Audio of Intro' })).toBeTruthy()
  })

  it('says the length is not known yet for a file without one, instead of 0:00', () => {
    render(
      <Theme>
        <AudioPlayer src="/api/files/10" label="Instrumental of Intro" knownDuration={null} />
      </Theme>,
    )
    expect(screen.getByText('0:00 / –:––')).toBeTruthy()
  })
})
