import { useId, type ComponentProps, type ReactNode } from 'react'
import { Flex, Text, TextField } from '@radix-ui/themes'

interface Props extends Omit<ComponentProps<typeof TextField.Root>, 'onChange'> {
  label: string
  error?: string
  hint?: string
  onValueChange(value: string): void
}

/**
 * A control's label above it and its error (or else its hint) below, tied to it by id for screen
 * readers: the frame of every form field, whatever the control (a text input, a select, a file).
 */
export function FieldFrame({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {children}
      {error ? (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : hint ? (
        <Text id={`${id}-hint`} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
    </Flex>
  )
}

/** A labelled text input with its error (from the server's per-field messages) read out to screen readers. */
export function Field({ label, error, hint, onValueChange, ...input }: Props) {
  const id = useId()
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <TextField.Root
        id={id}
        size="3"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        color={error ? 'red' : undefined}
        onChange={(event) => onValueChange(event.target.value)}
        {...input}
      />
    </FieldFrame>
  )
}
