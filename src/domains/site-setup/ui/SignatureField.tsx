import { useEffect, useId, useRef } from 'react'
import SignaturePad from 'signature_pad'
import { Button, Flex, Text } from '@radix-ui/themes'
import { EraserIcon } from '@radix-ui/react-icons'

/** Spec: pen width 0.5 to 2.5, throttle 16 ms, minimum distance 5. */
export const SIGNATURE_PAD_OPTIONS = {
  minWidth: 0.5,
  maxWidth: 2.5,
  throttle: 16,
  minDistance: 5,
  // JPEG has no transparency: a white ground keeps the ink readable.
  backgroundColor: 'rgb(255, 255, 255)',
  penColor: 'rgb(17, 17, 17)',
} as const

interface Props {
  /** The drawing as a JPEG data URL after each stroke; null while empty or after Clear. */
  onChange(dataUrl: string | null): void
  disabled?: boolean
  height?: number
}

/** A signature pad, empty until drawn, with a Clear button. */
export function SignatureField({ onChange, disabled, height = 180 }: Props) {
  const id = useId()
  const canvas = useRef<HTMLCanvasElement>(null)
  const pad = useRef<SignaturePad | null>(null)
  const changed = useRef(onChange)
  useEffect(() => {
    changed.current = onChange
  })

  useEffect(() => {
    const element = canvas.current
    if (!element) return
    const instance = new SignaturePad(element, SIGNATURE_PAD_OPTIONS)
    pad.current = instance
    // Draw at the screen's pixel density, so the signature is sharp and the pen lands where the pointer is.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      const data = instance.toData()
      element.width = element.offsetWidth * ratio
      element.height = element.offsetHeight * ratio
      element.getContext('2d')?.scale(ratio, ratio)
      instance.clear()
      if (data.length) instance.fromData(data)
    }
    fit()
    const handleEnd = () => changed.current(instance.isEmpty() ? null : instance.toDataURL('image/jpeg', 0.9))
    instance.addEventListener('endStroke', handleEnd)
    window.addEventListener('resize', fit)
    return () => {
      instance.removeEventListener('endStroke', handleEnd)
      window.removeEventListener('resize', fit)
      instance.off()
      pad.current = null
    }
  }, [])

  useEffect(() => {
    if (!pad.current) return
    if (disabled) pad.current.off()
    else pad.current.on()
  }, [disabled])

  const clear = () => {
    pad.current?.clear()
    changed.current(null)
  }

  return (
    <Flex direction="column" gap="2">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        Signature
      </Text>
      <canvas
        id={id}
        ref={canvas}
        role="img"
        aria-label="Signature pad: draw your signature with a mouse, pen or finger"
        data-testid="signature-pad"
        style={{
          width: '100%',
          height,
          touchAction: 'none',
          background: '#FFFFFF',
          border: '1px dashed var(--gray-a8)',
          borderRadius: 'var(--radius-2)',
          cursor: disabled ? 'not-allowed' : 'crosshair',
        }}
      />
      <Flex justify="between" align="center">
        <Text size="1" color="gray">
          Sign inside the box.
        </Text>
        <Button type="button" size="1" variant="soft" color="gray" onClick={clear} disabled={disabled}>
          <EraserIcon /> Clear
        </Button>
      </Flex>
    </Flex>
  )
}
