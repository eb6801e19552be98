import { useId } from 'react'
import { Flex, Text, TextField } from '@radix-ui/themes'

/** A labelled input with its message (the server's per-field one, or a hint) read out. */
export function TextInput({
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  type = 'text',
}: {
  label: string
  value: string
  onChange(value: string): void
  error?: string
  hint?: string
  placeholder?: string
  type?: 'text' | 'date' | 'number'
}) {
  const id = useId()
  return (
    <Flex direction="column" gap="1" style={{ minWidth: 0 }}>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        value={value}
        placeholder={placeholder}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        color={error ? 'red' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {(error || hint) && (
        <Text id={`${id}-note`} size="1" color={error ? 'red' : 'gray'} role={error ? 'alert' : undefined}>
          {error ?? hint}
        </Text>
      )}
    </Flex>
  )
}
