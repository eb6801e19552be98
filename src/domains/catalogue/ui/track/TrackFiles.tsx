import { useCallback, useEffect, useRef, useState } from 'react'
import { Button, DataList, Flex, Progress, Text } from '@radix-ui/themes'
import { UploadIcon } from '@radix-ui/react-icons'
import { MAX_AUDIO_BYTES, TRACK_FILE_KINDS, TRACK_FILE_LABELS, type Track, type TrackFileKind } from '@contract/releases'
import { ApiError } from '@client/api'
import { showNotice } from '@client/ui/notices/notices'
import { uploadTrackFile } from '../uploader/upload-track-file'
import { ACTION_FAILED } from '../actions'
import { AudioPlayer } from './AudioPlayer'

type TrackFilesOf = Pick<Track, 'id' | 'title' | 'audioUrl' | 'instrumentUrl' | 'dolbyUrl'> & { duration?: number | null }

const URL_OF = { audio: 'audioUrl', instrument: 'instrumentUrl', dolby: 'dolbyUrl' } as const
const ACCEPT: Record<TrackFileKind, string> = {
  audio: '.wav,.flac,.mp3,audio/wav,audio/x-wav,audio/flac,audio/mpeg',
  instrument: '.wav,.flac,.mp3,audio/wav,audio/x-wav,audio/flac,audio/mpeg',
  dolby: '.wav,audio/wav,audio/x-wav',
}
export const TRACK_FILE_RULES: Record<TrackFileKind, string> = {
  audio: `WAV, FLAC or MP3, up to ${MAX_AUDIO_BYTES / 1024 / 1024} MB. A new recording resets the audio recognition scan.`,
  instrument: `WAV, FLAC or MP3, up to ${MAX_AUDIO_BYTES / 1024 / 1024} MB.`,
  dolby: `Dolby Atmos ADM BWF (.wav with chna and axml chunks), up to ${MAX_AUDIO_BYTES / 1024 / 1024} MB.`,
}

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`

/** One kind of file: what is there (a player and a download), and Upload or Replace with progress. */
function FileRow({
  track,
  kind,
  open,
  onOpened,
  onChanged,
}: {
  track: TrackFilesOf
  kind: TrackFileKind
  open: boolean
  onOpened(): void
  onChanged(track: Track): void
}) {
  const input = useRef<HTMLInputElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const abort = useRef<AbortController | null>(null)
  const url = track[URL_OF[kind]]
  const label = TRACK_FILE_LABELS[kind]
  const verb = url ? 'Replace' : 'Upload'

  // The palette asked for this kind: focus its button and open the file chooser.
  useEffect(() => {
    if (!open) return
    onOpened()
    button.current?.focus()
    input.current?.click()
  }, [open, onOpened])
  useEffect(() => () => abort.current?.abort(), [])

  const send = async (file: File) => {
    setError(null)
    if (file.size > MAX_AUDIO_BYTES) {
      setError(`The file is larger than ${MAX_AUDIO_BYTES / 1024 / 1024} MB.`)
      return
    }
    const controller = new AbortController()
    abort.current = controller
    setProgress(0)
    try {
      const updated = await uploadTrackFile({ trackId: track.id, kind, file }, setProgress, controller.signal)
      showNotice(`${label} of ${track.title} ${url ? 'replaced' : 'uploaded'}.`, { tone: 'success' })
      onChanged(updated)
    } catch (failure) {
      if (failure instanceof ApiError && failure.canceled) return
      setError(failure instanceof ApiError ? (failure.errors.file ?? Object.values(failure.errors)[0] ?? failure.message) : ACTION_FAILED)
    } finally {
      abort.current = null
      setProgress(null)
    }
  }

  return (
    <DataList.Item>
      <DataList.Label minWidth="140px">{label}</DataList.Label>
      <DataList.Value>
        <Flex direction="column" gap="2" style={{ width: '100%' }}>
          {url ? (
            <Flex gap="3" align="center" wrap="wrap">
              {/* Only the recording's length is known beforehand; the other files show theirs once loaded. */}
              <AudioPlayer
                src={url}
                label={`${label} of ${track.title}`}
                knownDuration={kind === 'audio' ? (track.duration ?? null) : null}
              />
              <a href={url} target="_blank" rel="noopener">
                Download
              </a>
            </Flex>
          ) : (
            <Text color="gray" size="2">
              None
            </Text>
          )}
          {progress !== null ? (
            <Flex gap="2" align="center" role="status" aria-label={`Uploading ${label.toLowerCase()} of ${track.title}`}>
              <Progress value={Math.round(progress * 100)} max={100} style={{ flex: 1, minWidth: 120 }} aria-label="Upload progress" />
              <Text size="1" color="gray">
                {progress < 1 ? percent(progress) : 'Checking…'}
              </Text>
              <Button type="button" size="1" variant="soft" color="gray" onClick={() => abort.current?.abort()}>
                Cancel
              </Button>
            </Flex>
          ) : (
            <Flex gap="2" align="center" wrap="wrap">
              <Button
                ref={button}
                type="button"
                size="1"
                variant="soft"
                aria-label={`${verb} ${label.toLowerCase()} of ${track.title}`}
                onClick={() => input.current?.click()}
              >
                <UploadIcon /> {verb}
              </Button>
              <Text size="1" color="gray">
                {TRACK_FILE_RULES[kind]}
              </Text>
            </Flex>
          )}
          <input
            ref={input}
            type="file"
            accept={ACCEPT[kind]}
            aria-label={`${label} file of ${track.title}`}
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) void send(file)
            }}
          />
          {error && (
            <Text size="1" color="red" role="alert">
              {error}
            </Text>
          )}
        </Flex>
      </DataList.Value>
    </DataList.Item>
  )
}

/**
 * A track's audio, instrumental and Dolby Atmos files: rows of a DataList, each with Upload (or
 * Replace) and its progress. The server checks each file by its content and removes the old one.
 * `pick` opens the file chooser for one kind (the palette's "Replace audio").
 */
export function TrackFiles({
  track,
  onChanged,
  pick = null,
  onPicked,
}: {
  track: TrackFilesOf
  onChanged(track: Track): void
  pick?: TrackFileKind | null
  onPicked?(): void
}) {
  const [opened, setOpened] = useState<TrackFileKind | null>(null)
  useEffect(() => {
    if (pick) setOpened(pick)
  }, [pick])
  const handleOpened = useCallback(() => {
    setOpened(null)
    onPicked?.()
  }, [onPicked])
  return (
    <>
      {TRACK_FILE_KINDS.map((kind) => (
        <FileRow key={kind} track={track} kind={kind} open={opened === kind} onOpened={handleOpened} onChanged={onChanged} />
      ))}
    </>
  )
}
