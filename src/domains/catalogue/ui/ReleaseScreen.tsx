import { useEffect, useMemo } from 'react'
import { Flex } from '@radix-ui/themes'
import type { ReleaseGeneral } from '@contract/releases'
import type { ReleaseRecordState } from '@commands/releases'
import type { ScreenProps } from '@client/routing/types'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { useTab } from '@client/workspace/tab-context'
import { RecordPending, recordMissing } from '@client/ui/RecordPending'
import { SectionTabs, sectionOf } from '@client/ui/SectionTabs'
import { rememberRecord } from '@client/shell/recents'
import { ReleaseHeader } from './release/ReleaseHeader'
import { ReleaseCompare } from './release/ReleaseCompare'
import { EditRequestCompare } from './release/EditRequestCompare'
import {
  DeliverySection,
  HistorySection,
  NotesSection,
  OverviewSection,
  ReleaseTimeSection,
  TracksSection,
} from './release/ReleaseSections'
import { LinksSection } from './release/LinksSection'
import { failedDeliveries, useReleaseDeliveries } from './release/DeliveryTimeline'
import { AssetsSection } from './release/AssetsSection'
import { ReleaseSplitsSection } from '@domains/splits/ui/ReleaseSplitsSection'
import { ReleaseSalesSection } from '@domains/earnings/ui/ReleaseSalesSection'
import { ReleaseAnalyticsSection } from '@domains/analytics/ui/ReleaseAnalyticsSection'

/** The sections of the release tab, in order; `?section=` keeps the open one in the tab's address. */
const SECTIONS = [
  { id: 'overview', label: 'Overview' },
  { id: 'tracks', label: 'Tracks' },
  { id: 'delivery', label: 'Delivery' },
  { id: 'notes', label: 'Notes' },
  { id: 'history', label: 'History' },
  { id: 'time', label: 'Release time' },
  { id: 'links', label: 'Links' },
  { id: 'assets', label: 'Assets' },
  { id: 'splits', label: 'Splits' },
  { id: 'sales', label: 'Sales' },
  { id: 'analytics', label: 'Analytics' },
] as const

const fetchRelease = (key: string, signal: AbortSignal) =>
  api.call('releases.record', { params: { id: Number(key.split(':')[0]) } }, { signal })

/** What the palette's release actions read to decide which apply. */
export function releaseRecordState(
  release: ReleaseGeneral,
  compareId: number | null,
  failed?: ReleaseRecordState['failedDeliveries'],
): ReleaseRecordState {
  return {
    title: release.title,
    artist: release.artist,
    status: release.status,
    statusLabel: release.statusLabel,
    allowedStatuses: release.allowedStatuses,
    adminReview: release.adminReview,
    priorityReview: release.priorityReview,
    delivery: release.delivery,
    ownerId: release.owner.id,
    ownerName: release.owner.name,
    compareId,
    type: release.type,
    hasCover: Boolean(release.coverUrl || release.artwork.large || release.artwork.medium),
    releaseTime: release.releaseTime,
    notes: release.notes.map(({ id, content }) => ({ id, content })),
    failedDeliveries: failed,
  }
}

const positiveId = (value: string | null) => {
  const id = Number(value)
  return Number.isInteger(id) && id > 0 ? id : null
}

/**
 * /releases/single/{id}: one release, its status and review flags, and its records by section;
 * ?compare=<id> sets another release beside it, ?request=<id> an edit request's proposal.
 */
export default function ReleaseScreen({ params, search }: ScreenProps) {
  const tab = useTab()
  const version = useDataVersion()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const load = useLoad(fetchRelease, `${valid ? id : 0}:${version}`, { cacheKey: `release:${id}` })
  // Keep showing the last answer while a refresh after an action is in flight.
  const release = load.data && load.data.id === id ? load.data : null
  const section = sectionOf(SECTIONS, search)
  const compareId = positiveId(search.get('compare'))
  const comparing = compareId !== null && compareId !== id ? compareId : null
  const requestId = positiveId(search.get('request'))
  // Loaded with the release so its actions know of a failed delivery (Retry) on every section.
  const deliveries = useReleaseDeliveries(valid ? id : 0, version, release?.deliveries ?? null)
  // Kept by value: the polls while a delivery is sent answer new arrays, and the record is republished only when the failures change.
  const failedKey = JSON.stringify(failedDeliveries(deliveries.data) ?? null)
  const failed = useMemo(() => (JSON.parse(failedKey) as ReleaseRecordState['failedDeliveries'] | null) ?? undefined, [failedKey])

  const record = useMemo(
    () =>
      release
        ? {
            kind: 'release' as const,
            id: String(release.id),
            title: release.title,
            state: releaseRecordState(release, comparing, failed),
          }
        : null,
    [release, comparing, failed],
  )
  const { setTitle, publishRecord } = tab
  useEffect(() => {
    if (release) setTitle(comparing ? `${release.title} ⇄ #${comparing}` : release.title)
  }, [release, comparing, setTitle])
  useEffect(() => {
    if (!release) return
    const subtitle = [release.artist, release.upc && `UPC ${release.upc}`].filter(Boolean).join(' · ')
    rememberRecord({ kind: 'release', id: release.id, title: release.title, subtitle, path: `/releases/single/${release.id}` })
  }, [release])
  useEffect(() => {
    publishRecord(record)
    return () => publishRecord(null)
  }, [record, publishRecord])

  if (!release || !record || recordMissing(valid, load))
    return <RecordPending valid={valid} load={load} missing="This release does not exist, or it belongs to another workspace." />

  return (
    <Flex direction="column" gap="4" p="4">
      <ReleaseHeader release={release} record={record} />
      {comparing && (
        <ReleaseCompare
          release={release}
          compareId={comparing}
          version={version}
          onClose={() => tab.setSearch({ compare: null }, { replace: true })}
        />
      )}
      {requestId !== null && (
        <EditRequestCompare
          release={release}
          requestId={requestId}
          version={version}
          onClose={() => tab.setSearch({ request: null }, { replace: true })}
        />
      )}
      <SectionTabs
        sections={SECTIONS}
        value={section}
        count={(id) => (id === 'tracks' ? release.trackCount : id === 'notes' && release.notes.length > 0 ? release.notes.length : null)}
      >
        {section === 'overview' && <OverviewSection release={release} />}
        {section === 'tracks' && <TracksSection releaseId={release.id} version={version} />}
        {section === 'delivery' && <DeliverySection release={release} record={record} deliveries={deliveries} />}
        {section === 'notes' && <NotesSection release={release} record={record} />}
        {section === 'history' && <HistorySection releaseId={release.id} version={version} />}
        {section === 'time' && <ReleaseTimeSection key={`${release.releaseTime}:${release.timeZone}`} release={release} record={record} />}
        {section === 'links' && <LinksSection release={release} record={record} version={version} />}
        {section === 'assets' && <AssetsSection record={record} version={version} />}
        {section === 'splits' && <ReleaseSplitsSection releaseId={release.id} version={version} />}
        {section === 'sales' && <ReleaseSalesSection releaseId={release.id} ownerId={release.owner.id} version={version} />}
        {section === 'analytics' && <ReleaseAnalyticsSection releaseId={release.id} version={version} />}
      </SectionTabs>
    </Flex>
  )
}
