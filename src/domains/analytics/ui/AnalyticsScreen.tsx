import { useState, type FormEvent } from 'react'
import { Box, Button, Flex, Heading, Select, Text, TextField } from '@radix-ui/themes'
import { ANALYTICS_PLATFORMS, platformLabel } from '@core/analytics-platforms'
import { ANALYTICS_PRESETS, PRESET_LABELS, addDays, dayString, type AnalyticsPreset } from '@core/analytics-range'
import type { ScreenProps } from '@client/routing/types'
import { useDataVersion } from '@client/state/useDataVersion'
import { SectionTabs } from '@client/ui/SectionTabs'
import { useTab } from '@client/workspace/tab-context'
import { OverviewSection } from './OverviewSection'
import { TrendImportsSection } from './TrendImportsSection'
import { JobsSection } from './JobsSection'
import { SourcesSection } from './SourcesSection'
import { ReviewsSection } from './ReviewsSection'
import { viewOf } from './view'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { RecordLink } from '@client/ui/RecordLink'

const fetchAccountName = (key: string, signal: AbortSignal) =>
  api.call('users.single', { params: { id: Number(key) } }, { signal }).then((account) => account.displayName)

/** The account the view is filtered to, named, with the way back to every account. */
function AccountFilter({ id, onClear }: { id: number; onClear(): void }) {
  const name = useLoad(fetchAccountName, String(id)).data
  return (
    <Flex gap="2" align="center" role="status" aria-label="Account filter">
      <Text size="2">
        Only the releases of <RecordLink to={`/users/${id}`}>{name ?? `account #${id}`}</RecordLink>
      </Text>
      <Button size="1" variant="soft" color="gray" onClick={onClear}>
        All accounts
      </Button>
    </Flex>
  )
}

const SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'imports', label: 'Imports' },
  { id: 'jobs', label: 'Jobs' },
  { id: 'sources', label: 'Scheduled' },
  { id: 'reviews', label: 'Reviews' },
] as const

/** The toolbar's custom range: two days, applied together. */
function CustomRange({ from, to, onApply }: { from?: string; to?: string; onApply(from: string, to: string): void }) {
  const today = dayString(new Date())
  const [first, setFirst] = useState(from ?? addDays(today, -89))
  const [last, setLast] = useState(to ?? today)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (first && last && first <= last) onApply(first, last)
  }
  return (
    <form onSubmit={submit}>
      <Flex gap="2" align="center">
        <TextField.Root type="date" size="2" value={first} onChange={(event) => setFirst(event.target.value)} aria-label="From" />
        <Text size="2">to</Text>
        <TextField.Root type="date" size="2" value={last} onChange={(event) => setLast(event.target.value)} aria-label="To" />
        <Button type="submit" size="2" variant="soft" disabled={!first || !last || first > last}>
          Apply
        </Button>
      </Flex>
    </form>
  )
}

/** /analytics/overview: every platform's streams, or one platform's view with `?platform=`. */
export default function AnalyticsScreen({ search }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const view = viewOf(search)
  const title = view.platform === 'all' ? 'Analytics' : `${platformLabel(view.platform)} analytics`
  const custom = search.get('date') === 'custom'
  return (
    <Flex direction="column" gap="4" p="4">
      <div>
        <Heading as="h1" size="7">
          {title}
        </Heading>
        <Text color="gray" size="2">
          Streams reported by the stores in their daily trend reports, from the committed imports.
        </Text>
      </div>
      <Flex gap="3" align="center" wrap="wrap" role="toolbar" aria-label="Analytics view">
        <Select.Root value={view.platform} onValueChange={(platform) => tab.setSearch({ platform: platform === 'all' ? null : platform })}>
          <Select.Trigger aria-label="Platform" />
          <Select.Content>
            <Select.Item value="all">All platforms</Select.Item>
            {ANALYTICS_PLATFORMS.map((platform) => (
              <Select.Item key={platform.slug} value={platform.slug}>
                {platform.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        <Select.Root
          value={custom ? 'custom' : view.query.date}
          onValueChange={(date) =>
            tab.setSearch(
              date === 'custom'
                ? { date: 'custom' }
                : { date: date === 'lastThirtyDays' ? null : (date as AnalyticsPreset), from: null, to: null },
            )
          }
        >
          <Select.Trigger aria-label="Period" />
          <Select.Content>
            {ANALYTICS_PRESETS.map((preset) => (
              <Select.Item key={preset} value={preset}>
                {PRESET_LABELS[preset]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        {view.query.account !== undefined && <AccountFilter id={view.query.account} onClear={() => tab.setSearch({ account: null })} />}
        {custom && (
          <CustomRange
            key={`${view.query.from ?? ''}:${view.query.to ?? ''}`}
            from={view.query.from}
            to={view.query.to}
            onApply={(from, to) => tab.setSearch({ date: 'custom', from, to })}
          />
        )}
      </Flex>
      <SectionTabs sections={SECTIONS} value={view.section}>
        <Box>
          {view.section === 'overview' && <OverviewSection view={view} version={version} />}
          {view.section === 'imports' && <TrendImportsSection platform={view.platform} version={version} />}
          {view.section === 'jobs' && <JobsSection version={version} />}
          {view.section === 'sources' && <SourcesSection version={version} />}
          {view.section === 'reviews' && <ReviewsSection version={version} />}
        </Box>
      </SectionTabs>
    </Flex>
  )
}
