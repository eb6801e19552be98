import { NamedTable } from '@client/ui/NamedTable'
import { fitColumns } from '@client/ui/fit-columns'
import { Suspense, lazy, type ReactNode } from 'react'
import { Badge, Callout, Card, DataList, Flex, Grid, Heading, Skeleton, Table, Text } from '@radix-ui/themes'
import { ExclamationTriangleIcon } from '@radix-ui/react-icons'
import { formatCount, formatMoney } from '@core/format'
import { api } from '@client/api'
import { useSite } from '@client/state/site'
import { useLoad } from '@client/state/useLoad'
import { loadFailureText } from './site-ui'

// ECharts is large: its chunk loads only with this screen.
const WalletChart = lazy(() => import('./WalletChart'))

const fetchWallet = (_key: string, signal: AbortSignal) => api.call('site.wallet', undefined, { signal })
const money = (value: string | null) => (value === null ? 'By agreement' : formatMoney(value))
// Billing runs on UTC calendar days: shown as such, whatever the browser's time zone.
const day = (value: string) => new Date(value).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card size="2">
      <Flex direction="column" gap="1">
        <Text size="2" color="gray">
          {label}
        </Text>
        <Text size="6" weight="bold">
          {value}
        </Text>
        {note && (
          <Text size="1" color="gray">
            {note}
          </Text>
        )}
      </Flex>
    </Card>
  )
}

/** The operator's account with the platform, as the server computes it from the agreement's terms. */
export default function WalletScreen() {
  const wallet = useLoad(fetchWallet, 'wallet')
  const site = useSite()
  const data = wallet.data

  return (
    <Flex direction="column" gap="4" style={{ maxWidth: 1000 }}>
      <Heading as="h1" size="6">
        Wallet
      </Heading>
      {wallet.status === 'error' && (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{loadFailureText(wallet.error)}</Callout.Text>
        </Callout.Root>
      )}
      {!data ? (
        wallet.status !== 'error' && <Skeleton height="320px" />
      ) : (
        <>
          <Grid columns={fitColumns(240)} gap="3">
            <Figure
              label="Plan"
              value={data.terms.label}
              note={data.planStartedAt ? `Since ${day(data.planStartedAt)}` : 'Starts when the agreement is signed'}
            />
            <Figure label="Tier" value={data.tier.name} note={`${formatCount(data.recordings)} live recordings (${data.tier.range})`} />
            <Figure label="Monthly fee" value={money(data.monthlyFee)} />
            <Figure label="Distribution fee" value={`${data.distributionFeePercent}%`} note="Of each month’s distribution revenue" />
            <Figure label="Setup fee" value={money(data.setupFee)} note="Once, equal to the monthly fee" />
            <Figure
              label="First month, prorated"
              value={money(data.firstMonth.amount)}
              note={`${data.firstMonth.days} of ${data.firstMonth.daysInMonth} days from ${day(data.firstMonth.start)}`}
            />
          </Grid>
          <Grid columns={fitColumns(340)} gap="3">
            <Card size="3">
              <Flex direction="column" gap="3">
                <Flex justify="between" align="center">
                  <Heading as="h2" size="4">
                    Next invoice
                  </Heading>
                  <Badge>{day(data.nextInvoice.date)}</Badge>
                </Flex>
                <NamedTable size="1" label="Next invoice">
                  <Table.Body>
                    {data.nextInvoice.lines.map((line) => (
                      <Table.Row key={line.label}>
                        <Table.RowHeaderCell>
                          {line.label}
                          {line.note && (
                            <Text as="div" size="1" color="gray">
                              {line.note}
                            </Text>
                          )}
                        </Table.RowHeaderCell>
                        <Table.Cell justify="end">{line.amount === null ? '—' : formatMoney(line.amount)}</Table.Cell>
                      </Table.Row>
                    ))}
                    <Table.Row>
                      <Table.RowHeaderCell>
                        <Text weight="bold">Total known now</Text>
                      </Table.RowHeaderCell>
                      <Table.Cell justify="end">
                        <Text weight="bold">{money(data.nextInvoice.total)}</Text>
                      </Table.Cell>
                    </Table.Row>
                  </Table.Body>
                </NamedTable>
              </Flex>
            </Card>
            <Card size="3">
              <Flex direction="column" gap="3">
                <Heading as="h2" size="4">
                  Terms
                </Heading>
                <DataList.Root size="2">
                  <DataList.Item>
                    <DataList.Label>Term</DataList.Label>
                    <DataList.Value>
                      {data.terms.months === 12 ? '12 months' : 'Month to month'}
                      {data.terms.autoRenew ? ', renews automatically' : ''}
                    </DataList.Value>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.Label>Renews on</DataList.Label>
                    <DataList.Value>{day(data.terms.renewsAt)}</DataList.Value>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.Label>Notice</DataList.Label>
                    <DataList.Value>
                      {data.terms.noticeDays} days, by {day(data.terms.noticeBy)}
                    </DataList.Value>
                  </DataList.Item>
                </DataList.Root>
              </Flex>
            </Card>
          </Grid>
          <Card size="3">
            <Flex direction="column" gap="2">
              <Heading as="h2" size="4">
                Monthly fee by tier
              </Heading>
              <Text size="2" color="gray">
                Your tier is highlighted;{' '}
                {data.tiers
                  .filter((tier) => tier.monthlyFee === null)
                  .map((tier) => tier.name)
                  .join(', ')}{' '}
                is priced by agreement.
              </Text>
              <Suspense fallback={<Skeleton height="260px" />}>
                <WalletChart tiers={data.tiers} color={site.colors.primary} />
              </Suspense>
            </Flex>
          </Card>
        </>
      )}
    </Flex>
  )
}
