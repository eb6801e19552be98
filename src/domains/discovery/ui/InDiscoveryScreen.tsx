import type { ScreenProps } from '@client/routing/types'
import { AssetList } from './usage-lists'

/** /usage-discovery/uploaded/{page}: tracks in discovery (cancelled overrides every status), removed in bulk. */
export default function InDiscoveryScreen({ params }: ScreenProps) {
  return <AssetList page={Number(params.page) || 1} />
}
