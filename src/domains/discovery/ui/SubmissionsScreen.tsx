import type { ScreenProps } from '@client/routing/types'
import { DiscoveryList } from './discovery-list'

/** /spotify-discovery/{page}: Discovery Mode submissions, last updated first, with bulk review (docs/discovery.md). */
export default function SubmissionsScreen({ params }: ScreenProps) {
  return <DiscoveryList mode="submissions" page={Number(params.page) || 1} />
}
