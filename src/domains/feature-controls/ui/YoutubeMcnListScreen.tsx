import type { ScreenProps } from '@client/routing/types'
import { ReviewListScreen } from './review'
import { YOUTUBE_MCN_SCREENS } from './youtube-mcn'

/** /youtube-mcn/manage/{page}: channels asking to join the network; approve, reject or remove from the selection. */
export default function YoutubeMcnListScreen({ params }: ScreenProps) {
  return <ReviewListScreen kind={YOUTUBE_MCN_SCREENS} page={Number(params.page) || 1} />
}
