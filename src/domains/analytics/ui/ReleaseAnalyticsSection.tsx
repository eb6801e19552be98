import { Suspense, lazy, useState } from 'react'
import { Callout, Card, Flex, Grid, Heading, Select, Skeleton, Table, Text } from '@radix-ui/themes'
import { ANALYTICS_PRESETS, PRESET_LABELS, type AnalyticsPreset } from '@core/analytics-range'
import { formatCount } from '@core/format'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { NamedTable } from '@client/ui/NamedTable'

const TrendChart = lazy(() => import('./TrendChart'))

const PRESETS = ANALYTICS_PRESETS.filter((preset) => preset !== 'custom')

const fetchRelease = (input: string, signal: AbortSignal) => {
  const [id, date] = input.split(':')
  return api.call('analytics.release', { params: { id: Number(id) }, query: { date: date as AnalyticsPreset } }, { signal })
}

/** The release tab's analytics: its streams per platform and country, and per day, from the trend rollups. */
export function ReleaseAnalyticsSection({ releaseId, version }: { releaseId: number; version: number }) {
  const [date, setDate] = useState<AnalyticsPreset>('lastThirtyDays')
  const load = useLoad(fetchRelease, `${releaseId}:${date}:${version}`, { cacheKey: `analytics:release:${releaseId}:${date}:${version}` })
  const data = load.data && load.data.releaseId === releaseId ? load.data : null
  return (
    <Flex direction="column" gap="3">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Text size="2" color="gray">
          Streams of this release&apos;s tracks reported by the stores (committed trend imports).
        </Text>
        <Select.Root value={date} onValueChange={(value) => setDate(value as AnalyticsPreset)}>
          <Select.Trigger aria-label="Period" />
          <Select.Content>
            {PRESETS.map((preset) => (
              <Select.Item key={preset} value={preset}>
                {PRESET_LABELS[preset]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </Flex>
      {load.error && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{load.error.message}</Callout.Text>
        </Callout.Root>
      )}
      {!data && !load.error && <Skeleton height="240px" />}
      {data && (
        <>
          <Text size="5" weight="bold" aria-label="Release streams">
            {formatCount(data.total)} streams
          </Text>
          <Card>
            <Suspense fallback={<Skeleton height="200px" />}>
              <TrendChart
                kind="line"
                height={200}
                label={`Daily streams of this release from ${data.range.from} to ${data.range.to}`}
                labels={data.series.map((point) => point.day)}
                values={data.series.map((point) => point.streams)}
              />
            </Suspense>
          </Card>
          <Grid columns={{ initial: '1', md: '2' }} gap="3">
            <Card>
              <Heading as="h3" size="3" mb="2">
                By platform
              </Heading>
              {data.platforms.length === 0 ? (
                <Text size="2" color="gray">
                  No streams reported for this period.
                </Text>
              ) : (
                <NamedTable label="Release streams by platform" size="1">
                  <Table.Body>
                    {data.platforms.map((row) => (
                      <Table.Row key={row.platform}>
                        <Table.Cell>{row.label}</Table.Cell>
                        <Table.Cell justify="end">{formatCount(row.streams)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </NamedTable>
              )}
            </Card>
            <Card>
              <Heading as="h3" size="3" mb="2">
                By country
              </Heading>
              {data.countries.length === 0 ? (
                <Text size="2" color="gray">
                  No countries reported for this period.
                </Text>
              ) : (
                <NamedTable label="Release streams by country" size="1">
                  <Table.Body>
                    {data.countries.slice(0, 20).map((row) => (
                      <Table.Row key={row.label}>
                        <Table.Cell>{row.label}</Table.Cell>
                        <Table.Cell justify="end">{formatCount(row.streams)}</Table.Cell>
                        <Table.Cell justify="end">{row.share.toFixed(2)}%</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </NamedTable>
              )}
            </Card>
          </Grid>
        </>
      )}
    </Flex>
  )
}
