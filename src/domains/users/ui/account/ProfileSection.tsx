import { useCallback, useState } from 'react'
import { fitColumns } from '@client/ui/fit-columns'
import { useFieldArray, useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type { z } from 'zod'
import { Avatar, Box, Button, Callout, Card, Checkbox, Flex, Grid, Heading, IconButton, Select, Text, TextField } from '@radix-ui/themes'
import { Cross2Icon, MagnifyingGlassIcon, PlusIcon } from '@radix-ui/react-icons'
import {
  ARTIST_DELIVERY_FLAGS,
  EXTRA_IDS,
  PLATFORM_LINKS,
  SOCIALS,
  artistProfile,
  labelProfile,
  type socialArtist,
} from '@contract/users-admin'
import { PLATFORMS } from '@core/platforms'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { MainSkeleton } from '@client/pages/MainSkeleton'
import { saveForm } from '@client/ui/run-action'
import { FormField, applyServerErrors } from './form-bits'

type ArtistForm = z.input<typeof artistProfile>
type LabelForm = z.input<typeof labelProfile>
type SocialArtist = z.infer<typeof socialArtist>

const LINK_LABELS: Record<string, string> = {
  spotify: 'Spotify',
  soundcloud: 'SoundCloud',
  appleMusic: 'Apple Music',
  youtubeTopic: 'YouTube topic',
  website: 'Website',
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
}
const TIME_ZONES = [
  'utc',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Paris',
  'Africa/Lagos',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Australia/Sydney',
]

const fetchProfiles = (id: string, signal: AbortSignal) =>
  api.call('users.artist', { params: { id: Number(id.split(':')[0]) } }, { signal })

export function ProfileSection({ userId, type, version }: { userId: number; type: 'artist' | 'label' | 'admin'; version: number }) {
  const load = useLoad(fetchProfiles, `${userId}:${version}`)
  if (load.status !== 'success' || !load.data)
    return load.status === 'error' ? <Text color="red">{load.error?.message}</Text> : <MainSkeleton />
  const { artist, label } = load.data
  return (
    <Flex direction="column" gap="4">
      {(type === 'artist' || artist) && <ArtistProfileForm userId={userId} initial={artist} />}
      {(type === 'label' || label) && <LabelProfileForm userId={userId} initial={label} />}
      {type === 'admin' && !artist && !label && <Text color="gray">Admin accounts have no artist or label profile.</Text>}
    </Flex>
  )
}

const emptyArtist = (): ArtistForm => ({
  artistName: '',
  platformLinks: {},
  socials: {},
  extraIds: {},
  stores: [],
  territories: ['WW'],
  defaultArtists: [],
  defaultWriters: [],
  defaultCredits: [],
  deliveryFlags: {},
  timeZone: 'utc',
})

function ArtistProfileForm({ userId, initial }: { userId: number; initial: ArtistForm | null }) {
  const form = useForm<ArtistForm>({ resolver: zodResolver(artistProfile) as never, defaultValues: initial ?? emptyArtist() })
  const { register, handleSubmit, formState, control, setValue, watch, setError } = form
  const artists = useFieldArray({ control, name: 'defaultArtists' })
  const writers = useFieldArray({ control, name: 'defaultWriters' })
  const credits = useFieldArray({ control, name: 'defaultCredits' })
  const [problem, setProblem] = useState<string | null>(null)
  const stores = watch('stores') ?? []
  const errors = formState.errors as Record<string, unknown> & typeof formState.errors
  const nested = (group: string, key: string) =>
    ((errors as Record<string, Record<string, { message?: string }> | undefined>)[group] ?? {})[key]

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null)
    try {
      const saved = await saveForm(() => api.call('users.editArtist', { body: { userId, artist: values } }), 'Artist profile saved.')
      if (saved.artist) form.reset(saved.artist)
    } catch (error) {
      if (!(error instanceof ApiError)) setProblem('Something went wrong, try refreshing the site and try again.')
      else if (!applyServerErrors(error.errors, 'artist', setError)) setProblem(error.message)
    }
  })

  return (
    <Card size="3" asChild>
      <form onSubmit={onSubmit} noValidate aria-label="Artist profile">
        <Flex direction="column" gap="4">
          <Flex justify="between" align="center">
            <Heading as="h2" size="4">
              Artist profile
            </Heading>
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              Save profile
            </Button>
          </Flex>
          {problem && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{problem}</Callout.Text>
            </Callout.Root>
          )}
          <Grid columns={fitColumns(240)} gap="3">
            <FormField label="Artist name" registration={register('artistName')} error={errors.artistName} />
            <FormField label="Label" registration={register('labelName')} error={errors.labelName} />
            <FormField label="Primary genre" registration={register('primaryGenre')} error={errors.primaryGenre} />
            <FormField label="Secondary genre" registration={register('secondaryGenre')} error={errors.secondaryGenre} />
            <FormField label="C line (licensing name)" registration={register('cLine')} error={errors.cLine} />
            <FormField label="P line (sound-recording name)" registration={register('pLine')} error={errors.pLine} />
            <FormField label="Release time (HH:MM)" placeholder="00:00" registration={register('releaseTime')} error={errors.releaseTime} />
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium" id={`tz-${userId}`}>
                Time zone
              </Text>
              <Select.Root value={watch('timeZone') ?? 'utc'} onValueChange={(value) => setValue('timeZone', value, { shouldDirty: true })}>
                <Select.Trigger aria-labelledby={`tz-${userId}`} />
                <Select.Content>
                  {TIME_ZONES.map((zone) => (
                    <Select.Item key={zone} value={zone}>
                      {zone === 'utc' ? 'UTC' : zone}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Flex>
          </Grid>
          <FormField label="About" multiline registration={register('about')} error={errors.about} />

          <Heading as="h3" size="3">
            Platform links
          </Heading>
          <PlatformFinder
            onPick={(found) =>
              setValue(found.platform === 'spotify' ? 'platformLinks.spotify' : 'platformLinks.appleMusic', found.url, {
                shouldDirty: true,
              })
            }
          />
          <Grid columns={fitColumns(240)} gap="3">
            {PLATFORM_LINKS.map((key) => (
              <FormField
                key={key}
                label={LINK_LABELS[key]}
                placeholder="https://…"
                registration={register(`platformLinks.${key}`)}
                error={nested('platformLinks', key)}
              />
            ))}
            {SOCIALS.map((key) => (
              <FormField
                key={key}
                label={LINK_LABELS[key]}
                placeholder="https://…"
                registration={register(`socials.${key}`)}
                error={nested('socials', key)}
              />
            ))}
          </Grid>

          <Heading as="h3" size="3">
            Extra identifiers
          </Heading>
          <Grid columns={{ initial: '2', sm: '5' }} gap="3">
            {EXTRA_IDS.map((key) => (
              <FormField
                key={key}
                label={key === 'ddex' ? 'DDEX' : key === 'isni' ? 'ISNI' : key[0].toUpperCase() + key.slice(1)}
                registration={register(`extraIds.${key}`)}
                error={nested('extraIds', key)}
              />
            ))}
          </Grid>

          <RoleRows
            title="Default artists"
            hint="Roles joined by a semicolon, e.g. Primary Artist;Featuring. Rows with no name or no role are dropped on save."
            rows={artists.fields}
            onAdd={() => artists.append({ name: '', roles: '' })}
            onRemove={artists.remove}
            render={(index) => (
              <>
                <TextField.Root aria-label={`Artist ${index + 1} name`} placeholder="Name" {...register(`defaultArtists.${index}.name`)} />
                <TextField.Root
                  aria-label={`Artist ${index + 1} roles`}
                  placeholder="Roles"
                  {...register(`defaultArtists.${index}.roles`)}
                />
                <TextField.Root
                  aria-label={`Artist ${index + 1} Spotify link`}
                  placeholder="Spotify link"
                  {...register(`defaultArtists.${index}.spotify`)}
                />
                <TextField.Root
                  aria-label={`Artist ${index + 1} Apple Music link`}
                  placeholder="Apple Music link"
                  {...register(`defaultArtists.${index}.apple`)}
                />
              </>
            )}
          />
          <RoleRows
            title="Default writers"
            hint="Writer names are first plus last name."
            rows={writers.fields}
            onAdd={() => writers.append({ firstName: '', lastName: '', roles: '' })}
            onRemove={writers.remove}
            render={(index) => (
              <>
                <TextField.Root
                  aria-label={`Writer ${index + 1} first name`}
                  placeholder="First name"
                  {...register(`defaultWriters.${index}.firstName`)}
                />
                <TextField.Root
                  aria-label={`Writer ${index + 1} last name`}
                  placeholder="Last name"
                  {...register(`defaultWriters.${index}.lastName`)}
                />
                <TextField.Root
                  aria-label={`Writer ${index + 1} roles`}
                  placeholder="Roles, e.g. Composer;Lyricist"
                  {...register(`defaultWriters.${index}.roles`)}
                />
              </>
            )}
          />
          <RoleRows
            title="Default credits"
            rows={credits.fields}
            onAdd={() => credits.append({ name: '', roles: '' })}
            onRemove={credits.remove}
            render={(index) => (
              <>
                <TextField.Root aria-label={`Credit ${index + 1} name`} placeholder="Name" {...register(`defaultCredits.${index}.name`)} />
                <TextField.Root
                  aria-label={`Credit ${index + 1} roles`}
                  placeholder="Roles, e.g. Producer"
                  {...register(`defaultCredits.${index}.roles`)}
                />
              </>
            )}
          />

          <Heading as="h3" size="3">
            Stores and delivery
          </Heading>
          <Grid columns={{ initial: '2', sm: '4' }} gap="2" role="group" aria-label="Stores">
            {PLATFORMS.map((platform) => (
              <Text as="label" size="2" key={platform.id}>
                <Flex gap="2" align="center">
                  <Checkbox
                    checked={stores.includes(platform.id)}
                    onCheckedChange={(checked) =>
                      setValue('stores', checked ? [...stores, platform.id] : stores.filter((id) => id !== platform.id), {
                        shouldDirty: true,
                      })
                    }
                  />
                  {platform.name}
                </Flex>
              </Text>
            ))}
          </Grid>
          <Flex gap="4" wrap="wrap" role="group" aria-label="Delivery">
            {ARTIST_DELIVERY_FLAGS.map((flag) => (
              <Text as="label" size="2" key={flag}>
                <Flex gap="2" align="center">
                  <Checkbox
                    checked={Boolean(watch(`deliveryFlags.${flag}`))}
                    onCheckedChange={(checked) => setValue(`deliveryFlags.${flag}`, checked === true, { shouldDirty: true })}
                  />
                  Deliver to {flag === 'junodownload' ? 'Juno Download' : flag[0].toUpperCase() + flag.slice(1)}
                </Flex>
              </Text>
            ))}
          </Flex>
          <FormField
            label="Territories (country codes separated by commas; WW for the world)"
            registration={register('territories', {
              setValueAs: (value: unknown) =>
                Array.isArray(value)
                  ? value
                  : String(value ?? '')
                      .split(',')
                      .map((code) => code.trim().toUpperCase())
                      .filter(Boolean),
            })}
            error={errors.territories as { message?: string } | undefined}
          />
        </Flex>
      </form>
    </Card>
  )
}

function RoleRows({
  title,
  hint,
  rows,
  onAdd,
  onRemove,
  render,
}: {
  title: string
  hint?: string
  rows: { id: string }[]
  onAdd(): void
  onRemove(index: number): void
  render(index: number): React.ReactNode
}) {
  return (
    <Box role="group" aria-label={title}>
      <Flex justify="between" align="center" mb="2">
        <Heading as="h3" size="3">
          {title}
        </Heading>
        <Button type="button" size="1" variant="soft" onClick={onAdd}>
          <PlusIcon /> Add a row
        </Button>
      </Flex>
      {hint && (
        <Text size="1" color="gray" as="p" mb="2">
          {hint}
        </Text>
      )}
      <Flex direction="column" gap="2">
        {rows.map((row, index) => (
          <Flex key={row.id} gap="2" align="center">
            {render(index)}
            <IconButton
              type="button"
              size="1"
              variant="ghost"
              color="gray"
              aria-label={`Remove row ${index + 1} of ${title.toLowerCase()}`}
              onClick={() => onRemove(index)}
            >
              <Cross2Icon />
            </IconButton>
          </Flex>
        ))}
        {rows.length === 0 && (
          <Text size="2" color="gray">
            None.
          </Text>
        )}
      </Flex>
    </Box>
  )
}

/** Find the artist on Spotify or Apple Music and take the profile link from there. */
function PlatformFinder({ onPick }: { onPick(artist: SocialArtist): void }) {
  const [platform, setPlatform] = useState<'spotify' | 'apple'>('spotify')
  const [term, setTerm] = useState('')
  const [results, setResults] = useState<SocialArtist[] | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const search = useCallback(async () => {
    if (!term.trim()) return
    setBusy(true)
    setProblem(null)
    try {
      setResults((await api.call('social.artistSearch', { query: { term, platform } })).data)
    } catch (error) {
      setResults(null)
      setProblem(error instanceof ApiError ? error.message : 'Something went wrong.')
    } finally {
      setBusy(false)
    }
  }, [term, platform])
  return (
    <Flex direction="column" gap="2">
      <Flex gap="2" align="center">
        <Select.Root value={platform} onValueChange={(value) => setPlatform(value as 'spotify' | 'apple')}>
          <Select.Trigger aria-label="Platform" />
          <Select.Content>
            <Select.Item value="spotify">Spotify</Select.Item>
            <Select.Item value="apple">Apple Music</Select.Item>
          </Select.Content>
        </Select.Root>
        <TextField.Root
          aria-label="Find the artist on the platform"
          placeholder="Find the artist on the platform…"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              void search()
            }
          }}
          style={{ flex: 1 }}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
        <Button type="button" variant="soft" onClick={() => void search()} loading={busy}>
          Search
        </Button>
      </Flex>
      {problem && (
        <Text size="2" color="red" role="alert">
          {problem}
        </Text>
      )}
      {results && (
        <Flex direction="column" gap="1" role="list" aria-label="Platform results">
          {results.length === 0 && (
            <Text size="2" color="gray">
              No artist found.
            </Text>
          )}
          {results.map((artist) => (
            <Flex key={artist.id} gap="2" align="center" role="listitem">
              <Avatar size="1" src={artist.image ?? undefined} fallback={artist.name.slice(0, 1)} />
              <Text size="2" style={{ flex: 1 }}>
                {artist.name}
                {artist.followers !== null && ` · ${artist.followers.toLocaleString('en')} followers`}
              </Text>
              <Button
                type="button"
                size="1"
                variant="soft"
                onClick={() => {
                  onPick(artist)
                  setResults(null)
                }}
              >
                Use this link
              </Button>
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  )
}

function LabelProfileForm({ userId, initial }: { userId: number; initial: LabelForm | null }) {
  const form = useForm<LabelForm>({
    resolver: zodResolver(labelProfile) as never,
    defaultValues: initial ?? { labelName: '', genres: [], platforms: {}, socials: {} },
  })
  const { register, handleSubmit, formState, setError } = form
  const [problem, setProblem] = useState<string | null>(null)
  const onSubmit = handleSubmit(async (values) => {
    setProblem(null)
    try {
      const saved = await saveForm(() => api.call('users.editArtist', { body: { userId, label: values } }), 'Label profile saved.')
      if (saved.label) form.reset(saved.label)
    } catch (error) {
      if (!(error instanceof ApiError)) setProblem('Something went wrong, try refreshing the site and try again.')
      else if (!applyServerErrors(error.errors, 'label', setError)) setProblem(error.message)
    }
  })
  const errors = formState.errors
  return (
    <Card size="3" asChild>
      <form onSubmit={onSubmit} noValidate aria-label="Label profile">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center">
            <Heading as="h2" size="4">
              Label profile
            </Heading>
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isDirty}>
              Save profile
            </Button>
          </Flex>
          {problem && (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{problem}</Callout.Text>
            </Callout.Root>
          )}
          <Grid columns={fitColumns(240)} gap="3">
            <FormField label="Label name" registration={register('labelName')} error={errors.labelName} />
            <FormField label="Language" registration={register('language')} error={errors.language} />
            <FormField
              label="Genres (separated by commas)"
              registration={register('genres', {
                setValueAs: (value: unknown) =>
                  Array.isArray(value)
                    ? value
                    : String(value ?? '')
                        .split(',')
                        .map((genre) => genre.trim())
                        .filter(Boolean),
              })}
              error={errors.genres as { message?: string } | undefined}
            />
            {SOCIALS.map((key) => (
              <FormField
                key={key}
                label={LINK_LABELS[key]}
                placeholder="https://…"
                registration={register(`socials.${key}`)}
                error={(errors.socials as Record<string, { message?: string }> | undefined)?.[key]}
              />
            ))}
          </Grid>
          <FormField label="About" multiline registration={register('about')} error={errors.about} />
        </Flex>
      </form>
    </Card>
  )
}
