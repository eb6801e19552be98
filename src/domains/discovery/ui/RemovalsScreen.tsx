import type { ScreenProps } from '@client/routing/types'
import { DiscoveryList } from './discovery-list'

/** /spotify-discovery-removal/{page}: removal requests, newest first, approved or refused in bulk (docs/discovery.md). */
export default function RemovalsScreen({ params }: ScreenProps) {
  return <DiscoveryList mode="removals" page={Number(params.page) || 1} />
}
