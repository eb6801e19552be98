import { useEffect, useState } from 'react'
import { Badge, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes'
import { CheckCircledIcon } from '@radix-ui/react-icons'
import { formatCount } from '@core/format'
import type { HealthItem } from '@contract/release-ops'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { RecordLink } from '@client/ui/RecordLink'
import { When } from '@client/ui/When'

const fetchHealth = (_key: string, signal: AbortSignal) => api.call('releases.health', undefined, { signal })

const countText = (item: HealthItem) => (item.count === null ? 'Counting…' : `${formatCount(item.count)}${item.capped ? '+' : ''}`)
/** While a first count is on its way, the card asks again this often, this many times. */
const POLL_MS = 3000
const POLLS = 20

/**
 * The dashboard's catalogue health: what needs attention in the workspace, each count with a few
 * of the records (links, so Tab reaches every one) and the filtered release list where it exists.
 */
export function HealthCard() {
  const version = useDataVersion()
  const [poll, setPoll] = useState(0)
  const health = useLoad(fetchHealth, `health:${version}:${poll}`)
  const items = health.data?.items ?? []
  const problems = items.filter((item) => item.count !== null && item.count > 0)
  const waiting = Boolean(health.data?.counting && items.some((item) => item.count === null))
  useEffect(() => {
    if (!waiting || poll >= POLLS) return
    const timer = setTimeout(() => setPoll((value) => value + 1), POLL_MS)
    return () => clearTimeout(timer)
  }, [waiting, poll])
  return (
    <Card asChild>
      <section aria-label="Catalogue health">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="baseline" gap="2">
            <Heading as="h2" size="4">
              Catalogue health
            </Heading>
            {health.data && (
              <Text size="1" color="gray">
                {problems.length === 0 ? 'Nothing needs attention' : `${problems.length} of ${items.length} checks need attention`}
              </Text>
            )}
          </Flex>
          {health.status === 'error' && (
            <Text size="2" color="red">
              Could not load the catalogue health: {health.error?.message}
            </Text>
          )}
          {!health.data && health.status !== 'error' && <Skeleton height="120px" />}
          {health.data && (
            <Flex direction="column" gap="2" asChild>
              <ul aria-label="Health checks" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {items.map((item) => (
                  <li key={item.key} data-testid={`health-${item.key}`}>
                    <Flex gap="2" align="center" wrap="wrap">
                      {item.count === 0 ? (
                        <CheckCircledIcon color="var(--green-9)" aria-hidden />
                      ) : (
                        <Badge
                          color={
                            item.count === null ? 'gray' : item.key === 'failedScans' || item.key.startsWith('duplicate') ? 'red' : 'amber'
                          }
                        >
                          {countText(item)}
                        </Badge>
                      )}
                      <Text size="2" weight={item.count ? 'medium' : 'regular'} color={item.count ? undefined : 'gray'}>
                        {item.label}
                        {item.count === 0 && ': none'}
                      </Text>
                      {item.asOf && (
                        <Text size="1" color="gray">
                          (counted <When value={item.asOf} />)
                        </Text>
                      )}
                      {item.count !== null && item.count > 0 && item.link && (
                        <Text size="2">
                          <RecordLink to={item.link}>View in the release list</RecordLink>
                        </Text>
                      )}
                    </Flex>
                    {item.samples.length > 0 && (
                      <Text as="p" size="1" color="gray" ml="5">
                        {item.samples.map((sample, index) => (
                          <span key={sample.path}>
                            {index > 0 && ' · '}
                            <RecordLink to={sample.path}>{sample.label}</RecordLink>
                          </span>
                        ))}
                        {(item.count ?? 0) > item.samples.length && ' …'}
                      </Text>
                    )}
                  </li>
                ))}
              </ul>
            </Flex>
          )}
        </Flex>
      </section>
    </Card>
  )
}
