import { memo, useMemo, useState } from 'react'
import { Box, Button, Checkbox, Flex, Grid, ScrollArea, Text, TextField } from '@radix-ui/themes'
import { PLATFORMS, type PlatformKind } from '@core/platforms'
import { COUNTRIES } from '@core/countries'

const KIND_LABELS: Record<PlatformKind, string> = {
  streaming: 'Streaming',
  download: 'Download',
  video: 'Video',
  social: 'Social',
  fingerprint: 'Fingerprinting',
  rights: 'Rights',
}
const KINDS = Object.keys(KIND_LABELS) as PlatformKind[]

function Message({ error }: { error?: string }) {
  return error ? (
    <Text size="1" color="red" role="alert">
      {error}
    </Text>
  ) : null
}

/** The stores the release goes to, grouped by kind; all of a kind at once. */
export const StoresField = memo(function StoresField({
  value,
  onChange,
  error,
}: {
  value: readonly number[]
  onChange(value: number[]): void
  error?: string
}) {
  const chosen = new Set(value)
  const toggle = (ids: number[], on: boolean) => {
    const next = new Set(chosen)
    for (const id of ids) {
      if (on) next.add(id)
      else next.delete(id)
    }
    onChange([...next].sort((a, b) => a - b))
  }
  return (
    <Flex direction="column" gap="2" role="group" aria-label="Stores" data-path="stores">
      <Flex justify="between" align="center">
        <Text size="2" weight="medium">
          Stores ({value.length} of {PLATFORMS.length})
        </Text>
        <Flex gap="2">
          <Button
            type="button"
            size="1"
            variant="ghost"
            onClick={() =>
              toggle(
                PLATFORMS.map((p) => p.id),
                true,
              )
            }
          >
            All
          </Button>
          <Button type="button" size="1" variant="ghost" color="gray" onClick={() => onChange([])}>
            None
          </Button>
        </Flex>
      </Flex>
      <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 260 }}>
        <Flex direction="column" gap="3" pr="3">
          {KINDS.map((kind) => {
            const platforms = PLATFORMS.filter((platform) => platform.kind === kind)
            if (!platforms.length) return null
            const all = platforms.every((platform) => chosen.has(platform.id))
            return (
              <Box key={kind}>
                <Text as="label" size="2" weight="bold">
                  <Flex gap="2" align="center" mb="1">
                    <Checkbox
                      checked={all ? true : platforms.some((platform) => chosen.has(platform.id)) ? 'indeterminate' : false}
                      onCheckedChange={(checked) =>
                        toggle(
                          platforms.map((platform) => platform.id),
                          checked === true,
                        )
                      }
                    />
                    {KIND_LABELS[kind]}
                  </Flex>
                </Text>
                <Grid columns={{ initial: '1', sm: '2', md: '3' }} gap="1" pl="4">
                  {platforms.map((platform) => (
                    <Text as="label" size="2" key={platform.id}>
                      <Flex gap="2" align="center">
                        <Checkbox
                          checked={chosen.has(platform.id)}
                          onCheckedChange={(checked) => toggle([platform.id], checked === true)}
                        />
                        {platform.name}
                      </Flex>
                    </Text>
                  ))}
                </Grid>
              </Box>
            )
          })}
        </Flex>
      </ScrollArea>
      <Message error={error} />
    </Flex>
  )
})

/** Worldwide, or the countries chosen one by one (searchable). */
export const TerritoriesField = memo(function TerritoriesField({
  value,
  onChange,
  error,
}: {
  value: readonly string[]
  onChange(value: string[]): void
  error?: string
}) {
  const worldwide = value.includes('WW')
  const [filter, setFilter] = useState('')
  const chosen = new Set(value)
  const shown = useMemo(() => {
    const text = filter.trim().toLowerCase()
    return text
      ? COUNTRIES.filter((country) => country.name.toLowerCase().includes(text) || country.code.toLowerCase() === text)
      : COUNTRIES
  }, [filter])
  return (
    <Flex direction="column" gap="2" role="group" aria-label="Territories" data-path="territories">
      <Text size="2" weight="medium">
        Territories
      </Text>
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Checkbox checked={worldwide} onCheckedChange={(checked) => onChange(checked === true ? ['WW'] : [])} />
          Worldwide
        </Flex>
      </Text>
      {!worldwide && (
        <>
          <TextField.Root
            size="1"
            placeholder="Find a country"
            aria-label="Find a country"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <Text size="1" color="gray">
            {value.length} chosen
          </Text>
          <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 200 }}>
            <Grid columns={{ initial: '1', sm: '2' }} gap="1" pr="3">
              {shown.map((country) => (
                <Text as="label" size="2" key={country.code}>
                  <Flex gap="2" align="center">
                    <Checkbox
                      checked={chosen.has(country.code)}
                      onCheckedChange={(checked) =>
                        onChange(checked === true ? [...value, country.code] : value.filter((code) => code !== country.code))
                      }
                    />
                    {country.name}
                  </Flex>
                </Text>
              ))}
            </Grid>
          </ScrollArea>
        </>
      )}
      <Message error={error} />
    </Flex>
  )
})
