import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Box, Flex, Text, TextField, VisuallyHidden } from '@radix-ui/themes'
import type { EndpointOutput, Endpoints } from '@contract/index'
import { api } from '@client/api'

export type ArtistSuggestion = EndpointOutput<Endpoints['releases.getArtists']>['data'][number]

const DEBOUNCE_MS = 250

/**
 * An artist name with suggestions from the workspace (`releases.getArtists`: profiles and names
 * already on releases). Arrow keys move, Enter picks, Escape closes; picking one hands over its
 * Spotify and Apple Music links too.
 */
export function ArtistNameInput({
  path,
  label,
  value,
  onChange,
  onPick,
  error,
  hideLabel,
  placeholder,
}: {
  placeholder?: string
  path: string
  label: string
  value: string
  onChange(value: string): void
  onPick?(artist: ArtistSuggestion): void
  error?: string
  hideLabel?: boolean
}) {
  const id = useId()
  const listId = `${id}-list`
  const [typed, setTyped] = useState(false)
  const [open, setOpen] = useState(false)
  const [items, setItems] = useState<ArtistSuggestion[]>([])
  const [active, setActive] = useState(0)
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined)

  const query = value.trim()
  useEffect(() => {
    if (!typed || query.length < 2) {
      setItems([])
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      api
        .call('releases.getArtists', { query: { search: query } }, { signal: controller.signal })
        .then((result) => {
          setItems(result.data.slice(0, 8))
          setActive(0)
          setOpen(true)
        })
        .catch(() => setItems([]))
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query, typed])
  useEffect(() => () => clearTimeout(closing.current), [])

  const shown = open && items.length > 0
  const pick = (artist: ArtistSuggestion) => {
    onChange(artist.name)
    onPick?.(artist)
    setTyped(false)
    setOpen(false)
  }
  const handleKeyDown = (event: KeyboardEvent) => {
    if (!shown) {
      if (event.key === 'ArrowDown' && items.length) {
        event.preventDefault()
        setOpen(true)
      }
      return
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      pick(items[active])
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      setOpen(false)
    }
  }

  return (
    <Flex direction="column" gap="1" style={{ minWidth: 0, flex: 1, position: 'relative' }}>
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
        placeholder={placeholder}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-note` : undefined}
        color={error ? 'red' : undefined}
        autoComplete="off"
        onChange={(event) => {
          setTyped(true)
          onChange(event.target.value)
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          // Let a click on a suggestion land first.
          closing.current = setTimeout(() => setOpen(false), 150)
        }}
      />
      {shown && (
        <Box
          id={listId}
          role="listbox"
          aria-label={`Artists matching ${query}`}
          style={{
            position: 'absolute',
            top: hideLabel ? '100%' : 'calc(100% - 4px)',
            left: 0,
            right: 0,
            zIndex: 5,
            background: 'var(--color-panel-solid)',
            border: '1px solid var(--gray-a6)',
            borderRadius: 'var(--radius-2)',
            boxShadow: 'var(--shadow-4)',
            maxHeight: 260,
            overflowY: 'auto',
          }}
        >
          {items.map((artist, index) => (
            <Flex
              key={`${artist.name}-${artist.accountId ?? index}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              direction="column"
              px="2"
              py="1"
              style={{ cursor: 'pointer', background: index === active ? 'var(--accent-a4)' : undefined }}
              onMouseEnter={() => setActive(index)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(artist)}
            >
              <Text size="2">{artist.name}</Text>
              <Text size="1" color="gray">
                {[
                  artist.accountId ? 'Artist profile' : null,
                  artist.releaseCount ? `${artist.releaseCount} release${artist.releaseCount === 1 ? '' : 's'}` : null,
                  artist.spotify ? 'Spotify' : null,
                  artist.apple ? 'Apple Music' : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Flex>
          ))}
        </Box>
      )}
      {error && (
        <Text id={`${id}-note`} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  )
}
