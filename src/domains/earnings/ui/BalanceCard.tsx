import { Card, Flex, Grid, Heading, Skeleton, Text } from '@radix-ui/themes'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { fitColumns } from '@client/ui/fit-columns'
import { RecordLink } from '@client/ui/RecordLink'
import { LoadFailure, Money } from './parts'

const fetchBalance = (_key: string, signal: AbortSignal) => api.call('dashboard.balance', undefined, { signal })

/** The dashboard's balances: what accounts can withdraw (banned accounts apart) and the payout fees collected. */
export function BalanceCard({ version = 0 }: { version?: number }) {
  const balance = useLoad(fetchBalance, `balance:${version}`)
  const data = balance.data
  const figures = data
    ? [
        { label: 'Available to accounts', value: data.available_account, hint: 'Balances of accounts in good standing' },
        { label: 'Held by banned accounts', value: data.banned_account, hint: 'Not paid out while banned' },
        { label: 'Payout fees', value: data.payout_fee, hint: 'Collected on payouts' },
      ]
    : []
  return (
    <Card asChild>
      <section aria-label="Balances">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="baseline" gap="2">
            <Heading as="h2" size="4">
              Balances
            </Heading>
            <Text size="2">
              <RecordLink to="/earnings/overview/1">Earnings overview</RecordLink>
            </Text>
          </Flex>
          {balance.status === 'error' && <LoadFailure what="the balances" message={balance.error?.message} onRetry={balance.reload} />}
          {!data && balance.status !== 'error' && <Skeleton height="72px" />}
          {data && (
            <Grid columns={fitColumns(220)} gap="3">
              {figures.map((figure) => (
                <Flex key={figure.label} direction="column" data-testid={`balance-${figure.label}`}>
                  <Text size="1" color="gray">
                    {figure.label}
                  </Text>
                  <Text size="5" weight="bold">
                    <Money value={figure.value} />
                  </Text>
                  <Text size="1" color="gray">
                    {figure.hint}
                  </Text>
                </Flex>
              ))}
            </Grid>
          )}
        </Flex>
      </section>
    </Card>
  )
}
