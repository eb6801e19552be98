import type { ScreenProps } from '@client/routing/types'
import { ReviewListScreen } from './review'
import { BLOCKLIST_SCREENS } from './blocklist'

/** /blocklisting/{page}: blocklist requests of the workspace (docs/feature-controls.md). */
export default function BlocklistListScreen({ params }: ScreenProps) {
  return <ReviewListScreen kind={BLOCKLIST_SCREENS} page={Number(params.page) || 1} />
}
