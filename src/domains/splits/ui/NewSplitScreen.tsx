import { useCallback, useEffect, useState, type KeyboardEvent } from 'react'
import { Avatar, Box, Button, Callout, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes'
import { MagnifyingGlassIcon } from '@radix-ui/react-icons'
import type { SplitData, TrackOption } from '@contract/splits'
import { formatIsrc } from '@core/identifiers'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useSession } from '@client/state/session'
import { useTab } from '@client/workspace/tab-context'
import { workspaceActions } from '@client/workspace/store'
import { useSubmit } from '@client/ui/useSubmit'
import { RecordLink } from '@client/ui/RecordLink'
import { showNotice } from '@client/ui/notices/notices'
import { PayeesEditor, newKey, shareOf, type PayeeDraft, type ShareMode } from './PayeesEditor'

const checkEmail = (email: string) => api.call('splits.isValidUser', { body: { email } })

const thisMonth = () => new Date().toISOString().slice(0, 7)

/**
 * Finds a track by title, ISRC or id: a combobox, so ↓/↑ move through what was found and Enter
 * takes the highlighted track (the first one unless moved), as well as a click.
 */
export function TrackPicker({ onPick }: { onPick(track: TrackOption): void }) {
  const [text, setText] = useState('')
  const [found, setFound] = useState<{ text: string; tracks: TrackOption[]; error: string | null }>({ text: '', tracks: [], error: null })
  const [active, setActive] = useState(0)
  useEffect(() => {
    const query = text.trim()
    const controller = new AbortController()
    const timer = setTimeout(() => {
      api
        .call('splits.data', { body: { search: query } }, { signal: controller.signal })
        .then((data) => {
          setFound({ text: query, tracks: data.tracks, error: null })
          setActive(0)
        })
        .catch((error: Error & { canceled?: boolean }) => !error.canceled && setFound({ text: query, tracks: [], error: error.message }))
    }, 250)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [text])
  const query = text.trim()
  const tracks = found.tracks
  const optionId = (track: TrackOption) => `split-track-${track.id}`
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!tracks.length) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + tracks.length) % tracks.length)
    } else if (event.key === 'Enter' && !event.metaKey && !event.ctrlKey) {
      event.preventDefault()
      const track = tracks[Math.min(active, tracks.length - 1)]
      if (track) onPick(track)
    }
  }
  return (
    <Flex direction="column" gap="2">
      <TextField.Root
        aria-label="Find a track"
        placeholder="Track title (3+ letters), ISRC or track id"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={tracks.length > 0}
        aria-controls="split-tracks-found"
        aria-autocomplete="list"
        aria-activedescendant={tracks[active] ? optionId(tracks[active]) : undefined}
        autoFocus
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>
      {found.error && <Text color="red">{found.error}</Text>}
      {found.text === query && query.length >= 3 && tracks.length === 0 && !found.error && (
        <Text size="2" color="gray">
          No track matches “{query}”.
        </Text>
      )}
      <Flex direction="column" gap="1" role="listbox" id="split-tracks-found" aria-label="Tracks found">
        {tracks.map((track, index) => (
          <Button
            key={track.id}
            id={optionId(track)}
            role="option"
            aria-selected={index === active}
            tabIndex={-1}
            variant={index === active ? 'soft' : 'ghost'}
            style={{ justifyContent: 'flex-start', height: 'auto', padding: 8 }}
            onMouseEnter={() => setActive(index)}
            onClick={() => onPick(track)}
          >
            <Flex gap="2" align="center">
              <Avatar size="2" src={track.artwork ?? undefined} fallback={track.title.slice(0, 1)} />
              <Box style={{ textAlign: 'left' }}>
                <Text as="div" weight="medium">
                  {track.title}
                </Text>
                <Text as="div" size="1" color="gray">
                  {[track.isrc ? formatIsrc(track.isrc) : null, track.releaseTitle, track.ownerName].filter(Boolean).join(' · ')}
                </Text>
              </Box>
            </Flex>
          </Button>
        ))}
      </Flex>
    </Flex>
  )
}

