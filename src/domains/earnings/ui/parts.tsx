import type { ComponentProps, ReactNode } from 'react'
import { Avatar, Button, Callout, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes'
import { ExclamationTriangleIcon } from '@radix-ui/react-icons'
import { formatMoney } from '@core/format'
import { initials } from '@core/names'
import type { LoadState } from '@client/state/useLoad'
import { RecordLink } from '@client/ui/RecordLink'

/** An amount as the spec shows money: "$1,234.50" (exact, from the decimal string). */
export function Money({ value }: { value: string }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatMoney(value)}</span>
}

export function LoadFailure({ what, message, onRetry }: { what: string; message?: string; onRetry?(): void }) {
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>
        Could not load {what}
        {message ? `: ${message}` : '.'}{' '}
        {onRetry && (
          <Button size="1" variant="soft" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Callout.Text>
    </Callout.Root>
  )
}

/** A total on a card: a grey label, the figure in bold and an optional grey hint under it. */
export function Figure({ label, hint, children, ...props }: ComponentProps<typeof Card> & { label: string; hint?: string | null }) {
  return (
    <Card {...props}>
      <Text as="p" size="1" color="gray">
        {label}
      </Text>
      <Text as="p" size="5" weight="bold">
        {children}
      </Text>
      {hint && (
        <Text as="p" size="1" color="gray">
          {hint}
        </Text>
      )}
    </Card>
  )
}

/** What one load shows: its failure (with Try again), a skeleton until its data comes, then the data. */
export function Loaded<T>({
  load,
  what,
  height,
  children,
}: {
  load: LoadState<T>
  /** "the channels": the failure reads "Could not load the channels". */
  what: string
  /** The skeleton's height while loading. */
  height: string
  children(data: T): ReactNode
}) {
  return (
    <>
      {load.status === 'error' && <LoadFailure what={what} message={load.error?.message} onRetry={load.reload} />}
      {!load.data && load.status !== 'error' && <Skeleton height={height} />}
      {load.data && children(load.data)}
    </>
  )
}

/** A sales card of a record tab: a named section with its heading above its content. */
export function SalesCard({ title, label = title, children }: { title: string; label?: string; children: ReactNode }) {
  return (
    <Card asChild>
      <section aria-label={label}>
        <Flex direction="column" gap="2">
          <Heading as="h2" size="3">
            {title}
          </Heading>
          {children}
        </Flex>
      </section>
    </Card>
  )
}

/** A release with its artwork, linked to the release tab's section. */
export function ReleaseCell({
  release,
  section = 'sales',
}: {
  release: { id: number; title: string; artist: string; artwork: string | null }
  section?: string
}) {
  return (
    <Flex gap="2" align="center" style={{ minWidth: 0 }}>
      <Avatar size="2" radius="small" src={release.artwork ?? undefined} alt="" fallback={initials(release.title) || '?'} />
      <Flex direction="column" style={{ minWidth: 0 }}>
        <Text size="2" weight="medium" truncate>
          <RecordLink to={`/releases/single/${release.id}?section=${section}`}>{release.title}</RecordLink>
        </Text>
        {release.artist && (
          <Text size="1" color="gray" truncate>
            {release.artist}
          </Text>
        )}
      </Flex>
    </Flex>
  )
}
