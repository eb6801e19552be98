import { useEffect, useMemo, useState } from 'react'
import { Badge, Button, Dialog, Flex, Spinner, Text, TextField } from '@radix-ui/themes'
import { MagnifyingGlassIcon } from '@radix-ui/react-icons'
import type { SearchHit } from '@contract/search'
import type { UnmatchedKey } from '@contract/ledger'
import { api, ApiError } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { formatCount, formatMoney } from '@core/format'
import { ACTION_FAILED, saveForm } from '@client/ui/run-action'

export const MATCH_SEARCH_DEBOUNCE_MS = 300

const searchTargets = (query: string, signal: AbortSignal): Promise<SearchHit[]> =>
  query.length === 0
    ? Promise.resolve([])
    : api.call('search.query', { query: { q: query, kinds: 'track,release', limit: 10 } }, { signal }).then((answer) => answer.hits)

/** Picks a track or release through the palette's search and matches every unmatched line with the key to it. */
export function MatchDialog({ entry, onOpenChange }: { entry: UnmatchedKey | null; onOpenChange(open: boolean): void }) {
  return (
    <Dialog.Root open={entry !== null} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="560px">{entry && <MatchBody entry={entry} onDone={() => onOpenChange(false)} />}</Dialog.Content>
    </Dialog.Root>
  )
}

function MatchBody({ entry, onDone }: { entry: UnmatchedKey; onDone(): void }) {
  const [text, setText] = useState(entry.titles[0] ?? '')
  const [query, setQuery] = useState(text.trim())
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), MATCH_SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  const results = useLoad(searchTargets, query)
  const hits = useMemo(() => results.data ?? [], [results.data])
  const [chosen, setChosen] = useState<SearchHit | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const confirm = async () => {
    if (!chosen) return
    setBusy(true)
    setError(null)
    try {
      await saveForm(
        () =>
          api.call('ledger.match', {
            body: { kind: entry.kind, key: entry.key, ...(chosen.kind === 'track' ? { trackId: chosen.id } : { releaseId: chosen.id }) },
          }),
        (result) => `${result.lines} line${result.lines === 1 ? '' : 's'} matched to “${result.target.title}”.`,
      )
      onDone()
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : ACTION_FAILED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Flex direction="column" gap="3">
      <Dialog.Title mb="0">
        Match {entry.kind.toUpperCase()} {entry.key}
      </Dialog.Title>
      <Dialog.Description size="2" color="gray">
        {formatCount(entry.lines)} unmatched line{entry.lines === 1 ? '' : 's'} worth {formatMoney(entry.total)} move from suspense to the
        owner and payees of what you choose. Later statements with this {entry.kind.toUpperCase()} match it too.
      </Dialog.Description>
      <TextField.Root
        aria-label="Search tracks and releases"
        placeholder="Title, ISRC, UPC or track:42"
        value={text}
        autoFocus
        onChange={(event) => {
          setText(event.target.value)
          setChosen(null)
        }}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
        {results.status === 'loading' && (
          <TextField.Slot>
            <Spinner />
          </TextField.Slot>
        )}
      </TextField.Root>
      <Flex direction="column" gap="1" role="listbox" aria-label="Tracks and releases" style={{ maxHeight: 280, overflowY: 'auto' }}>
        {results.status === 'error' && <Text color="red">{results.error?.message}</Text>}
        {results.status === 'success' && query && hits.length === 0 && (
          <Text size="2" color="gray">
            No track or release matches “{query}”.
          </Text>
        )}
        {hits.map((hit) => (
          <Button
            key={`${hit.kind}:${hit.id}`}
            role="option"
            aria-selected={chosen?.kind === hit.kind && chosen.id === hit.id}
            variant={chosen?.kind === hit.kind && chosen.id === hit.id ? 'surface' : 'soft'}
            color={chosen?.kind === hit.kind && chosen.id === hit.id ? undefined : 'gray'}
            style={{ justifyContent: 'flex-start', height: 'auto', padding: '6px 10px' }}
            onClick={() => setChosen(hit)}
          >
            <Flex direction="column" align="start">
              <Flex gap="2" align="center">
                <Badge color={hit.kind === 'track' ? 'blue' : 'orange'}>{hit.kind === 'track' ? 'Track' : 'Release'}</Badge>
                <Text weight="medium">{hit.title}</Text>
              </Flex>
              {hit.subtitle && (
                <Text size="1" color="gray">
                  {hit.subtitle}
                </Text>
              )}
            </Flex>
          </Button>
        ))}
      </Flex>
      {error && (
        <Text size="2" color="red" role="alert">
          {error}
        </Text>
      )}
      <Flex gap="3" justify="end">
        <Dialog.Close>
          <Button variant="soft" color="gray" disabled={busy}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button disabled={!chosen} loading={busy} onClick={() => void confirm()}>
          {chosen ? `Match to “${chosen.title}”` : 'Choose a track or release'}
        </Button>
      </Flex>
    </Flex>
  )
}
