import { useCallback, useEffect, useMemo, useState } from 'react'
import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes'
import { PersonIcon } from '@radix-ui/react-icons'
import { DEFAULT_DELIVERY_TARGET_IDS } from '@core/platforms'
import { RELEASE_STATUS, statusLabel } from '@core/release-status'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useTab } from '@client/workspace/tab-context'
import { MainSkeleton } from '@client/pages/MainSkeleton'
import { UserPickerDialog } from '@client/ui/dialogs/UserPickerDialog'
import { RecordLink } from '@client/ui/RecordLink'
import { UploaderForm, type UploaderStart } from './UploaderForm'
import { emptyTrack, emptyValues, valuesOf, type TrackValues, type UploaderValues } from './form-model'

/** Drafts and releases sent back for documents are edited here; anything else on its release tab. */
const EDITABLE: readonly number[] = [RELEASE_STATUS.draft, RELEASE_STATUS.needsDocumentation]

const fetchDraft = async (key: string, signal: AbortSignal) => {
  const id = Number(key)
  const [general, additional, tracks] = await Promise.all([
    api.call('releases.general', { params: { id } }, { signal }),
    api.call('releases.additional', { params: { id } }, { signal }),
    api.call('releases.tracks', { params: { id } }, { signal }),
  ])
  return { general, additional, tracks: tracks.data }
}

const fetchAccount = async (key: string, signal: AbortSignal) => {
  const id = Number(key)
  const [card, profile] = await Promise.all([
    api.call('users.card', { params: { id } }, { signal }),
    api.call('users.artist', { params: { id } }, { signal }),
  ])
  return { card, profile }
}

