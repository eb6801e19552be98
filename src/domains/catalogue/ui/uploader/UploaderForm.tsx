import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { useHotkeys } from 'react-hotkeys-hook'
import { AlertDialog, Badge, Box, Button, Callout, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes'
import { PlusIcon } from '@radix-ui/react-icons'
import { RELEASE_TYPES, type ReleaseGeneral, type ReleaseType, type Track } from '@contract/releases'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useTab } from '@client/workspace/tab-context'
import { showNotice } from '@client/ui/notices/notices'
import { UserPickerDialog } from '@client/ui/dialogs/UserPickerDialog'
import { RecordLink } from '@client/ui/RecordLink'
import { formatMinSec } from '../min-sec'
import { StatusBadge } from '../status'
import { ACTION_FAILED } from '../actions'
import { ArtistNameInput } from './ArtistNameInput'
import { CoverPicker } from './CoverPicker'
import { StoresField, TerritoriesField } from './DeliveryFields'
import { CheckboxInput, SelectInput, TextFieldInput } from './fields'
import { RowsEditor } from './RowsEditor'
import { TrackCard, type TrackFileUrls } from './TrackCard'
import { answerLeave, dropDraft, isDirty, leaveQuestion, readDraft, writeDraft, type Draft } from './drafts'
import {
  checkValues,
  detailsBody,
  emptyParticipant,
  emptyTrack,
  getIn,
  mapErrors,
  setIn,
  trackValues,
  tracksBody,
  withoutBlankRows,
  type CoverState,
  type TrackValues,
  type UploaderValues,
} from './form-model'

export interface UploaderStart {
  /** 'new' or 'release:<id>'. */
  key: string
  releaseId: number | null
  /** 0 Draft or 5 Needs documentation. */
  status: number
  values: UploaderValues
  coverUrl: string | null
  files: Record<number, TrackFileUrls>
  /** Rows new tracks start with (the artist profile's defaults). */
  trackDefaults?: Pick<TrackValues, 'participants' | 'writers' | 'credits'>
}

const fetchCard = (key: string, signal: AbortSignal) => api.call('users.card', { params: { id: Number(key) } }, { signal })

const filesOf = (tracks: readonly Track[]) =>
  Object.fromEntries(
    tracks.map((track) => [track.id, { audioUrl: track.audioUrl, instrumentUrl: track.instrumentUrl, dolbyUrl: track.dolbyUrl }]),
  )

/** A failed step of the save, with its messages already on the form's own paths. */
class StepError extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string>,
  ) {
    super(message)
  }
}

async function step<T>(run: () => Promise<T>, mapError: (path: string) => string): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof ApiError) throw new StepError(error.message, mapErrors(error.errors, mapError))
    throw error
  }
}

function Section({ title, children, description }: { title: string; children: ReactNode; description?: string }) {
  return (
    <Card size="2" asChild>
      <section aria-label={title}>
        <Heading as="h2" size="4" mb={description ? '1' : '3'}>
          {title}
        </Heading>
        {description && (
          <Text as="p" size="2" color="gray" mb="3">
            {description}
          </Text>
        )}
        {children}
      </section>
    </Card>
  )
}

/**
 * The uploader: every release and track field the draft calls take, cover art, audio per saved
 * track, and save (mod+s) or submit. Unsaved work survives tab switches and asks before it is left.
 */
