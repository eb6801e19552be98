import type { ScreenProps } from '@client/routing/types'
import { ReviewListScreen } from './review'
import { GREENLIST_SCREENS } from './greenlist'

/** /greenlisting/{page}: greenlist requests of the workspace (docs/feature-controls.md). */
export default function GreenlistListScreen({ params }: ScreenProps) {
  return <ReviewListScreen kind={GREENLIST_SCREENS} page={Number(params.page) || 1} />
}
