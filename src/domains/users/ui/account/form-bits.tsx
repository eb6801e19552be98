import { Flex, Text, TextArea, TextField } from '@radix-ui/themes'
import { useId, type ComponentProps } from 'react'
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form'

/** A labelled input bound to react-hook-form, with its message read out. */
export function FormField({
  label,
  registration,
  error,
  multiline,
  ...input
}: { label: string; registration: UseFormRegisterReturn; error?: FieldError | { message?: string }; multiline?: boolean } & Omit<
  ComponentProps<typeof TextField.Root>,
  'name'
>) {
  const id = useId()
  return (
    <Flex direction="column" gap="1" style={{ minWidth: 0 }}>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {multiline ? (
        <TextArea id={id} rows={3} aria-invalid={error ? true : undefined} {...registration} />
      ) : (
        <TextField.Root id={id} aria-invalid={error ? true : undefined} color={error ? 'red' : undefined} {...input} {...registration} />
      )}
      {error?.message && (
        <Text size="1" color="red" role="alert">
          {error.message}
        </Text>
      )}
    </Flex>
  )
}

/** Server field errors ("artist.platformLinks.spotify") applied to a form whose fields are named without the prefix. */
export function applyServerErrors(
  errors: Record<string, string>,
  prefix: string,
  setError: (name: never, error: { message: string }) => void,
): boolean {
  let applied = false
  for (const [path, message] of Object.entries(errors)) {
    const name = prefix && path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path
    setError(name as never, { message })
    applied = true
  }
  return applied
}
