import { useEffect } from 'react'
import { Badge, Button, Card, DataList, Flex, Grid, Heading, Link, Text } from '@radix-ui/themes'
import { ExternalLinkIcon } from '@radix-ui/react-icons'
import { formatCount, formatMoney } from '@core/format'
import { api } from '@client/api'
import { useDataVersion } from '@client/state/useDataVersion'
import { useLoad } from '@client/state/useLoad'
import { RecordLink } from '@client/ui/RecordLink'
import { When } from '@client/ui/When'
import { useTab } from '@client/workspace/tab-context'

const fetchConnections = (_key: string, signal: AbortSignal) => api.call('payouts.connections', undefined, { signal })

/**
 * /payout-connections: each payout provider's state (connected through its API, or paid by
 * uploading the batch file), its account-activity page, last batch, payable accounts and what waits.
 */
export default function PayoutConnectionsScreen() {
  const { setTitle } = useTab()
  useEffect(() => setTitle('Payout connections'), [setTitle])
  const load = useLoad(fetchConnections, String(useDataVersion()))

  return (
    <Flex direction="column" gap="4" p="4">
      <Flex justify="between" align="center" wrap="wrap" gap="2">
        <Heading size="5">Payout connections</Heading>
        <RecordLink to="/payouts/export/1">Payout exports</RecordLink>
      </Flex>
      <Text size="2" color="gray">
        API credentials are set by the installation (PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, TIPALTI_CLIENT_ID and
        TIPALTI_CLIENT_SECRET). Without them a provider is paid by uploading the exported batch file in its own site.
      </Text>
      {load.status === 'error' && (
        <Flex gap="2" align="center" role="alert">
          <Text color="red">{load.error?.message}</Text>
          <Button variant="soft" size="1" onClick={load.reload}>
            Try again
          </Button>
        </Flex>
      )}
      <Grid columns={{ initial: '1', md: '2' }} gap="3">
        {(load.data?.data ?? []).map((provider) => (
          <Card key={provider.provider} size="3" aria-label={provider.label}>
            <Flex direction="column" gap="3">
              <Flex justify="between" align="center">
                <Heading as="h2" size="4">
                  {provider.label}
                </Heading>
                {provider.configured ? <Badge color="green">Connected</Badge> : <Badge color="gray">Not configured</Badge>}
              </Flex>
              <Text size="2" weight="medium">
                {provider.message}
              </Text>
              <DataList.Root size="2">
                <DataList.Item>
                  <DataList.Label>API</DataList.Label>
                  <DataList.Value>{provider.apiBase}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>Batches are paid</DataList.Label>
                  <DataList.Value>{provider.delivery === 'api' ? 'through the API' : 'by uploading the file'}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>Last batch</DataList.Label>
                  <DataList.Value>
                    {provider.lastBatch ? (
                      <Flex gap="1" wrap="wrap">
                        <RecordLink to={`/payouts/export/1?batch=${provider.lastBatch.id}`}>#{provider.lastBatch.id}</RecordLink>
                        <Text>
                          · {formatCount(provider.lastBatch.count)} payouts · {formatMoney(provider.lastBatch.amount)} ·
                        </Text>
                        <When value={provider.lastBatch.date} />
                      </Flex>
                    ) : (
                      <Text color="gray">None yet</Text>
                    )}
                  </DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>
                    {provider.provider === 'paypal' ? 'Accounts with a confirmed PayPal email' : 'Accounts with a Tipalti payee id'}
                  </DataList.Label>
                  <DataList.Value>{formatCount(provider.payableAccounts)}</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>Approved, waiting</DataList.Label>
                  <DataList.Value>
                    {formatCount(provider.approved.count)} · {formatMoney(provider.approved.amount)}
                  </DataList.Value>
                </DataList.Item>
              </DataList.Root>
              <Link href={provider.activityUrl} target="_blank" rel="noopener noreferrer">
                Open {provider.label} account activity <ExternalLinkIcon style={{ verticalAlign: 'middle' }} />
              </Link>
            </Flex>
          </Card>
        ))}
      </Grid>
    </Flex>
  )
}