function Problem({ children, onRetry }: { children: string; onRetry?(): void }) {
  return (
    <Flex direction="column" gap="3" align="start" role="alert" p="4">
      <Text color="red">{children}</Text>
      {onRetry && (
        <Button variant="soft" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Flex>
  )
}

/** /uploader without an account: choose whom the release is for. */
function ChooseAccount() {
  const tab = useTab()
  const [open, setOpen] = useState(true)
  return (
    <Flex direction="column" gap="4" p="4" align="start">
      <Heading as="h1" size="6">
        New release
      </Heading>
      <Card size="3" style={{ maxWidth: 560 }}>
        <Flex direction="column" gap="3" align="start">
          <Text size="2">
            A release belongs to an artist or a label account. Choose the account you are making it for; it starts as a draft.
          </Text>
          <Button onClick={() => setOpen(true)}>
            <PersonIcon /> Choose the account…
          </Button>
        </Flex>
      </Card>
      <UserPickerDialog
        open={open}
        title="Create a release for…"
        ownersOnly
        onOpenChange={setOpen}
        onSelect={(user) => {
          setOpen(false)
          tab.navigate(`/uploader?user=${user.id}`, { replace: true })
        }}
      />
    </Flex>
  )
}

/** /uploader?user=<id>: a new release for that account, started from its profile's defaults. */
function NewRelease({ userId }: { userId: number }) {
  const tab = useTab()
  const account = useLoad(fetchAccount, String(userId))
  const data = account.data && account.data.card.id === userId ? account.data : null
  const start = useMemo<UploaderStart | null>(() => {
    if (!data) return null
    const artist = data.profile.artist
    const label = data.profile.label
    const rows = {
      participants: (artist?.defaultArtists ?? []).map((row) => ({
        name: row.name,
        roles: row.roles,
        spotify: row.spotify ?? '',
        apple: row.apple ?? '',
      })),
      writers: (artist?.defaultWriters ?? []).map((row) => ({ ...row })),
      credits: (artist?.defaultCredits ?? []).map((row) => ({ ...row })),
    } satisfies Pick<TrackValues, 'participants' | 'writers' | 'credits'>
    const name = artist?.artistName ?? label?.labelName ?? ''
    const defaults: Partial<UploaderValues> = {
      artists: [{ name }],
      label: artist?.labelName ?? label?.labelName ?? '',
      primaryGenre: artist?.primaryGenre ?? label?.genres[0] ?? '',
      secondaryGenre: artist?.secondaryGenre ?? label?.genres[1] ?? '',
      language: label?.language ?? '',
      cLine: artist?.cLine ?? '',
      pLine: artist?.pLine ?? '',
      stores: artist?.stores.length ? [...artist.stores] : [...DEFAULT_DELIVERY_TARGET_IDS],
      territories: artist?.territories.length ? [...artist.territories] : ['WW'],
      participants: rows.participants.map((row) => ({ ...row })),
      tracks: [{ ...emptyTrack(), ...structuredClone(rows) }],
    }
    return {
      key: 'new',
      releaseId: null,
      status: RELEASE_STATUS.draft,
      values: emptyValues(userId, defaults),
      coverUrl: null,
      files: {},
      trackDefaults: rows,
    }
  }, [data, userId])
  const onCreated = useCallback((id: number) => tab.navigate(`/uploader/edit/${id}`, { replace: true }), [tab])
  const onSubmitted = useCallback((id: number) => tab.navigate(`/releases/single/${id}`, { replace: true }), [tab])

  if (account.status === 'error' && account.error?.status === 404)
    return (
      <Flex direction="column" gap="3" p="4" align="start">
        <Callout.Root color="gray" role="status">
          <Callout.Text>There is no such account in this workspace.</Callout.Text>
        </Callout.Root>
        <ChooseAccount />
      </Flex>
    )
  if (!start)
    return account.status === 'error' ? <Problem onRetry={account.reload}>{account.error?.message ?? ''}</Problem> : <MainSkeleton />
  if (data?.card.type === 'admin')
    return (
      <Flex direction="column" gap="3" p="4" align="start">
        <Callout.Root color="amber" role="alert">
          <Callout.Text>
            {data.card.displayName} is a staff account; releases belong to an artist or a label. Choose another account.
          </Callout.Text>
        </Callout.Root>
        <ChooseAccount />
      </Flex>
    )
  return <UploaderForm key="new" start={start} onCreated={onCreated} onSubmitted={onSubmitted} />
}

/** /uploader/edit/{id}: a saved draft, resumed. */
function EditDraft({ id }: { id: number }) {
  const tab = useTab()
  const load = useLoad(fetchDraft, String(id))
  const data = load.data && load.data.general.id === id ? load.data : null
  const start = useMemo<UploaderStart | null>(() => {
    if (!data) return null
    return {
      key: `release:${id}`,
      releaseId: id,
      status: data.general.status,
      values: valuesOf(data.general, data.additional, data.tracks),
      coverUrl: data.general.artwork.large ?? data.general.coverUrl,
      files: Object.fromEntries(
        data.tracks.map((track) => [track.id, { audioUrl: track.audioUrl, instrumentUrl: track.instrumentUrl, dolbyUrl: track.dolbyUrl }]),
      ),
    }
  }, [data, id])
  const { setTitle } = tab
  useEffect(() => {
    if (data) setTitle(`Edit: ${data.general.title || 'Untitled release'}`)
  }, [data, setTitle])
  const onSubmitted = useCallback((releaseId: number) => tab.navigate(`/releases/single/${releaseId}`, { replace: true }), [tab])

  if (load.status === 'error' && load.error?.status === 404)
    return (
      <Callout.Root color="gray" role="status" m="4">
        <Callout.Text>This release does not exist in this workspace, or it was removed.</Callout.Text>
      </Callout.Root>
    )
  if (!data || !start)
    return load.status === 'error' ? <Problem onRetry={load.reload}>{load.error?.message ?? ''}</Problem> : <MainSkeleton />
  if (!EDITABLE.includes(data.general.status))
    return (
      <Flex direction="column" gap="3" p="4" align="start">
        <Heading as="h1" size="6">
          {data.general.title}
        </Heading>
        <Callout.Root color="blue" role="status">
          <Callout.Text>
            This release is {statusLabel(data.general.status)}, no longer a draft: the uploader edits drafts and releases that need
            documentation. Change it on its <RecordLink to={`/releases/single/${id}`}>release tab</RecordLink>.
          </Callout.Text>
        </Callout.Root>
      </Flex>
    )
  return <UploaderForm key={start.key} start={start} onCreated={() => undefined} onSubmitted={onSubmitted} />
}

/** /uploader and /uploader/edit/{id}: staff make a release for an account as a draft, and resume it. */
export default function UploaderScreen({ params, search }: ScreenProps) {
  if (params.id !== undefined) {
    const id = Number(params.id)
    if (!Number.isInteger(id) || id <= 0)
      return (
        <Callout.Root color="gray" role="status" m="4">
          <Callout.Text>This release does not exist in this workspace, or it was removed.</Callout.Text>
        </Callout.Root>
      )
    return <EditDraft id={id} />
  }
  const userId = Number(search.get('user'))
  if (!Number.isInteger(userId) || userId <= 0) return <ChooseAccount />
  return <NewRelease userId={userId} />
}
