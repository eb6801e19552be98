import type { ScreenProps } from '@client/routing/types'
import { ReviewListScreen } from './review'
import { PITCH_SCREENS } from './pitch'

/** /playlisting/manage/{page} (Pitch Portal): artists' pitches of releases not yet live; approve / reject / withdraw. */
export default function PitchListScreen({ params }: ScreenProps) {
  return <ReviewListScreen kind={PITCH_SCREENS} page={Number(params.page) || 1} />
}