export function UploaderForm({
  start,
  onCreated,
  onSubmitted,
}: {
  start: UploaderStart
  onCreated(releaseId: number): void
  onSubmitted(releaseId: number): void
}) {
  const tab = useTab()
  const tabKey = tab.tabId ?? 'window'
  const restored = useMemo(() => readDraft(tabKey, start.key), [tabKey, start.key])
  const [values, setValues] = useState<UploaderValues>(() => restored?.values ?? start.values)
  const [saved, setSaved] = useState<UploaderValues>(() => restored?.saved ?? start.values)
  const [cover, setCover] = useState<CoverState>(() => restored?.cover ?? { kind: 'kept' })
  const [releaseId, setReleaseId] = useState<number | null>(() => restored?.releaseId ?? start.releaseId)
  const [coverUrl, setCoverUrl] = useState(start.coverUrl)
  const [files, setFiles] = useState(start.files)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null)
  const [picking, setPicking] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const busyRef = useRef(false)
  // The lines' and years' placeholders follow the calendar, as the lines themselves do.
  const thisYear = String(new Date().getFullYear())

  // A new release starts where people type first, its title; after the account picker closed and
  // handed focus back, so the next frame but one.
  const isNew = start.releaseId === null && !restored
  useEffect(() => {
    if (!isNew) return
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[data-path="title"]')?.focus())
    })
    return () => cancelAnimationFrame(frame)
  }, [isNew])

  const draft: Draft = useMemo(() => ({ key: start.key, releaseId, values, saved, cover }), [start.key, releaseId, values, saved, cover])
  const dirty = isDirty(draft)
  // The draft lives outside the screen: a remount (another tab in front, a moved tab) restores it.
  useEffect(() => writeDraft(tabKey, draft), [tabKey, draft])
  useEffect(
    () => () => {
      if (!isDirty(readDraft(tabKey, start.key) ?? undefined)) dropDraft(tabKey)
    },
    [tabKey, start.key],
  )

  const card = useLoad(fetchCard, String(values.userId))
  const account = card.data && card.data.id === values.userId ? card.data : null

  const update = useCallback((path: string, value: unknown) => {
    setValues((current) => setIn(current, path, value))
    setErrors((current) => {
      if (!Object.keys(current).some((key) => key === path || key.startsWith(`${path}.`))) return current
      return Object.fromEntries(Object.entries(current).filter(([key]) => key !== path && !key.startsWith(`${path}.`)))
    })
  }, [])
  const field = <T,>(path: string) => ({
    path,
    value: getIn(values, path) as T,
    error: errors[path],
    onChange: (value: T) => update(path, value),
  })

  const focusFirstError = (found: Record<string, string>) => {
    const first = Object.keys(found)[0]
    if (!first) return
    requestAnimationFrame(() => {
      const target =
        formRef.current?.querySelector<HTMLElement>(`[data-path="${first}"]`) ??
        formRef.current?.querySelector<HTMLElement>(`[data-path="${first.split('.').slice(0, 2).join('.')}"]`)
      target?.focus()
      target?.scrollIntoView?.({ block: 'center' })
    })
  }

  /** Saves the release, then its tracks, then (when asked) submits it; true when all of it went through. */
  const save = useCallback(
    async (submit: boolean): Promise<boolean> => {
      if (busyRef.current) return false
      const found = checkValues(values, { submit })
      setErrors(found)
      setProblem(null)
      if (Object.keys(found).length) {
        setProblem(submit ? 'The release is not ready for review: see the fields marked.' : 'Some fields need a look before saving.')
        focusFirstError(found)
        return false
      }
      busyRef.current = true
      setBusy(submit ? 'submit' : 'save')
      let id = releaseId
      try {
        const details = detailsBody(values, id, cover)
        const general: ReleaseGeneral = await step(() => api.call('releases.albumDetails', { body: details.body }), details.mapError)
        id = general.id
        // From here on the release exists: a retry saves it again instead of making another.
        setReleaseId(general.id)
        setCover({ kind: 'kept' })
        setCoverUrl(general.artwork.large)
        const list = tracksBody(values)
        const tracks = await step(
          () => api.call('releases.albumTracks', { body: { releaseId: general.id, tracks: list.tracks } }),
          list.mapError,
        )
        const clean = withoutBlankRows(values)
        const next: UploaderValues = {
          ...clean,
          upc: general.upc ?? '',
          artists: general.artists.length ? general.artists.map((name) => ({ name })) : clean.artists,
          tracks: tracks.data.map((track, index) => trackValues(track, values.tracks[index]?.key)),
        }
        setValues(next)
        setSaved(next)
        setFiles(filesOf(tracks.data))
        // Written now, not after the next render: the address changes below, and the guard must see it saved.
        writeDraft(tabKey, { key: start.key, releaseId: general.id, values: next, saved: next, cover: { kind: 'kept' } })
        if (submit) {
          await step(
            () => api.call('releases.albumDetails', { body: { releaseId: general.id, submit: true } }),
            (path) => (path === 'artists' ? 'artists.0.name' : path),
          )
          dropDraft(tabKey)
          showNotice('Submitted for review.', { tone: 'success' })
          onSubmitted(general.id)
          return true
        }
        showNotice('Draft saved.', { tone: 'success' })
        if (start.releaseId === null) onCreated(general.id)
        return true
      } catch (error) {
        if (error instanceof StepError) {
          setErrors(error.errors)
          setProblem(Object.keys(error.errors).length ? `${error.message} See the fields marked.` : error.message)
          focusFirstError(error.errors)
        } else setProblem(ACTION_FAILED)
        return false
      } finally {
        busyRef.current = false
        setBusy(null)
      }
    },
    [values, releaseId, cover, tabKey, start.key, start.releaseId, onCreated, onSubmitted],
  )

  useHotkeys('mod+s', () => void save(false), {
    enabled: tab.focused,
    enableOnFormTags: true,
    enableOnContentEditable: true,
    preventDefault: true,
    scopes: tab.tabId ? [`tab:${tab.tabId}`] : undefined,
  })

  // "Save or discard?" when this tab is left with unsaved changes.
  const question = useSnapshot(leaveQuestion)
  const asking = question.tabId === tabKey
  const [leaving, setLeaving] = useState(false)
  const saveAndLeave = async () => {
    setLeaving(true)
    const ok = await save(false)
    setLeaving(false)
    answerLeave(tabKey, ok)
  }
  const discardAndLeave = () => {
    dropDraft(tabKey)
    answerLeave(tabKey, true)
  }

  const tracksChanged = (tracks: TrackValues[]) => update('tracks', tracks)
  // Stable handlers: the big groups (stores, countries) skip re-rendering while other fields are typed in.
  const storesChanged = useCallback((stores: number[]) => update('stores', stores), [update])
  const territoriesChanged = useCallback((territories: string[]) => update('territories', territories), [update])
  const changeTrack = useCallback((index: number, track: TrackValues) => {
    setValues((current) => ({ ...current, tracks: current.tracks.map((other, at) => (at === index ? track : other)) }))
  }, [])
  const moveTrack = useCallback((index: number, delta: -1 | 1) => {
    setValues((current) => {
      const tracks = [...current.tracks]
      const target = index + delta
      if (target < 0 || target >= tracks.length) return current
      ;[tracks[index], tracks[target]] = [tracks[target], tracks[index]]
      return { ...current, tracks }
    })
    // Messages are tied to positions: after a move they would point at the wrong track.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('tracks.'))))
  }, [])
  const removeTrack = useCallback((index: number) => {
    setValues((current) => ({ ...current, tracks: current.tracks.filter((_, at) => at !== index) }))
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('tracks.'))))
  }, [])
  const filesChanged = useCallback((track: Track) => {
    setFiles((current) => ({
      ...current,
      [track.id]: { audioUrl: track.audioUrl, instrumentUrl: track.instrumentUrl, dolbyUrl: track.dolbyUrl },
    }))
    // The audio's own length is now the track's; it is saved already.
    if (track.duration !== null) {
      const withDuration = (current: UploaderValues) => ({
        ...current,
        tracks: current.tracks.map((other) => (other.id === track.id ? { ...other, duration: formatMinSec(track.duration) } : other)),
      })
      setValues(withDuration)
      setSaved(withDuration)
    }
  }, [])

  const title = values.title.trim() || 'Untitled release'
  const artistsPath = (index: number) => `artists.${index}.name`

  return (
    <form
      ref={formRef}
      aria-label={releaseId ? 'Edit release' : 'New release'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save(false)
      }}
    >
      <Flex direction="column" gap="4">
        <Flex justify="between" align="start" gap="4" wrap="wrap">
          <Flex direction="column" gap="1">
            <Heading as="h1" size="6">
              {releaseId ? `Edit release: ${title}` : 'New release'}
            </Heading>
            <Flex gap="2" align="center" wrap="wrap">
              <StatusBadge code={start.status} size="1" testId="uploader-status" />
              <Text size="2" color="gray">
                For{' '}
                {account ? (
                  <RecordLink to={`/users/${account.id}`}>{`${account.displayName} (${account.email})`}</RecordLink>
                ) : (
                  `account #${values.userId}`
                )}
              </Text>
              <Button type="button" size="1" variant="ghost" onClick={() => setPicking(true)}>
                Change account
              </Button>
              {errors.userId && (
                <Text size="1" color="red" role="alert">
                  {errors.userId}
                </Text>
              )}
            </Flex>
          </Flex>
          <Flex gap="3" align="center">
            {dirty ? (
              <Badge color="amber" role="status">
                Unsaved changes
              </Badge>
            ) : (
              releaseId && (
                <Text size="1" color="gray" role="status">
                  All changes saved
                </Text>
              )
            )}
            <Text size="1" color="gray">
              Ctrl+S saves
            </Text>
            <Button type="submit" variant="soft" loading={busy === 'save'} disabled={busy === 'submit'}>
              Save draft
            </Button>
            <Button type="button" loading={busy === 'submit'} disabled={busy === 'save'} onClick={() => void save(true)}>
              Submit for review
            </Button>
          </Flex>
        </Flex>
        {problem && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{problem}</Callout.Text>
          </Callout.Root>
        )}

        <Grid columns={{ initial: '1', lg: '2' }} gap="4" align="start">
          <Section title="Release">
            <Flex direction="column" gap="3">
              <TextFieldInput label="Title" {...field<string>('title')} />
              <Grid columns="2" gap="3">
                <TextFieldInput label="Version" hint="Remix or version, if any" {...field<string>('version')} />
                <SelectInput<ReleaseType>
                  label="Type"
                  options={RELEASE_TYPES.map((type) => ({ value: type, label: type }))}
                  {...field<ReleaseType>('type')}
                />
              </Grid>
              <Box role="group" aria-label="Artists">
                <Flex justify="between" align="center" mb="1">
                  <Text size="2" weight="medium">
                    Artists
                  </Text>
                  <Button type="button" size="1" variant="soft" onClick={() => update('artists', [...values.artists, { name: '' }])}>
                    <PlusIcon /> Add artist
                  </Button>
                </Flex>
                <Flex direction="column" gap="2">
                  {values.artists.map((artist, index) => (
                    <Flex key={index} gap="2" align="start">
                      <ArtistNameInput
                        path={artistsPath(index)}
                        label={`Artist ${index + 1}`}
                        placeholder="Artist name"
                        hideLabel
                        value={artist.name}
                        error={errors[artistsPath(index)]}
                        onChange={(name) => update(artistsPath(index), name)}
                      />
                      {values.artists.length > 1 && (
                        <Button
                          type="button"
                          size="2"
                          variant="ghost"
                          color="red"
                          aria-label={`Remove artist ${index + 1}`}
                          onClick={() =>
                            update(
                              'artists',
                              values.artists.filter((_, at) => at !== index),
                            )
                          }
                        >
                          Remove
                        </Button>
                      )}
                    </Flex>
                  ))}
                </Flex>
                {errors.artists && (
                  <Text size="1" color="red" role="alert">
                    {errors.artists}
                  </Text>
                )}
              </Box>
              <Grid columns="2" gap="3">
                <TextFieldInput label="Label" {...field<string>('label')} />
                <TextFieldInput
                  label="UPC"
                  placeholder="12 or 13 digits"
                  hint="Left empty, one is assigned later"
                  {...field<string>('upc')}
                />
                <TextFieldInput label="Catalog number" {...field<string>('catalogNumber')} />
                <TextFieldInput label="License type" placeholder="Copyright" {...field<string>('licenseType')} />
                <TextFieldInput label="Primary genre" {...field<string>('primaryGenre')} />
                <TextFieldInput label="Secondary genre" {...field<string>('secondaryGenre')} />
                <TextFieldInput label="Language" {...field<string>('language')} />
              </Grid>
            </Flex>
          </Section>

          <Flex direction="column" gap="4">
            <Section title="Cover art">
              <CoverPicker
                current={coverUrl}
                state={cover}
                title={title}
                error={errors.cover}
                onChange={(next) => {
                  setCover(next)
                  setErrors((current) => {
                    const { cover: _cover, ...rest } = current
                    return rest
                  })
                }}
              />
            </Section>
            <Section title="Dates and lines">
              <Grid columns="2" gap="3">
                <TextFieldInput label="Release date" type="date" {...field<string>('releaseDate')} />
                <TextFieldInput label="Original release date" type="date" {...field<string>('originalReleaseDate')} />
                <TextFieldInput label="C line" placeholder={`${thisYear} Label Name`} {...field<string>('cLine')} />
                <TextFieldInput label="C year" placeholder={thisYear} {...field<string>('cYear')} />
                <TextFieldInput label="P line" placeholder={`${thisYear} Label Name`} {...field<string>('pLine')} />
                <TextFieldInput label="P year" placeholder={thisYear} {...field<string>('pYear')} />
                <CheckboxInput label="Apple Music pre-order" {...field<boolean>('applePreorder')} />
                {values.applePreorder && <TextFieldInput label="Pre-order date" type="date" {...field<string>('applePreorderDate')} />}
              </Grid>
            </Section>
          </Flex>
        </Grid>

        <Section title="Release participants" description="The people on the release, with their Spotify and Apple Music artist links.">
          <RowsEditor
            kind="participants"
            path="participants"
            context="the release"
            rows={values.participants}
            empty={emptyParticipant}
            errors={errors}
            onChange={(rows) => update('participants', rows)}
          />
        </Section>

        <Section title="Delivery">
          <Grid columns={{ initial: '1', md: '2' }} gap="4">
            <StoresField value={values.stores} error={errors.stores} onChange={storesChanged} />
            <Flex direction="column" gap="3">
              <TerritoriesField value={values.territories} error={errors.territories} onChange={territoriesChanged} />
              <CheckboxInput
                label="Restrict takedown"
                hint="The account cannot ask for a takedown itself"
                {...field<boolean>('restrictTakedown')}
              />
            </Flex>
          </Grid>
        </Section>

        <Flex direction="column" gap="3" role="group" aria-label="Tracks">
          <Flex justify="between" align="center">
            <Heading as="h2" size="4">
              Tracks ({values.tracks.length})
            </Heading>
            <Button
              type="button"
              variant="soft"
              onClick={() => tracksChanged([...values.tracks, { ...emptyTrack(), ...structuredClone(start.trackDefaults ?? {}) }])}
            >
              <PlusIcon /> Add track
            </Button>
          </Flex>
          {errors.tracks && (
            <Text size="2" color="red" role="alert" data-path="tracks">
              {errors.tracks}
            </Text>
          )}
          {values.tracks.map((track, index) => (
            <TrackCard
              key={track.key}
              track={track}
              index={index}
              count={values.tracks.length}
              errors={errors}
              files={track.id !== null ? (files[track.id] ?? null) : null}
              onChange={changeTrack}
              onMove={moveTrack}
              onRemove={removeTrack}
              onFilesChanged={filesChanged}
            />
          ))}
        </Flex>

        <Flex justify="end" gap="3">
          <Button type="submit" variant="soft" loading={busy === 'save'} disabled={busy === 'submit'}>
            Save draft
          </Button>
          <Button type="button" loading={busy === 'submit'} disabled={busy === 'save'} onClick={() => void save(true)}>
            Submit for review
          </Button>
        </Flex>
      </Flex>

      <UserPickerDialog
        open={picking}
        title="The release is for…"
        ownersOnly
        onOpenChange={setPicking}
        onSelect={(user) => {
          setPicking(false)
          if (user.type === 'admin') {
            setErrors((current) => ({ ...current, userId: 'Releases belong to an artist or a label, not to staff.' }))
            return
          }
          update('userId', user.id)
        }}
      />

      <AlertDialog.Root open={asking} onOpenChange={(open) => !open && !leaving && answerLeave(tabKey, false)}>
        <AlertDialog.Content maxWidth="460px">
          <AlertDialog.Title>Save changes to {title}?</AlertDialog.Title>
          <AlertDialog.Description size="2">
            This release has changes that are not saved. Save them as a draft, or discard them and leave.
          </AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray" disabled={leaving}>
                Stay
              </Button>
            </AlertDialog.Cancel>
            <Button variant="soft" color="red" disabled={leaving} onClick={discardAndLeave}>
              Discard changes
            </Button>
            <Button loading={leaving} onClick={() => void saveAndLeave()}>
              Save draft
            </Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </form>
  )
}
