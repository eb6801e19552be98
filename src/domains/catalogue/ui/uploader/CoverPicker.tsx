import { useId, useRef, useState } from 'react'
import { Button, Flex, Text } from '@radix-ui/themes'
import { ImageIcon } from '@radix-ui/react-icons'
import { COVER_RULES } from '@contract/releases'
import { Cover } from '../release/ReleaseHeader'
import type { CoverState } from './form-model'

const MB = COVER_RULES.maxBytes / 1024 / 1024
export const COVER_RULES_TEXT = `JPG or PNG, square, at least ${COVER_RULES.minSide} × ${COVER_RULES.minSide} and at most ${COVER_RULES.maxSide} × ${COVER_RULES.maxSide} pixels, up to ${MB} MB.`

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

function naturalSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight })
    image.onerror = () => reject(new Error('unreadable'))
    image.src = src
  })
}

/** The same rules the server applies, checked at once so the message is beside the picker before any upload. */
export async function checkCoverFile(
  file: File,
): Promise<{ ok: true; dataUrl: string; width: number; height: number } | { ok: false; message: string }> {
  if (!/\.(jpe?g|png)$/i.test(file.name) && !['image/jpeg', 'image/png'].includes(file.type))
    return { ok: false, message: 'The cover must be a JPG or PNG image.' }
  if (file.size > COVER_RULES.maxBytes) return { ok: false, message: `The cover is larger than ${MB} MB.` }
  const dataUrl = await readAsDataUrl(file)
  let size: { width: number; height: number }
  try {
    size = await naturalSize(dataUrl)
  } catch {
    return { ok: false, message: 'The cover must be a JPG or PNG image.' }
  }
  const actual = `this one is ${size.width} × ${size.height}`
  if (size.width !== size.height) return { ok: false, message: `The cover must be square: ${actual} pixels.` }
  if (size.width < COVER_RULES.minSide)
    return { ok: false, message: `The cover must be at least ${COVER_RULES.minSide} × ${COVER_RULES.minSide} pixels: ${actual}.` }
  if (size.width > COVER_RULES.maxSide)
    return { ok: false, message: `The cover must be at most ${COVER_RULES.maxSide} × ${COVER_RULES.maxSide} pixels: ${actual}.` }
  return { ok: true, dataUrl, ...size }
}

/**
 * The release's cover art: a preview, the rules beside the picker, and its three states (the saved
 * one kept, a new image ready to be saved, the saved one marked removed). Saved with the draft.
 */
export function CoverPicker({
  current,
  state,
  onChange,
  error,
  title,
}: {
  /** The saved cover's address (the large rendition), if any. */
  current: string | null
  state: CoverState
  onChange(state: CoverState): void
  error?: string
  title: string
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [reading, setReading] = useState(false)
  const shown = state.kind === 'new' ? state.dataUrl : state.kind === 'removed' ? null : current
  const message = problem ?? error

  const choose = async (file: File) => {
    setProblem(null)
    setReading(true)
    try {
      const checked = await checkCoverFile(file)
      if (checked.ok) onChange({ kind: 'new', dataUrl: checked.dataUrl, width: checked.width, height: checked.height, name: file.name })
      else setProblem(checked.message)
    } finally {
      setReading(false)
    }
  }

  return (
    <Flex gap="4" align="start" wrap="wrap" data-path="cover">
      <Cover src={shown} title={title || 'this release'} size={160} />
      <Flex direction="column" gap="2" style={{ flex: 1, minWidth: 220 }}>
        <Text size="2" id={`${id}-rules`}>
          {COVER_RULES_TEXT}
        </Text>
        <Text size="1" color="gray">
          Stores show it as sent: no text other than the artist and title, no logos, no blur.
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button type="button" variant="soft" loading={reading} onClick={() => input.current?.click()} aria-describedby={`${id}-rules`}>
            <ImageIcon /> {shown ? 'Replace cover…' : 'Choose cover…'}
          </Button>
          {shown && (
            <Button type="button" variant="soft" color="red" onClick={() => onChange(current ? { kind: 'removed' } : { kind: 'kept' })}>
              Remove cover
            </Button>
          )}
          {state.kind !== 'kept' && (
            <Button type="button" variant="ghost" color="gray" onClick={() => (setProblem(null), onChange({ kind: 'kept' }))}>
              Undo
            </Button>
          )}
        </Flex>
        <input
          ref={input}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          aria-label="Cover art file"
          aria-describedby={`${id}-rules`}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void choose(file)
          }}
        />
        {state.kind === 'new' && (
          <Text size="1" color="gray" role="status">
            {`${state.name}, ${state.width} × ${state.height}: ready, saved with the draft.`}
          </Text>
        )}
        {state.kind === 'removed' && (
          <Text size="1" color="gray" role="status">
            The cover is removed when you save.
          </Text>
        )}
        {message && (
          <Text size="1" color="red" role="alert">
            {message}
          </Text>
        )}
      </Flex>
    </Flex>
  )
}
