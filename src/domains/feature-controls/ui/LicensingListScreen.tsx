import type { ScreenProps } from '@client/routing/types'
import { ReviewListScreen } from './review'
import { LICENSING_SCREENS } from './licensing'

/** /cover-song-licensing/{page}: cover licence requests with the royalty owed; the rate table; the search of songs already licensed. */
export default function LicensingListScreen({ params }: ScreenProps) {
  return <ReviewListScreen kind={LICENSING_SCREENS} page={Number(params.page) || 1} />
}
