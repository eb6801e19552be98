import type { ScreenProps } from '@client/routing/types'
import { ReviewSingleScreen } from './review'
import { PITCH_SCREENS } from './pitch'

/** /playlisting/single/{id}: one pitch with its release, track (and audio), links, tour dates, photo and sheet. */
export default function PitchScreen({ params }: ScreenProps) {
  return <ReviewSingleScreen kind={PITCH_SCREENS} id={Number(params.id)} />
}
