import { useId, useState } from 'react'
import { Button, Flex, Grid, Select, Text } from '@radix-ui/themes'
import { RELEASE_TYPES, type ReleaseGeneral, type ReleaseType } from '@contract/releases'
import { api, ApiError } from '@client/api'
import { TextInput } from '../inputs'
import { ACTION_FAILED, saveForm } from '../actions'

interface DetailsValues {
  title: string
  version: string
  artists: string
  type: string
  label: string
  upc: string
  catalogNumber: string
  releaseDate: string
  originalReleaseDate: string
  primaryGenre: string
  secondaryGenre: string
  language: string
  cLine: string
  cYear: string
  pLine: string
  pYear: string
  licenseType: string
}

function valuesOf(release: ReleaseGeneral): DetailsValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value))
  return {
    title: release.title,
    version: text(release.version),
    artists: (release.artists.length ? release.artists : [release.artist]).join(', '),
    type: release.type,
    label: text(release.label),
    upc: text(release.upc),
    catalogNumber: text(release.catalogNumber),
    releaseDate: text(release.releaseDate),
    originalReleaseDate: text(release.originalReleaseDate),
    primaryGenre: text(release.primaryGenre),
    secondaryGenre: text(release.secondaryGenre),
    language: text(release.language),
    cLine: text(release.cLine),
    cYear: text(release.cYear),
    pLine: text(release.pLine),
    pYear: text(release.pYear),
    licenseType: text(release.licenseType),
  }
}

const orNull = (value: string) => (value.trim() ? value.trim() : null)
const yearOrNull = (value: string) => (value.trim() ? Number(value) : null)

/** Checks the fields people get wrong before the server does; the server's messages land on the same fields. */
export function checkDetails(values: DetailsValues): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!values.title.trim()) errors.title = 'Title is required'
  if (!values.artists.split(',').some((name) => name.trim())) errors.artists = 'Name at least one artist'
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.releaseDate)) errors.releaseDate = 'Dates are YYYY-MM-DD'
  if (values.originalReleaseDate && !/^\d{4}-\d{2}-\d{2}$/.test(values.originalReleaseDate))
    errors.originalReleaseDate = 'Dates are YYYY-MM-DD'
  for (const key of ['cYear', 'pYear'] as const)
    if (values[key].trim() && !/^\d{4}$/.test(values[key].trim())) errors[key] = 'A year has four digits'
  return errors
}

/** The release's general details, edited in place; only staff see it, every save is audited. */
export function DetailsForm({ release, onDone }: { release: ReleaseGeneral; onDone(): void }) {
  const [values, setValues] = useState<DetailsValues>(() => valuesOf(release))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const typeId = useId()
  const field = (key: keyof DetailsValues, label: string, extra: { placeholder?: string; type?: 'text' | 'date'; hint?: string } = {}) => (
    <TextInput
      label={label}
      value={values[key]}
      onChange={(value) => setValues((current) => ({ ...current, [key]: value }))}
      error={errors[key]}
      {...extra}
    />
  )

  const save = async () => {
    const found = checkDetails(values)
    setErrors(found)
    setProblem(null)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      await saveForm(
        () =>
          api.call('releases.edit', {
            body: {
              releaseId: release.id,
              title: values.title.trim(),
              version: orNull(values.version),
              artists: values.artists
                .split(',')
                .map((name) => name.trim())
                .filter(Boolean),
              type: values.type as ReleaseType,
              label: orNull(values.label),
              upc: orNull(values.upc),
              catalogNumber: orNull(values.catalogNumber),
              releaseDate: values.releaseDate,
              originalReleaseDate: orNull(values.originalReleaseDate),
              primaryGenre: orNull(values.primaryGenre),
              secondaryGenre: orNull(values.secondaryGenre),
              language: orNull(values.language),
              cLine: orNull(values.cLine),
              cYear: yearOrNull(values.cYear),
              pLine: orNull(values.pLine),
              pYear: yearOrNull(values.pYear),
              licenseType: orNull(values.licenseType),
            },
          }),
        'Release details saved.',
      )
      onDone()
    } catch (error) {
      if (error instanceof ApiError) {
        // "artists.0" and the like belong to the artists field.
        const mapped = Object.fromEntries(Object.entries(error.errors).map(([key, message]) => [key.split('.')[0], message]))
        setErrors(mapped)
        if (!Object.keys(mapped).length) setProblem(error.message)
      } else setProblem(ACTION_FAILED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      aria-label="Edit release details"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
      onKeyDown={(event) => {
        if (event.key === 's' && (event.metaKey || event.ctrlKey)) {
          event.preventDefault()
          void save()
        } else if (event.key === 'Escape') {
          event.preventDefault()
          onDone()
        }
      }}
    >
      <Flex direction="column" gap="3">
        {field('title', 'Title')}
        <Grid columns="2" gap="3">
          {field('version', 'Version')}
          <Flex direction="column" gap="1">
            <Text size="2" weight="medium" id={typeId}>
              Type
            </Text>
            <Select.Root value={values.type} onValueChange={(type) => setValues((current) => ({ ...current, type }))}>
              <Select.Trigger aria-labelledby={typeId} />
              <Select.Content>
                {RELEASE_TYPES.map((type) => (
                  <Select.Item key={type} value={type}>
                    {type}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
        </Grid>
        {field('artists', 'Artists', { hint: 'Separate names with commas' })}
        <Grid columns="2" gap="3">
          {field('upc', 'UPC', { placeholder: '12 or 13 digits' })}
          {field('catalogNumber', 'Catalog number')}
          {field('label', 'Label')}
          {field('licenseType', 'License')}
          {field('releaseDate', 'Release date', { type: 'date' })}
          {field('originalReleaseDate', 'Original release date', { type: 'date' })}
          {field('primaryGenre', 'Primary genre')}
          {field('secondaryGenre', 'Secondary genre')}
          {field('language', 'Language')}
          <span />
          {field('cLine', 'C line')}
          {field('cYear', 'C year')}
          {field('pLine', 'P line')}
          {field('pYear', 'P year')}
        </Grid>
        <Flex gap="3" justify="end" align="center">
          {problem && (
            <Text size="2" color="red" role="alert">
              {problem}
            </Text>
          )}
          <Text size="1" color="gray">
            Ctrl+S saves, Escape cancels
          </Text>
          <Button type="button" variant="soft" color="gray" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save details
          </Button>
        </Flex>
      </Flex>
    </form>
  )
}
