import { useId, useRef, useState } from 'react'
import { Badge, Box, Button, Flex, Text } from '@radix-ui/themes'
import { ImageIcon, ResetIcon, TrashIcon, UploadIcon } from '@radix-ui/react-icons'
import { IMAGE_ACCEPT, imageProblem, readAsDataUrl, type ImageChange, type Size } from './site-ui'

interface Props {
  label: string
  /** The saved image, if any. */
  currentUrl: string | null
  value: ImageChange
  onChange(change: ImageChange): void
  maxBytes: number
  hint?: string
  /** The shown image's own width and height, once it has loaded (null when there is none). */
  onNaturalSize?(size: Size | null): void
  /** How the preview sits: a light or dark background. */
  background?: string
  previewHeight?: number
  disabled?: boolean
  /** Whether the image may be removed (a slide must keep one). */
  removable?: boolean
}

/** Choose a JPG or PNG, see it, undo the choice, or mark the saved one removed. */
export function ImageField({
  label,
  currentUrl,
  value,
  onChange,
  maxBytes,
  hint,
  onNaturalSize,
  background = 'var(--gray-3)',
  previewHeight = 64,
  disabled,
  removable = true,
}: Props) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const shown = value.kind === 'new' ? value.dataUrl : value.kind === 'keep' ? currentUrl : null

  const handleFile = async (file: File | undefined) => {
    setError(null)
    if (!file) return
    const problem = imageProblem(file, maxBytes)
    if (problem) {
      setError(problem)
      if (input.current) input.current.value = ''
      return
    }
    try {
      onChange({ kind: 'new', dataUrl: await readAsDataUrl(file), name: file.name })
    } catch {
      setError('The image could not be read.')
    }
  }

  const undo = () => {
    setError(null)
    if (input.current) input.current.value = ''
    onChange({ kind: 'keep' })
  }

  const describedBy = error ? `${id}-error` : `${id}-hint`
  return (
    <Flex direction="column" gap="2">
      <Flex align="center" gap="2">
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {label}
        </Text>
        {value.kind === 'new' && (
          <Badge color="blue" variant="soft">
            New, not saved yet
          </Badge>
        )}
        {value.kind === 'remove' && (
          <Badge color="orange" variant="soft">
            Will be removed
          </Badge>
        )}
      </Flex>
      <Flex align="center" gap="3" wrap="wrap">
        <Flex
          align="center"
          justify="center"
          style={{
            minWidth: 120,
            height: previewHeight + 16,
            padding: 8,
            background,
            borderRadius: 'var(--radius-2)',
            border: '1px solid var(--gray-a5)',
          }}
        >
          {shown ? (
            <img
              src={shown}
              alt={`${label} preview`}
              style={{ height: previewHeight, maxWidth: 320, objectFit: 'contain' }}
              onLoad={(event) => onNaturalSize?.({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
              onError={() => onNaturalSize?.(null)}
            />
          ) : (
            <Flex direction="column" align="center" gap="1">
              <ImageIcon color="var(--gray-9)" />
              <Text size="1" color="gray">
                No image
              </Text>
            </Flex>
          )}
        </Flex>
        <Flex gap="2" wrap="wrap">
          <Button
            type="button"
            variant="soft"
            size="2"
            disabled={disabled}
            aria-label={`${shown ? 'Replace' : 'Upload'} ${label}`}
            onClick={() => input.current?.click()}
          >
            <UploadIcon /> {shown ? 'Replace' : 'Upload'}
          </Button>
          {value.kind !== 'keep' && (
            <Button type="button" variant="soft" color="gray" size="2" disabled={disabled} aria-label={`Undo ${label}`} onClick={undo}>
              <ResetIcon /> Undo
            </Button>
          )}
          {removable && value.kind === 'keep' && currentUrl && (
            <Button
              type="button"
              variant="soft"
              color="red"
              size="2"
              disabled={disabled}
              aria-label={`Remove ${label}`}
              onClick={() => onChange({ kind: 'remove' })}
            >
              <TrashIcon /> Remove
            </Button>
          )}
        </Flex>
      </Flex>
      <Box asChild style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        <input
          ref={input}
          id={id}
          type="file"
          tabIndex={-1}
          accept={IMAGE_ACCEPT}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => void handleFile(event.target.files?.[0])}
        />
      </Box>
      {error ? (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : (
        <Text id={`${id}-hint`} size="1" color="gray">
          {hint ?? 'JPG or PNG.'}
        </Text>
      )}
    </Flex>
  )
}
