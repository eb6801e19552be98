import { Badge, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes'
import { formatCount } from '@core/format'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { RecordLink } from '@client/ui/RecordLink'
import { When } from '@client/ui/When'
import { TICKET_STATUS_MAP } from './status'

const fetchTickets = (_key: string, signal: AbortSignal) => api.call('dashboard.unresolvedTickets', undefined, { signal })
const fetchThreads = (_key: string, signal: AbortSignal) => api.call('dashboard.threads', undefined, { signal })

/** The staff dashboard's support card: unresolved tickets (count and newest) and the latest help-center threads. */
export function SupportDashboardCard() {
  const version = useDataVersion()
  const tickets = useLoad(fetchTickets, `tickets:${version}`)
  const threads = useLoad(fetchThreads, `threads:${version}`)
  return (
    <Card asChild>
      <section aria-label="Support">
        <Grid columns={{ initial: '1', md: '2' }} gap="5">
          <Flex direction="column" gap="2">
            <Flex justify="between" align="baseline">
              <Heading as="h2" size="4">
                Unresolved tickets
              </Heading>
              <RecordLink to="/support/manage/1">View all</RecordLink>
            </Flex>
            {tickets.status === 'error' && <Text color="red">{tickets.error?.message}</Text>}
            {tickets.data && (
              <>
                <Text size="6" weight="bold" data-testid="unresolved-tickets">
                  {formatCount(tickets.data.total)}
                </Text>
                {tickets.data.items.length === 0 ? (
                  <Text color="gray" size="2">
                    Nothing waiting.
                  </Text>
                ) : (
                  tickets.data.items.map((ticket) => (
                    <Flex key={ticket.id} gap="2" align="center">
                      <Badge color={TICKET_STATUS_MAP[ticket.status].color}>{TICKET_STATUS_MAP[ticket.status].label}</Badge>
                      <Text size="2" truncate>
                        <RecordLink to={`/support/single/${ticket.id}`}>
                          #{ticket.id} {ticket.subject}
                        </RecordLink>
                      </Text>
                    </Flex>
                  ))
                )}
              </>
            )}
          </Flex>
          <Flex direction="column" gap="2">
            <Flex justify="between" align="baseline">
              <Heading as="h2" size="4">
                Latest help-center threads
              </Heading>
              <RecordLink to="/helpCenter/threads">Help center</RecordLink>
            </Flex>
            {threads.status === 'error' && <Text color="red">{threads.error?.message}</Text>}
            {threads.data && (
              <>
                <Text size="2" color="gray" data-testid="threads-waiting">
                  {formatCount(threads.data.open)} waiting for an answer
                </Text>
                {threads.data.items.length === 0 ? (
                  <Text color="gray" size="2">
                    No threads yet.
                  </Text>
                ) : (
                  threads.data.items.map((thread) => (
                    <Flex key={thread.id} direction="column">
                      <Text size="2" truncate>
                        <RecordLink to={`/helpCenter/thread/${thread.id}`}>{thread.subject}</RecordLink>
                      </Text>
                      <Text size="1" color="gray" truncate>
                        {thread.account.name} · <When value={thread.lastMessageAt} />
                      </Text>
                    </Flex>
                  ))
                )}
              </>
            )}
          </Flex>
        </Grid>
      </section>
    </Card>
  )
}
