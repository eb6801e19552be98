import { Box, Button, Flex, IconButton, Text } from '@radix-ui/themes'
import { PlusIcon, TrashIcon } from '@radix-ui/react-icons'
import { ArtistNameInput } from './ArtistNameInput'
import { TextFieldInput } from './fields'
import type { CreditValues, ParticipantValues, WriterValues } from './form-model'

type Row = ParticipantValues | WriterValues | CreditValues

const SPEC = {
  participants: {
    title: 'Participants',
    singular: 'participant',
    fields: [
      { key: 'name', label: 'Name' },
      { key: 'roles', label: 'Roles (; between)' },
      { key: 'spotify', label: 'Spotify link' },
      { key: 'apple', label: 'Apple Music link' },
    ],
  },
  writers: {
    title: 'Writers',
    singular: 'writer',
    fields: [
      { key: 'firstName', label: 'First name' },
      { key: 'lastName', label: 'Last name' },
      { key: 'roles', label: 'Roles (; between)' },
    ],
  },
  credits: {
    title: 'Credits',
    singular: 'credit',
    fields: [
      { key: 'name', label: 'Name' },
      { key: 'roles', label: 'Roles (; between)' },
    ],
  },
} as const

/**
 * Participant, writer or credit rows. Fully empty rows are dropped when saved; a row with only some
 * of what it needs shows the missing part as an error. Participant names suggest the workspace's
 * artists and bring their Spotify and Apple Music links along.
 */
export function RowsEditor<R extends Row>({
  kind,
  path,
  context,
  rows,
  empty,
  errors,
  onChange,
}: {
  kind: keyof typeof SPEC
  /** The form path of the list, e.g. `tracks.0.writers`. */
  path: string
  /** Names the rows for screen readers, e.g. the track's title. */
  context: string
  rows: readonly R[]
  empty(): R
  errors: Record<string, string>
  onChange(rows: R[]): void
}) {
  const spec = SPEC[kind]
  const set = (index: number, patch: Partial<R>) => onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)))
  return (
    <Box role="group" aria-label={`${spec.title} of ${context}`}>
      <Flex justify="between" align="center" mb="2">
        <Text size="2" weight="bold">
          {spec.title}
        </Text>
        <Button type="button" size="1" variant="soft" onClick={() => onChange([...rows, empty()])}>
          <PlusIcon /> Add {spec.singular}
        </Button>
      </Flex>
      {rows.length === 0 && (
        <Text size="2" color="gray">
          None.
        </Text>
      )}
      <Flex direction="column" gap="2">
        {rows.map((row, index) => {
          const at = `${path}.${index}`
          const name = `${spec.title} ${index + 1}`
          return (
            <Flex key={index} gap="2" align="start">
              {spec.fields.map((field) => {
                const fieldPath = `${at}.${field.key}`
                const value = (row as unknown as Record<string, string | undefined>)[field.key] ?? ''
                const label = `${name}: ${field.label}`
                return kind === 'participants' && field.key === 'name' ? (
                  <ArtistNameInput
                    key={field.key}
                    path={fieldPath}
                    label={label}
                    hideLabel
                    placeholder={field.label}
                    value={value}
                    error={errors[fieldPath]}
                    onChange={(next) => set(index, { name: next } as unknown as Partial<R>)}
                    onPick={(artist) => {
                      const current = row as ParticipantValues
                      set(index, {
                        name: artist.name,
                        spotify: current.spotify || artist.spotify || '',
                        apple: current.apple || artist.apple || '',
                      } as unknown as Partial<R>)
                    }}
                  />
                ) : (
                  <TextFieldInput
                    key={field.key}
                    path={fieldPath}
                    label={label}
                    hideLabel
                    placeholder={field.label}
                    value={value}
                    error={errors[fieldPath]}
                    onChange={(next) => set(index, { [field.key]: next } as Partial<R>)}
                  />
                )
              })}
              <IconButton
                type="button"
                size="2"
                variant="ghost"
                color="red"
                mt="1"
                aria-label={`Remove ${spec.singular} ${index + 1} of ${context}`}
                onClick={() => onChange(rows.filter((_, other) => other !== index))}
              >
                <TrashIcon />
              </IconButton>
            </Flex>
          )
        })}
      </Flex>
      <Text size="1" color="gray">
        Empty rows are dropped when saved.
      </Text>
    </Box>
  )
}
