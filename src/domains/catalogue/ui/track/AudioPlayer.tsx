import { useRef, useState } from 'react'
import { Flex, IconButton, Text } from '@radix-ui/themes'
import { PauseIcon, PlayIcon } from '@radix-ui/react-icons'
import { formatMinSec } from '../min-sec'

const clock = (seconds: number | null) => formatMinSec(seconds) || '0:00'

/**
 * A file's player. The browser's own controls read "0:00 / 0:00" until the file's metadata has
 * loaded (nothing is fetched before Play), beside the track's known duration; this one shows the
 * known duration from the start and the file's own once the browser has it.
 */
export function AudioPlayer({ src, label, knownDuration }: { src: string; label: string; knownDuration: number | null }) {
  const audio = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const [position, setPosition] = useState(0)
  const [loaded, setLoaded] = useState<number | null>(null)
  const total = loaded ?? knownDuration
  const toggle = () => {
    const element = audio.current
    if (!element) return
    if (element.paused) void element.play().catch(() => setPlaying(false))
    else element.pause()
  }
  return (
    <Flex gap="2" align="center" role="group" aria-label={`${label} player`}>
      <audio
        ref={audio}
        src={src}
        aria-label={label}
        preload="none"
        onLoadedMetadata={(event) => Number.isFinite(event.currentTarget.duration) && setLoaded(event.currentTarget.duration)}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
      <IconButton
        type="button"
        size="1"
        variant="soft"
        radius="full"
        aria-label={playing ? `Pause ${label}` : `Play ${label}`}
        onClick={toggle}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </IconButton>
      <input
        type="range"
        min={0}
        max={total ?? 0}
        step={0.1}
        value={Math.min(position, total ?? 0)}
        disabled={!total}
        aria-label={`Position in ${label}`}
        aria-valuetext={`${clock(position)} of ${total === null ? 'unknown length' : clock(total)}`}
        onChange={(event) => {
          const next = Number(event.target.value)
          setPosition(next)
          if (audio.current) audio.current.currentTime = next
        }}
        style={{ width: 160 }}
      />
      <Text size="1" color="gray" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {clock(position)} / {total === null ? '–:––' : clock(total)}
      </Text>
    </Flex>
  )
}