/** /splits/new: pick a track, add payees by email with shares that add up to exactly 100%, choose the start month. */
export default function NewSplitScreen({ search }: ScreenProps) {
  const tab = useTab()
  const { me } = useSession()
  const staff = me?.account.type === 'admin'
  const initialTrack = Number(search.get('trackId')) || null
  const [trackId, setTrackId] = useState<number | null>(initialTrack)
  const [data, setData] = useState<SplitData['selected']>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [payees, setPayees] = useState<PayeeDraft[]>([])
  const [mode, setMode] = useState<ShareMode>('percent')
  const [startsOn, setStartsOn] = useState(thisMonth())

  useEffect(() => {
    if (trackId === null) return
    const controller = new AbortController()
    api
      .call('splits.data', { body: { trackId } }, { signal: controller.signal })
      .then((answer) => {
        setData(answer.selected)
        setLoadError(null)
        if (answer.selected) setPayees([{ key: newKey(), email: answer.selected.owner.email, value: '100', locked: true }])
        setMode('percent')
      })
      .catch((error: Error & { canceled?: boolean }) => !error.canceled && setLoadError(error.message))
    return () => controller.abort()
  }, [trackId])

  const action = useCallback(() => {
    if (!data) throw new Error('Choose a track first.')
    const rows = payees.map((payee) => ({ email: payee.email.trim(), share: shareOf(payee.value, mode) ?? payee.value.trim() }))
    return api.call('splits.submit', { body: { trackId: data.track.id, startsOn, payees: rows } })
  }, [data, payees, mode, startsOn])
  const onSuccess = useCallback(
    (split: { id: number; title: string }) => {
      workspaceActions.refreshData()
      showNotice(`Split of ${split.title} created; the payees were emailed.`, { tone: 'success' })
      if (staff) tab.navigate(`/royalty-shares/single/${split.id}`)
      else {
        setTrackId(null)
        setData(null)
        setPayees([])
      }
    },
    [staff, tab],
  )
  const form = useSubmit(action, onSuccess)
  const errors = Object.fromEntries(Object.entries(form.fieldErrors).map(([key, value]) => [key.replace(/^body\./, ''), value]))

  return (
    <Flex direction="column" gap="4" p="4" maxWidth="860px">
      <Heading as="h1" size="6">
        Create split
      </Heading>
      <Card size="2">
        <Heading as="h2" size="3" mb="2">
          Track
        </Heading>
        {data ? (
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Flex gap="3" align="center">
              <Avatar size="5" src={data.track.artwork ?? undefined} fallback={data.track.title.slice(0, 1)} />
              <Box>
                <Text as="div" weight="bold" size="4" data-testid="chosen-track">
                  {data.track.title}
                </Text>
                <Text as="div" size="2" color="gray">
                  {[data.track.isrc ? formatIsrc(data.track.isrc) : null, data.track.releaseTitle].filter(Boolean).join(' · ')}
                </Text>
                <Text as="div" size="2">
                  Owner: {data.owner.name} ({data.owner.email})
                </Text>
              </Box>
            </Flex>
            <Button variant="soft" color="gray" onClick={() => (setTrackId(null), setData(null), setPayees([]))}>
              Choose another track
            </Button>
          </Flex>
        ) : (
          <TrackPicker onPick={(track) => setTrackId(track.id)} />
        )}
        {loadError && (
          <Text color="red" as="p" mt="2">
            {loadError}
          </Text>
        )}
        {data?.openSplit && (
          <Callout.Root color={data.openSplit.status === 'pending' ? 'red' : 'amber'} mt="3">
            <Callout.Text>
              {data.openSplit.status === 'pending' ? (
                <>
                  This track already has a split waiting for confirmation (
                  {staff ? (
                    <RecordLink to={`/royalty-shares/single/${data.openSplit.id}`}>#{data.openSplit.id}</RecordLink>
                  ) : (
                    `#${data.openSplit.id}`
                  )}
                  ); it must be declined before another can be made.
                </>
              ) : (
                <>
                  The track&apos;s active split (from {data.openSplit.startsOn}, {data.openSplit.payeeCount} payees) ends when the new one
                  starts.
                </>
              )}
            </Callout.Text>
          </Callout.Root>
        )}
      </Card>
      {data && (
        <form onSubmit={form.submit}>
          <Flex direction="column" gap="4">
            <Card size="2">
              <Heading as="h2" size="3" mb="2">
                Payees
              </Heading>
              <Text as="p" size="2" color="gray" mb="3">
                The owner is always a payee. Each other payee is emailed and confirms their share; the split applies once every payee has an
                account and has confirmed.
              </Text>
              <PayeesEditor
                payees={payees}
                onChange={setPayees}
                mode={mode}
                onModeChange={setMode}
                checkEmail={checkEmail}
                errors={errors}
              />
            </Card>
            <Card size="2">
              <Flex gap="3" align="end" wrap="wrap">
                <label>
                  <Text as="div" size="2" weight="medium" mb="1">
                    Applies from (month)
                  </Text>
                  <TextField.Root
                    type="month"
                    value={startsOn}
                    onChange={(event) => setStartsOn(event.target.value)}
                    aria-label="Applies from"
                  />
                </label>
                {errors.startsOn && <Text color="red">{errors.startsOn}</Text>}
              </Flex>
            </Card>
            {form.error && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{form.error}</Callout.Text>
              </Callout.Root>
            )}
            <Flex>
              <Button type="submit" size="3" loading={form.submitting}>
                Create split
              </Button>
            </Flex>
          </Flex>
        </form>
      )}
    </Flex>
  )
}
