import { useId, type ReactNode } from 'react'
import { Checkbox, Flex, Select, Text, TextArea, TextField, VisuallyHidden } from '@radix-ui/themes'

/** What every uploader input gets: its form path (for messages and focus), value and message. */
export interface FieldProps<T> {
  path: string
  label: string
  value: T
  onChange(value: T): void
  error?: string
  hint?: ReactNode
}

function Note({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (!error && !hint) return null
  return (
    <Text id={`${id}-note`} size="1" color={error ? 'red' : 'gray'} role={error ? 'alert' : undefined}>
      {error ?? hint}
    </Text>
  )
}

export function TextFieldInput({
  path,
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  type = 'text',
  hideLabel,
}: FieldProps<string> & { placeholder?: string; type?: 'text' | 'date'; hideLabel?: boolean }) {
  const id = useId()
  return (
    <Flex direction="column" gap="1" style={{ minWidth: 0, flex: 1 }}>
      {hideLabel ? (
        <VisuallyHidden>
          <label htmlFor={id}>{label}</label>
        </VisuallyHidden>
      ) : (
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {label}
        </Text>
      )}
      <TextField.Root
        id={id}
        data-path={path}
        value={value}
        type={type}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        color={error ? 'red' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <Note id={id} error={error} hint={hint} />
    </Flex>
  )
}

export function TextAreaInput({ path, label, value, onChange, error, hint, rows = 4 }: FieldProps<string> & { rows?: number }) {
  const id = useId()
  return (
    <Flex direction="column" gap="1" style={{ minWidth: 0 }}>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextArea
        id={id}
        data-path={path}
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        color={error ? 'red' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <Note id={id} error={error} hint={hint} />
    </Flex>
  )
}

export function CheckboxInput({ path, label, value, onChange, error, hint }: FieldProps<boolean>) {
  const id = useId()
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox
            data-path={path}
            checked={value}
            aria-describedby={error || hint ? `${id}-note` : undefined}
            onCheckedChange={(checked) => onChange(checked === true)}
          />
          {label}
        </Flex>
      </Text>
      <Note id={id} error={error} hint={hint} />
    </Flex>
  )
}

export function SelectInput<T extends string>({
  path,
  label,
  value,
  onChange,
  error,
  options,
}: FieldProps<T> & { options: readonly { value: T; label: string }[] }) {
  const id = useId()
  return (
    <Flex direction="column" gap="1" style={{ minWidth: 0, flex: 1 }}>
      <Text size="2" weight="medium" id={id}>
        {label}
      </Text>
      <Select.Root value={value} onValueChange={(next) => onChange(next as T)}>
        <Select.Trigger data-path={path} aria-labelledby={id} color={error ? 'red' : undefined} />
        <Select.Content>
          {options.map((option) => (
            <Select.Item key={option.value} value={option.value}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Note id={id} error={error} />
    </Flex>
  )
}
